/**
 * The harness the real-process tests share: a bot process (the compiled `node dist/main.js`) against an embedded
 * Bot API server started here, which plays Telegram and outlives the bot. Everything a test starts
 * through it is stopped and removed after each test (`cleanupAfterEach`).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, expect } from 'vitest';
import { DEFAULT_WEBCHAT_USER, startEmbeddedTelegram, newWebchatToken, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { startRelay, type Relay } from '../support/relay.js';
import { startBotProcess, type BotProcess } from './bot-process.js';

/** The embedded server's token in these tests (random, as each installation's is). */
export const WEBCHAT_TOKEN = newWebchatToken();

export const WAIT_MS = 60_000;
export const READY = /escuchando en Telegram/;

const children: BotProcess[] = [];
let telegram: EmbeddedTelegram | undefined;
let tmp: string | undefined;
let busy: Server | undefined;
let relayed: Relay | undefined;

/** Registers the clean-up of this harness's processes, relay, server, held port and temp dir. */
export function cleanupAfterEach(): void {
  afterEach(async () => {
    for (const c of children.splice(0)) {
      c.killGroup();
      await c.exited;
    }
    await relayed?.close();
    relayed = undefined;
    await telegram?.close();
    telegram = undefined;
    await new Promise<void>((resolve) => (busy ? busy.close(() => resolve()) : resolve()));
    busy = undefined;
    if (tmp) await rm(tmp, { recursive: true, force: true });
    tmp = undefined;
  });
}

export function spawnBot(env: Record<string, string>): BotProcess {
  const c = startBotProcess(env);
  children.push(c);
  return c;
}

export type Button = { text: string; callback_data?: string };
export const buttonsOf = (m: Message): Button[] => ((m.reply_markup?.inline_keyboard ?? []) as Button[][]).flat();
export const isApproval = (m: Message) => (m.text ?? '').startsWith('🔐');
export const approveData = (m: Message) => buttonsOf(m).find((b) => /Aprobar/.test(b.text))?.callback_data ?? '';

/** Resolves with the first message `pick` returns from the chat as it is now or after a change. */
export function waitForMessage(t: EmbeddedTelegram, what: string, pick: (msgs: Message[]) => Message | undefined, bot?: Pick<BotProcess, 'stderr'> & { readonly exited: Promise<unknown> }): Promise<Message> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (m: Message | undefined, error?: Error) => {
      if (settled || (!m && !error)) return;
      settled = true;
      unsubscribe();
      clearTimeout(timer);
      if (m) resolve(m);
      else reject(error);
    };
    const transcript = () => t.server.history().map((m) => `#${m.message_id} ${m.text ?? m.caption ?? Object.keys(m).join(',')}`).join('\n');
    const unsubscribe = t.server.subscribe(() => finish(pick(t.server.history())));
    const timer = setTimeout(() => finish(undefined, new Error(`no ${what} within ${WAIT_MS} ms; chat:\n${transcript()}\nstderr:\n${bot?.stderr() ?? ''}`)), WAIT_MS);
    void bot?.exited.then((x) => finish(undefined, new Error(`the bot exited (${JSON.stringify(x)}) while waiting for ${what}\nstderr:\n${bot.stderr()}`)));
    finish(pick(t.server.history()));
  });
}

/** Polls a condition that has no event (a file another process writes, the server's poll slot). */
export async function until(what: string, cond: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined; // not written yet (writes are atomic, so never half a file)
  }
}

export type AuditEntry = { event?: string; tool?: string; outcome?: string };
export async function okResults(dataDir: string, tool: string): Promise<number> {
  const text = await readFile(path.join(dataDir, 'auditoria.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as AuditEntry)
    .filter((e) => e.event === 'resultado' && e.tool === tool && e.outcome === 'ok').length;
}

/** Starts the bot and waits until it is long-polling the embedded server. */
export async function startPolling(t: EmbeddedTelegram, env: Record<string, string>): Promise<BotProcess> {
  const bot = spawnBot(env);
  await bot.waitForStdout(READY, WAIT_MS);
  await until('the bot to long-poll', () => t.server.updates.polling || !bot.running());
  expect(bot.running(), bot.stderr()).toBe(true);
  return bot;
}

/** A fresh temp dir for this test (removed after it). */
export async function tempDir(prefix: string): Promise<string> {
  tmp = await mkdtemp(path.join(os.tmpdir(), prefix));
  return tmp;
}

/** The embedded Bot API server for this test, its files under `dir` (closed after it). */
export async function startTelegram(dir: string): Promise<EmbeddedTelegram> {
  telegram = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: WEBCHAT_TOKEN, filesDir: path.join(dir, 'telegram') });
  return telegram;
}

/** A loopback port held open by another listener (released after the test). */
export async function holdPort(): Promise<number> {
  const server = createServer();
  busy = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/**
 * The week asked in the chat through a relay that holds back the first request `hold` picks (the
 * week's report, say: its answer never comes while this bot lives), both its approvals tapped
 * Aprobar once they show. Returns the bot, the relay (closed after the test) and the bot's env.
 */
export async function weekThroughRelay(prefix: string, week: string, hold: (method: string, body: string, held: number) => boolean): Promise<{ dataDir: string; t: EmbeddedTelegram; relay: Relay; env: Record<string, string>; first: BotProcess }> {
  const dir = await tempDir(prefix);
  const dataDir = path.join(dir, 'data');
  const t = await startTelegram(dir);
  const relay = await startRelay(t.apiRoot, hold);
  relayed = relay;
  const env = { TELEGRAM_BOT_TOKEN: WEBCHAT_TOKEN, TELEGRAM_API_ROOT: relay.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir };
  const first = await startPolling(t, env);
  t.server.sendUserText(week);
  await waitForMessage(t, 'the week\'s two approvals', (ms) => (ms.filter((m) => isApproval(m) && buttonsOf(m).length >= 2).length >= 2 ? ms.at(-1) : undefined), first);
  for (const m of t.server.history().filter((x) => isApproval(x) && buttonsOf(x).length >= 2)) {
    const queryId = t.server.pressButton(m.message_id, approveData(m));
    await t.server.waitForRequest('answerCallbackQuery', (r) => r.params.callback_query_id === queryId, WAIT_MS);
  }
  return { dataDir, t, relay, env, first };
}
