/**
 * `notas.json` and `tarjetas.json`: lowdb documents (versioned objects; their first versions were
 * plain JSON arrays, the shape the shipped `assets/notas.json` still has) behind ValidatedJsonFile.
 * Every operation re-reads the file, so the CLI and the bot see each other's writes; each read-modify-write holds the file's
 * inter-process lock (lock.ts), so ids are allocated from what is really on disk.
 */
import { readFile } from 'node:fs/promises';
import { createFileIfAbsent, writeFileAtomic } from '../lib/atomic.js';
import { fileURLToPath } from 'node:url';
import { Low } from 'lowdb';
import type { Card, CardDeck, NewCard, NewNote, Note, NotesRewrite, NotesStore } from './types.js';
import { Mutex, ValidatedJsonFile, isPlainObject, isPositiveId } from './jsonFile.js';
import { withFileLock } from './lock.js';
import { stampOf } from './notesIndex.js';
import type { ShapeCheck } from './jsonFile.js';
import { NOTES_DOC } from '../strings/console.js';
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

/** The 12 demo notes shipped with the project (docs/design.md §2), copied into a data dir on first use. */
export const SEED_NOTES_FILE = fileURLToPath(new URL('../../assets/notas.json', import.meta.url));

/**
 * Version 3 of `notas.json`: `{version: 3, notas: [{id, tema, texto, semana, origen?}], ultimo_id?}` — an
 * imported note carries its source (`origen`: the file and the page its text starts on); `ultimo_id`
 * keeps a deleted note's number from being given again (a file without it: its largest id). Version 2 is the same
 * without sources, version 1 the plain list the project shipped first (and `assets/notas.json` still
 * is, its notes without `semana`): both are read as they are and written back as version 3 the first
 * time the notes change.
 */
export const NOTES_STATE_VERSION = 3;
/** The versions of `notas.json` this program reads (1 is the plain list). */
const READABLE_VERSIONS: readonly unknown[] = [2, NOTES_STATE_VERSION];
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

/** The `ultimo_id` of each list read from a file (checkNotes returns only the list). */
const lastIdOf = new WeakMap<Note[], number>();

const checkNotes: ShapeCheck<Note[]> = (data) => {
  let list: unknown[];
  let versioned = false;
  if (Array.isArray(data)) list = data;
  else if (isPlainObject(data) && 'version' in data) {
    if (!READABLE_VERSIONS.includes(data.version)) return { ok: false, problem: NOTES_DOC.notesVersion(data.version, NOTES_STATE_VERSION) };
    if (!Array.isArray(data.notas)) return { ok: false, problem: NOTES_DOC.noNotesList };
    list = data.notas;
    versioned = true;
  } else return { ok: false, problem: NOTES_DOC.notesShape };
  const seen = new Set<number>();
  for (const [i, n] of list.entries()) {
    // The label is built only for a problem: a valid file (every read and write) reads no sentence.
    const where = () => NOTES_DOC.item(i + 1);
    if (!isPlainObject(n)) return { ok: false, problem: NOTES_DOC.noteNotObject(where()) };
    if (!isPositiveId(n.id)) return { ok: false, problem: NOTES_DOC.badId(where(), n.id) };
    if (seen.has(n.id)) return { ok: false, problem: NOTES_DOC.repeatedNote(n.id) };
    seen.add(n.id);
    if (typeof n.tema !== 'string' || n.tema.trim() === '') return { ok: false, problem: NOTES_DOC.noteField(n.id, 'tema') };
    if (typeof n.texto !== 'string') return { ok: false, problem: NOTES_DOC.noteField(n.id, 'texto') };
    if (versioned && n.semana !== null && !isPositiveId(n.semana)) return { ok: false, problem: NOTES_DOC.noteWeek(n.id) };
    if (n.origen !== undefined && !(isPlainObject(n.origen) && typeof n.origen.archivo === 'string' && (n.origen.pagina === null || isPositiveId(n.origen.pagina)))) {
      return { ok: false, problem: NOTES_DOC.noteSource(n.id) };
    }
  }
  const last = versioned && isPlainObject(data) ? data.ultimo_id : undefined;
  if (last !== undefined) {
    if (!isPositiveId(last)) return { ok: false, problem: NOTES_DOC.lastId };
    lastIdOf.set(list as Note[], last);
  }
  return { ok: true, value: list as Note[] };
};

