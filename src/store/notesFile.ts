/**
 * `notas.json` and `tarjetas.json`: durable documents (store/document.ts) locked on each change —
 * the CLI, the workers and the bot write them — so every change re-reads the file under its
 * inter-process lock and ids are given from what is really on disk. Their first versions were plain
 * JSON arrays (the shape the shipped `assets/notas.json` still has): read once through a migration
 * and written back in the current layout.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { StateFileError } from '../errors.js';
import type { Card, CardDeck, NewCard, NewNote, Note, NotesRewrite, NotesStore } from './types.js';
import { isPlainObject, isPositiveId } from './jsonFile.js';
import { DurableDocument, type DocumentFormat, type WriteHook } from './document.js';
import { stampOf } from './notesIndex.js';
import type { ShapeCheck } from './jsonFile.js';
import { NOTES_DOC, STORE } from '../strings/console.js';
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

/** The 12 demo notes shipped with the project (docs/design.md §2), copied into a data dir on first use. */
export const SEED_NOTES_FILE = fileURLToPath(new URL('../../assets/notas.json', import.meta.url));

/**
 * Version 3 of `notas.json`: `{version: 3, notas: [{id, tema, texto, semana?, origen?}], ultimo_id?}` — an
 * imported note carries its source (`origen`: the file and the page its text starts on); `ultimo_id`
 * keeps a deleted note's number from being given again (a file without it: its largest id). A note
 * without `semana` came from the first layout and has not been given its week yet (the course gives
 * it: tools/index.ts migrateNoteWeeks); `null` is no week. Version 2 is the same without sources,
 * version 1 the plain list the project shipped first (and `assets/notas.json` still is, its notes
 * without `semana`): both are migrated on their first read and written back as version 3.
 */
export const NOTES_STATE_VERSION = 3;
interface NotesDocument {
  version: typeof NOTES_STATE_VERSION;
  notas: Note[];
  /**
   * The largest id ever given (optional: files written before it lack it): a deleted note's number
   * is never given to a new one, so its cards, its audit lines and a question about it never point
   * at another note.
   */
  ultimo_id?: number;
}

/**
 * Whether an id was seen before, asked of each id in order. Both files give ids in rising order, so
 * the check, which runs on every read and every write of a deck of thousands, keeps a set of ids
 * only for a list whose ids do not rise.
 */
function repeatedIds(list: readonly unknown[]): (id: number) => boolean {
  let last = 0;
  for (const item of list) {
    const id = isPlainObject(item) ? item.id : undefined;
    if (typeof id !== 'number' || !(id > last)) {
      const seen = new Set<number>();
      return (id) => seen.has(id) || (seen.add(id), false);
    }
    last = id;
  }
  return () => false;
}

const checkNotes: ShapeCheck<NotesDocument> = (data) => {
  if (!isPlainObject(data) || !('version' in data)) return { ok: false, problem: NOTES_DOC.notesShape };
  if (data.version !== NOTES_STATE_VERSION) return { ok: false, problem: NOTES_DOC.notesVersion(data.version, NOTES_STATE_VERSION) };
  if (!Array.isArray(data.notas)) return { ok: false, problem: NOTES_DOC.noNotesList };
  const repeated = repeatedIds(data.notas);
  for (const [i, n] of (data.notas as unknown[]).entries()) {
    // The label is built only for a problem: a valid file (every read and write) reads no sentence.
    if (!isPlainObject(n)) return { ok: false, problem: NOTES_DOC.noteNotObject(NOTES_DOC.item(i + 1)) };
    if (!isPositiveId(n.id)) return { ok: false, problem: NOTES_DOC.badId(NOTES_DOC.item(i + 1), n.id) };
    if (repeated(n.id)) return { ok: false, problem: NOTES_DOC.repeatedNote(n.id) };
    if (typeof n.tema !== 'string' || n.tema.trim() === '') return { ok: false, problem: NOTES_DOC.noteField(n.id, 'tema') };
    if (typeof n.texto !== 'string') return { ok: false, problem: NOTES_DOC.noteField(n.id, 'texto') };
    if (n.semana !== undefined && n.semana !== null && !isPositiveId(n.semana)) return { ok: false, problem: NOTES_DOC.noteWeek(n.id) };
    if (n.origen !== undefined && !(isPlainObject(n.origen) && typeof n.origen.archivo === 'string' && (n.origen.pagina === null || isPositiveId(n.origen.pagina)))) {
      return { ok: false, problem: NOTES_DOC.noteSource(n.id) };
    }
  }
  if (data.ultimo_id !== undefined && !isPositiveId(data.ultimo_id)) return { ok: false, problem: NOTES_DOC.lastId };
  return { ok: true, value: data as unknown as NotesDocument };
};

