/**
 * The window between saving an approval record and the question reaching the chat: a process that
 * dies there must not leave the run waiting for a button the owner never saw. The next process
 * sends the question, and the tap decides it. Real grammY Api against the embedded Bot API server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Api } from 'grammy';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApprovalRegistry } from '../../src/bot/approvals.js';
import { BotStateFile } from '../../src/bot/state.js';
import type { ApprovalRequest } from '../../src/tools/contract.js';
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

const request: ApprovalRequest = {
  id: 'a1',
  callId: 'toolu_cover',
  tool: 'generar_portada',
  args: { semana: 3, maqueta: true },
  preview: { summary: 'Generaría la portada de la semana 3 con el motor maqueta (CPU).', writes: [], cached: false },
};
const chatId = DEFAULT_WEBCHAT_USER.id;
const scope = { runId: 'run-1', chatId, ownerId: DEFAULT_WEBCHAT_USER.id, group: false };

it('a record saved but never sent is sent by the next process, and the tap decides it', async () => {
  // First process: Telegram unreachable at the moment of sending (same state as dying right there).
  const state1 = new BotStateFile(dir);
  await state1.load();
  const unreachable = new Api(WEBCHAT_TOKEN, { apiRoot: 'http://127.0.0.1:9' });
  const first = new ApprovalRegistry({ state: state1, api: unreachable, timeoutS: 3600, allowedUserIds: [DEFAULT_WEBCHAT_USER.id] });
  await expect(first.ask(scope, request, new AbortController().signal)).rejects.toThrow();
  await state1.close(); // the first process is gone: its lock with it
  first.close();
  expect(tg.server.history(chatId)).toHaveLength(0);

  // Next process: same data dir, Telegram reachable.
  const state2 = new BotStateFile(dir);
  await state2.load();
  const second = new ApprovalRegistry({ state: state2, api: new Api(WEBCHAT_TOKEN, { apiRoot: tg.apiRoot }), timeoutS: 3600, allowedUserIds: [DEFAULT_WEBCHAT_USER.id] });
  const decision = second.ask(scope, request, new AbortController().signal);
  const sent = await tg.server.waitForRequest('sendMessage');
  expect(JSON.stringify(sent.params)).toContain('Aprobar');
  const shown = tg.server.history(chatId);
  expect(shown).toHaveLength(1);
  const approvalId = state2.approvals[0]!.id;
  const tapped = second.tap(approvalId, { id: DEFAULT_WEBCHAT_USER.id, is_bot: false, first_name: 'Ana' }, true);
  expect(tapped.kind).toBe('ok');
  await expect(decision).resolves.toMatchObject({ approved: true });
  second.close();
});
