/**
 * The buttons under /start (pure, like keyboards.ts): [📚 Poner mi curso] [📎 Mandar apuntes] and
 * [🗓 Preparar una semana] — or, when the student's own course dates today, that week by its own
 * name, which is the quick reply «prepara la semana N» itself (`qr:p:N`, keyboards.ts).
 * Callback data through the registry (callbacks.ts, kind `start`).
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { FIRST_MINUTE_BUTTONS as B, START_LABEL_MAX } from '../strings/first-minute.js';
import { CALLBACKS, type StartTap } from './callbacks.js';
import { quickCallbackData } from './keyboards.js';
import { truncate } from './format.js';

export type { StartTap };
const data = (t: StartTap) => CALLBACKS.start.format(t);

/** `today`: the week of today's date in the student's own course, with its title («Semana 3 · …»). */
export function startKeyboard(ownCourse: boolean, today?: { week: number; title: string }): InlineKeyboardMarkup {
  const prepare = today
    ? { text: truncate(B.prepareWeek(today.title), START_LABEL_MAX), callback_data: quickCallbackData({ kind: 'semana', action: 'p', week: today.week }) }
    : { text: B.prepare, callback_data: data('semana') };
  return {
    inline_keyboard: [
      [{ text: ownCourse ? B.ownCourse : B.course, callback_data: data('curso') }, { text: B.material, callback_data: data('material') }],
      [prepare],
    ],
  };
}

export function parseStartCallback(d: string | undefined): StartTap | undefined {
  return CALLBACKS.start.parse(d);
}
