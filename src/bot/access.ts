/**
 * Who may start anything: only `config.telegram.allowedUserIds`. Everyone else gets one polite
 * sentence and the update stops here — no run, no model call, nothing spent.
 *
 * An empty list allows nobody (safe default): the stranger's sentence tells them their id so the
 * real owner can add it to ALLOWED_USER_IDS. The embedded no-token chat passes its local user id.
 * Button presses pass through: each approval asks `mayDecide` (approvals.ts), and unknown
 * buttons are answered by the stale-button handler.
 */
import { Composer, type Context } from 'grammy';
import type { User } from 'grammy/types';
import type { Persona } from '../tools/contract.js';
import { S } from '../strings/chat.js';

export function accessComposer(allowedUserIds: readonly number[]): Composer<Context> {
  const allowed = new Set(allowedUserIds);
  const c = new Composer<Context>();
  c.use(async (ctx, next) => {
    if (ctx.callbackQuery) return next();
    const from = ctx.from;
    if (!from || from.is_bot) return; // channel posts, service updates: nothing to do
    if (allowed.has(from.id)) return next();
    if (ctx.message && ctx.chat) await ctx.reply(S.stranger(from.id));
  });
  return c;
}

/**
 * Who may press Aprobar / Rechazar: only the user who started the run, and only while that user is
 * still allowed — in every chat type. In a group the chat is shared, the decision is not: the
 * chat id, the chat type and the list being empty never widen it.
 */
export function mayDecide(approval: { readonly ownerId: number }, from: { readonly id: number }, allowed: ReadonlySet<number>): boolean {
  return from.id === approval.ownerId && allowed.has(from.id);
}

/**
 * Who acted, for the audit (the deletion entry's shape): the Telegram user, or on the local page the
 * persona playing (each its own user id). Named as the chat shows them: first name, else username.
 */
export function personaOf(from: Pick<User, 'id' | 'first_name' | 'username'>): Persona {
  return { id: from.id, nombre: from.first_name || from.username || String(from.id) };
}
