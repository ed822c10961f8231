/**
 * Hole 2 on real Telegram: a 409 Conflict on getUpdates (another copy polls with the same token;
 * the newer poll wins). The runner treats it as fatal; our loop logs one Spanish line, retries with
 * backoff, and ends cleanly with that message if the other copy persists — or carries on if it goes.
 * The Telegram side is a small local HTTP server speaking the Bot API.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import { createBot, startBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig } from '../../src/config.js';
import { startBotProcess } from '../main/bot-process.js';
import { TEST_ENV } from '../support/test-env.js';

const TOKEN = '424242:conflict-test-token';
const ME = { id: 424242, is_bot: true, first_name: 'Cuaderno', username: 'cuaderno_test_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
const CONFLICT = { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' };

/** Telegram where another copy holds the token for the first `conflicts` polls (Infinity: forever). */
async function fakeTelegram(conflicts: number): Promise<{ root: string; polls: () => number; sent: string[]; server: Server }> {
  let polls = 0;
  let delivered = false;
  const sent: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const method = /\/bot[^/]+\/(\w+)/.exec(req.url ?? '')?.[1] ?? '';
      const reply = (x: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(x));
      if (method === 'getMe') return reply({ ok: true, result: ME });
      if (method === 'getUpdates') {
        polls += 1;
        if (polls <= conflicts) return res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify(CONFLICT));
        if (!delivered) {
          delivered = true;
          return reply({ ok: true, result: [{ update_id: 1, message: { message_id: 1, date: 1, chat: { id: 101, type: 'private' }, from: { id: 101, is_bot: false, first_name: 'Ana' }, text: '/ayuda', entities: [{ type: 'bot_command', offset: 0, length: 6 }] } }] });
        }
        // An idle long poll: nothing new for a moment.
        return setTimeout(() => reply({ ok: true, result: [] }), 500);
      }
      if (method === 'sendMessage') {
        sent.push(String(JSON.parse(body || '{}').text ?? ''));
        return reply({ ok: true, result: { message_id: sent.length + 1, date: 1, chat: { id: 101, type: 'private' }, text: 'ok' } });
      }
      return reply({ ok: true, result: true });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { root: `http://127.0.0.1:${port}`, polls: () => polls, sent, server };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a getUpdates conflict on Telegram', () => {
  it('the bot process says so in one Spanish line, retries with backoff, then exits cleanly', async () => {
    const tg = await fakeTelegram(Infinity);
    cleanups.push(() => new Promise((r) => { tg.server.closeAllConnections(); tg.server.close(() => r()); }));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-conflict-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const bot = startBotProcess({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: tg.root, ALLOWED_USER_IDS: '101', CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local' });
    cleanups.push(async () => { bot.killGroup(); await bot.exited; });
    const exit = await bot.exited;
    expect(bot.stderr()).not.toMatch(/GrammyError|at .*\.js:\d+/);
    expect(bot.stderr().match(/Otra copia de este bot/g)).toHaveLength(1);
    expect(bot.stderr()).toMatch(/Cierro Cuaderno Vivo: otra copia del bot sigue usando el mismo token/);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(tg.polls()).toBe(4); // the first poll and three retries
  });

  it('a conflict that goes away (the other copy stopped): the bot carries on and answers', async () => {
    const tg = await fakeTelegram(2);
    cleanups.push(() => new Promise((r) => { tg.server.closeAllConnections(); tg.server.close(() => r()); }));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-conflict-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const config = loadConfig({ ...TEST_ENV, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: tg.root, ALLOWED_USER_IDS: '101', CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local' });
    const service = await createAgentService({ config });
    const cb = await createBot({ config, service, notebook: service.toolbox.notebook, apiRoot: tg.root, log: () => undefined });
    const running: RunningBot = await startBot(cb, config, { pollTimeoutS: 1, webhook: false, conflict: { retries: 3, firstWaitMs: 5 } });
    cleanups.push(() => running.stop());
    while (!tg.sent.some((t) => /\/semana/.test(t))) await new Promise((r) => setTimeout(r, 20));
    let ended: string | undefined | 'pending' = 'pending';
    void running.ended.then((m) => { ended = m; });
    await new Promise((r) => setImmediate(r));
    expect(ended).toBe('pending');
  });
});