/** The largest id `doc` ever gave: its `ultimo_id`, or its largest id. */
const lastIdOf = (doc: NotesDocument) => doc.notas.reduce((m, n) => Math.max(m, n.id), doc.ultimo_id ?? 0);

/** A note as version 3 writes it: its week (none: null) unless the first layout left it to the course, a source only where there is one. */
const noteOf = (n: Note): Note => ({ id: n.id, tema: n.tema, texto: n.texto, ...(n.semana !== undefined ? { semana: n.semana } : {}), ...(n.origen ? { origen: n.origen } : {}) });

/** The version-3 text of `doc` (its `ultimo_id` kept, or its largest id). */
function notesText(doc: NotesDocument): string {
  const last = lastIdOf(doc);
  return `${JSON.stringify({ version: NOTES_STATE_VERSION, notas: doc.notas.map(noteOf), ...(last > 0 ? { ultimo_id: last } : {}) }, null, 2)}\n`;
}

/** The version of a parsed `notas.json`: 1 for the plain list; a version the program does not know is left to the check, which names it. */
const notesVersionOf = (raw: unknown): number => (Array.isArray(raw) ? 1 : isPlainObject(raw) && raw.version === 2 ? 2 : NOTES_STATE_VERSION);

const NOTES_FORMAT: DocumentFormat<NotesDocument> = {
  version: NOTES_STATE_VERSION,
  empty: () => ({ version: NOTES_STATE_VERSION, notas: [] }),
  check: checkNotes,
  versionOf: notesVersionOf,
  migrations: {
    // The plain list: its notes keep no week (the course gives it), a damaged item is left for the check to name.
    1: (old) => ({ version: NOTES_STATE_VERSION, notas: old }),
    2: (old) => ({ ...(old as object), version: NOTES_STATE_VERSION }),
  },
  recovery: NOTES_DOC.notesRecovery,
  lock: { kind: 'each-change' },
  // A new notebook starts with the demo's example notes, as shipped (in the current layout).
  seed: async (file) => {
    const seed = await readSeedNotes().catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new StateFileError('CORRUPT_STATE', file, STORE.damaged(file, P.noSeed(SEED_NOTES_FILE), NOTES_DOC.notesRecovery));
      throw e;
    });
    return notesText({ version: NOTES_STATE_VERSION, notas: seed });
  },
  serialize: notesText,
};

/**
 * Version 2 of `tarjetas.json`: `{version: 2, tarjetas: [...]}`, a card the owner deleted kept in it
 * as a tombstone (`borrada: true` and when, `borrada_el`): its id is never reused and the next plan of
 * its week does not make it again. Version 1 is the plain list the deck was first: it is migrated on
 * its first read and written back as version 2.
 */
export const CARDS_STATE_VERSION = 2;

const CARD_TEXTS = ['tipo', 'pregunta', 'respuesta', 'creada'] as const;

interface DeckDocument {
  version: typeof CARDS_STATE_VERSION;
  tarjetas: Card[];
}

const checkCards: ShapeCheck<DeckDocument> = (raw) => {
  if (!isPlainObject(raw) || !('version' in raw)) return { ok: false, problem: NOTES_DOC.cardsShape };
  if (raw.version !== CARDS_STATE_VERSION) return { ok: false, problem: NOTES_DOC.cardsVersion(raw.version, CARDS_STATE_VERSION) };
  const data = raw.tarjetas;
  if (!Array.isArray(data)) return { ok: false, problem: NOTES_DOC.cardsShape };
  const repeated = repeatedIds(data);
  for (const [i, c] of data.entries()) {
    if (!isPlainObject(c)) return { ok: false, problem: NOTES_DOC.cardNotObject(NOTES_DOC.item(i + 1)) };
    if (!isPositiveId(c.id)) return { ok: false, problem: NOTES_DOC.badId(NOTES_DOC.item(i + 1), c.id) };
    if (repeated(c.id)) return { ok: false, problem: NOTES_DOC.repeatedCard(c.id) };
    if (!isPositiveId(c.id_nota)) return { ok: false, problem: NOTES_DOC.cardNote(c.id) };
    for (const k of CARD_TEXTS) {
      if (typeof c[k] !== 'string') return { ok: false, problem: NOTES_DOC.cardText(c.id, k) };
    }
    if (c.semana !== undefined && !isPositiveId(c.semana)) return { ok: false, problem: NOTES_DOC.cardWeek(c.id) };
    if (c.borrada !== undefined && c.borrada !== true) return { ok: false, problem: NOTES_DOC.cardDeleted(c.id) };
    if (c.borrada_el !== undefined && typeof c.borrada_el !== 'string') return { ok: false, problem: NOTES_DOC.cardNotText(c.id, 'borrada_el') };
    if (c.origen !== undefined && typeof c.origen !== 'string') return { ok: false, problem: NOTES_DOC.cardNotText(c.id, 'origen') };
  }
  return { ok: true, value: raw as unknown as DeckDocument };
};

