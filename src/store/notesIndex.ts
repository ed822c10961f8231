/**
 * `indice_notas.json`: the inverted index of the notes (lib/invertedIndex.ts) kept on disk next to
 * `notas.json`, so a search at 10,000 notes neither re-reads every note's words nor scans every note.
 *
 * - It names the exact `notas.json` it describes (inode, size and modification time: every write of
 *   the notes is a rename of a new file, so any write changes it) and the ids in order. A search
 *   first compares that stamp with the notes file (one stat): equal, the index in memory answers.
 * - Each write of the notes (notesFile.ts `add`, `setWeeks`, `update`, `removeMany`) updates it inside
 *   the notes' own lock: a new note is appended to the index, a change of weeks only re-stamps it, an
 *   edited text or a deleted note makes it again from the notes. So processes (the bot,
 *   the CLI) never write it out of order.
 * - Missing (a new data folder), stale (a process killed between the two writes, a hand edit) or
 *   damaged (not JSON, not this shape — checked with ajv — or not consistent with itself), it is
 *   rebuilt from `notas.json`: one console line for stale or damaged, never a crash, never a wrong
 *   answer. Failing to write it (a full disk) costs speed, not the search.
 */
import { stat } from 'node:fs/promises';
import { INDEX } from '../strings/console.js';
import { InvertedIndex, SnapshotError, type Hit, type IndexSnapshot } from '../lib/invertedIndex.js';
import { stateSchema } from '../lib/state-schemas.js';
import { writeFileAtomic } from '../lib/atomic.js';
import { readStateText } from './document.js';
import { Mutex } from './lock.js';
import type { Found, Note, NotesIndex } from './types.js';

export const NOTES_INDEX_FILE = 'indice_notas.json';
export const NOTES_INDEX_VERSION = 1;

interface IndexDocument {
  version: typeof NOTES_INDEX_VERSION;
  /** The stamp of the `notas.json` this index describes (stampOf). */
  notas: string;
  /** Note id per position. */
  ids: number[];
  palabras: string[];
  /** Per word, flat triples `posición, veces, orden`. */
  apariciones: number[][];
  /** Distinct words per note. */
  longitudes: number[];
}

const count = { type: 'integer', minimum: 0 } as const;
// Compiled on first use (or ahead of it, while the bot waits), not at import.
const validator = stateSchema<IndexDocument>({
  type: 'object',
  required: ['version', 'notas', 'ids', 'palabras', 'apariciones', 'longitudes'],
  additionalProperties: false,
  properties: {
    version: { const: NOTES_INDEX_VERSION },
    notas: { type: 'string' },
    ids: { type: 'array', items: { type: 'integer', minimum: 1 } },
    palabras: { type: 'array', items: { type: 'string', minLength: 1 } },
    apariciones: { type: 'array', items: { type: 'array', items: count } },
    longitudes: { type: 'array', items: count },
  },
});

