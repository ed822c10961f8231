/** Shapes of the notebook's state files (data dir) and the Notebook facade other layers use. */
import type { ReasonsLog } from './reasons.js';
import type { ModelName } from '../config.js';
import type { CourseFile, StoredCourse } from './courseFile.js';
import type { ReviewStore } from './reviews.js';

/**
 * A note of `notas.json`. Structurally the same as domain/notebook.ts `Note` (the store is the lower
 * layer and may not import tools/, so the shape is repeated here; TypeScript checks they agree where
 * the toolbox passes the notebook as a NotesReader).
 */
export interface Note {
  id: number;
  tema: string;
  texto: string;
  /**
   * The course week the note belongs to (null: none). Absent only in a note read from a version-1
   * `notas.json` (a plain list, before notes carried their week) that has not been migrated yet.
   */
  semana?: number | null;
  /** Where the note's text comes from: an imported file and the page where it starts (null: a file without pages). Absent: typed, or older. */
  origen?: NoteSource;
}

/** An imported note's source: the file's name as the student sent it and the page its text starts on. */
export interface NoteSource {
  archivo: string;
  pagina: number | null;
}

/** What `NotesStore.update` changes in a note: any of its text, topic and week (null: none). */
export interface NoteChange {
  texto?: string;
  tema?: string;
  semana?: number | null;
}

/** Who asked for a change of the notebook, for its audit line: the person's id. */
export interface ChangedBy {
  por: number;
}

/** A note to append: its week, and its source when it comes from a file. */
export interface NewNote {
  tema: string;
  texto: string;
  semana: number | null;
  origen?: NoteSource;
}

/** One review card in `tarjetas.json`. */
export interface Card {
  /** Sequential across the deck, from 1. */
  id: number;
  /** The note the card was made from. */
  id_nota: number;
  /**
   * `cloze`: a sentence of the note with one key term hidden; `definicion`: what the note says the
   * term is or does; `tema`: which topic a note is about; `enunciado`: what a named law or statement
   * says; `formula`: the formula of a quantity, also in words; `fecha`: the year of an event.
   */
  tipo: 'cloze' | 'definicion' | 'tema' | 'enunciado' | 'formula' | 'fecha';
  /** The study week of the note's topic, when it has one (cards made before weeks were kept lack it). */
  semana?: number;
  pregunta: string;
  respuesta: string;
  /** ISO timestamp of creation. */
  creada: string;
  /**
   * The request that made the card (idempotency key of the call), when there was one: appending
   * again with the same origin returns these cards instead of duplicating them — so a process
   * killed between the deck write and the idempotency record cannot add the same cards twice.
   */
  origen?: string;
  /**
   * Deleted by the owner: kept as a tombstone so its id is never reused and the next plan of its week
   * does not make it again; readers of the deck never see it.
   */
  borrada?: true;
  /** ISO timestamp of the deletion (tombstones of a version-1 deck lack it). */
  borrada_el?: string;
  /**
   * Deleted because its note was corrected and the student asked for its cards again: the tombstone
   * keeps the id, but does not stop a card of the corrected text (same question, new answer).
   */
  reemplazada?: true;
}
export type NewCard = Omit<Card, 'id' | 'creada' | 'origen' | 'borrada' | 'borrada_el' | 'reemplazada'>;

/**
 * Where a usage row's figures come from — set by the program, never read from the task name:
 * `facturado` the API's own `usage` of a real model call (the only spend the budget counts),
 * `estimado` the offline planner's ~4 chars/token estimate (nothing was billed),
 * `nota_del_modelo` what the model itself claimed through `registrar_uso` (shown, never counted).
 */
export type UsageOrigin = 'facturado' | 'estimado' | 'nota_del_modelo';
export const USAGE_ORIGINS: readonly UsageOrigin[] = ['facturado', 'estimado', 'nota_del_modelo'];

/** What a caller records; `fecha` defaults to now. */
export interface UsageInput {
  origen: UsageOrigin;
  tarea: string;
  modelo: ModelName;
  tokens_entrada: number;
  tokens_salida: number;
  fecha?: Date;
  /**
   * Idempotency key of the row (a run's model turn, a registrar_uso call): a row with this key
   * already in the log is returned instead of appending a second one.
   */
  clave?: string;
}
/** One row of `registro_uso.csv`: what ran, with which model, and its cost — never note contents. */
export interface UsageRow {
  /** ISO timestamp (UTC). */
  fecha: string;
  tarea: string;
  modelo: string;
  tokens_entrada: number;
  tokens_salida: number;
  coste_usd: number;
  origen: UsageOrigin;
  /** The key it was written under (absent in older rows or rows written without one). */
  clave?: string;
}

