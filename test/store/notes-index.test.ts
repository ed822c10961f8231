/**
 * `indice_notas.json` (store/notesIndex.ts): kept by every write of the notes, rebuilt from
 * `notas.json` when missing, stale or damaged (one console line for the last two), never a crash
 * and never a wrong answer — the answers are compared with the full scan of docs/design.md §3 each time.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/lib/atomic.js';
import { createNotesStore } from '../../src/store/notesFile.js';
import { createNotesIndex, NOTES_INDEX_FILE, stampOf, type NotesIndex } from '../../src/store/notesIndex.js';
import type { Note } from '../../src/store/types.js';
import { buildIndex, similarities, topK } from '../../src/domain/tfidf.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A notes store and its index over a fresh folder, wired as openNotebook wires them. */
async function folder() {
  const { dir, cleanup } = await tempDir('indice-');
  cleanups.push(cleanup);
  const notesFile = path.join(dir, 'notas.json');
  const indexFile = path.join(dir, NOTES_INDEX_FILE);
  const lines: string[] = [];
  const notes = createNotesStore(notesFile, { afterWrite: (...a) => index.afterWrite(...a) });
  const index = createNotesIndex({ notesFile, indexFile, list: () => notes.list(), log: (l) => lines.push(l) });
  /** Another process: its own store and index over the same files. */
  const other = () => {
    const s = createNotesStore(notesFile, { afterWrite: (...a) => i.afterWrite(...a) });
    const i = createNotesIndex({ notesFile, indexFile, list: () => s.list(), log: (l) => lines.push(l) });
    return { notes: s, index: i };
  };
  return { dir, notesFile, indexFile, notes, index, lines, other };
}

async function expectFullScan(index: NotesIndex, all: readonly Note[], query: string, k = 3): Promise<void> {
  const want = topK(similarities(buildIndex(all.map((n) => n.texto)), query), k).map(({ index: i, score }) => ({ id: all[i]!.id, score }));
  const got = await index.search(query, k);
  expect(got.approximate).toBe(false);
  expect(got.found.map((f) => ({ id: f.note.id, score: f.score }))).toEqual(want);
}

const indexDoc = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as { version: number; notas: string; ids: number[] };

