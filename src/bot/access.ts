/**
 * Who a person is to the bot, for the checks and records that need it: who may decide an approval,
 * and how the audit names whoever acted. Who may use the bot at all is the gate's (gate.ts).
 */
import type { User } from 'grammy/types';
import type { Persona } from '../tools/contract.js';

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