const DECK_FORMAT: DocumentFormat<DeckDocument> = {
  version: CARDS_STATE_VERSION,
  empty: () => ({ version: CARDS_STATE_VERSION, tarjetas: [] }),
  check: checkCards,
  // 1: the plain list; a version the program does not know is left to the check, which names it.
  versionOf: (raw) => (Array.isArray(raw) ? 1 : CARDS_STATE_VERSION),
  migrations: { 1: (old) => ({ version: CARDS_STATE_VERSION, tarjetas: old }) },
  recovery: NOTES_DOC.cardsRecovery,
  lock: { kind: 'each-change' },
};

/**
 * The example notes a new notebook is seeded with (the demo course's), as shipped: a student who
 * replaces the demo course with their own removes those still as they came (course-chat.ts).
 */
export async function readSeedNotes(): Promise<Array<Pick<Note, 'id' | 'tema' | 'texto'>>> {
  return JSON.parse(await readFile(SEED_NOTES_FILE, 'utf8')) as Array<Pick<Note, 'id' | 'tema' | 'texto'>>;
}

/**
 * The ids of `notes` that are the demo's example notes exactly as shipped (same id, topic and text):
 * what replacing the demo course with the student's own takes away, in the chat and the terminal alike.
 * A note the student edited is theirs and stays.
 */
export async function exampleNoteIds(notes: ReadonlyArray<Pick<Note, 'id' | 'tema' | 'texto'>>): Promise<Set<number>> {
  const seed = new Map((await readSeedNotes()).map((n) => [n.id, n]));
  return new Set(notes.filter((n) => seed.get(n.id)?.tema === n.tema && seed.get(n.id)?.texto === n.texto).map((n) => n.id));
}

/**
 * True when `removed` are the shipped example notes `seed` as shipped and no id past theirs was ever
 * given (`lastId`). Synchronous, on the seed read before the change (a change of a document is).
 */
function onlyExamples(removed: readonly Note[], lastId: number, seed: ReadonlyArray<Pick<Note, 'id' | 'tema' | 'texto'>>): boolean {
  if (removed.length === 0) return false;
  const shipped = new Map(seed.map((n) => [n.id, n]));
  const examples = removed.filter((n) => shipped.get(n.id)?.tema === n.tema && shipped.get(n.id)?.texto === n.texto);
  return examples.length === removed.length && lastId <= seed.reduce((m, n) => Math.max(m, n.id), 0);
}

export interface NotesStoreOptions {
  /**
   * Runs inside the notes' lock right after each write of `notas.json`, with the file's stamps
   * (notesIndex.ts stampOf) before and after it and the notes added, if any, and `rewritten` when a
   * text changed or notes went: the search index follows every write. Must not throw.
   */
  afterWrite?: (before: string | null, after: string | null, notes: readonly Note[], added?: readonly Note[], rewritten?: boolean) => Promise<void>;
}

/** What the search index needs of the notes before a change: their ids and texts, in order. */
type NotesShape = ReadonlyArray<{ id: number; texto: string }>;

