/**
 * `cuaderno importar` as a user runs it: real child processes of the CLI with CUADERNO_DATA_DIR in
 * a temp dir (issue 26 §6). The kill matrix is importar-kill.process.test.ts.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_LINES } from '../../src/strings/console.js';
import { MATERIAL } from '../../src/strings/material.js';
import { encryptedPdf, printedPage, textPdf } from '../support/material-fixtures.js';
import { cli, fresh, NOTAS, notesOf, removeDirs } from './importar-support.js';

let files: string;
beforeAll(async () => {
  files = await fresh();
});
afterAll(removeDirs);

describe('cuaderno importar', () => {
  it('without --aprobar prints the proposal and saves nothing; --aprobar --json saves once; again is «ya existía»', async () => {
    const dataDir = await fresh();
    const pdf = path.join(files, 'Tema 4.pdf');
    await writeFile(pdf, await textPdf(NOTAS));
    const dry = await cli(dataDir, [pdf, '--semana', '4']);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^De «Tema 4\.pdf» \(3 páginas\): 3 notas para la semana 4 «Música»\.\n/);
    expect(dry.stdout).toContain(MATERIAL.cliDryRun);
    // Not even the demo notes are seeded by a dry run; whatever is there is the 12 demo notes.
    if ((await readdir(dataDir)).includes('notas.json')) expect(await notesOf(dataDir)).toHaveLength(12);
    expect(await readdir(path.join(dataDir, 'importaciones')).then((n) => n.filter((x) => x.endsWith('.json')))).toEqual([]);

    const saved = await cli(dataDir, [pdf, '--aprobar', '--json']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(saved.stdout)).toEqual({ notas: [13, 14, 15], ya_existia: false, paginas: 3 });
    expect(saved.stdout).toBe('{"notas":[13,14,15],"ya_existia":false,"paginas":3}\n');
    const notes = await notesOf(dataDir);
    expect(notes.map((n) => n.tema).slice(12)).toEqual(['genética', 'genética', 'evolución']);

    const again = await cli(dataDir, [pdf, '--aprobar', '--json']);
    expect(JSON.parse(again.stdout)).toEqual({ notas: [13, 14, 15], ya_existia: true, paginas: 3 });
    const words = await cli(dataDir, [pdf]);
    expect(words.stdout).toBe(`${MATERIAL.alreadyHad('Tema 4.pdf', 3)}\n`);
    expect(await notesOf(dataDir)).toHaveLength(15);
  });

  it('--rechazar decides no up front: the proposal and one line, nothing saved, exit 0; with --aprobar too, a misuse', async () => {
    const dataDir = await fresh();
    const md = path.join(files, 'rechazo.md');
    await writeFile(md, NOTAS.map((p) => p.join('\n\n')).join('\n\n'));
    const no = await cli(dataDir, [md, '--rechazar']);
    expect(no.code, no.stderr).toBe(0);
    expect(no.stderr).toBe('');
    expect(no.stdout).toMatch(/^De «rechazo\.md»/);
    expect(no.stdout.endsWith(`\n\n${MATERIAL.discarded}\n`), no.stdout).toBe(true);
    const json = await cli(dataDir, [md, '--rechazar', '--json']);
    expect(json.stdout).toBe('{"notas":[],"ya_existia":false,"paginas":null}\n');
    if ((await readdir(dataDir)).includes('notas.json')) expect(await notesOf(dataDir)).toHaveLength(12);
    expect(await readdir(path.join(dataDir, 'importaciones')).then((n) => n.filter((x) => x.endsWith('.json')))).toEqual([]);

    const both = await cli(dataDir, [md, '--aprobar', '--rechazar']);
    expect(both.code).toBe(2);
    expect(both.stdout).toBe('');
    expect(both.stderr).toBe(`${CLI_LINES.approveAndReject}\nUso: npm run -s cuaderno -- importar ARCHIVO [--semana N] [--aprobar | --rechazar] [--json]\n`);
    // Still nothing saved: a no (and a misuse) leaves the file to import another time.
    const yes = await cli(dataDir, [md, '--aprobar', '--json']);
    expect(JSON.parse(yes.stdout)).toEqual({ notas: [13, 14, 15], ya_existia: false, paginas: null });
  });

  it('a text file: paginas null; a photo: paginas 1, nothing but the JSON on stdout and nothing on the console', async () => {
    const dataDir = await fresh();
    const md = path.join(files, 'apuntes.md');
    // The first two pages' text; the photo is of the third (a page already held would add nothing).
    await writeFile(md, NOTAS.slice(0, 2).map((p) => p.join('\n\n')).join('\n\n'));
    const text = await cli(dataDir, [md, '--aprobar', '--json']);
    expect(JSON.parse(text.stdout)).toEqual({ notas: [13, 14], ya_existia: false, paginas: null });
    const jpg = path.join(files, 'foto.jpg');
    await writeFile(jpg, await printedPage([NOTAS[2]![1]!], { degrees: 1.2, noise: 0.01, format: 'jpeg' }));
    const photo = await cli(dataDir, [jpg, '--aprobar', '--json']);
    expect(photo.code, photo.stderr).toBe(0);
    expect(photo.stdout).toBe('{"notas":[15],"ya_existia":false,"paginas":1}\n');
    // Reading the photo prints nothing on the console: Tesseract's «Estimating resolution as …» is dropped.
    expect(photo.stderr).toBe('');
    expect((await notesOf(dataDir)).at(-1)!.tema).toBe('foto');
  });

  it('bad input: exit 2 with one sentence', async () => {
    const dataDir = await fresh();
    const cases: [string, Uint8Array | undefined, string, string[]][] = [
      ['Tema 5.docx', new Uint8Array([0x50, 0x4b, 3, 4, 0]), MATERIAL.problem({ kind: 'docx_roto', name: 'Tema 5.docx' }), []],
      ['secreto.pdf', encryptedPdf(), MATERIAL.problem({ kind: 'pdf_cifrado' }), []],
      ['foto.png', new TextEncoder().encode('hola'), MATERIAL.problem({ kind: 'no_coincide', name: 'foto.png', named: 'imagen' }), []],
      ['no-existe.pdf', undefined, MATERIAL.cliNotFound(path.join(files, 'no-existe.pdf')), []],
      ['semana.txt', new TextEncoder().encode('texto'), MATERIAL.cliBadWeek('tres'), ['--semana', 'tres']],
    ];
    // Five children at once: each is independent (its own file, one shared empty data dir).
    await Promise.all(cases.map(async ([name, bytes, sentence, extra]) => {
      const file = path.join(files, name);
      if (bytes) await writeFile(file, bytes);
      const r = await cli(dataDir, [file, ...extra, '--json']);
      expect(r.code, name).toBe(2);
      expect(r.stdout, name).toBe('');
      expect(r.stderr, name).toBe(`${sentence}\n`);
    }));
  });
});