/** The version-3 document of `notes` (a note still without a week is written with none; a source only where there is one). */
function notesDocument(notes: readonly Note[], lastId = 0): NotesDocument {
  const last = notes.reduce((m, n) => Math.max(m, n.id), lastId);
  return {
    version: NOTES_STATE_VERSION,
    notas: notes.map((n) => ({ id: n.id, tema: n.tema, texto: n.texto, semana: n.semana ?? null, ...(n.origen ? { origen: n.origen } : {}) })),
    ...(last > 0 ? { ultimo_id: last } : {}),
  };
}

/**
 * Version 2 of `tarjetas.json`: `{version: 2, tarjetas: [...]}`, a card the owner deleted kept in it
 * as a tombstone (`borrada: true` and when, `borrada_el`): its id is never reused and the next plan of
 * its week does not make it again. Version 1 is the plain list the deck was first: it is read as is
 * and written back as version 2 the first time the deck changes.
 */
export const CARDS_STATE_VERSION = 2;

const checkCards: ShapeCheck<Card[]> = (raw) => {
  let data: unknown = raw;
  if (isPlainObject(raw) && 'version' in raw) {
    if (raw.version !== CARDS_STATE_VERSION) return { ok: false, problem: NOTES_DOC.cardsVersion(raw.version, CARDS_STATE_VERSION) };
    data = raw.tarjetas;
  }
  if (!Array.isArray(data)) return { ok: false, problem: NOTES_DOC.cardsShape };
  const seen = new Set<number>();
  for (const [i, c] of data.entries()) {
    const where = () => NOTES_DOC.item(i + 1);
    if (!isPlainObject(c)) return { ok: false, problem: NOTES_DOC.cardNotObject(where()) };
    if (!isPositiveId(c.id)) return { ok: false, problem: NOTES_DOC.badId(where(), c.id) };
    if (seen.has(c.id)) return { ok: false, problem: NOTES_DOC.repeatedCard(c.id) };
    seen.add(c.id);
    if (!isPositiveId(c.id_nota)) return { ok: false, problem: NOTES_DOC.cardNote(c.id) };
    for (const k of ['tipo', 'pregunta', 'respuesta', 'creada'] as const) {
      if (typeof c[k] !== 'string') return { ok: false, problem: NOTES_DOC.cardText(c.id, k) };
    }
    if (c.semana !== undefined && !isPositiveId(c.semana)) return { ok: false, problem: NOTES_DOC.cardWeek(c.id) };
    if (c.borrada !== undefined && c.borrada !== true) return { ok: false, problem: NOTES_DOC.cardDeleted(c.id) };
    if (c.borrada_el !== undefined && typeof c.borrada_el !== 'string') return { ok: false, problem: NOTES_DOC.cardNotText(c.id, 'borrada_el') };
    if (c.origen !== undefined && typeof c.origen !== 'string') return { ok: false, problem: NOTES_DOC.cardNotText(c.id, 'origen') };
  }
  return { ok: true, value: data as Card[] };
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

/** True when `removed` are shipped example notes as shipped and no id past theirs was ever given (`lastId`). */
async function onlyExamples(removed: readonly Note[], lastId: number): Promise<boolean> {
  if (removed.length === 0) return false;
  const seed = await readSeedNotes().catch(() => []);
  const examples = await exampleNoteIds(removed).catch(() => new Set<number>());
  return examples.size === removed.length && lastId <= seed.reduce((m, n) => Math.max(m, n.id), 0);
}

/** Seeds `file` with the shipped notes unless it exists (another process may have seeded it). */
async function seedOnce(source: string, file: string): Promise<void> {
  // Copy the bytes, not the file: the shipped asset may be read-only and its mode must not follow.
  await createFileIfAbsent(file, await readFile(source));
}

export interface NotesStoreOptions {
  /**
   * Runs inside the notes' lock right after each write of `notas.json`, with the file's stamps
   * (notesIndex.ts stampOf) before and after it and the notes added, if any, and `rewritten` when a
   * text changed or notes went: the search index follows every write. Must not throw.
   */
  afterWrite?: (before: string | null, after: string | null, notes: readonly Note[], added?: readonly Note[], rewritten?: boolean) => Promise<void>;
}

export function createNotesStore(file: string, opts: NotesStoreOptions = {}): NotesStore {
  const adapter = new ValidatedJsonFile(file, checkNotes, NOTES_DOC.notesRecovery);
  // Reads give the notes (any readable version); writes always give a version-3 document.
  /** The largest id this file ever gave (its `ultimo_id`, or its largest id), as of the last load. */
  let lastId = 0;
  const db = new Low<Note[]>({ read: () => adapter.read(), write: (notes) => writeFileAtomic(file, `${JSON.stringify(notesDocument(notes, lastId), null, 2)}\n`) }, []);
  const mutex = new Mutex();
  const listeners = new Set<(notes: Note[]) => void>();

  async function load(): Promise<Note[]> {
    let data = await adapter.read();
    if (data === null) {
      await seedOnce(SEED_NOTES_FILE, file).catch((e: unknown) => {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' && (e as NodeJS.ErrnoException).path === SEED_NOTES_FILE) {
          throw adapter.corrupt(P.noSeed(SEED_NOTES_FILE));
        }
        throw e;
      });
      data = await adapter.read();
      if (data === null) throw adapter.corrupt(P.vanished);
    }
    db.data = data;
    lastId = data.reduce((m, n) => Math.max(m, n.id), lastIdOf.get(data) ?? 0);
    return data;
  }

  /** The notes appended with the next ids, in one write. */
  async function append(fresh: readonly NewNote[]): Promise<Note[]> {
    if (fresh.length === 0) return [];
    // The next id is read and written under the file's inter-process lock: a CLI and the bot
    // adding at once would otherwise both take the same id and one note would be lost.
    const { added, all } = await mutex.run(() => withFileLock(file, async () => {
      await load();
      const before = await stampOf(file);
      const first = lastId + 1;
      const added: Note[] = fresh.map((n, i) => ({ id: first + i, tema: n.tema, texto: n.texto, semana: n.semana, ...(n.origen ? { origen: n.origen } : {}) }));
      await db.update((d) => d.push(...added));
      const all = structuredClone(db.data);
      await opts.afterWrite?.(before, await stampOf(file), all, added);
      return { added, all };
    }));
    for (const l of listeners) l(all);
    return structuredClone(added);
  }

  return {
    list: () => mutex.run(async () => structuredClone(await load())),
    get: (id) => mutex.run(async () => structuredClone((await load()).find((n) => n.id === id))),
    peek: () => mutex.run(async () => structuredClone((await adapter.read()) ?? [])),
    add: async (tema, texto, semana = null) => (await append([{ tema, texto, semana }]))[0]!,
    addMany: (notes) => append(notes),
    setWeeks: async (weekOf) => {
      const all = await mutex.run(() => withFileLock(file, async () => {
        await load();
        const before = await stampOf(file);
        for (const n of db.data) {
          const w = weekOf(structuredClone(n));
          if (w !== undefined) n.semana = w;
        }
        await db.write();
        const all = structuredClone(db.data);
        await opts.afterWrite?.(before, await stampOf(file), all);
        return all;
      }));
      for (const l of listeners) l(all);
      return all;
    },
    removeMany: async (ids) => {
      const gone = new Set(ids);
      const result = await mutex.run(() => withFileLock(file, async () => {
        const count = (await load()).length;
        if (!db.data.some((n) => gone.has(n.id))) return { removed: 0, all: structuredClone(db.data) };
        const before = await stampOf(file);
        const removing = db.data.filter((n) => gone.has(n.id));
        db.data = db.data.filter((n) => !gone.has(n.id));
        // The notebook was only the shipped examples and they all go (a student's own course
        // replacing the demo): its numbering starts again, so the student's first note is 1, not
        // the one after examples they never saw. Any note of their own, now or before, keeps it.
        if (db.data.length === 0 && await onlyExamples(removing, lastId)) lastId = 0;
        await db.write();
        const all = structuredClone(db.data);
        await opts.afterWrite?.(before, await stampOf(file), all, undefined, true);
        return { removed: count - db.data.length, all };
      }));
      if (result.removed > 0) for (const l of listeners) l(result.all);
      return result.removed;
    },
    update: async (id, change) => {
      const result = await mutex.run(() => withFileLock(file, async () => {
        const note = (await load()).find((n) => n.id === id);
        if (!note) return undefined;
        const previous = structuredClone(note);
        if (change.texto !== undefined) note.texto = change.texto;
        if (change.tema !== undefined) note.tema = change.tema;
        if (change.semana !== undefined) note.semana = change.semana;
        const stamp = await stampOf(file);
        await db.write();
        const all = structuredClone(db.data);
        await opts.afterWrite?.(stamp, await stampOf(file), all, undefined, previous.texto !== note.texto);
        return { before: previous, after: structuredClone(note), all };
      }));
      if (!result) return undefined;
      for (const l of listeners) l(result.all);
      return { before: result.before, after: result.after };
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rewrite: async (change) => {
      const { ids, all } = await mutex.run(() => withFileLock(file, async () => rewriteNotes(await load(), change, async (next) => {
        db.data = next;
        await db.write();
      })));
      for (const l of listeners) l(all);
      return ids;
    },
  };
}

/**
 * `change` applied to `notes` and written once by `save` (notes store's lock held). No search index
 * update: texts change in place, so the index sees a stale stamp and rebuilds itself at the next search.
 */
async function rewriteNotes(notes: Note[], change: NotesRewrite, save: (next: Note[]) => Promise<void>): Promise<{ ids: number[]; all: Note[] }> {
  const gone = new Set(change.remove);
  const updates = new Map(change.update.map((u) => [u.id, u]));
  const next = notes.filter((n) => !gone.has(n.id)).map((n) => {
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
    next.push({ id, tema: a.tema, texto: a.texto, semana: a.semana, ...(a.origen ? { origen: a.origen } : {}) });
    return id;
  });
  await save(next);
  return { ids, all: structuredClone(next) };
}

export function createCardDeck(file: string): CardDeck {
  const adapter = new ValidatedJsonFile(file, checkCards, NOTES_DOC.cardsRecovery);
  // Reads give the cards (either version); writes always give a version-2 document.
  const db = new Low<Card[]>({ read: () => adapter.read(), write: (cards) => writeFileAtomic(file, `${JSON.stringify({ version: CARDS_STATE_VERSION, tarjetas: cards }, null, 2)}\n`) }, []);
  const mutex = new Mutex();

  async function load(): Promise<Card[]> {
    db.data = (await adapter.read()) ?? [];
    return db.data;
  }

  return {
    list: () => mutex.run(async () => structuredClone((await load()).filter((c) => !c.borrada))),
    append: (request: readonly NewCard[] | ((deck: readonly Card[], deleted: readonly Card[]) => readonly NewCard[]), now = new Date(), origin?: string) =>
      mutex.run(() => withFileLock(file, async () => {
        const deck = await load();
        const earlier = origin ? deck.filter((c) => c.origen === origin && !c.borrada) : [];
        if (earlier.length > 0) return structuredClone({ cards: earlier, added: [] });
        const cards = typeof request === 'function' ? request(structuredClone(deck.filter((c) => !c.borrada)), structuredClone(deck.filter((c) => c.borrada && !c.reemplazada))) : request;
        // The same card twice teaches nothing: preparing a week again reuses the cards it made.
        const same = (a: NewCard, b: Card) => a.id_nota === b.id_nota && a.pregunta === b.pregunta && a.respuesta === b.respuesta;
        let next = deck.reduce((m, c) => Math.max(m, c.id), 0) + 1;
        const added: Card[] = [];
        const result = cards.map((c) => {
          const stored = deck.find((d) => same(c, d) && !d.borrada);
          if (stored) return stored;
          const card: Card = { id: next++, ...c, creada: now.toISOString(), ...(origin ? { origen: origin } : {}) };
          added.push(card);
          return card;
        });
        if (added.length > 0) await db.update((d) => d.push(...added));
        return structuredClone({ cards: result, added });
      })),
    edit: (id, pregunta, respuesta) =>
      mutex.run(() => withFileLock(file, async () => {
        const card = (await load()).find((c) => c.id === id && !c.borrada);
        if (!card) return undefined;
        Object.assign(card, { pregunta, respuesta });
        await db.write();
        return structuredClone(card);
      })),
    remove: (id, _by, replaced) =>
      mutex.run(() => withFileLock(file, async () => {
        const card = (await load()).find((c) => c.id === id && !c.borrada);
        if (!card) return false;
        // A tombstone, not a splice: ids are never reused, so a later card cannot inherit this
        // one's review history.
        card.borrada = true;
        card.borrada_el = new Date().toISOString();
        if (replaced) card.reemplazada = true;
        await db.write();
        return true;
      })),
    setWeeks: (weekOf) =>
      mutex.run(() => withFileLock(file, async () => {
        const deck = await load();
        for (const card of deck) {
          if (card.borrada) continue;
          const w = weekOf(structuredClone(card));
          if (w === null) delete card.semana;
          else if (w !== undefined) card.semana = w;
        }
        await db.write();
        return structuredClone(deck.filter((c) => !c.borrada));
      })),
    repoint: (noteOf) =>
      mutex.run(() => withFileLock(file, async () => {
        const deck = await load();
        let changed = false;
        for (const card of deck) {
          const to = Object.hasOwn(noteOf, card.id) ? noteOf[card.id] : undefined;
          if (to !== undefined && card.id_nota !== to) [card.id_nota, changed] = [to, true];
        }
        if (changed) await db.write();
      })),
  };
}