export function createNotesStore(file: string, opts: NotesStoreOptions = {}): NotesStore {
  const { afterWrite } = opts;
  // Every write of the notes tells the search index, inside the notes' lock, what it changed.
  const hook: WriteHook<NotesDocument, NotesShape> | undefined = afterWrite && {
    snapshot: (d) => d.notas.map((n) => ({ id: n.id, texto: n.texto })),
    around: async (write, before, next) => {
      const stamp = await stampOf(file);
      await write();
      const notes = next.notas;
      const kept = before.length <= notes.length && before.every((n, i) => notes[i]!.id === n.id && notes[i]!.texto === n.texto);
      await afterWrite(stamp, await stampOf(file), notes, kept && notes.length > before.length ? notes.slice(before.length) : undefined, !kept);
    },
  };
  const doc = new DurableDocument(file, NOTES_FORMAT, undefined, hook);
  const listeners = new Set<(notes: Note[]) => void>();
  const tell = (all: Note[]) => {
    if (listeners.size > 0) for (const l of listeners) l(structuredClone(all));
  };
  // Each read is the caller's own (a document locked on each change reads the file each time): no copy needed.
  const list = async () => (await doc.current()).notas;

  /** The notes appended with the next ids (from the document: its `ultimo_id` or its largest id), in one write. */
  async function append(fresh: readonly NewNote[]): Promise<Note[]> {
    if (fresh.length === 0) return [];
    const { added, all } = await doc.mutate((d) => {
      const first = lastIdOf(d) + 1;
      const added: Note[] = fresh.map((n, i) => ({ id: first + i, tema: n.tema, texto: n.texto, semana: n.semana ?? null, ...(n.origen ? { origen: n.origen } : {}) }));
      d.notas.push(...added);
      d.ultimo_id = first + added.length - 1;
      return { added, all: d.notas };
    });
    tell(all);
    return structuredClone(added);
  }

  return {
    list,
    get: async (id) => (await list()).find((n) => n.id === id),
    // A read that creates nothing: a missing file is no notes (not the shipped examples).
    peek: async () => (await doc.adapter.readDocument()).doc?.notas ?? [],
    add: async (tema, texto, semana = null) => (await append([{ tema, texto, semana }]))[0]!,
    addMany: (notes) => append(notes),
    setWeeks: async (weekOf) => {
      const all = await doc.mutate((d) => {
        for (const n of d.notas) {
          const w = weekOf(structuredClone(n));
          if (w !== undefined) n.semana = w;
        }
        return d.notas;
      });
      tell(all);
      // The index keeps these very notes (the write hook): the caller gets its own copy.
      return hook ? structuredClone(all) : all;
    },
    removeMany: async (ids) => {
      const gone = new Set(ids);
      const seed = await readSeedNotes().catch(() => []);
      const result = await doc.mutate((d) => {
        const removing = d.notas.filter((n) => gone.has(n.id));
        if (removing.length === 0) return { removed: 0, all: d.notas };
        const last = lastIdOf(d);
        d.notas = d.notas.filter((n) => !gone.has(n.id));
        // The notebook was only the shipped examples and they all go (a student's own course
        // replacing the demo): its numbering starts again, so the student's first note is 1, not
        // the one after examples they never saw. Any note of their own, now or before, keeps it.
        if (d.notas.length === 0 && onlyExamples(removing, last, seed)) delete d.ultimo_id;
        else d.ultimo_id = last;
        return { removed: removing.length, all: d.notas };
      }, { changed: (r) => r.removed > 0 });
      if (result.removed > 0) tell(result.all);
      return result.removed;
    },
    update: async (id, change) => {
      const result = await doc.mutate((d) => {
        const note = d.notas.find((n) => n.id === id);
        if (!note) return undefined;
        const before = structuredClone(note);
        if (change.texto !== undefined) note.texto = change.texto;
        if (change.tema !== undefined) note.tema = change.tema;
        if (change.semana !== undefined) note.semana = change.semana;
        return { before, after: structuredClone(note), all: d.notas };
      }, { changed: (r) => r !== undefined });
      if (!result) return undefined;
      tell(result.all);
      return { before: result.before, after: result.after };
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rewrite: async (change) => {
      const { ids, all } = await doc.mutate((d) => rewriteNotes(d, change));
      tell(all);
      return ids;
    },
  };
}

/**
 * `change` applied to the notes of `doc` (in the one write of `rewrite`). Texts change in place:
 * the search index is rebuilt from the notes after the write.
 */
function rewriteNotes(doc: NotesDocument, change: NotesRewrite): { ids: number[]; all: Note[] } {
  const last = lastIdOf(doc);
  const gone = new Set(change.remove);
  const updates = new Map(change.update.map((u) => [u.id, u]));
  const next = doc.notas.filter((n) => !gone.has(n.id)).map((n) => {
    const u = updates.get(n.id);
    if (!u) return n;
    const { origen: _o, ...rest } = n;
    return { ...rest, tema: u.tema, texto: u.texto, ...(u.origen ? { origen: u.origen } : {}) };
  });
  const claimed = new Set<number>();
  let nextId = next.reduce((m, n) => Math.max(m, n.id), 0) + 1;
  const ids = change.add.map((a) => {
    const had = next.find((n) => n.id > change.baseId && !claimed.has(n.id) && !updates.has(n.id) && n.tema === a.tema && n.texto === a.texto && n.origen?.archivo === a.origen?.archivo);
    if (had) return (claimed.add(had.id), had.id);
    const id = nextId++;
    claimed.add(id);
    next.push({ id, tema: a.tema, texto: a.texto, semana: a.semana ?? null, ...(a.origen ? { origen: a.origen } : {}) });
    return id;
  });
  doc.notas = next;
  doc.ultimo_id = Math.max(last, nextId - 1);
  return { ids, all: next };
}

export function createCardDeck(file: string): CardDeck {
  const doc = new DurableDocument(file, DECK_FORMAT);
  // Each read is the caller's own (read from the file under no one else's hands): no copy needed.
  const cards = async () => (await doc.current()).tarjetas;

  return {
    list: async () => (await cards()).filter((c) => !c.borrada),
    append: async (request: readonly NewCard[] | ((deck: readonly Card[], deleted: readonly Card[]) => readonly NewCard[]), now = new Date(), origin?: string) => {
      const result = await doc.mutate((d) => {
        const deck = d.tarjetas;
        const earlier = origin ? deck.filter((c) => c.origen === origin && !c.borrada) : [];
        if (earlier.length > 0) return { cards: earlier, added: [] };
        const cards = typeof request === 'function' ? request(structuredClone(deck.filter((c) => !c.borrada)), structuredClone(deck.filter((c) => c.borrada && !c.reemplazada))) : request;
        // The same card twice teaches nothing: preparing a week again reuses the cards it made.
        const same = (a: NewCard, b: Card) => a.id_nota === b.id_nota && a.pregunta === b.pregunta && a.respuesta === b.respuesta;
        // The next id from the document (tombstones included: a deleted card's id is never given again).
        let next = deck.reduce((m, c) => Math.max(m, c.id), 0) + 1;
        const added: Card[] = [];
        const result = cards.map((c) => {
          const stored = deck.find((s) => same(c, s) && !s.borrada);
          if (stored) return stored;
          const card: Card = { id: next++, ...c, creada: now.toISOString(), ...(origin ? { origen: origin } : {}) };
          added.push(card);
          return card;
        });
        deck.push(...added);
        return { cards: result, added };
      }, { changed: (r) => r.added.length > 0 });
      return structuredClone(result);
    },
    edit: async (id, pregunta, respuesta) => {
      const card = await doc.mutate((d) => {
        const card = d.tarjetas.find((c) => c.id === id && !c.borrada);
        if (card) Object.assign(card, { pregunta, respuesta });
        return card;
      }, { changed: (c) => c !== undefined });
      return card && structuredClone(card);
    },
    remove: async (id, _by, replaced) => {
      const at = new Date().toISOString();
      return doc.mutate((d) => {
        const card = d.tarjetas.find((c) => c.id === id && !c.borrada);
        if (!card) return false;
        // A tombstone, not a splice: ids are never reused, so a later card cannot inherit this
        // one's review history.
        card.borrada = true;
        card.borrada_el = at;
        if (replaced) card.reemplazada = true;
        return true;
      }, { changed: (removed) => removed });
    },
    setWeeks: (weekOf) =>
      doc.mutate((d) => {
        for (const card of d.tarjetas) {
          if (card.borrada) continue;
          const w = weekOf(structuredClone(card));
          if (w === null) delete card.semana;
          else if (w !== undefined) card.semana = w;
        }
        return d.tarjetas.filter((c) => !c.borrada);
      }),
    repoint: async (noteOf) => {
      await doc.mutate((d) => {
        let changed = false;
        for (const card of d.tarjetas) {
          const to = Object.hasOwn(noteOf, card.id) ? noteOf[card.id] : undefined;
          if (to !== undefined && card.id_nota !== to) [card.id_nota, changed] = [to, true];
        }
        return changed;
      }, { changed: (c) => c });
    },
  };
}
