/** Shared steps of the end-to-end chat tests: answering approvals as they come, waiting, checking files. */
import { createAgentService, type AgentService } from '../../src/agent/service.js';
import type { BotMessage, ChatClient } from '../support/telegram.js';
import type { Stack } from './stack.js';

export const real = (config: Stack['config']): Promise<AgentService> => createAgentService({ config });
export const isApproval = (m: BotMessage) => m.text.startsWith('🔐');
export const isCover = (m: BotMessage) => /^🔐.*portada/.test(m.text);
export const button = (m: BotMessage, label: RegExp) => m.buttons.find((b) => label.test(b.text))!.data;

/** Waits for the next approval still showing its buttons (not in `seen`). */
export function nextApproval(c: ChatClient, seen: Set<number>): Promise<BotMessage> {
  return c.waitFor('an approval with buttons', (msgs) => msgs.find((m) => isApproval(m) && m.buttons.length >= 2 && !seen.has(m.messageId)), 40_000);
}

/**
 * Answers each approval as it comes (the agent asks them one at a time) until the report arrives;
 * `decide` returns which button to press for each. Returns the report and the approvals seen.
 * `answered` are messages of earlier runs (approvals, reports) not to be taken for this one's.
 */
export async function answerUntilReport(c: ChatClient, decide: (m: BotMessage) => 'Aprobar' | 'Rechazar', answered: readonly number[] = []): Promise<{ report: BotMessage; approvals: BotMessage[] }> {
  const approvals: BotMessage[] = [];
  const seen = new Set(answered);
  for (;;) {
    const m = await c.waitFor('an approval or the report', (msgs) =>
      msgs.find((x) => isApproval(x) && x.buttons.length >= 2 && !seen.has(x.messageId)) ??
      msgs.find((x) => x.text.startsWith('📋 Informe') && !seen.has(x.messageId)), 50_000);
    if (m.text.startsWith('📋 Informe')) return { report: m, approvals };
    approvals.push(m);
    seen.add(m.messageId);
    const choice = decide(m);
    await c.press(m.messageId, button(m, new RegExp(choice)));
    if (choice === 'Rechazar') await goOnWithoutReason(c, m.messageId);
  }
}

/**
 * After Rechazar the run waits for an optional reason: the question keeps one button, «Seguir sin
 * motivo». Waits for it (the no is written by then) and presses it.
 */
export async function goOnWithoutReason(c: ChatClient, approvalMessageId: number): Promise<void> {
  const m = await c.waitFor('«Seguir sin motivo» under the rejected approval', (msgs) => msgs.find((x) => x.messageId === approvalMessageId && x.buttons.some((b) => /sin motivo/.test(b.text))));
  await c.press(m.messageId, button(m, /sin motivo/));
}

export function isMp3(b: Buffer): boolean {
  return b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);
}

export async function until(cond: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
