/**
 * The buttons under /start (pure, like keyboards.ts): [📚 Poner mi curso] [📎 Mandar apuntes] and
 * [🗓 Preparar una semana] — or, when the student's own course dates today, that week by its own
 * name, which is the quick reply «prepara la semana N» itself (`qr:p:N`, keyboards.ts).
 * Callback data: `st:c` (the course), `st:m` (how to send material), `st:w` (which week).
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { FIRST_MINUTE_BUTTONS as B, START_LABEL_MAX } from '../strings/first-minute.js';
import { quickCallbackData } from './keyboards.js';
import { truncate } from './format.js';

export type StartTap = 'curso' | 'material' | 'semana';

const TAPS: Readonly<Record<StartTap, string>> = Object.freeze({ curso: 'st:c', material: 'st:m', semana: 'st:w' });

/** `today`: the week of today's date in the student's own course, with its title («Semana 3 · …»). */
export function startKeyboard(ownCourse: boolean, today?: { week: number; title: string }): InlineKeyboardMarkup {
  const prepare = today
    ? { text: truncate(B.prepareWeek(today.title), START_LABEL_MAX), callback_data: quickCallbackData({ kind: 'semana', action: 'p', week: today.week }) }
    : { text: B.prepare, callback_data: TAPS.semana };
  return {
    inline_keyboard: [
      [{ text: ownCourse ? B.ownCourse : B.course, callback_data: TAPS.curso }, { text: B.material, callback_data: TAPS.material }],
      [prepare],
    ],
  };
}

export function parseStartCallback(data: string | undefined): StartTap | undefined {
  return (Object.keys(TAPS) as StartTap[]).find((k) => TAPS[k] === data);
}
