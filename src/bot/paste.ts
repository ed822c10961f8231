/**
 * Long pastes. Telegram apps split a text over 4,096 characters into several messages sent one
 * right after the other; a request longer than the bot accepts is not a request either. Both are
 * answered once, with an offer to save the text as a note: the parts of one paste are joined
 * while the owner decides. Held in memory only — after a restart the button says the text is gone
 * and the owner still has it in the chat — and bounded, so pastes nobody saves cannot pile up.
 */
import { randomBytes } from 'node:crypto';
import { joinPasteParts, PASTE_FULL_PART } from '../lib/paste-parts.js';

export { PASTE_FULL_PART };
/** The parts of one paste arrive together; a message later than this after a full part is a new one. */
export const PASTE_WINDOW_MS = 5_000;
/** Pastes kept waiting for the owner's answer, per bot. */
export const PASTE_KEEP = 20;

export interface Paste {
  id: string;
  chatId: number;
  parts: string[];
  /** When the last part arrived (ms). */
  lastAt: number;
  /** The bot's offer, once sent: a later part sends it again below and deletes this one (intake.ts). */
  offerMessageId?: number;
  /** The offer is on its way: a part handled meanwhile leaves the catching up to its sender. */
  offering?: boolean;
}

export class PasteBox {
  private readonly pastes = new Map<string, Paste>();

  /** The paste that this message continues: the chat's latest paste, its last part full, recently. */
  continued(chatId: number, now: number): Paste | undefined {
    const latest = [...this.pastes.values()].filter((p) => p.chatId === chatId).at(-1);
    if (!latest) return undefined;
    const last = latest.parts.at(-1) ?? '';
    return Array.from(last).length >= PASTE_FULL_PART && now - latest.lastAt <= PASTE_WINDOW_MS ? latest : undefined;
  }

  /** Starts a paste with its first part (synchronously, so a second part handled meanwhile finds it). */
  open(chatId: number, text: string, now: number): Paste {
    const paste: Paste = { id: randomBytes(6).toString('base64url'), chatId, parts: [text], lastAt: now };
    this.pastes.set(paste.id, paste);
    while (this.pastes.size > PASTE_KEEP) this.pastes.delete(this.pastes.keys().next().value!);
    return paste;
  }

  append(paste: Paste, text: string, now: number): void {
    paste.parts.push(text);
    paste.lastAt = now;
  }

  /** Removes and returns the paste (the owner saved it). */
  take(id: string): Paste | undefined {
    const p = this.pastes.get(id);
    this.pastes.delete(id);
    return p;
  }
}

/** The whole text of a paste, its parts joined by the rule the page splits them by (lib/paste-parts.ts). */
export function pasteText(p: Paste): string {
  return joinPasteParts(p.parts);
}

export function pasteLength(p: Paste): number {
  return p.parts.reduce((n, s) => n + Array.from(s).length, 0);
}