/** One month of usage, split by origin (`/gasto`). */
export interface UsageMonth {
  /** USD measured from the API's usage: what the budget counts. */
  billedUsd: number;
  billedTokens: number;
  /** The offline planner's estimates (cost nothing). */
  estimatedTokens: number;
  /** What the model noted through registrar_uso: rows and their claimed USD (never counted). */
  modelNotes: { rows: number; usd: number };
}

export interface NotesStore {
  list(): Promise<Note[]>;
  get(id: number): Promise<Note | undefined>;
  /** The notes on disk, without seeding a missing file with the demo's (a dry run of an import leaves nothing behind). */
  peek(): Promise<Note[]>;
  /** Appends a note with the next id (max id + 1) and its week (null: none). */
  add(tema: string, texto: string, semana?: number | null): Promise<Note>;
  /**
   * Appends these notes, in order, with the next ids, in one atomic write of the file (an import of
   * hundreds of notes: one write instead of one per note; after a kill either all or none are in).
   */
  addMany(notes: readonly NewNote[]): Promise<Note[]>;
  /**
   * Rewrites every note's week as `weekOf(note)` decides (a note whose week is undefined keeps its
   * own), in one atomic write of a version-3 file; returns the notes. How a version-1 file migrates
   * (weeks from topics) and how a replaced course leaves notes of vanished weeks without one.
   */
  setWeeks(weekOf: (note: Note) => number | null | undefined): Promise<Note[]>;
  /**
   * Removes the notes with these ids in one atomic write (the owner chose to delete a week's notes,
   * or one note); returns how many went. `by`: who asked, for the audit line (the notebook's).
   */
  removeMany(ids: readonly number[], by?: ChangedBy): Promise<number>;
  /**
   * Changes one note — its text, its topic or its week — in one atomic write of the file; the search
   * index follows (a new text is indexed again). Undefined when no note has this id. The notebook
   * audits it (a move and an edit apart, ids and lengths, never text); `by`: who asked.
   */
  update(id: number, change: NoteChange, by?: ChangedBy): Promise<{ before: Note; after: Note } | undefined>;
  /** Called after a note is added by this process (e.g. to regenerate the `id_nota` enum). */
  onChange(listener: (notes: Note[]) => void): () => void;
  /**
   * A document read again (domain/material/reread.ts), in one atomic write: notes replaced in place
   * (same id and week), notes removed, notes appended. Idempotent: a note to add that is already
   * there above `baseId` (same topic, text and source, a kill after an earlier write) is found, not
   * added twice. Returns the added notes' ids in the order asked.
   */
  rewrite(change: NotesRewrite): Promise<number[]>;
}

/** What `NotesStore.rewrite` changes: absolute values, so applying it again changes nothing twice. */
export interface NotesRewrite {
  update: readonly { id: number; tema: string; texto: string; origen?: NoteSource }[];
  remove: readonly number[];
  add: readonly NewNote[];
  /** Highest note id when the change was planned: only notes above it can be this change's own. */
  baseId: number;
}

export interface CardDeck {
  list(): Promise<Card[]>;
  /**
   * Appends cards with new sequential ids (max id + 1, …) in one atomic write. A card the deck
   * already holds (same note, question and answer) is not added again; with `origin`, a second
   * append of the same origin returns the cards already stored. `cards` are the request's cards
   * (stored ones included), `added` the ones this call wrote. `cards` may be a function of the
   * deck as it is inside the write (live cards only): what to add then depends on what is there,
   * with no other append in between (crear_tarjetas' week rules, with several notes at once); it also
   * gets the deck's deleted cards, so a card the owner deleted is not made again.
   */
  append(cards: readonly NewCard[] | ((deck: readonly Card[], deleted: readonly Card[]) => readonly NewCard[]), now?: Date, origin?: string): Promise<{ cards: Card[]; added: Card[] }>;
  /** The owner's edit of a card's question and answer (its id, note and history stay); undefined if absent. `by`: who asked, for the audit line. */
  edit(id: number, pregunta: string, respuesta: string, by?: ChangedBy): Promise<Card | undefined>;
  /** Removes card `id` from the deck (a tombstone); false if it was not there. `by`: who asked, for the audit line. */
  remove(id: number, by?: ChangedBy, replaced?: boolean): Promise<boolean>;
  /**
   * Rewrites the week of every live card as `weekOf(card)` decides (undefined: keeps its own; null:
   * no week), in one atomic write: how a removed week's later weeks move down one.
   */
  setWeeks(weekOf: (card: Card) => number | null | undefined): Promise<Card[]>;
  /** Card id → its note's new id, in one atomic write (a document read again merged its note into another); ids and history stay. */
  repoint(noteOf: Readonly<Record<number, number>>): Promise<void>;
}

