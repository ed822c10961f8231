/**
 * The checks of the import kill matrices (test/cli/importar-kill.process.test.ts,
 * test/bot/importar-kill.process.test.ts) on a data folder after a killed import was resumed:
 * each note of the file saved exactly once (by topic and text), nothing else added, notas.json
 * valid, the import done and naming exactly those notes, the search index consistent.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { stampOf } from '../../src/store/notesIndex.js';

export interface SavedNote { id: number; tema: string; texto: string }

/** What the uninterrupted import left: the file's notes (topic, text) in order, and how many notes in all. */
export interface ExpectedImport { notes: Array<[string, string]>; total: number }

/** The notes in `<dataDir>/notas.json`; throws when it is not the notebook's JSON. */
export async function readNotes(dataDir: string): Promise<SavedNote[]> {
  const doc = JSON.parse(await readFile(path.join(dataDir, 'notas.json'), 'utf8')) as { notas?: unknown };
  if (!Array.isArray(doc.notas)) throw new Error('notas.json has no list of notes');
  return doc.notas as SavedNote[];
}

/** The problems of the data folder (empty = fine) and the ids the file's notes got, in order. */
export async function importDataChecks(dataDir: string, exp: ExpectedImport): Promise<{ problems: string[]; ids: number[] }> {
  const problems: string[] = [];
  let notes: SavedNote[];
  try {
    notes = await readNotes(dataDir);
  } catch (e) {
    return { problems: [`notas.json is not valid: ${(e as Error).message}`], ids: [] };
  }
  const ids: number[] = [];
  for (const [tema, texto] of exp.notes) {
    const same = notes.filter((x) => x.tema === tema && x.texto === texto);
    if (same.length !== 1) problems.push(`«${texto.slice(0, 40)}…» saved ×${same.length}`);
    if (same[0]) ids.push(same[0].id);
  }
  if (notes.length !== exp.total) problems.push(`${notes.length} notes (expected ${exp.total})`);
  if (new Set(notes.map((x) => x.id)).size !== notes.length) problems.push('two notes share an id');
  // The import is not lost: one record, done, naming exactly those notes.
  const records = (await readdir(path.join(dataDir, 'importaciones')).catch(() => [] as string[])).filter((f) => /^[0-9a-f]{64}\.json$/.test(f));
  if (records.length !== 1) problems.push(`${records.length} import records`);
  else {
    const r = JSON.parse(await readFile(path.join(dataDir, 'importaciones', records[0]!), 'utf8')) as { estado: string; guardada?: true; guardadas?: (number | null)[] };
    if (r.estado !== 'aceptada' || !r.guardada) problems.push(`the import is «${r.estado}»${r.guardada ? '' : ', not saved'}`);
    if (JSON.stringify(r.guardadas) !== JSON.stringify(ids)) problems.push(`the import names notes ${JSON.stringify(r.guardadas)} (saved: ${JSON.stringify(ids)})`);
  }
  // The search index on disk, when it claims to describe these notes, names exactly them.
  const index = JSON.parse(await readFile(path.join(dataDir, 'indice_notas.json'), 'utf8').catch(() => 'null')) as { notas: string; ids: number[] } | null;
  if (index && index.notas === (await stampOf(path.join(dataDir, 'notas.json'))) && JSON.stringify(index.ids) !== JSON.stringify(notes.map((x) => x.id))) problems.push('the search index is stamped current but names other notes');
  return { problems, ids };
}
