/**
 * The review buttons as pure functions (their data: callbacks.ts). A rating button carries
 * the card id and the card's answer count when it was shown: a second tap, or a button left over
 * from before a restart, finds the count changed and is answered "ya calificada" — never applied twice.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Grade } from '../store/index.js';
import { CALLBACKS, type ReviewTap } from './callbacks.js';
import { RS } from '../strings/review.js';

export type { ReviewTap } from './callbacks.js';

const button = (text: string, tap: ReviewTap) => ({ text, callback_data: CALLBACKS.review.format(tap) });

/** The question side: reveal, and the card's tools; "Deshacer" once the session has an answer. */
export function questionKeyboard(card: number, count: number, canUndo: boolean): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [button(RS.reveal, { kind: 'reveal', card, count })],
      [button(RS.edit, { kind: 'edit', card }), button(RS.suspend, { kind: 'suspend', card }), button(RS.remove, { kind: 'removeAsk', card })],
      [...(canUndo ? [button(RS.undo, { kind: 'undo' })] : []), button(RS.end, { kind: 'end' })],
    ],
  };
}

/** The answer side: the four ratings, each with its next interval. */
export function ratingKeyboard(card: number, count: number, intervals: Record<Grade, string>, canUndo: boolean): InlineKeyboardMarkup {
  const rate = (g: Grade) => button(RS.rating(g, intervals[g]), { kind: 'rate', card, count, grade: g });
  return {
    inline_keyboard: [
      [rate(1), rate(2)],
      [rate(3), rate(4)],
      [...(canUndo ? [button(RS.undo, { kind: 'undo' })] : []), button(RS.end, { kind: 'end' })],
    ],
  };
}

export function removeKeyboard(card: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[button(RS.removeYes, { kind: 'remove', card }), button(RS.removeNo, { kind: 'keep', card })]] };
}

export function startKeyboard(): InlineKeyboardMarkup {
  return { inline_keyboard: [[button(RS.review, { kind: 'start' })]] };
}

export function pageKeyboard(page: number, pages: number): InlineKeyboardMarkup {
  const row = [
    ...(page > 1 ? [button(RS.prev, { kind: 'page', page: page - 1 })] : []),
    ...(page < pages ? [button(RS.next, { kind: 'page', page: page + 1 })] : []),
  ];
  return { inline_keyboard: row.length ? [row] : [] };
}
