/**
 * A tap on ✅ Aprobar, in order: the decision is written to the run's file, its question edited, the
 * tap answered (the toast, which ends the button's spinner) — and only then is the run woken, so the
 * person hears back before the run takes the thread for its next step. Observed where the driver
 * says the run is woken (its diagnostics channel), in the whole chat stack.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Message } from 'grammy/types';
import { afterEach, expect, it } from 'vitest';
import { RUN_WOKEN_CHANNEL, type RunWoken } from '../../src/agent/driver.js';
import { RunStore } from '../../src/agent/run-state.js';
import { BUTTONS } from '../../src/strings/chat.js';
import { InProcessChat } from '../support/in-process-chat.js';

let chat: InProcessChat | undefined;
afterEach(async () => { await chat?.close(); chat = undefined; });

const buttons = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat() as Array<{ text: string; callback_data?: string }>;

it('the tap is answered and its question edited before the run is woken', async () => {
  chat = await InProcessChat.start({ prefix: 'cv-tap-order-' });
  const c = chat;
  c.say('prepara la semana 1');
  await c.settle();
  const question = c.tg.server.history(c.chatId).filter((m) => m.from?.is_bot && buttons(m).some((b) => b.text === BUTTONS.approve)).at(-1)!;
  const data = buttons(question).find((b) => b.text === BUTTONS.approve)!.callback_data!;
  const { runId, id: approvalId } = c.cb.state.approvals.find((a) => a.messageId === question.message_id)!;

  const seen: Array<{ woken: RunWoken; unanswered: string[]; buttonsLeft: number }> = [];
  const onWoken = (m: unknown) => {
    seen.push({
      woken: m as RunWoken,
      unanswered: c.tg.server.state.unansweredQueries(),
      buttonsLeft: buttons(c.tg.server.history(c.chatId).find((x) => x.message_id === question.message_id)!).length,
    });
  };
  subscribe(RUN_WOKEN_CHANNEL, onWoken);
  try {
    const queryId = c.tap(question.message_id, data);
    await c.settle();
    expect(seen[0]).toEqual({ woken: { runId, passRunning: false }, unanswered: [], buttonsLeft: 0 });
    expect(c.tg.server.state.unansweredQueries()).not.toContain(queryId);
  } finally {
    unsubscribe(RUN_WOKEN_CHANNEL, onWoken);
  }
  // Written in the run's own file.
  const decisions = await new RunStore(c.dataDir, runId).decisions();
  expect(Object.hasOwn(decisions, approvalId) && decisions[approvalId]!.approved).toBe(true);
});
