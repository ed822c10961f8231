/**
 * Peak memory and time of each hostile file of issue 40, read the way a student's file is read:
 * material through `cuaderno importar FILE` (the compiled CLI, dist/cli.js: build first), voice memos
 * through a queue worker's decoding (scripts/hostile-voice-child.ts). The files are made here, in a
 * temp folder (test/support/hostile-files.ts); the peak is the process tree's resident memory (the
 * OCR child included), sampled from outside (test/support/peak-rss.ts). «Idle» is the same command
 * on a file refused at once (a one-line text for importar, a non-audio file for the voice child):
 * the process with its code loaded and nothing decoded.
 *
 *   node scripts/build.mjs && npx tsx scripts/hostile-rss.ts [--root OTHER_CHECKOUT] [--timeout 120]
 *
 * `--root` runs another checkout's dist/cli.js and voice child (a «before» figure); the files are the same.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { docxBomb, jpegHeader, nestedXObjectPdf, pdfStreamBomb, pngBomb, silentMemo } from '../test/support/hostile-files.js';
import { peakRss, type Peak } from '../test/support/peak-rss.js';

const { values } = parseArgs({ options: { root: { type: 'string' }, timeout: { type: 'string' } } });
const root = path.resolve(values.root ?? '.');
const timeoutMs = Number(values.timeout ?? 120) * 1000;
const dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-hostil-'));

type Kind = 'voz' | 'material';
const CASES: { label: string; name: string; kind: Kind; make: () => Promise<Uint8Array> | Uint8Array }[] = [
  { label: 'voz 2 h', name: 'dos-horas.ogg', kind: 'voz', make: () => silentMemo(2 * 3600) },
  { label: 'voz 25 min', name: 'veinticinco.ogg', kind: 'voz', make: () => silentMemo(25 * 60) },
  { label: 'voz 25 min, páginas dicen 10 s', name: 'miente.ogg', kind: 'voz', make: () => silentMemo(25 * 60, { headerSeconds: 10 }) },
  { label: '.docx bomba (1,5 GB dentro)', name: 'bomba.docx', kind: 'material', make: () => docxBomb(1536) },
  { label: '.docx bomba que dice 1 KB', name: 'miente.docx', kind: 'material', make: () => docxBomb(1536, { lie: true }) },
  { label: 'PDF flujo → 1 GB', name: 'flujo.pdf', kind: 'material', make: () => pdfStreamBomb(1024) },
  { label: 'PDF formas 9 × 10', name: 'anidado.pdf', kind: 'material', make: () => nestedXObjectPdf() },
  { label: 'PNG 30 000²', name: 'bomba.png', kind: 'material', make: () => pngBomb(30_000) },
  { label: 'JPEG cabecera 65 000²', name: 'enorme.jpg', kind: 'material', make: () => jpegHeader(65_000) },
];

async function run(kind: Kind, file: string): Promise<Peak> {
  const opts = { timeoutMs, env: { CUADERNO_DATA_DIR: await mkdtemp(path.join(dir, 'datos-')), CUADERNO_CLAVES_DIR: await mkdtemp(path.join(dir, 'claves-')) } };
  if (kind === 'voz') return peakRss(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/hostile-voice-child.ts'), file], opts);
  return peakRss(process.execPath, [path.join(root, 'dist/cli.js'), 'importar', file], opts);
}

const firstLine = (p: Peak) => {
  if (p.signal) return `matado a los ${Math.round(timeoutMs / 1000)} s (${p.signal})`;
  const text = (p.stderr.trim() || p.stdout.trim()).split('\n')[0] ?? '';
  return `exit ${p.code}: ${text.length > 70 ? `${text.slice(0, 70)}…` : text || '(nada)'}`;
};

try {
  const idleFiles = { voz: path.join(dir, 'no-es-audio.ogg'), material: path.join(dir, 'corta.txt') };
  await writeFile(idleFiles.voz, 'esto no es audio');
  await writeFile(idleFiles.material, 'x');
  const idle = { voz: (await run('voz', idleFiles.voz)).peakMb, material: (await run('material', idleFiles.material)).peakMb };
  const rows: string[] = [];
  for (const c of CASES) {
    const file = path.join(dir, c.name);
    const bytes = await c.make();
    await writeFile(file, bytes);
    const p = await run(c.kind, file);
    rows.push(`| ${c.label} | ${(bytes.length / 1024).toFixed(0)} KB | ${(p.ms / 1000).toFixed(1)} s | ${p.peakMb} MB | ${p.peakMb - idle[c.kind]} MB | ${firstLine(p).replace(/\|/g, '/')} |`);
    await rm(file, { force: true });
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  process.stdout.write(`Raíz: ${root} · reposo: importar ${idle.material} MB, voz ${idle.voz} MB\n\n`);
  process.stdout.write(`| archivo | tamaño | tiempo | pico | sobre reposo | resultado |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
