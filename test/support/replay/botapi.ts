/**
 * Snapshot replay through the bot (test/support/replay/index.ts, the chat side): the compiled bot
 * (`dist/main.js`) as a child process against the embedded Bot API of the local chat, the Bot API's
 * state logged as an effect after every change while recording (`recordBotApi`), and a fresh Bot API
 * holding what the recorded one held right after write n (`botApiAt`), for a bot resumed on
 * snapshot n. Used by scripts/kill-matrix-bot.ts (the week's matrix) and the import's chat matrix
 * (test/bot/importar-kill.process.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message, Update } from 'grammy/types';
import { writeFileAtomic } from '../../../src/lib/atomic.js';
import type { ChatStateSnapshot } from '../../../src/webchat/chat-state.js';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../../src/webchat/index.js';
import type { ChatFile } from '../../../src/webchat/persist.js';
import { compiled, ROOT } from '../compiled.js';
import { HOOK, type Recorded, type Recording, type Restored } from './index.js';

export interface Bot { child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; stdout: () => string; stderr: () => string }

/** The compiled bot as node itself runs it: with the write-counting preload (`preload`), or seeing snapshot n (`via`). */
export function startBot(env: Record<string, string>, opts: { preload?: boolean; via?: Restored } = {}): Bot {
  const args = [compiled('main')];
  const [file, argv] = opts.via ? opts.via.spawn(process.execPath, args) : [process.execPath, opts.preload ? ['--import', HOOK, ...args] : args];
  const child = spawn(file, argv, {
    cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}), ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => { out += d; });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => { err += d; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  return { child, exited, stdout: () => out, stderr: () => err };
}

/** Starts a bot and resolves once it is long-polling (or has died: a kill during start-up). */
export async function botUp(t: EmbeddedTelegram, env: Record<string, string>, opts: { preload?: boolean; via?: Restored } = {}): Promise<Bot> {
  // A dead bot's long poll lingers until its socket closes: the new one must be the one listening.
  while (t.server.updates.polling) await new Promise((r) => setTimeout(r, 25));
  const bot = startBot(env, opts);
  await new Promise<void>((resolve) => {
    const check = () => { if (/escuchando en Telegram/.test(bot.stdout())) void t.server.updates.whenPolling().then(resolve); };
    bot.child.stdout!.on('data', check);
    void bot.exited.then(() => resolve());
  });
  return bot;
}

/** Ends a bot (SIGKILL unless it already exited) and awaits its exit. */
export async function botDown(bot: Bot | undefined): Promise<void> {
  if (!bot) return;
  if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
  await bot.exited;
}

/** What the Bot API holds outside the bot's folder: the chat as it stands, taps and messages not yet taken. */
export interface ApiState { state: ChatStateSnapshot; pending: Update[]; nextUpdateId: number; queries: string[] }

export function apiState(t: EmbeddedTelegram): ApiState {
  return { state: t.server.state.snapshot(), pending: [...t.server.updates.unconfirmed()], nextUpdateId: t.server.updates.nextUpdateId, queries: t.server.state.unansweredQueries() };
}

/**
 * Calls `then` after every call of the object's method `name` (its private ones included: what the
 * Bot API does when the bot confirms updates or answers a tap changes its state but is no chat
 * event). Returns the undo.
 */
export function afterCall(obj: object, name: string, then: () => void): () => void {
  const o = obj as Record<string, (...a: unknown[]) => unknown>;
  const original = o[name]!;
  o[name] = function (this: unknown, ...a: unknown[]) {
    const r = original.apply(this, a);
    then();
    return r;
  };
  return () => { o[name] = original; };
}

/**
 * Logs the Bot API's state as a `botapi` effect now and after every change of it (a chat event, the
 * bot confirming updates, a tap answered), ordered against the recorded child's writes. Returns the
 * stop; call `keep` after a change the owner makes from this process that no event reports.
 */
