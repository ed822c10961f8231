/** Shapes of the notebook's state files (data dir) and the Notebook facade other layers use. */
import type { ModelName } from '../config.js';

/**
 * A note of `notas.json`. Structurally the same as tools/domain.ts `Note` (the store is the lower
 * layer and may not import tools/, so the shape is repeated here; TypeScript checks they agree where
 * the toolbox passes the notebook as a NotesReader).
 */
export interface Note {
  id: number;
  tema: string;
  texto: string;
}

/** One review card in `tarjetas.json`. */
export interface Card {
  /** Sequential across the deck, from 1. */
  id: number;
  /** The note the card was made from. */
  id_nota: number;
  /** `cloze`: a sentence of the note with one key term hidden; `tema`: which topic a note is about. */
  tipo: 'cloze' | 'tema';
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
}
export type NewCard = Omit<Card, 'id' | 'creada' | 'origen'>;

/** What a caller records; `fecha` defaults to now. */
export interface UsageInput {
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
  /** The key it was written under (absent in rows of the first file format or without one). */
  clave?: string;
}

export interface NotesStore {
  list(): Promise<Note[]>;
  get(id: number): Promise<Note | undefined>;
  /** Appends a note with the next id (max id + 1). */
  add(tema: string, texto: string): Promise<Note>;
  /** Called after a note is added by this process (e.g. to regenerate the `id_nota` enum). */
  onChange(listener: (notes: Note[]) => void): () => void;
}

export interface CardDeck {
  list(): Promise<Card[]>;
  /**
   * Appends cards with new sequential ids (max id + 1, …) in one atomic write. A card the deck
   * already holds (same note, question and answer) is not added again; with `origin`, a second
   * append of the same origin returns the cards already stored. `cards` are the request's cards
   * (stored ones included), `added` the ones this call wrote.
   */
  append(cards: readonly NewCard[], now?: Date, origin?: string): Promise<{ cards: Card[]; added: Card[] }>;
}

export interface UsageLog {
  /** Appends one CSV row with the cost from the price table; returns the row. */
  append(input: UsageInput): Promise<UsageRow>;
  list(): Promise<UsageRow[]>;
  /** Sum of `coste_usd` of the rows in the same UTC calendar month as `date`. */
  /**
   * USD spent in `date`'s month (UTC). Rows whose task starts with ESTIMATED_TASK_PREFIX are
   * estimates of a model that cost nothing (the offline planner) and do not count as spend.
   */
  monthTotal(date: Date): Promise<number>;
}

export interface AuditLog {
  /** Appends one JSON line; entries must not carry note bodies or scripts (the caller's duty). */
  append(entry: Record<string, unknown>): Promise<void>;
  list(): Promise<Record<string, unknown>[]>;
}

/** The student's notebook in one data dir. Implements NotesReader (its `list()` lists the notes). */
export interface Notebook {
  list(): Promise<Note[]>;
  readonly dataDir: string;
  readonly files: { notes: string; cards: string; usage: string; audit: string };
  readonly notes: NotesStore;
  readonly cards: CardDeck;
  readonly usage: UsageLog;
  readonly audit: AuditLog;
}
