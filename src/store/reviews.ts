/**
 * `repaso.json`: everything spaced review writes, in one versioned lowdb document so that one
 * atomic write covers a rating, its log entry and the chat session that asked for it (a restart
 * loses no answer and never applies one twice). Shapes are plain JSON; the FSRS arithmetic lives in
 * domain/review. A durable document (store/document.ts) locked on each change, like the deck:
 * every operation re-reads the file (the CLI and the bot share it).
 */
import type { ShapeCheck } from './jsonFile.js';
import { isPlainObject } from './jsonFile.js';
import { DurableDocument, type DocumentFormat } from './document.js';
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

export const REVIEW_STATE_VERSION = 1;

/** 0 new, 1 learning, 2 review, 3 relearning — ts-fsrs's `State` numbering, stored as is. */
export type FsrsStateCode = 0 | 1 | 2 | 3;

/** A card's FSRS memory state as ts-fsrs computes it (dates as ISO strings). */
export interface FsrsSnapshot {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: FsrsStateCode;
  last_review?: string;
}

/** 1 otra vez, 2 difícil, 3 bien, 4 fácil (ts-fsrs `Rating`, Anki's `ease`). */
export type Grade = 1 | 2 | 3 | 4;
/** The FSRS grades (otra, difícil, bien, fácil) — grades, not weeks: the one list of them. */
export const GRADES: readonly Grade[] = Object.freeze([1, 2, 3, 4] as const);

/** One answer in the review log: which card, how it went, when, and the state before and after. */
export interface ReviewEntry {
  /** Sequential across the log, from 1. */
  n: number;
  id_tarjeta: number;
  calificacion: Grade;
  /** ISO time of the answer. */
  fecha: string;
  antes: FsrsSnapshot;
  despues: FsrsSnapshot;
  /** ISO time it was undone ("Deshacer"); an undone entry no longer counts. */
  deshecha?: string;
}

/** A review session in a chat: a pause waiting for a person, kept on disk (docs/design.md §35). */
export interface ReviewSession {
  /** ISO start time. */
  inicio: string;
  /** The card on screen, if any, and whether its answer is shown. */
  actual?: number;
  mostrada: boolean;
  /** Log entries (`n`) answered in this session, in order. */
  respuestas: number[];
  /**
   * The chat message that shows the card on screen (its buttons are the session's only live ones),
   * and the message that shows each answer (by entry `n`), so Deshacer can correct what it says.
   * Optional: sessions written before these fields existed simply lack them.
   */
  mensaje?: number;
  mensajes?: Record<string, number>;
}

export interface ReminderSettings {
  /** `HH:MM`, `null` = turned off by the owner; absent = the configured default. */
  hora?: string | null;
  /** The local day (YYYY-MM-DD in the configured zone) of the last reminder sent. */
  ultimo_dia?: string;
  /** Chat that receives it (the owner's last chat with the bot). */
  chat?: number;
  /**
   * The student's own time zone (IANA), chosen in the chat: the hour above is in it, and times the
   * bot shows are. Absent: the zone the local page's browser tells, else the configured one.
   */
  zona?: string;
}

export interface ReviewState {
  version: typeof REVIEW_STATE_VERSION;
  /** FSRS state per card id (absent = a new card never answered). */
  tarjetas: Record<string, { fsrs?: FsrsSnapshot; suspendida?: boolean }>;
  registro: ReviewEntry[];
  /** Open sessions by chat id. */
  sesiones: Record<string, ReviewSession>;
  recordatorio: ReminderSettings;
}

export interface ReviewStore {
  readonly file: string;
  read(): Promise<ReviewState>;
  /** Runs `fn` on the current state and writes the result atomically (only if `fn` returns normally). */
  update<R>(fn: (state: ReviewState) => R): Promise<R>;
}

export function emptyReviewState(): ReviewState {
  return { version: REVIEW_STATE_VERSION, tarjetas: {}, registro: [], sesiones: {}, recordatorio: {} };
}

const checkState: ShapeCheck<ReviewState> = (data) => {
  if (!isPlainObject(data)) return { ok: false, problem: P.reviewShape };
  if (data.version !== REVIEW_STATE_VERSION) {
    return { ok: false, problem: P.reviewVersion(String(JSON.stringify(data.version)), REVIEW_STATE_VERSION) };
  }
  if (!isPlainObject(data.tarjetas)) return { ok: false, problem: P.objectField('tarjetas') };
  if (!Array.isArray(data.registro)) return { ok: false, problem: P.listField('registro') };
  for (const [i, e] of data.registro.entries()) {
    if (!isPlainObject(e) || typeof e.id_tarjeta !== 'number' || !GRADES.includes(e.calificacion as Grade) || typeof e.fecha !== 'string') {
      return { ok: false, problem: P.reviewEntry(i + 1, GRADES.map(String)) };
    }
  }
  if (!isPlainObject(data.sesiones)) return { ok: false, problem: P.objectField('sesiones') };
  if (!isPlainObject(data.recordatorio)) return { ok: false, problem: P.objectField('recordatorio') };
  return { ok: true, value: data as unknown as ReviewState };
};

const REVIEW_FORMAT: DocumentFormat<ReviewState> = {
  version: REVIEW_STATE_VERSION,
  empty: emptyReviewState,
  check: checkState,
  // One version so far: a version the program does not know is the check's to name.
  versionOf: () => REVIEW_STATE_VERSION,
  recovery: P.reviewFix,
  // The CLI (`calificar`) and the bot rate cards in the same file: each change re-reads it under
  // the inter-process lock so neither loses the other's answer.
  lock: { kind: 'each-change' },
};

export function createReviewStore(file: string): ReviewStore {
  const doc = new DurableDocument(file, REVIEW_FORMAT);
  return {
    file,
    // Each read is the caller's own (read from the file): no copy needed.
    read: () => doc.current(),
    // `fn` runs once, on the state just read under the lock; what it returns may point into that state.
    update: async (fn) => structuredClone(await doc.mutate(fn)),
  };
}
