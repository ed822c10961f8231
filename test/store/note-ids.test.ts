/**
 * A deleted note's number is never given again (issue 46: notes deleted one by one from the chat):
 * `notas.json` keeps the largest id it gave (`ultimo_id`), so a new note never inherits a deleted
 * one's cards, audit lines or open questions. A version-3 file written before it is read as before.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNotesStore } from '../../src/store/notesFile.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function notesFile(): Promise<string> {
  const { dir, cleanup } = await tempDir('ids-');
  cleanups.push(cleanup);
  return path.join(dir, 'notas.json');
}

describe('note ids', () => {
  it('the last note deleted, the next one added takes a new number, also in another process', async () => {
    const file = await notesFile();
    const notes = createNotesStore(file);
    expect((await notes.list()).at(-1)!.id).toBe(12);
    const [a, b] = await notes.addMany([{ tema: 'x', texto: 'primera nota nueva', semana: 1 }, { tema: 'x', texto: 'segunda nota nueva', semana: 1 }]);
    expect([a!.id, b!.id]).toEqual([13, 14]);
    expect(await notes.removeMany([14, 13])).toBe(2);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 3, ultimo_id: 14 });
    expect((await createNotesStore(file).add('x', 'otra nota más', 1)).id).toBe(15);
    expect((await notes.add('x', 'y otra más', 1)).id).toBe(16);
  });

  it('a version-3 file without `ultimo_id` reads as before: the next id follows its largest', async () => {
    const file = await notesFile();
    await writeFile(file, JSON.stringify({ version: 3, notas: [{ id: 3, tema: 'a', texto: 'una nota', semana: null }, { id: 7, tema: 'b', texto: 'otra nota', semana: 2 }] }));
    const notes = createNotesStore(file);
    expect((await notes.add('c', 'la nota siguiente', null)).id).toBe(8);
    await writeFile(file, JSON.stringify({ version: 3, notas: [], ultimo_id: -1 }));
    await expect(notes.list()).rejects.toThrow(/"ultimo_id" que no es un entero positivo/);
  });

  it('a version-1 list and a version-2 file are migrated once, on the first read, and written back as version 3; a week the course has not given stays to give', async () => {
    const file = await notesFile();
    const v1 = JSON.stringify([{ id: 2, tema: 'a', texto: 'una nota' }, { id: 5, tema: 'b', texto: 'otra nota' }]);
    await writeFile(file, v1);
    const notes = createNotesStore(file);
    expect((await notes.list()).map((n) => [n.id, n.semana])).toEqual([[2, undefined], [5, undefined]]);
    // Written back by the read itself, not left for the next change.
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 3, notas: [{ id: 2, tema: 'a', texto: 'una nota' }, { id: 5, tema: 'b', texto: 'otra nota' }], ultimo_id: 5 });
    // The course gives the weeks later (tools/index.ts migrateNoteWeeks): what has none yet is still to give.
    expect((await notes.setWeeks((n) => (n.semana === undefined ? n.id : undefined))).map((n) => n.semana)).toEqual([2, 5]);
    await writeFile(file, JSON.stringify({ version: 2, notas: [{ id: 4, tema: 'a', texto: 'una nota', semana: 1 }] }));
    expect((await notes.get(4))?.semana).toBe(1);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 3, ultimo_id: 4 });
    // A dry run's read (an import's) creates and rewrites nothing.
    await writeFile(file, v1);
    expect((await notes.peek()).map((n) => n.id)).toEqual([2, 5]);
    expect(await readFile(file, 'utf8')).toBe(v1);
  });
});
