/**
 * A question to the notebook answered with the passages that say it (issues 43 item 6, 44 item 4):
 * «explícame el ciclo de Carnot» gets the best one to three passages of the student's notes, quoted,
 * each with its source (the file and page, or «tu nota 12») and a button to make cards of it; no hit
 * is said plainly. The passage index (domain/passages) is the chat's one search; it is kept in
 * memory per notebook and brought up to date with the notes before each question, so only new or
 * changed notes are cut again. No run, no model, no tokens.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { readsAsQuestion, type Understood } from '../agent/understand.js';
import type { PackedMessage } from '../lib/message-pack.js';
import { PassageIndex, type PassageHit, type SourcedNote } from '../domain/passages/index.js';
import { terms } from '../domain/passages/terms.js';
import { fold } from '../lib/fold.js';
import { weekOfNote, type Course } from '../domain/course/course.js';
import { PASSAGES, passageMessages, type QuotedPassage } from '../strings/passages.js';
import { CALLBACKS } from './callbacks.js';

/** How many passages an answer quotes at most. */
export const ANSWER_MAX_PASSAGES = 3;

export type PassageReply =
  | { kind: 'found'; messages: PackedMessage[]; keyboard: InlineKeyboardMarkup; hits: PassageHit[] }
  | { kind: 'none'; text: string };

/** What the notes are asked, and whether only an answer that found something is given. */
export interface NotesQuestion {
  /** The subject, as the answer names it («Esto dicen tus notas sobre «ciclo de carnot»»). */
  query: string;
  /**
   * The message as written, what the passage index reads: the understanding keeps only a subject,
   * but «dónde ocurre…», «quién fue…», «qué productos da…» say which passage answers.
   */
  phrasing: string;
  /** True for a message read as something else: answered from the notes only when they hold it. */
  onlyFound: boolean;
  /** A message not even shaped like a question: answered only when the first passage holds most of its words. */
  strict?: boolean;
}

/**
 * Whether a message is asked of the notes, and with what words: a `buscar` with its subject; a
 * message shaped like a question («¿por qué las hojas son verdes?», «de qué depende…», «y el de
 * Clausius qué dice») that the reading took for small talk, a look at the notebook or could not
 * place — the notes then decide: it is a question about them when they hold its words; a message
 * the reading could not place at all («Degas era impresionista», no mark of a question) when the
 * notes hold most of its words. Anything else is not asked of the notes.
 */
export function notesQuestion(u: Understood, text: string): NotesQuestion | undefined {
  const phrasing = text.replace(/[¿?¡!]/g, ' ').replace(/\s+/g, ' ').trim();
  if (u.intent === 'buscar') return { query: u.consulta, phrasing, onlyFound: false };
  if (NAMES_WEEK_WORK.test(fold(text))) return undefined;
  const words = new Set(terms(phrasing)).size;
  if (words === 0) return undefined;
  if (readsAsQuestion(text)) {
    // Small talk, a message placed nowhere, and a question the classifier took for a command that
    // only shows something when it has words of its own («¿qué pasa si falta agua?»; «¿qué estás haciendo?» has none).
    const unplaced = CHATTY.has(u.intent) || u.intent === 'ambiguo' || ((u.intent === 'gracias' || showingOrder(u)) && words >= ORDER_WORDS);
    return unplaced ? { query: phrasing, phrasing, onlyFound: true } : undefined;
  }
  const nowhere = u.intent === 'ambiguo' || u.intent === 'charla' || showingOrder(u);
  return nowhere && words >= STRICT_WORDS ? { query: phrasing, phrasing, onlyFound: true, strict: true } : undefined;
}

/** Small talk and greetings: what the classifier makes of a message it has no class for. */
const CHATTY: ReadonlySet<string> = new Set(['charla', 'saludo']);

/** A message read as a command that only shows something. */
const showingOrder = (u: Understood): boolean => u.intent === 'orden' && SHOWING_ORDERS.has(u.nombre);

/** Words of a week's work: a question about a week or a part of one is left to the week's reading. */
const NAMES_WEEK_WORK = /\b(?:semanas?|week|portadas?|narracion|audio|podcast|episodio|tarjetas?|fichas?)\b/;
/** Commands that only show something (never the spending: «¿cuánto llevo gastado?» is not a question to economics notes). */
const SHOWING_ORDERS: ReadonlySet<string> = new Set(['estado', 'ayuda', 'notas', 'start']);
/** How many words of its own a question read as thanks or as one of those commands needs to be tried on the notes. */
const ORDER_WORDS = 2;
/** How many subject words a message with no mark of a question needs to be tried on the notes. */
const STRICT_WORDS = 2;
/** The share of such a message's words the first passage must hold. */
export const STRICT_COVER = 0.6;

/**
 * The buttons under an answer: one per quoted note, each on its own row (its label names the
 * passage it is under, too long for two a row on a phone), numbered like the passages when
 * there are several notes.
 */
export function passageKeyboard(noteIds: readonly number[]): InlineKeyboardMarkup {
  const one = new Set(noteIds).size === 1;
  const seen = new Set<number>();
  const rows = noteIds.flatMap((id, i) => {
    if (seen.has(id)) return [];
    seen.add(id);
    return [[{ text: PASSAGES.cardsButton(one ? (noteIds.length === 1 ? 'one' : 'all') : i + 1), callback_data: CALLBACKS.passageCards.format(id) }]];
  });
  return { inline_keyboard: rows };
}

export class PassageAnswers {
  readonly #index = new PassageIndex();
  /** The last sync: questions asked together wait for each other's, so two never cut the same notes. */
  #synced: Promise<void> = Promise.resolve();

  /**
   * The reply to `asked` (a question read by `notesQuestion`, or words to look up) over `notes`
   * (the notebook's, as they are now) in `course`.
   */
  async answer(notes: readonly SourcedNote[], asked: NotesQuestion | string, course: Course): Promise<PassageReply> {
    const { query, phrasing, strict } = typeof asked === 'string' ? { query: asked, phrasing: asked, strict: false } : asked;
    const sync = this.#synced.then(() => this.#index.syncInSlices(notes));
    this.#synced = sync.catch(() => undefined);
    await sync;
    const hits = this.#index.search(phrasing, ANSWER_MAX_PASSAGES);
    if (hits.length === 0 || (strict && hits[0]!.covers < STRICT_COVER)) return { kind: 'none', text: PASSAGES.none(query, [...new Set(notes.map((n) => n.tema))]) };
    const byId = new Map(notes.map((n) => [n.id, n]));
    const quoted = hits.map(({ passage: p }): QuotedPassage => {
      const note = byId.get(p.noteId);
      const week = note ? weekOfNote(course, note) : null;
      return { text: p.text, noteId: p.noteId, tema: p.tema, ...(week !== null ? { week } : {}), ...(p.origen ? { origen: p.origen } : {}) };
    });
    return { kind: 'found', messages: passageMessages(query, quoted), keyboard: passageKeyboard(hits.map((h) => h.passage.noteId)), hits };
  }
}
