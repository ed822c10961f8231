/**
 * A question to the notebook answered with the passages that say it (issues 43 item 6, 44 item 4):
 * «explícame el ciclo de Carnot» gets the best one to three passages of the student's notes, quoted,
 * each with its source (the file and page, or «tu nota 12») and a button to make cards of it; no hit
 * is said plainly. The passage index (tools/passages) is the chat's one search; it is kept in
 * memory per notebook and brought up to date with the notes before each question, so only new or
 * changed notes are cut again. No run, no model, no tokens.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { PackedMessage } from '../lib/message-pack.js';
import { PassageIndex, type PassageHit, type SourcedNote } from '../tools/passages/index.js';
import { weekOfNote, type Course } from '../tools/course/course.js';
import { PASSAGES, passageMessages, type QuotedPassage } from '../strings/passages.js';
import { CALLBACKS } from './callbacks.js';

/** How many passages an answer quotes at most. */
export const ANSWER_MAX_PASSAGES = 3;

export type PassageReply =
  | { kind: 'found'; messages: PackedMessage[]; keyboard: InlineKeyboardMarkup; hits: PassageHit[] }
  | { kind: 'none'; text: string };

/** The buttons under an answer: one per quoted note, numbered like the passages when there are several. */
export function passageKeyboard(noteIds: readonly number[]): InlineKeyboardMarkup {
  const one = new Set(noteIds).size === 1;
  const seen = new Set<number>();
  const row = noteIds.flatMap((id, i) => {
    if (seen.has(id)) return [];
    seen.add(id);
    return [{ text: PASSAGES.cardsButton(one ? undefined : i + 1), callback_data: CALLBACKS.passageCards.format(id) }];
  });
  return { inline_keyboard: [row] };
}

export class PassageAnswers {
  readonly #index = new PassageIndex();

  /** The reply to `query` over `notes` (the notebook's, as they are now) in `course`. */
  answer(notes: readonly SourcedNote[], query: string, course: Course): PassageReply {
    this.#index.sync(notes);
    const hits = this.#index.search(query, ANSWER_MAX_PASSAGES);
    if (hits.length === 0) return { kind: 'none', text: PASSAGES.none(query, [...new Set(notes.map((n) => n.tema))]) };
    const byId = new Map(notes.map((n) => [n.id, n]));
    const quoted = hits.map(({ passage: p }): QuotedPassage => {
      const note = byId.get(p.noteId);
      const week = note ? weekOfNote(course, note) : null;
      return { text: p.text, noteId: p.noteId, tema: p.tema, ...(week !== null ? { week } : {}), ...(p.fuente ? { fuente: p.fuente } : {}) };
    });
    return { kind: 'found', messages: passageMessages(query, quoted), keyboard: passageKeyboard(hits.map((h) => h.passage.noteId)), hits };
  }
}
