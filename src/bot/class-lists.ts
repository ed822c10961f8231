/**
 * The class's list of students (/alumnos) in messages Telegram accepts at any size (issue 46,
 * item 2): each message holds at most 100 students — each with its [Quitar] button, Telegram's
 * limit of buttons in one keyboard — and fits the text limit (lib/message-pack.ts).
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { KEYBOARD_BUTTONS_MAX, MESSAGE_TEXT_MAX, packMessages } from '../lib/message-pack.js';
import { BUTTONS, S } from '../strings/chat.js';
import { CALLBACKS } from './callbacks.js';

export interface StudentRow { id: number; name: string; spent: number | undefined }

/** The header and one line per student, with their buttons under the message that lists them. */
export function studentsMessages(students: readonly StudentRow[], budgetUsd: number): Array<{ text: string; reply_markup: InlineKeyboardMarkup }> {
  const packed = packMessages(S.studentsHeader(students.length, budgetUsd), students.map((s) => ({ text: S.studentLine(s.name, s.spent) })), '\n', MESSAGE_TEXT_MAX, KEYBOARD_BUTTONS_MAX);
  let at = 0;
  return packed.map((m) => {
    const mine = students.slice(at, at + m.items);
    at += m.items;
    return {
      text: m.text,
      reply_markup: { inline_keyboard: mine.map((s) => [{ text: BUTTONS.removeStudent(s.name), callback_data: CALLBACKS.classStudent.format({ action: 'quitar', student: s.id }) }]) },
    };
  });
}
