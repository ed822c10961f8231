/**
 * Issue 40, hole 10: every path of `cuaderno importar` and `auditoria` ends in one sentence — exit 2
 * for a file that cannot be read, exit 1 for a data folder that cannot be used as it is — never a
 * raw error, a stack, or a silent exit 0. `importar` runs as the user runs it (the compiled CLI, a
 * child process: a silent exit is only seen from outside); the others in this process.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PROBLEMS } from '../../src/strings/console.js';
import { MATERIAL } from '../../src/strings/material.js';
import { MAX_IMAGE_PIXELS } from '../../src/domain/material/limits.js';
import { cli, fresh, NOTAS, removeDirs } from '../cli/importar-support.js';
import { jpegHeader, pngBomb } from '../support/hostile-files.js';
import { scannedPdf } from '../support/material-fixtures.js';
import { cli as cliHere, dataAndKeys } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
let files: string;
beforeAll(async () => {
  files = await fresh();
});
afterAll(async () => {
  await removeDirs();
  for (const c of cleanups) await c();
});

const huge = (megapixels: number) => MATERIAL.problem({ kind: 'imagen_enorme', megapixels, maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000 });
/** One line on stderr, nothing on stdout: the sentence, and no trace of an error's insides. */
function oneSentence(ran: { stdout: string; stderr: string }, sentence: string): void {
  expect(ran.stdout).toBe('');
  expect(ran.stderr).toBe(`${sentence}\n`);
}

describe('cuaderno importar: one sentence on every path', () => {
  it('a blank scanned page, a 30,000² PNG and a 65,000² JPEG header: exit 2 with their sentence', async () => {
    const white = createCanvas(600, 800);
    const ctx = white.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 600, 800);
    const cases: [string, Uint8Array, string][] = [
      ['en blanco.pdf', await scannedPdf(white.encodeSync('png')), MATERIAL.problem({ kind: 'vacio' })],
      ['bomba.png', await pngBomb(30_000), huge(900)],
      ['enorme.jpg', jpegHeader(65_000), huge(4225)],
    ];
    for (const [name, bytes, sentence] of cases) {
      const file = path.join(files, name);
      await writeFile(file, bytes);
      const ran = await cli(await fresh(), [file]);
      expect(ran.code, `${name}: ${ran.stderr}`).toBe(2);
      oneSentence(ran, sentence);
    }
  }, 120_000);

  it('an import record that is empty, cut short or a folder: exit 1 naming it, and it is left as it was', async () => {
    const file = path.join(files, 'apuntes.md');
    const text = NOTAS.map((p) => p.join('\n\n')).join('\n\n');
    await writeFile(file, text);
    const key = createHash('sha256').update(text).digest('hex');
    for (const damage of ['', '{"version":1,"clave":"', 'carpeta']) {
      const dataDir = await fresh();
      const record = path.join(dataDir, 'importaciones', `${key}.json`);
      await mkdir(path.dirname(record), { recursive: true });
      if (damage === 'carpeta') await mkdir(record);
      else await writeFile(record, damage);
      const ran = await cli(dataDir, [file, '--aprobar']);
      expect(ran.code, ran.stderr).toBe(1);
      oneSentence(ran, FILE_PROBLEMS.importRecord(record));
      if (damage !== 'carpeta') expect(await readFile(record, 'utf8')).toBe(damage);
    }
  }, 120_000);

  it('a record an editor saved with a byte-order mark is read as it is', async () => {
    const file = path.join(files, 'con-bom.md');
    const text = `${NOTAS.map((p) => p.join('\n\n')).join('\n\n')}\n\nCon marca.`;
    await writeFile(file, text);
    const dataDir = await fresh();
    const first = await cli(dataDir, [file, '--aprobar', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const record = path.join(dataDir, 'importaciones', `${createHash('sha256').update(text).digest('hex')}.json`);
    await writeFile(record, `\uFEFF${await readFile(record, 'utf8')}`);
    const again = await cli(dataDir, [file, '--aprobar', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ ...JSON.parse(first.stdout), ya_existia: true });
  }, 60_000);
});

describe('a data folder that cannot be used as it is: exit 1, one sentence', () => {
  it('the data folder is a file', async () => {
    const { keys } = await dataAndKeys('cli-ruta', cleanups);
    const notAFolder = path.join(keys, 'no-es-carpeta');
    await writeFile(notAFolder, 'x');
    const ran = await cliHere(['notas'], { CUADERNO_DATA_DIR: notAFolder, CUADERNO_CLAVES_DIR: keys });
    expect(ran.code).toBe(1);
    oneSentence(ran, FILE_PROBLEMS.unusable(notAFolder, 'EEXIST'));
  });

  it('`auditoria --verificar` where the audit log is a folder', async () => {
    const { data, env } = await dataAndKeys('cli-auditoria', cleanups);
    const log = path.join(data, 'auditoria.jsonl');
    await mkdir(log);
    const ran = await cliHere(['auditoria', '--verificar'], env);
    expect(ran.code).toBe(1);
    oneSentence(ran, FILE_PROBLEMS.unusable(log, 'EISDIR'));
  });

  it('a subcommand that lets a system error through (`plan --gantt` under a file) still ends in one line, not a raw error', async () => {
    const { keys, env } = await dataAndKeys('cli-plan', cleanups);
    const aFile = path.join(keys, 'un-archivo');
    await writeFile(aFile, 'x');
    const ran = await cliHere(['plan', '--gantt', path.join(aFile, 'gantt.png')], env);
    expect(ran.code).toBe(1);
    // The sentence names the path it could not write (the file's own, or the temporary one beside it).
    const [before, after] = FILE_PROBLEMS.unusable('\u0000', 'ENOTDIR').split('\u0000') as [string, string];
    expect(ran.stderr.endsWith('\n') && !ran.stderr.slice(0, -1).includes('\n'), ran.stderr).toBe(true);
    expect(ran.stderr.startsWith(`${before}${aFile}/`), ran.stderr).toBe(true);
    expect(ran.stderr.endsWith(`${after}\n`), ran.stderr).toBe(true);
  });
});
