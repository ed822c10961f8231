/**
 * The buttons of the course in the chat (issue 25) — pure; their data is declared in callbacks.ts.
 * Each carries the key of a pending change on disk (course-proposals.ts), so a tap after a restart finds it:
 * `cu:<op>:<key>[:<week>]` — u use, c change a week, x discard, m move the notes to a week, n leave
 * them without one, d delete them (asks again), D delete them (confirmed), k keep everything.
 * `rt:m:<key>` turns a syllabus proposal into material; `rt:t:<import key>` the other way round.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { COURSE_BUTTONS as B } from '../strings/course-chat.js';
import { SHORT_KEY } from '../domain/material/imports.js';
import { CALLBACKS, type CourseOp } from './callbacks.js';
import { WEEK_BUTTONS_PER_ROW } from './keyboards.js';

export type { CourseOp, CourseTap } from './callbacks.js';

const cb = (op: CourseOp, key: string, week?: number) => CALLBACKS.course.format({ op, key, ...(week === undefined ? {} : { week }) });

/** [✅ Usar este curso] [✏️ Cambiar una semana] [❌ Descartar], and the guess's correction when the bot guessed. */
export function proposalKeyboard(key: string, guessed: boolean): InlineKeyboardMarkup {
  const rows: InlineKeyboardButton[][] = [[{ text: B.use, callback_data: cb('u', key) }, { text: B.change, callback_data: cb('c', key) }, { text: B.discard, callback_data: cb('x', key) }]];
  if (guessed) rows.push([{ text: B.isMaterial, callback_data: CALLBACKS.reroute.format({ to: 'material', key }) }]);
  return { inline_keyboard: rows };
}

/** The class's new course offered to a student: [✅ Usar la nueva] [Seguir con la mía]. */
export function publishedKeyboard(key: string): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: B.useNew, callback_data: cb('u', key) }, { text: B.keepMine, callback_data: cb('x', key) }]] };
}

/** What to do with the notes and cards of weeks that go away: a week of the new course, none, or delete. */
export function orphanKeyboard(key: string, weeks: readonly number[]): InlineKeyboardMarkup {
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < weeks.length; i += WEEK_BUTTONS_PER_ROW) rows.push(weeks.slice(i, i + WEEK_BUTTONS_PER_ROW).map((w) => ({ text: B.moveTo(w), callback_data: cb('m', key, w) })));
  rows.push([{ text: B.noWeek, callback_data: cb('n', key) }], [{ text: B.delete, callback_data: cb('d', key) }], [{ text: B.keep, callback_data: cb('k', key) }]);
  return { inline_keyboard: rows };
}

export function confirmDeleteKeyboard(key: string): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: B.confirmDelete, callback_data: cb('D', key) }], [{ text: B.keep, callback_data: cb('k', key) }]] };
}

/** A material proposal made from routed text: the import's own buttons plus [📅 Es un temario]. */
export function withSyllabusButton(markup: InlineKeyboardMarkup, importKey: string): InlineKeyboardMarkup {
  return { inline_keyboard: [...markup.inline_keyboard, [{ text: B.isSyllabus, callback_data: CALLBACKS.reroute.format({ to: 'temario', key: importKey.slice(0, SHORT_KEY) }) }]] };
}

/** The pending course change a message's buttons point at (a reply to the proposal changes a week). */
export function courseKeyOf(markup: InlineKeyboardMarkup | undefined): string | undefined {
  for (const row of markup?.inline_keyboard ?? []) {
    for (const b of row) {
      const t = 'callback_data' in b ? CALLBACKS.course.parse(b.callback_data) : undefined;
      if (t) return t.key;
    }
  }
  return undefined;
}
