/**
 * The review buttons as pure functions, and their callback-data grammar. A rating button carries
 * the card id and the card's answer count when it was shown: a second tap, or a button left over
 * from before a restart, finds the count changed and is answered "ya calificada" — never applied twice.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { GRADES, type Grade } from '../store/index.js';
import { RS } from '../strings/review.js';

export type ReviewTap =
  | { kind: 'start' }
  | { kind: 'reveal'; card: number; count: number }
  | { kind: 'rate'; card: number; count: number; grade: Grade }
  | { kind: 'undo' }
  | { kind: 'end' }
  | { kind: 'suspend'; card: number }
  | { kind: 'edit'; card: number }
  | { kind: 'removeAsk'; card: number }
  | { kind: 'remove'; card: number }
  | { kind: 'keep'; card: number }
  | { kind: 'page'; page: number };

export function encodeTap(t: ReviewTap): string {
  switch (t.kind) {
    case 'start': return 'rv:go';
    case 'reveal': return `rv:s:${t.card}:${t.count}`;
    case 'rate': return `rv:r:${t.card}:${t.count}:${t.grade}`;
    case 'undo': return 'rv:u';
    case 'end': return 'rv:x';
    case 'suspend': return `rv:p:${t.card}`;
    case 'edit': return `rv:e:${t.card}`;
    case 'removeAsk': return `rv:d:${t.card}`;
    case 'remove': return `rv:dd:${t.card}`;
    case 'keep': return `rv:k:${t.card}`;
    case 'page': return `rv:pg:${t.page}`;
  }
}

export function parseTap(data: string | undefined): ReviewTap | undefined {
  const [p, kind, a, b, c] = (data ?? '').split(':');
  if (p !== 'rv') return undefined;
  const n = (s: string | undefined) => (s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : NaN);
  const ok = (...xs: number[]) => xs.every(Number.isSafeInteger);
  switch (kind) {
    case 'go': return { kind: 'start' };
    case 'u': return { kind: 'undo' };
    case 'x': return { kind: 'end' };
    case 's': return ok(n(a), n(b)) ? { kind: 'reveal', card: n(a), count: n(b) } : undefined;
    case 'r': return ok(n(a), n(b)) && GRADES.includes(n(c) as Grade) ? { kind: 'rate', card: n(a), count: n(b), grade: n(c) as Grade } : undefined;
    case 'p': return ok(n(a)) ? { kind: 'suspend', card: n(a) } : undefined;
    case 'e': return ok(n(a)) ? { kind: 'edit', card: n(a) } : undefined;
    case 'd': return ok(n(a)) ? { kind: 'removeAsk', card: n(a) } : undefined;
    case 'dd': return ok(n(a)) ? { kind: 'remove', card: n(a) } : undefined;
    case 'k': return ok(n(a)) ? { kind: 'keep', card: n(a) } : undefined;
    case 'pg': return ok(n(a)) ? { kind: 'page', page: n(a) } : undefined;
    default: return undefined;
  }
}

const button = (text: string, tap: ReviewTap) => ({ text, callback_data: encodeTap(tap) });

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
