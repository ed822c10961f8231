/**
 * Done-means of "a run that holds nothing in memory", with the real process (`tsx src/main.ts`, what
 * `npm start` runs) against the embedded Bot API that the local chat uses: for every kind of run —
 * the agent's week, `/semana N`, "rehaga la portada…", "narre…" — the bot is killed with SIGKILL
 * right when its first approval is on screen, started again on the same data dir, and the OLD
 * buttons are tapped: each effect is made exactly once and its file arrives in the chat.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEBCHAT_USER, startEmbeddedTelegram, newWebchatToken, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { startBotProcess, type BotProcess } from './bot-process.js';

/** The embedded server's token in these tests (random, as each installation's is). */
const WEBCHAT_TOKEN = newWebchatToken();

/** Every wait is on an event; this only bounds how long a broken run can hang (2 loaded cores). */
const WAIT_MS = 60_000;
const READY = /escuchando en Telegram/;

const children: BotProcess[] = [];
let telegram: EmbeddedTelegram | undefined;
let tmp: string | undefined;
let busy: Server | undefined;

afterEach(async () => {
  for (const c of children.splice(0)) {
    c.killGroup();
    await c.exited;
  }
  await telegram?.close();
  telegram = undefined;
  await new Promise<void>((resolve) => (busy ? busy.close(() => resolve()) : resolve()));
  busy = undefined;
  if (tmp) await rm(tmp, { recursive: true, force: true });
  tmp = undefined;
});

function spawnBot(env: Record<string, string>): BotProcess {
  const c = startBotProcess(env);
  children.push(c);
  return c;
}

type Button = { text: string; callback_data?: string };
const buttonsOf = (m: Message): Button[] => ((m.reply_markup?.inline_keyboard ?? []) as Button[][]).flat();
const isApproval = (m: Message) => (m.text ?? '').startsWith('🔐');
const approveData = (m: Message) => buttonsOf(m).find((b) => /Aprobar/.test(b.text))?.callback_data ?? '';

/** Resolves with the first message `pick` returns from the chat as it is now or after a change. */
function waitForMessage(t: EmbeddedTelegram, what: string, pick: (msgs: Message[]) => Message | undefined, bot?: BotProcess): Promise<Message> {
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
async function until(what: string, cond: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined; // not written yet (writes are atomic, so never half a file)
  }
}

type AuditEntry = { event?: string; tool?: string; outcome?: string };
async function okResults(dataDir: string, tool: string): Promise<number> {
  const text = await readFile(path.join(dataDir, 'auditoria.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as AuditEntry)
    .filter((e) => e.event === 'resultado' && e.tool === tool && e.outcome === 'ok').length;
}

/** Starts the bot and waits until it is long-polling the embedded server. */
async function startPolling(t: EmbeddedTelegram, env: Record<string, string>): Promise<BotProcess> {
  const bot = spawnBot(env);
  await bot.waitForStdout(READY, WAIT_MS);
  await until('the bot to long-poll', () => t.server.updates.polling || !bot.running());
  expect(bot.running(), bot.stderr()).toBe(true);
  return bot;
}

const KINDS = [
  { text: 'rehaga la portada de la semana 3', effects: ['generar_portada'], photo: true, audio: false },
  { text: 'narre la semana 1', effects: ['narrar_resumen'], photo: false, audio: true },
  { text: '/semana 2', effects: ['generar_portada', 'narrar_resumen'], photo: true, audio: true },
  { text: 'prepare la semana 4', effects: ['generar_portada', 'narrar_resumen'], photo: true, audio: true },
] as const;

describe('kill -9 while an approval is pending, for every kind of run', () => {
  it.each(KINDS)('«$text»: restart, tap the old Aprobar, each effect once, the file arrives', async (kind) => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-kill-'));
    const dataDir = path.join(tmp, 'data');
    const t = (telegram = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: WEBCHAT_TOKEN, filesDir: path.join(tmp, 'telegram') }));
    const env = { TELEGRAM_BOT_TOKEN: WEBCHAT_TOKEN, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir };

    const first = await startPolling(t, env);
    t.server.sendUserText(kind.text);
    const asked = kind.effects.length;
    await waitForMessage(t, `${asked} approval(s)`, (ms) => (ms.filter((m) => isApproval(m) && buttonsOf(m).length >= 2).length >= asked ? ms.at(-1) : undefined), first);
    // Killed while the approvals are pending: their message ids must be on disk for the buttons to work.
    await until('the approval message ids to be saved', async () =>
      ((await readJson<{ approvals: Array<{ messageId?: number }> }>(path.join(dataDir, 'bot', 'estado.json')))?.approvals.filter((a) => a.messageId !== undefined).length ?? 0) >= asked);
    first.killGroup();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await until('the dead bot to drop its long poll', () => !t.server.updates.polling);

    const second = await startPolling(t, env);
    await waitForMessage(t, 'the resume notice', (ms) => ms.find((m) => (m.text ?? '').startsWith('🔁 Reanudo tras un reinicio')), second);
    for (const old of t.server.history().filter((m) => isApproval(m) && buttonsOf(m).length >= 2)) {
      const queryId = t.server.pressButton(old.message_id, approveData(old));
      const answer = await t.server.waitForRequest('answerCallbackQuery', (r) => r.params.callback_query_id === queryId, WAIT_MS);
      expect(answer.params.text).toBe('Aprobado ✅');
    }
    const report = await waitForMessage(t, 'the report', (ms) => ms.find((m) => (m.text ?? '').startsWith('📋 Informe')), second);
    expect(report.text).not.toMatch(/No se hizo|Estado desconocido/);
    const chat = t.server.history();
    expect(chat.filter(isApproval)).toHaveLength(asked); // never asked twice
    for (const tool of kind.effects) expect(await okResults(dataDir, tool), tool).toBe(1);
    expect(chat.some((m) => m.photo)).toBe(kind.photo);
    expect(chat.some((m) => m.audio)).toBe(kind.audio);
  }, 300_000);
});
