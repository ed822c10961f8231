/**
 * Issue 23's scripted model (shared by the terminal and the chat tests): the model first asks for the
 * cover of week 9 (refused by the schema: the demo course has four weeks), then for week 3's, then
 * ends its turn with no text, so the product builds the report itself from the calls' results.
 */
import { expect } from 'vitest';
import { reply, type MessagesApiServer } from './messages-api-server.js';

export const INVALID_THEN_CORRECTED = [
  reply.message([reply.toolUse('t1', 'generar_portada', { semana: 9, maqueta: true })], 'tool_use'),
  reply.message([reply.toolUse('t2', 'generar_portada', { semana: 3, maqueta: true })], 'tool_use'),
  reply.message([], 'end_turn'),
];

interface Block { type?: string; tool_use_id?: string; is_error?: boolean; content?: unknown }

/**
 * The model was told of the refusal exactly once, as an error result of the week-9 call naming the
 * bad week, and the corrected call was answered as done; the script was used up and no more.
 */
export function expectRefusalReachedModelOnce(api: MessagesApiServer): void {
  const requests = api.messageRequests();
  expect(requests).toHaveLength(INVALID_THEN_CORRECTED.length);
  expect(api.exhausted).toBe(false);
  const messages = (requests.at(-1)!.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const results = messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Block[]) : [])).filter((b) => b.type === 'tool_result');
  const errors = results.filter((b) => b.is_error === true);
  expect(errors.map((b) => b.tool_use_id)).toEqual(['t1']);
  expect(JSON.stringify(errors[0]!.content)).toMatch(/semana=9 fuera de/);
  expect(results.filter((b) => b.tool_use_id === 't2' && b.is_error !== true)).toHaveLength(1);
}
