/**
 * Inline keyboards as pure functions, and the callback-data grammar they use.
 * Callback data carries only a short opaque approval id (Telegram allows 64 bytes), never the
 * arguments: a button cannot be forged into a different call, and it cannot leak note text.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { BUTTONS } from './strings.js';

/** Telegram's limit for callback_data, in bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;
const PREFIX = 'ap';

export interface ApprovalTap {
  approvalId: string;
  approved: boolean;
}

/** `ap:<id>:s` (sí) / `ap:<id>:n` (no). */
export function approvalCallbackData(approvalId: string, approved: boolean): string {
  const data = `${PREFIX}:${approvalId}:${approved ? 's' : 'n'}`;
  if (Buffer.byteLength(data) > CALLBACK_DATA_MAX_BYTES) throw new RangeError(`callback data over ${CALLBACK_DATA_MAX_BYTES} bytes: ${data}`);
  return data;
}

/** Parses approval callback data; undefined for anything else (the stale-button handler answers it). */
export function parseApprovalCallback(data: string | undefined): ApprovalTap | undefined {
  const m = /^ap:([A-Za-z0-9_-]{1,40}):([sn])$/.exec(data ?? '');
  if (!m) return undefined;
  return { approvalId: m[1]!, approved: m[2] === 's' };
}

/** [✅ Aprobar] [❌ Rechazar] for one pending approval. */
export function approvalKeyboard(approvalId: string): InlineKeyboardMarkup {
  return {
    inline_keyboard: [[
      { text: BUTTONS.approve, callback_data: approvalCallbackData(approvalId, true) },
      { text: BUTTONS.reject, callback_data: approvalCallbackData(approvalId, false) },
    ]],
  };
}

/** An empty keyboard: editing a message's markup to this removes its buttons. */
export function noKeyboard(): InlineKeyboardMarkup {
  return { inline_keyboard: [] };
}
