/**
 * Whose is each message the bot sent: every message sent on behalf of one person — from their
 * update handlers, and in class mode their detached runs too — is recorded with that person's id,
 * so a button pressed by someone else (in a shared group) is refused by the gate (gate.ts) before it
 * reaches any handler.
 * Kept in memory and bounded: after a restart the buttons of older messages fall back to their
 * own checks (approvals are bound to their owner on disk; see approvals.ts).
 */
import type { Transformer } from 'grammy';

/** How many sent messages are remembered (the oldest are forgotten first). */
export const MESSAGE_OWNERS_KEEP = 20_000;

export class MessageOwners {
  readonly #owners = new Map<string, number>();

  record(chatId: number, messageId: number, ownerId: number): void {
    const key = `${chatId}:${messageId}`;
    this.#owners.delete(key);
    this.#owners.set(key, ownerId);
    while (this.#owners.size > MESSAGE_OWNERS_KEEP) this.#owners.delete(this.#owners.keys().next().value!);
  }

  /** The person a message was sent for, or undefined if this process did not send it (or forgot). */
  ownerOf(chatId: number, messageId: number): number | undefined {
    return this.#owners.get(`${chatId}:${messageId}`);
  }

  /**
   * An API transformer that records every message it sends as `ownerId`'s; an edit claims a
   * message only if nobody owns it yet (a message never changes hands).
   */
  recorder(ownerId: number): Transformer {
    return async (prev, method, payload, signal) => {
      const res = await prev(method, payload, signal);
      if (!res.ok) return res;
      const r = res.result as unknown;
      const p = payload as { chat_id?: unknown; message_id?: unknown };
      const where = isMessage(r) ? { chat: r.chat.id, message: r.message_id }
        : typeof p.chat_id === 'number' && typeof p.message_id === 'number' ? { chat: p.chat_id, message: p.message_id } : undefined;
      if (where && !(String(method).startsWith('edit') && this.ownerOf(where.chat, where.message) !== undefined)) this.record(where.chat, where.message, ownerId);
      return res;
    };
  }
}

function isMessage(x: unknown): x is { message_id: number; chat: { id: number } } {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as { message_id?: unknown; chat?: { id?: unknown } };
  return typeof m.message_id === 'number' && typeof m.chat?.id === 'number';
}