export interface UsageLog {
  /** Appends one CSV row with the cost from the price table; returns the row. */
  append(input: UsageInput): Promise<UsageRow>;
  /** Every row in memory: for small logs and tests; a log of any size is read with `rows()`. */
  list(): Promise<UsageRow[]>;
  /** The rows one at a time, read over a stream (bounded memory whatever the log's size). */
  rows(): AsyncIterable<UsageRow>;
  /** USD billed in `date`'s month (UTC): rows of origin `facturado` only. */
  monthTotal(date: Date): Promise<number>;
  /** `date`'s month (UTC) split by origin. */
  month(date: Date): Promise<UsageMonth>;
  /**
   * One run's rows (keyed `<key>#…`, the key being `<runId>@<startedAt>`), split by origin with the
   * same function as `month`: what the report's cost line says this run spent.
   */
  ofRun(key: string): Promise<UsageMonth>;
}

export interface AuditLog {
  /** Appends one JSON line; entries must not carry note bodies or scripts (the caller's duty). */
  append(entry: Record<string, unknown>): Promise<void>;
  list(): Promise<Record<string, unknown>[]>;
}

// The notes' search index (notesIndex.ts): its interface lives here with the notebook's, so the
// index module needs no circle back to this file.

/** One note found: the note and its similarity. */
export interface Found {
  note: Note;
  score: number;
}

export interface NotesIndex {
  /**
   * docs/design.md §3 search over the notes on disk now: the k best, ties in note order. When no word of the
   * query is in the notes, the approximate search (accents folded, Spanish stems) answers with
   * only the notes it found, and `approximate` is true.
   */
  search(query: string, k: number): Promise<{ found: Found[]; approximate: boolean }>;
  /** Whether a note with this id exists now. */
  has(id: number): Promise<boolean>;
  /**
   * Called by the notes store inside the notes' lock right after it wrote `notas.json`:
   * `before`/`after` are the file's stamps around the write, `added` the notes it appended (none:
   * only weeks changed). `rewritten`: a note's text changed or notes went (an edit, a deletion): the
   * index is made again from `notes`. Never throws: an index it cannot update is rebuilt by the next search.
   */
  afterWrite(before: string | null, after: string | null, notes: readonly Note[], added?: readonly Note[], rewritten?: boolean): Promise<void>;
}

/** The student's notebook in one data dir. Implements NotesReader (its `list()` lists the notes). */
export interface Notebook {
  list(): Promise<Note[]>;
  readonly dataDir: string;
  /** The notebook's id (store/notebookId.ts): made once, it follows the data folder wherever it moves. */
  readonly id: string;
  readonly files: { notes: string; cards: string; usage: string; audit: string; reviews: string; course: string };
  readonly notes: NotesStore;
  /** The notes' search index (`indice_notas.json`, notesIndex.ts): buscar_notas and whether a note exists. */
  readonly index: NotesIndex;
  readonly cards: CardDeck;
  readonly usage: UsageLog;
  readonly audit: AuditLog;
  readonly reviews: ReviewStore;
  /** `curso.json` (courseFile.ts): null until the owner sets a course of their own. */
  readonly course: CourseFile;
  /**
   * Replaces or edits the course together with the notes' and cards' weeks it moves and what it
   * deletes, as one commit (courseChange.ts): after a kill, all of it or none of it, and audited.
   */
  changeCourse(change: CourseChange): Promise<void>;
  /** `motivos.json` (reasons.ts): the reasons the owner gave for their noes, for the next time. */
  readonly reasons: ReasonsLog;
}

/** A course change as one commit (courseChange.ts): the new course and what moves or goes with it. */
export interface CourseChange {
  curso: StoredCourse;
  /** Note id → its week after the change (only the notes whose week changes; null = none). */
  notas: Record<number, number | null>;
  /** Card id → its week after the change. */
  tarjetas: Record<number, number | null>;
  borrar: { notas: number[]; tarjetas: number[] };
}