describe('the notes index on disk', () => {
  it('a note corrected or deleted (issue 46): the index on disk follows the write at once, same answers as the full scan, no rebuild line', async () => {
    const f = await folder();
    await f.index.search('impresionismo', 1);
    const changed = await f.notes.update(8, { texto: 'El puntillismo de Seurat aplica puntos de color puro.' });
    expect(changed?.before.texto).toMatch(/impresionismo/);
    const doc = await indexDoc(f.indexFile);
    expect(doc.notas).toBe(await stampOf(f.notesFile));
    let all = await f.notes.list();
    await expectFullScan(f.index, all, 'puntillismo de Seurat');
    expect((await f.index.search('puntillismo', 1)).found[0]!.note.id).toBe(8);
    // Another process reading the index from disk gets the corrected text too.
    await expectFullScan(f.other().index, all, 'pinceladas sueltas impresionismo');
    expect(await f.notes.removeMany([8, 2])).toBe(2);
    expect((await indexDoc(f.indexFile)).ids).toEqual([1, 3, 4, 5, 6, 7, 9, 10, 11, 12]);
    all = await f.notes.list();
    await expectFullScan(f.index, all, 'puntillismo de Seurat');
    await expectFullScan(f.other().index, all, 'la perspectiva del Renacimiento');
    // A move changes only the week: the index is re-stamped, nothing rebuilt.
    await f.notes.update(7, { semana: 4 });
    expect((await indexDoc(f.indexFile)).notas).toBe(await stampOf(f.notesFile));
    expect(f.lines).toEqual([]);
  });

  it('a new folder: built silently on the first search, with the docs/design.md §3 reference (note 8, 0.426)', async () => {
    const f = await folder();
    const { found } = await f.index.search('la luz y el color del impresionismo', 2);
    expect(found[0]!.note.id).toBe(8);
    expect(found[0]!.score.toFixed(3)).toBe('0.426');
    const doc = await indexDoc(f.indexFile);
    expect(doc.version).toBe(1);
    expect(doc.notas).toBe(await stampOf(f.notesFile));
    expect(doc.ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(f.lines).toEqual([]);
  });

  it('each added note updates it in place (no rebuild), and another process reads it without rebuilding', async () => {
    const f = await folder();
    await f.index.search('luz', 1);
    const note = await f.notes.add('óptica', 'La luz se descompone en colores al pasar por un prisma de vidrio.', null);
    expect((await indexDoc(f.indexFile)).notas).toBe(await stampOf(f.notesFile));
    expect((await indexDoc(f.indexFile)).ids.at(-1)).toBe(note.id);
    const all = await f.notes.list();
    await expectFullScan(f.index, all, 'prisma de vidrio');
    const b = f.other();
    await expectFullScan(b.index, all, 'luz colores prisma', 5);
    // The other process adds; this one follows the file without a rebuild.
    await b.notes.add('óptica', 'Un prisma separa la luz blanca.', null);
    await expectFullScan(f.index, await f.notes.list(), 'prisma', 5);
    expect(f.lines).toEqual([]);
  });

  it('notes added together are one write of the notes, and the index follows them in place', async () => {
    const f = await folder();
    await f.index.search('luz', 1);
    const changes: number[] = [];
    f.notes.onChange((all) => changes.push(all.length));
    const before = await f.notes.list();
    const added = await f.notes.addMany([
      { tema: 'óptica', texto: 'La luz se descompone en colores al pasar por un prisma de vidrio.', semana: null },
      { tema: 'óptica', texto: 'Un prisma separa la luz blanca en el arcoíris.', semana: 2 },
      { tema: 'química', texto: 'El agua hierve a cien grados al nivel del mar.', semana: null },
    ]);
    const top = before.reduce((m, n) => Math.max(m, n.id), 0);
    expect(added.map((n) => [n.id, n.semana])).toEqual([[top + 1, null], [top + 2, 2], [top + 3, null]]);
    expect(changes).toEqual([before.length + 3]);
    const doc = await indexDoc(f.indexFile);
    expect(doc.notas).toBe(await stampOf(f.notesFile));
    expect(doc.ids.slice(-3)).toEqual(added.map((n) => n.id));
    const all = await f.notes.list();
    await expectFullScan(f.index, all, 'prisma de vidrio', 5);
    await expectFullScan(f.other().index, all, 'agua hierve', 5);
    expect(f.lines).toEqual([]);
  });

  it('a change of weeks in a folder without an index writes none (the first search builds it)', async () => {
    const f = await folder();
    await f.notes.setWeeks(() => null);
    await expect(readFile(f.indexFile)).rejects.toMatchObject({ code: 'ENOENT' });
    await expectFullScan(f.index, await f.notes.list(), 'luz');
    expect(f.lines).toEqual([]);
  });

  it('a change of weeks only re-stamps it', async () => {
    const f = await folder();
    await f.index.search('luz', 1);
    const before = await readFile(f.indexFile, 'utf8');
    await f.notes.setWeeks(() => null);
    const after = await indexDoc(f.indexFile);
    expect(after.notas).toBe(await stampOf(f.notesFile));
    expect({ ...JSON.parse(before), notas: '' }).toEqual({ ...after, notas: '' });
    expect(f.lines).toEqual([]);
  });

  it('stale (notas.json written behind its back, as by a process killed between the two writes): rebuilt, one line, right answer', async () => {
    const f = await folder();
    await f.index.search('luz', 1);
    const all = await f.notes.list();
    const edited = all.map((n) => (n.id === 3 ? { ...n, texto: 'Texto nuevo sobre volcanes y lava.' } : n));
    await writeFileAtomic(f.notesFile, JSON.stringify({ version: 2, notas: edited.map((n) => ({ ...n, semana: n.semana ?? null })) }));
    await expectFullScan(f.index, edited, 'volcanes lava');
    expect(f.lines).toHaveLength(1);
    expect(f.lines[0]).toMatch(/no correspondía a las notas actuales: lo he rehecho a partir de las 12 notas/);
    expect((await indexDoc(f.indexFile)).notas).toBe(await stampOf(f.notesFile));
    // A second process finds it current now: no second line.
    await expectFullScan(f.other().index, edited, 'volcanes lava');
    expect(f.lines).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{"version": 1, "notas": "x", "ids": [1,', /no es JSON válido/],
    ['another version', '{"version": 9}', /tiene la versión 9 y este programa usa la 1/],
    ['wrong shape', '{"version": 1, "notas": "x", "ids": ["a"], "palabras": [], "apariciones": [], "longitudes": []}', /no tiene el formato esperado/],
    ['a directory', null, /es una carpeta/],
  ])('damaged (%s): rebuilt from the notes, one line, right answer, file valid again', async (_name, text, problem) => {
    const f = await folder();
    await f.index.search('luz', 1);
    const stamp = await stampOf(f.notesFile);
    await rm(f.indexFile);
    if (text === null) await import('node:fs/promises').then((fs) => fs.mkdir(f.indexFile));
    else await writeFile(f.indexFile, text);
    const fresh = f.other();
    await expectFullScan(fresh.index, await f.notes.list(), 'la luz y el color del impresionismo');
    expect(f.lines[0]).toMatch(/estaba dañado/);
    expect(f.lines[0]).toMatch(problem);
    if (text !== null) {
      expect(f.lines).toHaveLength(1);
      expect((await indexDoc(f.indexFile)).notas).toBe(stamp);
    } else {
      // A folder in its place cannot be replaced: said once more, and the search still answers.
      expect(f.lines).toEqual([f.lines[0], expect.stringMatching(/^No pude guardar el índice de búsqueda .+; la búsqueda sigue funcionando/)]);
      await expectFullScan(fresh.index, await f.notes.list(), 'luz');
    }
  });

  it('damaged but consistent-looking (postings that do not add up): refused, rebuilt', async () => {
    const f = await folder();
    await f.index.search('luz', 1);
    const doc = JSON.parse(await readFile(f.indexFile, 'utf8'));
    doc.apariciones[0] = [0, 1, 99];
    await writeFile(f.indexFile, JSON.stringify(doc));
    await expectFullScan(f.other().index, await f.notes.list(), 'luz color');
    expect(f.lines).toEqual([expect.stringMatching(/estaba dañado \(la lista de «.+» no cuadra con las notas\)/)]);
  });

  it('an add with the index missing builds it (silently) and the search uses it', async () => {
    const f = await folder();
    await f.notes.list();
    await f.notes.add('historia', 'La imprenta de Gutenberg cambió Europa.', null);
    expect((await indexDoc(f.indexFile)).notas).toBe(await stampOf(f.notesFile));
    await expectFullScan(f.index, await f.notes.list(), 'imprenta Gutenberg');
    expect(f.lines).toEqual([]);
  });

  it('nothing exact: the approximate search answers, marked, with only the notes it found', async () => {
    const f = await folder();
    const exact = await f.index.search('impresionistas pintaban', 5);
    expect(exact.approximate).toBe(true);
    expect(exact.found.length).toBeGreaterThan(0);
    expect(exact.found.every((h) => h.score > 0 && /impresion|pint/i.test(h.note.texto))).toBe(true);
    const none = await f.index.search('xyzzy', 2);
    expect(none.approximate).toBe(false);
    expect(none.found.map((h) => h.score)).toEqual([0, 0]);
  });

  it('has(id) follows the notes on disk', async () => {
    const f = await folder();
    expect(await f.index.has(12)).toBe(true);
    expect(await f.index.has(13)).toBe(false);
    await f.other().notes.add('x', 'texto de otra nota', null);
    expect(await f.index.has(13)).toBe(true);
  });
});
