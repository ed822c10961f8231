/**
 * Webhook mode: updates are accepted only with Telegram's secret-token header, so a forged POST to
 * the public URL cannot start anything. The emulator stands in for the Bot API the bot answers to.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createBot, startBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig } from '../../src/config.js';
import { openNotebook } from '../../src/store/index.js';
import { freePort, TelegramHarness } from '../support/telegram.js';
import { OWNER } from './stack.js';
import { real } from './steps.js';
import { TEST_ENV } from '../support/test-env.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

it('webhook mode refuses updates without the secret token and serves those with it', async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-hook-'));
  cleanup.push(() => rm(tmp, { recursive: true, force: true }));
  const h = await TelegramHarness.start(path.join(tmp, 'uploads'));
  cleanup.push(() => h.close());
  const port = await freePort();
  const config = loadConfig({
    ...TEST_ENV, CUADERNO_DATA_DIR: path.join(tmp, 'data'), TELEGRAM_BOT_TOKEN: h.token, ALLOWED_USER_IDS: String(OWNER),
    WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, WEBHOOK_SECRET: 'secreto_de_prueba', WEBHOOK_PORT: String(port),
  });
  const cb = await createBot({ config, service: await real(config), notebook: await openNotebook(config.dataDir), apiRoot: h.apiRoot, log: () => undefined });
  const running: RunningBot = await startBot(cb, config, { webhook: { url: config.telegram.webhookUrl!, secret: config.telegram.webhookSecret!, port, host: '127.0.0.1' } });
  cleanup.push(() => running.stop());

  const update = (id: number) => JSON.stringify({
    update_id: id,
    message: { message_id: id, date: 0, text: '/ayuda', entities: [{ type: 'bot_command', offset: 0, length: 6 }], chat: { id: OWNER, type: 'private' }, from: { id: OWNER, is_bot: false, first_name: 'Ana' } },
  });
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}/hook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  expect((await post(update(1), {})).status).toBe(401);
  expect((await post(update(2), { 'x-telegram-bot-api-secret-token': 'otro' })).status).toBe(401);
  expect(await h.messages(OWNER)).toEqual([]);
  expect((await post(update(3), { 'x-telegram-bot-api-secret-token': 'secreto_de_prueba' })).status).toBe(200);
  const msgs = await h.messages(OWNER);
  expect(msgs).toHaveLength(1);
  expect(msgs[0]!.text).toMatch(/^Ejemplos:/);
});
