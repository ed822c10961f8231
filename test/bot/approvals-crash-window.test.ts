/**
 * The window between saving an approval record and the question reaching the chat: a process that
 * dies there must not leave the run waiting for a button the owner never saw. The next process
 * sends the question (once), and shows the decision when it comes. Real grammY Api against the embedded Bot API server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Api } from 'grammy';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApprovalRegistry } from '../../src/bot/approvals.js';
import { BotStateFile } from '../../src/bot/state.js';
import { RunStore } from '../../src/agent/run-state.js';
import type { PendingApproval, RecordedDecision } from '../../src/agent/types.js';
import type { DeliveryFact } from '../../src/agent/delivery-facts.js';
import { DEFAULT_WEBCHAT_USER, startEmbeddedTelegram, newWebchatToken, type EmbeddedTelegram } from '../../src/webchat/index.js';

/** The embedded server's token in these tests (random, as each installation's is). */
const WEBCHAT_TOKEN = newWebchatToken();

let dir: string;
let tg: EmbeddedTelegram;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cv-approval-window-'));
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: WEBCHAT_TOKEN, filesDir: path.join(dir, 'files') });
});
afterEach(async () => {
  await tg.close();
  await rm(dir, { recursive: true, force: true });
});

const approval: PendingApproval = {
  id: 'a1',
  callId: 'toolu_cover',
  tool: 'generar_portada',
  proposal: { args: { semana: 3, maqueta: true }, hash: '0123456789', preview: { summary: 'Generaría la portada de la semana 3 con el motor maqueta (CPU).', writes: [], cached: false } },
  alternatives: [],
  askedAt: '2026-03-01T18:00:00.000Z',
};
const chatId = DEFAULT_WEBCHAT_USER.id;
const scope = { runId: 'run-1', chatId, ownerId: DEFAULT_WEBCHAT_USER.id, group: false };

/** The run's own file, paused on `approval` (the one place its decision lives), and the registry's view of it. */
async function pausedRun(): Promise<{ store: RunStore; runs: ConstructorParameters<typeof ApprovalRegistry>[0]['runs'] }> {
  const store = new RunStore(dir, scope.runId);
  await store.saveCheckpoint({
    task: { runId: scope.runId, text: 'rehaz la portada de la semana 3', mode: 'agente', redo: true, maxIterations: 8, tokenBudget: 100_000, startedAt: '2026-03-01T18:00:00.000Z' },
    turns: 1, tokensUsed: 0, messages: [{ role: 'user', content: 'rehaz la portada de la semana 3' }], pending: [], approvals: [approval],
  });
  const runs = {
    read: async (runId: string) => { const s = await new RunStore(dir, runId).read(); return s && { decisions: s.decisions, delivery: s.delivery }; },
    delivered: (runId: string, fact: DeliveryFact) => (runId === scope.runId ? store : new RunStore(dir, runId)).recordDelivery(fact),
  };
  return { store, runs };
}
const yes = (): RecordedDecision => ({ approvalId: 'a1', callId: 'toolu_cover', approved: true, hash: '0123456789', by: 'Ana', at: new Date().toISOString() });

it('a record saved but never sent is sent by the next process, once, and shows its decision', async () => {
  const { store, runs } = await pausedRun();
  // First process: Telegram unreachable at the moment of sending (same state as dying right there).
  const state1 = new BotStateFile(dir);
  await state1.load();
  const unreachable = new Api(WEBCHAT_TOKEN, { apiRoot: 'http://127.0.0.1:9' });
  const first = new ApprovalRegistry({ state: state1, runs, api: unreachable, timeoutS: 3600, allowedUserIds: [DEFAULT_WEBCHAT_USER.id] });
  await expect(first.show(scope, approval)).rejects.toThrow();
  await state1.close(); // the first process is gone: its lock with it
  first.close();
  expect(tg.server.history(chatId)).toHaveLength(0);

  // Next process: same data dir, Telegram reachable. Showing it twice sends it once.
  const state2 = new BotStateFile(dir);
  await state2.load();
  const second = new ApprovalRegistry({ state: state2, runs, api: new Api(WEBCHAT_TOKEN, { apiRoot: tg.apiRoot }), timeoutS: 3600, allowedUserIds: [DEFAULT_WEBCHAT_USER.id] });
  await second.show(scope, approval);
  await second.show(scope, approval);
  const sent = await tg.server.waitForRequest('sendMessage');
  expect(JSON.stringify(sent.params)).toContain('Aprobar');
  expect(JSON.stringify(sent.params)).toContain('ap:a1:0123456789:s');
  expect(tg.server.history(chatId)).toHaveLength(1);
  const rec = second.find('a1')!;
  const d = await store.recordDecision(yes());
  await second.decided(rec, d);
  expect(second.pending(chatId)).toEqual([]);
  // Shown: the run's file says so; the bot's state holds no copy of the decision.
  expect((await store.read())!.delivery.decisionsShown).toEqual(['a1']);
  expect(JSON.stringify(second.find('a1'))).not.toContain('Ana');
  second.close();
});

it('a decision saved but not yet shown when the process died is shown by the next start: no answered question keeps its buttons', async () => {
  const { store, runs } = await pausedRun();
  const state1 = new BotStateFile(dir);
  await state1.load();
  const api = new Api(WEBCHAT_TOKEN, { apiRoot: tg.apiRoot });
  const first = new ApprovalRegistry({ state: state1, runs, api, timeoutS: 3600, allowedUserIds: [DEFAULT_WEBCHAT_USER.id] });
  await first.show(scope, approval);
  const question = tg.server.history(chatId)[0]!;
  expect(JSON.stringify(question.reply_markup)).toContain('Aprobar');
  // The same process loses Telegram right after saving the decision (as if killed before the edit).
  const cut = new ApprovalRegistry({ state: state1, runs, api: new Api(WEBCHAT_TOKEN, { apiRoot: 'http://127.0.0.1:9' }), timeoutS: 3600, allowedUserIds: [DEFAULT_WEBCHAT_USER.id] });
  // The decision is the run's (written by its driver), then its edit fails.
  await cut.decided(cut.find('a1')!, await store.recordDecision(yes()));
  expect((await store.read())!.delivery.decisionsShown ?? []).toEqual([]);
  expect(JSON.stringify(tg.server.history(chatId)[0]!.reply_markup)).toContain('Aprobar');
  first.close();
  cut.close();
  await state1.close();

  const state2 = new BotStateFile(dir);
  await state2.load();
  const next = new ApprovalRegistry({ state: state2, runs, api, timeoutS: 3600, allowedUserIds: [DEFAULT_WEBCHAT_USER.id] });
  await next.showUnshownDecisions();
  const shown = tg.server.history(chatId)[0]!;
  expect(JSON.stringify(shown.reply_markup ?? {})).not.toContain('Aprobar');
  expect('text' in shown ? shown.text : '').toContain('Ana');
  expect((await store.read())!.delivery.decisionsShown).toEqual(['a1']);
  // Shown once: a later start edits nothing more.
  const edits = () => tg.server.requests.filter((r) => r.method === 'editMessageText').length;
  const before = edits();
  await next.showUnshownDecisions();
  expect(edits()).toBe(before);
  next.close();
  await state2.close();
});
