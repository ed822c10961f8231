/**
 * The last guard against Telegram's length limits, at the one seam every request crosses (grammY's
 * API transformer): a plain text longer than a message is sent as several, split at paragraph, line
 * or word (lib/message-pack.ts, the one rule), the keyboard under the last part; an edit or a caption
 * that cannot be split is cut with «…». Each screen fits its text itself (packMessages, fitMessage);
 * this catches the one that forgot — a proposal of eighty notes did, and the student read only «error
 * interno». A text with entities or a parse mode is left as it is: cutting it would misplace them.
 */
import type { Transformer } from 'grammy';
import { CAPTION_TEXT_MAX, MESSAGE_TEXT_MAX, fitMessage, splitMessage } from '../lib/message-pack.js';

type Payload = Record<string, unknown>;
const CAPTIONED = new Set(['sendPhoto', 'sendDocument', 'sendAudio', 'sendVoice', 'sendVideo', 'sendAnimation', 'editMessageCaption']);

const plain = (p: Payload) => p.entities === undefined && p.caption_entities === undefined && p.parse_mode === undefined;
const longer = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > max;

export const fitToTelegram: Transformer = async (prev, method, payload, signal) => {
  const p = payload as Payload;
  if (!plain(p)) return prev(method, payload, signal);
  if (method === 'sendMessage' && longer(p.text, MESSAGE_TEXT_MAX)) {
    const parts = splitMessage(p.text);
    const { reply_markup: _keyboard, ...first } = p;
    for (const part of parts.slice(0, -1)) {
      const sent = await prev(method, { ...first, text: part } as typeof payload, signal);
      if (!sent.ok) return sent;
    }
    return prev(method, { ...p, text: parts.at(-1)! } as typeof payload, signal);
  }
  if (method === 'editMessageText' && longer(p.text, MESSAGE_TEXT_MAX)) return prev(method, { ...p, text: fitMessage(p.text) } as typeof payload, signal);
  if (CAPTIONED.has(method) && longer(p.caption, CAPTION_TEXT_MAX)) return prev(method, { ...p, caption: fitMessage(p.caption, CAPTION_TEXT_MAX) } as typeof payload, signal);
  return prev(method, payload, signal);
};
