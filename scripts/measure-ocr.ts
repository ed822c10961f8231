/**
 * Issue 43's scan and photo measurement (§5), for page 2 of each printed lecture of the fixture
 * (scripts/build-lecture-pdfs.ts, scripts/build-ocr-fixtures.ts):
 *
 * - scan: the lecture PDF imported and saved, then the scan of its page 2 (turned 1.5°, noise, an
 *   image-only PDF) proposed in the same notebook — how many new notes it would add (at most one);
 * - photo: the photo of page 2 (perspective, uneven light) imported alone into a fresh notebook and
 *   saved: 4-gram precision (≥ 0.95) and recall (≥ 0.8) of the saved notes against the page's own
 *   text (test/support/four-grams.ts), the lines listed as unread, and the time from bytes to proposal
 *   with the OCR child already started (its start, with Tesseract's model and OpenCV, is printed apart),
 *   the CPU time the OCR child spent on it, and the machine's load average (the machine may be shared);
 * - the OCR child's peak resident memory (VmHWM, read from /proc before it is closed).
 *
 * Usage: `tsx scripts/measure-ocr.ts [--debug] [lecture name prefix…]` (all three lectures when none
 * given); `--debug` prints, for each photo, its saved text and the saved 4-grams the lecture does not have.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openNotebook } from '../src/store/index.js';
import { createImports } from '../src/domain/material/imports.js';
import { createTesseractOcr } from '../src/domain/material/ocr.js';
import { closeReader } from '../src/domain/material/pdf.js';
import { proposalText } from '../src/domain/material/proposal.js';
import { buildLecturePdfs, LECTURES_DIR, markdownText } from './build-lecture-pdfs.js';
import { buildOcrFixtures } from './build-ocr-fixtures.js';
import { notesText } from './measure-lectures.js';
import { fourGrams, gramScore } from '../test/support/four-grams.js';
import { lectureCourse } from '../test/support/lecture-courses.js';

/** The page of each lecture that is scanned and photographed. */
export const OCR_PAGE = 2;

/** The /proc folder of this process's OCR child, if one is running. */
function ocrChildProc(): string | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('ocr-child')) return `/proc/${name}`;
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/** Peak resident memory (VmHWM, MB) of this process's OCR child, if one is running. */
export function ocrChildPeakMb(): number | undefined {
  const dir = ocrChildProc();
  if (!dir) return undefined;
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`${dir}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/**
 * CPU seconds (user + system) the OCR child has used so far: on a shared machine the time from bytes
 * to proposal says as much about the other processes as about this one; the child's CPU time does not.
 */
export function ocrChildCpuSeconds(): number {
  const dir = ocrChildProc();
  if (!dir) return 0;
  const stat = readFileSync(`${dir}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** The machine's load average over the last minute. */
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

async function main(): Promise<void> {
  const debug = process.argv.includes('--debug');
  const only = process.argv.slice(2).filter((a) => a !== '--debug');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ocr-fixtures-'));
  // A generous budget: on a shared, loaded machine one photo can take minutes (the product's is OCR_BUDGET_MS).
  const ocr = createTesseractOcr({ budgetMs: 600_000 });
  try {
    const pdfs = (await buildLecturePdfs(path.join(dir, 'pdfs'))).filter((p) => p.kind === 'printed' && (only.length === 0 || only.some((o) => p.name.startsWith(o))));
    // The child started (Tesseract's model, OpenCV) on a blank page, so the photo's time is its own.
    const { createCanvas } = await import('@napi-rs/canvas');
    const blank = createCanvas(200, 100);
    blank.getContext('2d').fillRect(0, 0, 10, 10);
    let started = performance.now();
    await ocr.recognize(blank.encodeSync('png'));
    process.stdout.write(`OCR child start (Tesseract's Spanish model + OpenCV.js): ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
    for (const pdf of pdfs) {
      const fx = await buildOcrFixtures(pdf.file, OCR_PAGE, dir);
      const source = markdownText(await readFile(path.join(LECTURES_DIR, pdf.source), 'utf8'));
      const course = lectureCourse(pdf.source);
      // Scan of a page already imported.
      const data = await mkdtemp(path.join(os.tmpdir(), 'ocr-nb-'));
      try {
        const notebook = await openNotebook(data);
        const imports = createImports({ dataDir: data, notes: notebook.notes, ocr, course: async () => course, audit: notebook.audit });
        const first = await imports.propose(pdf.name, new Uint8Array(await readFile(pdf.file)));
        await imports.save(first.record.clave);
        started = performance.now();
        const scan = await imports.propose(path.basename(fx.scanPdf), new Uint8Array(await readFile(fx.scanPdf)));
        const ms = performance.now() - started;
        process.stdout.write(`scan\t${pdf.name} p${OCR_PAGE}\tnew notes ${scan.record.propuesta.length}\talready had ${scan.record.yaTenias ?? 0}\tunread lines ${scan.record.ilegibles?.length ?? 0}\t${(ms / 1000).toFixed(2)} s\n`);
      } finally {
        await rm(data, { recursive: true, force: true });
      }
      // Photo, alone.
      const data2 = await mkdtemp(path.join(os.tmpdir(), 'ocr-nb-'));
      try {
        const notebook = await openNotebook(data2);
        const seed = new Set((await notebook.notes.list()).map((n) => n.id));
        const imports = createImports({ dataDir: data2, notes: notebook.notes, ocr, course: async () => course, audit: notebook.audit });
        const cpu = ocrChildCpuSeconds();
        started = performance.now();
        const photo = await imports.propose(path.basename(fx.photo), new Uint8Array(await readFile(fx.photo)));
        const ms = performance.now() - started;
        await imports.save(photo.record.clave);
        const notes = (await notebook.notes.list()).filter((n) => !seed.has(n.id));
        const g = gramScore(notesText(notes), fx.pageText, source);
        if (debug) {
          const lecture = fourGrams(source);
          process.stdout.write(`--- saved text of ${pdf.name}'s photo:\n${notesText(notes)}\n--- its 4-grams the lecture does not have:\n`);
          for (const gram of fourGrams(notesText(notes))) if (!lecture.has(gram)) process.stdout.write(`  ${gram}\n`);
        }
        const listed = /No he podido leer bien[^\n]*/.exec(proposalText(photo.record, () => undefined))?.[0] ?? '(nada listado)';
        process.stdout.write(`photo\t${pdf.name} p${OCR_PAGE}\tprecision ${g.precision.toFixed(3)}\trecall ${g.recall.toFixed(3)}\tnotes ${notes.length}\tunread lines ${photo.record.ilegibles?.length ?? 0}\t${(ms / 1000).toFixed(2)} s (OCR child CPU ${(ocrChildCpuSeconds() - cpu).toFixed(2)} s, load ${load()})\t${listed}\n`);
      } finally {
        await rm(data2, { recursive: true, force: true });
      }
    }
    process.stdout.write(`OCR child peak RSS (VmHWM): ${ocrChildPeakMb()?.toFixed(0) ?? '?'} MB\n`);
  } finally {
    await ocr.close();
    await closeReader();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
