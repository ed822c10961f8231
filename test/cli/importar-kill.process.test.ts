/**
 * The kill matrix of one PDF import (issue 26 Done means): `importar --aprobar` as a real process,
 * SIGKILLed right after each of its N file writes (rename/writeFile/appendFile, counted by the
 * preload test/support/kill-after-write.mjs), then run again: every note saved exactly once.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { textPdf } from '../support/material-fixtures.js';
import { cli, fresh, NOTAS, notesOf, removeDirs } from './importar-support.js';

afterAll(removeDirs);

describe('kill matrix: importar --aprobar killed after each write', () => {
  it('every n: the import killed, run again, each note saved exactly once', { timeout: 600_000 }, async () => {
    const files = await fresh();
    const pdf = path.join(files, 'matriz.pdf');
    await writeFile(pdf, await textPdf(NOTAS));
    const count = await fresh();
    const log = path.join(files, 'escrituras.log');
    const clean = await cli(count, [pdf, '--aprobar', '--json'], { KILL_COUNT_FILE: log });
    expect(clean.code).toBe(0);
    const writes = (await readFile(log, 'utf8')).trim().split('\n');
    const N = writes.length;
    // The pending record, saving begun, one slot per note, done — at the least.
    expect(N).toBeGreaterThanOrEqual(NOTAS.length + 3);
    const expected = (await notesOf(count)).slice(12).map((x) => [x.tema, x.texto]);
    expect(expected).toHaveLength(NOTAS.length);
    for (let n = 1; n <= N; n++) {
      const dataDir = await fresh();
      const killed = await cli(dataDir, [pdf, '--aprobar', '--json'], { KILL_AFTER_WRITE: String(n) });
      expect(killed.signal, `n=${n} (${writes[n - 1]})`).toBe('SIGKILL');
      const resumed = await cli(dataDir, [pdf, '--aprobar', '--json']);
      expect(resumed.code, `n=${n}: ${resumed.stderr}`).toBe(0);
      const notes = await notesOf(dataDir);
      expect(notes.slice(12).map((x) => [x.tema, x.texto]), `n=${n} (${writes[n - 1]})`).toEqual(expected);
      expect((JSON.parse(resumed.stdout) as { notas: number[] }).notas, `n=${n}`).toEqual([13, 14, 15]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