export function recordBotApi(rec: Recording, t: EmbeddedTelegram): { keep: () => void; stop: () => void } {
  const keep = () => rec.effect('botapi', apiState(t));
  const undo = [t.server.subscribe(keep), afterCall(t.server.updates, 'confirm', keep), afterCall(t.server.state, 'answerQuery', keep)];
  keep();
  return { keep, stop: () => { for (const u of undo.splice(0)) u(); } };
}

/** The Bot API state a kill right after write n leaves (the last one logged before it). */
export const botApiBefore = (rec: Recorded, n: number) => rec.before(n).filter((e) => e.kind === 'botapi').at(-1)?.value as ApiState | undefined;

/**
 * A new Bot API holding what the recorded one held right after write n (a restart of the bot, not
 * of Telegram), in `into`: the recording's file store (`filesDir`: what the owner sent), the chat as
 * it stood, the updates the bot had not confirmed and the taps it had not answered.
 */
export async function botApiAt(rec: Recorded, n: number, recorded: { filesDir: string; token: string }, into: string): Promise<EmbeddedTelegram> {
  const last = botApiBefore(rec, n);
  await mkdir(into, { recursive: true });
  // The files the owner sent or the bot uploaded are the recording's; chat.json is the state at n.
  await cp(recorded.filesDir, into, { recursive: true, filter: (src) => !/chat(-archivo)?\.json/.test(path.basename(src)) });
  if (last) {
    const saved = JSON.parse(await readFile(path.join(recorded.filesDir, 'chat.json'), 'utf8')) as ChatFile;
    // The updates and taps pending at n are pushed below (this Bot API survived the bot's kill).
    const file: ChatFile = { ...saved, savedAt: new Date().toISOString(), nextUpdateId: last.pending[0]?.update_id ?? last.nextUpdateId, state: last.state, pending: [], queries: [] };
    await writeFileAtomic(path.join(into, 'chat.json'), JSON.stringify(file));
  }
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: recorded.token, filesDir: into });
  if (last) {
    // Taps the bot had not answered are still answerable, as on Telegram within its time.
    const queries = (t.server.state as unknown as { queries: Map<string, { chatId: number; answered: boolean }> }).queries;
    for (const id of last.queries) queries.set(id, { chatId: t.server.chatId, answered: false });
    for (const { update_id: _id, ...body } of last.pending) t.server.updates.push(body as Omit<Update, 'update_id'>);
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// Reading the chat (the matrices through the bot: scripts/kill-matrix-bot.ts, test/replay/two-runs.ts)

/** A message's text or caption. */
export const text = (m: Message): string => m.text ?? m.caption ?? '';
/** A message's inline buttons, row by row flattened. */
export const buttons = (m: Message) => ((m.reply_markup?.inline_keyboard ?? []) as Array<Array<{ text: string; callback_data?: string }>>).flat();

/** The chat in short: one line per message, its buttons in brackets (for failure reports). */
export function transcriptOf(t: EmbeddedTelegram): string {
  return t.server.history().map((m) => `#${m.message_id} ${m.from?.is_bot ? 'bot' : 'owner'}: ${text(m).split('\n')[0]}${buttons(m).length ? ` [${buttons(m).map((b) => b.text).join(' | ')}]` : ''}`).join('\n');
}

/**
 * Resolves with what `pick` finds in the chat now or after a change; undefined when `stop` settles
 * first. A failure deadline only (`stepMs`), never a barrier: it rejects naming `what` and the chat.
 */
export function whenInChat<T>(t: EmbeddedTelegram, what: string, pick: () => T | undefined, stop: Promise<unknown>, stepMs: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (v: T | undefined) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(timer);
      resolve(v);
    };
    const unsubscribe = t.server.subscribe(() => { const v = pick(); if (v !== undefined) finish(v); });
    const timer = setTimeout(() => { if (!done) { done = true; unsubscribe(); reject(new Error(`no ${what} within ${stepMs / 1000} s; chat:\n${transcriptOf(t)}`)); } }, stepMs);
    void stop.then(() => finish(pick()));
    const v = pick();
    if (v !== undefined) finish(v);
  });
}
