/**
 * Inline keyboards as pure functions, and the callback-data grammar they use.
 * Callback data carries a short opaque approval id and the hash of the exact arguments the button
 * approves (Telegram allows 64 bytes), never the arguments: a button cannot be forged into a
 * different call, a stale one cannot approve other arguments, and none leaks note text.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { BUTTONS } from './strings.js';

/** Telegram's limit for callback_data, in bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;
const PREFIX = 'ap';

export interface ApprovalTap {
  approvalId: string;
  approved: boolean;
  /** Args hash the button approves (absent on a no). */
  hash?: string;
}

/** `ap:<id>:<hash>:s` (sí, these exact arguments) / `ap:<id>:n` (no). */
export function approvalCallbackData(approvalId: string, approved: boolean, hash?: string): string {
  const data = approved ? `${PREFIX}:${approvalId}:${hash ?? ''}:s` : `${PREFIX}:${approvalId}:n`;
  if (Buffer.byteLength(data) > CALLBACK_DATA_MAX_BYTES) throw new RangeError(`callback data over ${CALLBACK_DATA_MAX_BYTES} bytes: ${data}`);
  return data;
}

/** Parses approval callback data; undefined for anything else (the stale-button handler answers it). */
export function parseApprovalCallback(data: string | undefined): ApprovalTap | undefined {
  const yes = /^ap:([A-Za-z0-9_-]{1,40}):([0-9a-f]{1,20}):s$/.exec(data ?? '');
  if (yes) return { approvalId: yes[1]!, approved: true, hash: yes[2]! };
  const no = /^ap:([A-Za-z0-9_-]{1,40}):n$/.exec(data ?? '');
  return no ? { approvalId: no[1]!, approved: false } : undefined;
}

/**
 * [✅ Aprobar] [❌ Rechazar] for one pending approval, then one row per alternative the schema
 * allows ([✅ Aprobar con voz sintética]). `options[0]` is the proposal itself.
 */
export function approvalKeyboard(approvalId: string, options: ReadonlyArray<{ hash: string; label?: string }>): InlineKeyboardMarkup {
  const [proposal, ...alternatives] = options;
  return {
    inline_keyboard: [
      [
        { text: BUTTONS.approve, callback_data: approvalCallbackData(approvalId, true, proposal?.hash) },
        { text: BUTTONS.reject, callback_data: approvalCallbackData(approvalId, false) },
      ],
      ...alternatives.map((o) => [{ text: BUTTONS.approveWith(o.label ?? '…'), callback_data: approvalCallbackData(approvalId, true, o.hash) }]),
    ],
  };
}

/** An empty keyboard: editing a message's markup to this removes its buttons. */
export function noKeyboard(): InlineKeyboardMarkup {
  return { inline_keyboard: [] };
}