/** What identifies one written version of `file` (null: it does not exist). */
export async function stampOf(file: string): Promise<string | null> {
  try {
    const s = await stat(file, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export type { Found, NotesIndex };

interface Loaded {
  stamp: string | null;
  notes: readonly Note[];
  index: InvertedIndex;
  pos: Map<number, number>;
}

type DiskIndex = { ok: true; doc: IndexDocument } | { ok: false; why: 'missing' | 'damaged'; problem?: string };

export interface NotesIndexOptions {
  notesFile: string;
  indexFile: string;
  /** The notes as on disk now (the notes store's `list`, which also seeds a new folder). */
  list: () => Promise<Note[]>;
  /** Where the one line about a rebuilt index goes (default console.warn). */
  log?: (line: string) => void;
}

export function createNotesIndex(opts: NotesIndexOptions): NotesIndex {
  const log = opts.log ?? ((line: string) => console.warn(line));
  const mutex = new Mutex();
  let loaded: Loaded | undefined;

  const loadedOf = (stamp: string | null, notes: readonly Note[], index: InvertedIndex): Loaded => ({
    stamp,
    notes,
    index,
    pos: new Map(notes.map((n, i) => [n.id, i])),
  });

  async function readDisk(): Promise<DiskIndex> {
    let text: string | null;
    try {
      text = await readStateText(opts.indexFile, (problem) => new Error(problem));
    } catch (e) {
      return { ok: false, why: 'damaged', problem: (e as Error).message };
    }
    if (text === null) return { ok: false, why: 'missing' };
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return { ok: false, why: 'damaged', problem: INDEX.notJson };
    }
    if (!validator()(doc)) {
      const version = (doc as { version?: unknown } | null)?.version;
      return { ok: false, why: 'damaged', problem: version !== NOTES_INDEX_VERSION ? INDEX.version(version, NOTES_INDEX_VERSION) : INDEX.shape };
    }
    return { ok: true, doc };
  }

  /** The disk index if it describes exactly `notes` as stamped `stamp`; else why not. */
  async function fromDisk(stamp: string | null, notes: readonly Note[]): Promise<{ index: InvertedIndex } | { why: 'missing' | 'stale' | 'damaged'; problem?: string }> {
    const disk = await readDisk();
    if (!disk.ok) return disk;
    const { doc } = disk;
    if (doc.notas !== stamp || doc.ids.length !== notes.length || doc.ids.some((id, i) => id !== notes[i]!.id)) return { why: 'stale' };
    const snapshot: IndexSnapshot = { words: doc.palabras, postings: doc.apariciones, lengths: doc.longitudes };
    try {
      const index = InvertedIndex.fromSnapshot(snapshot);
      if (index.size !== notes.length) return { why: 'damaged', problem: INDEX.shape };
      return { index };
    } catch (e) {
      return { why: 'damaged', problem: e instanceof SnapshotError ? INDEX.snapshot(e.problem) : (e as Error).message };
    }
  }

  async function write(l: Loaded): Promise<void> {
    const s = l.index.snapshot();
    const doc: IndexDocument = { version: NOTES_INDEX_VERSION, notas: l.stamp ?? '', ids: l.notes.map((n) => n.id), palabras: s.words, apariciones: s.postings, longitudes: s.lengths };
    await writeFileAtomic(opts.indexFile, `${JSON.stringify(doc)}\n`);
  }

  function rebuilt(stamp: string | null, notes: readonly Note[], why: { why: 'missing' | 'stale' | 'damaged'; problem?: string }): Loaded {
    if (why.why !== 'missing') log(INDEX.rebuilt(opts.indexFile, why.why === 'stale' ? INDEX.stale : INDEX.damaged(why.problem ?? ''), notes.length));
    return loadedOf(stamp, notes, InvertedIndex.fromTexts(notes.map((n) => n.texto)));
  }

  /** The notes and their index as on disk now (re-read only when `notas.json` changed). */
  async function current(): Promise<Loaded> {
    const now = await stampOf(opts.notesFile);
    if (loaded && now !== null && loaded.stamp === now) return loaded;
    return mutex.run(async () => {
      // A consistent pair: the stamp did not change while the notes were read (writes are renames).
      let stamp: string | null = null;
      let notes: Note[] = [];
      for (let tries = 0; tries < 5; tries++) {
        const before = await stampOf(opts.notesFile);
        if (loaded && before !== null && loaded.stamp === before) return loaded;
        notes = await opts.list();
        stamp = await stampOf(opts.notesFile);
        if (stamp === before) break;
      }
      const disk = await fromDisk(stamp, notes);
      let next: Loaded;
      if ('index' in disk) next = loadedOf(stamp, notes, disk.index);
      else if (loaded && extends_(loaded.notes, notes)) {
        // Notes appended by a writer that did not update the index: append them here too.
        for (const n of notes.slice(loaded.notes.length)) loaded.index.append(n.texto);
        next = loadedOf(stamp, notes, loaded.index);
        await saveIfCurrent(next);
      } else {
        next = rebuilt(stamp, notes, disk);
        await saveIfCurrent(next);
      }
      loaded = next;
      return next;
    });
  }

  /**
   * Writes the index unless the notes changed meanwhile (their writer then wrote a newer one).
   * Without the notes' lock: a writer holding it may be waiting for this mutex. Should a write of
   * the notes slip in between, the index names the older stamp and the next search rebuilds it.
   */
  async function saveIfCurrent(l: Loaded): Promise<void> {
    try {
      if ((await stampOf(opts.notesFile)) === l.stamp) await write(l);
    } catch (e) {
      log(INDEX.notWritten(opts.indexFile, (e as Error).message));
    }
  }

  return {
    async search(query, k) {
      const l = await current();
      let hits: Hit[] = l.index.search(query, k);
      let approximate = false;
      if (hits.every((h) => h.score === 0)) {
        const near = l.index.searchApprox(query, k).filter((h) => h.score > 0);
        if (near.length > 0) [hits, approximate] = [near, true];
      }
      return { found: hits.map((h) => ({ note: structuredClone(l.notes[h.pos]!), score: h.score })), approximate };
    },
    async has(id) {
      return (await current()).pos.has(id);
    },
    afterWrite: (before, after, notes, added, rewritten) =>
      mutex.run(async () => {
        try {
          // A text edited or a note gone: what the index holds no longer describes those positions.
          if (rewritten) {
            loaded = loadedOf(after, notes, InvertedIndex.fromTexts(notes.map((n) => n.texto)));
            await write(loaded);
            return;
          }
          let base: InvertedIndex | undefined;
          const previous = added ? notes.slice(0, notes.length - added.length) : notes;
          if (loaded && loaded.stamp === before && extends_(loaded.notes, previous) && loaded.notes.length === previous.length) base = loaded.index;
          else {
            const disk = await fromDisk(before, previous);
            if ('index' in disk) base = disk.index;
            // Only weeks changed and there is no index to re-stamp (a folder's first migration):
            // nothing to keep; the first search builds it.
            else if (!added) return;
            else {
              loaded = rebuilt(after, notes, disk);
              await write(loaded);
              return;
            }
          }
          if (added) for (const n of added) base.append(n.texto);
          loaded = loadedOf(after, notes, base);
          await write(loaded);
        } catch (e) {
          loaded = undefined;
          log(INDEX.notWritten(opts.indexFile, (e as Error).message));
        }
      }),
  };
}

/** Whether `later` is `earlier` with notes appended (same ids and texts first). */
function extends_(earlier: readonly Note[], later: readonly Note[]): boolean {
  if (later.length < earlier.length) return false;
  return earlier.every((n, i) => later[i]!.id === n.id && later[i]!.texto === n.texto);
}
