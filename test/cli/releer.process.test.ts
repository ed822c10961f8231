/**
 * `cuaderno releer` (issue 43 §7), the compiled CLI on an older install: a lecture imported before
 * files were kept needs its path; a dry run changes nothing; --aprobar replaces the notes in place,
 * keeps the unchanged card's review and lists the changed one, which --tarjeta keeps; the file is
 * kept from then on, so words name it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REREAD } from '../../src/strings/reread.js';
import { childEnv, compiled } from '../support/compiled.js';
import { textPdf } from '../support/material-fixtures.js';
import { auditEvents, FIXTURE, olderInstall, type Fixture } from '../support/reread-fixture.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function releer(dataDir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiled('cli'), 'releer', ...args], { env: { ...childEnv(), CUADERNO_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('cuaderno releer', () => {
  it('reads an older import again from its file: a dry run first, then in place, the changed card kept', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-releer-'));
    dirs.push(tmp);
    const dataDir = path.join(tmp, 'data');
    const fx = JSON.parse(await readFile(FIXTURE, 'utf8')) as Fixture;
    const pdf = await textPdf(fx.paginas);
    await olderInstall(dataDir, fx, pdf);
    const file = path.join(tmp, 'Tema5.pdf');
    await writeFile(file, pdf);
    const notesBefore = await readFile(path.join(dataDir, 'notas.json'), 'utf8');
    const reviewBefore = await readFile(path.join(dataDir, 'repaso.json'), 'utf8');

    // Named in words, the import is older than the kept files: its path is asked for.
    const named = await releer(dataDir, ['tema 5']);
    expect(named.code).toBe(1);
    expect(named.stderr.trim()).toBe(REREAD.cliNeedFile('Tema5.pdf'));

    const dry = await releer(dataDir, [file, '--json']);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ iguales: [13], cambiadas: [14, 15], nuevas: [], quitadas: [], tarjetas_a_revisar: [2], guardado: false });
    // The dry run changes no note; its first read writes the older layout back in the current one (a migration, once).
    const notesNow = JSON.parse(await readFile(path.join(dataDir, 'notas.json'), 'utf8')) as { version: number; notas: unknown[] };
    expect([notesNow.version, notesNow.notas]).toEqual([3, (JSON.parse(notesBefore) as { notas: unknown[] }).notas]);

    const saved = await releer(dataDir, [file, '--aprobar', '--json']);
    expect(saved.code).toBe(0);
    expect(JSON.parse(saved.stdout)).toEqual({ iguales: [13], cambiadas: [14, 15], nuevas: [16], quitadas: [], tarjetas_a_revisar: [2], guardado: true });
    const notes = (JSON.parse(await readFile(path.join(dataDir, 'notas.json'), 'utf8')) as { version: number; notas: { id: number; texto: string; semana: number; origen?: unknown }[] });
    expect(notes.version).toBe(3);
    const lecture = notes.notas.filter((n) => n.id > 12);
    expect(lecture.map((n) => [n.id, n.texto, n.semana])).toEqual(fx.paginas.flat().slice(1).map((t, i) => [13 + i, t, 4]));
    expect(await readFile(path.join(dataDir, 'repaso.json'), 'utf8')).toBe(reviewBefore);

    const kept = await releer(dataDir, ['--tarjeta', '2', '--conservar']);
    expect(kept.code).toBe(0);
    expect(kept.stdout.trim()).toBe(REREAD.kept(2));
    const again = await releer(dataDir, ['--tarjeta', '2', '--borrar']);
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toBe(REREAD.cliNoSuchCard('2'));
    const deck = JSON.parse(await readFile(path.join(dataDir, 'tarjetas.json'), 'utf8')) as { tarjetas: { id: number; id_nota: number; borrada?: true }[] };
    expect(deck.tarjetas.map((c) => [c.id, c.id_nota, c.borrada ?? false])).toEqual([[1, 13, false], [2, 14, false]]);
    const events = (await auditEvents(dataDir)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['documento_releido', 'tarjeta_conservada']));

    // The file is kept now: words name it, and nothing is left to change.
    const byWords = await releer(dataDir, ['Tema5.pdf', '--json']);
    expect(byWords.code).toBe(0);
    expect(JSON.parse(byWords.stdout)).toMatchObject({ iguales: [13, 14, 15, 16], cambiadas: [], quitadas: [], guardado: false });
  });
});
