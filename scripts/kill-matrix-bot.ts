/**
 * `npm run kill-matrix:bot`: the kill-after-every-write matrix over the standard week THROUGH THE
 * BOT, by snapshot replay (test/support/replay/index.ts), with the local chat as the operator runs
 * it: the compiled `dist/main.js` (offline planner) without a Telegram token, so the chat server
 * lives in the bot's process, keeps the chat in `<data>/webchat/chat.json` and dies with it. Its
 * writes (the chat's own among them) are counted like the notebook's; snapshot n holds `chat.json`
 * as a SIGKILL right after write n leaves it, and the resumed bot reads the chat back from there —
 * so a message the bot recorded but the chat lost, or an id handed out twice, shows. The owner is a
 * program with the page open (test/support/replay/page.ts): writes «prepare la semana 3», taps
 * ✅ Aprobar on every approval as it appears, asks again if the request was lost. Each n must leave,
 * in the chat as the restarted bot shows it: one report (nothing «No se hizo»), each approval asked
 * once (2 messages), 3 cards, each usage row once, the cover and the narration present and — if
 * they were in the snapshot — not made again; no unfinished run.
 *
 * `npm run kill-matrix:bot -- --api-aparte`: the Bot API in this process instead, surviving the
 * bot's kills as Telegram does; its state after every change is logged as an effect (below).
 *
 * ONE uninterrupted conversation is recorded: the data folder (and the audit keys) after each of its
 * N `rename`/`appendFile`/`writeFile` calls, and the Bot API's state (messages as they stand,
 * updates the bot has not confirmed, unanswered taps) after every change, ordered against those
 * writes. Then for every n in 1..N a fresh Bot API is started with the state a SIGKILL right after
 * write n would have left it, and a fresh bot process on a copy of snapshot n. If the request itself
 * was lost (killed before the run was recorded, or before it had a checkpoint — the bot says so in
 * the chat), the owner asks again. Each n must leave, over the chat before AND after the restart:
 * one report (nothing «No se hizo», no unknown state); each approval asked once (2 messages); 3
 * cards; each usage row once; the cover and the narration files present and — if they were in the
 * snapshot — not made again (same inode); no unfinished run. Prints one line per failing n and a
 * summary with N and the time; writes bench/results/kill-matrix-bot.json. Exit 1 if any n fails.
 *
 * `npm run kill-matrix:bot -- --real`: the Bot API in this process, a real SIGKILL after write n (slow).
 * Env: KILL_ONLY=3,mid,last,/audio\/semana_03\.mp3/ (only these n: test/support/replay pickWrites), KILL_PARALLEL (default 4 replayed, 2 real), KILL_LIST=1 (print every write n of the recording).
 */
import { watch } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Message } from 'grammy/types';
import { writeFileAtomic } from '../src/lib/atomic.js';
import { replay, startRecording, type Recorded, type Restored, pickWrites } from '../test/support/replay/index.js';
import { afterCall as after, apiState, botApiAt as apiAt, botDown, botUp, buttons, startBot, text, transcriptOf, whenInChat, type Bot } from '../test/support/replay/botapi.js';
import { PageClient, parseChatUrl, type ChatView } from '../test/support/replay/page.js';
import { DEFAULT_WEBCHAT_USER, newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../src/webchat/index.js';
import { TEST_ENV } from '../test/support/test-env.js';
import { server } from '../src/strings/index.js';
import { deckFileCards } from '../test/support/deck-file.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUEST = 'prepare la semana 3';
/** Longest a single step may take (a bot start, the week) before the n counts as failed. */
const STEP_MS = 300_000;
const when = <T>(t: EmbeddedTelegram, pick: () => T | undefined, stop: Promise<unknown>) => whenInChat(t, 'report', pick, stop, STEP_MS);

const isApproval = (m: Message) => text(m).startsWith('🔐');
const isReport = (m: Message) => text(m).startsWith('📋 Informe');
const isLost = (m: Message) => /ya no estaba pendiente al reiniciar/.test(text(m));



/** The owner: taps ✅ Aprobar once on every approval that shows its buttons (alive bot or not). */
function approveAsTheyCome(t: EmbeddedTelegram, pressed_?: () => void): () => void {
  const pressed = new Set<number>();
  const look = () => {
    for (const m of t.server.history()) {
      if (!isApproval(m) || pressed.has(m.message_id)) continue;
      const yes = buttons(m).find((b) => /Aprobar/.test(b.text))?.callback_data;
      if (!yes) continue;
      pressed.add(m.message_id);
      try {
        t.server.pressButton(m.message_id, yes);
        pressed_?.();
      } catch {
        // the buttons went in between (decided): nothing to press
      }
    }
  };
  const unsubscribe = t.server.subscribe(look);
  look();
  return unsubscribe;
}

const inode = async (file: string) => (await stat(file).catch(() => undefined))?.ino;
const readJson = async <T>(file: string): Promise<T | undefined> => JSON.parse(await readFile(file, 'utf8').catch(() => 'null')) ?? undefined;

/**
 * Starts a bot and waits until it is long-polling (or has died: a kill during start-up). No wrapper:
 * node itself runs the compiled bot (npm's pre-script built it), with the write-counting preload, so
 * the hook's SIGKILL ends the whole bot; a resumed snapshot runs it in its own mount namespace.
 */
const up = (t: EmbeddedTelegram, env: Record<string, string>, via?: Restored): Promise<Bot> => botUp(t, env, via ? { via } : { preload: true });

interface Outcome { problems: string[]; killed: boolean }

async function one(n: number, usageTasks: readonly string[]): Promise<Outcome> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-kill-bot-'));
  const dataDir = path.join(tmp, 'data');
  const token = newWebchatToken();
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: path.join(tmp, 'chat') });
  const env = { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir, ...TEST_ENV, CUADERNO_MODELO: 'local' };
  let stopOwner = approveAsTheyCome(t);
  const bots: Bot[] = [];
  try {
    const first = await up(t, { ...env, KILL_AFTER_WRITE: String(n) });
    bots.push(first);
    const died = first.exited;
    if (first.child.exitCode === null && first.child.signalCode === null) {
      t.server.sendUserText(REQUEST);
      const report = await when(t, () => t.server.history().find(isReport), died);
      // The writes after the report (the chart, forgetting the run) count too: wait for them.
      if (report) await Promise.race([died, settled(t, dataDir)]);
    }
    const x = await Promise.race([died, new Promise<null>((r) => setTimeout(() => r(null), 0))]);
    if (!x || x.signal !== 'SIGKILL') {
      first.child.kill('SIGKILL');
      await died;
      return { problems: [], killed: false };
    }
    const before = await madeFiles(dataDir);
    const runsBefore = (await readJson<{ runs: unknown[] }>(path.join(dataDir, 'bot', 'estado.json')))?.runs.length ?? 0;
    const chatBefore = t.server.history().length;
    const askedBefore = t.server.history().some((m) => m.from?.id === DEFAULT_WEBCHAT_USER.id && m.text === REQUEST);

    // Taps the dead bot never read wait in the Bot API and reach the second bot. A tap it had read
    // but not yet written is lost with it (Telegram's getUpdates confirms on the next fetch): its
    // buttons are still there, so the owner taps them again, as anyone would.
    stopOwner();
    stopOwner = approveAsTheyCome(t);
    const second = await up(t, env);
    bots.push(second);
    const lost = t.server.history().slice(chatBefore).some(isLost);
    // Nothing of the request survived (or the bot says it could not resume it): the owner asks again.
    if (!askedBefore || runsBefore === 0 || lost) {
      if (!t.server.history().some(isReport)) t.server.sendUserText(REQUEST);
    }
    const report = await when(t, () => t.server.history().find(isReport), second.exited);
    if (!report) return { problems: [`no report; the bot exited: ${second.stderr().slice(-400)}`], killed: true };
    await Promise.race([second.exited, settled(t, dataDir)]);
    return { problems: await weekProblems({ chat: t.server.history(), report, transcript: () => transcriptOf(t), dataDir, usageTasks, before, oneReport: false }), killed: true };
  } finally {
    stopOwner();
    for (const b of bots) if (b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
    await Promise.all(bots.map((b) => b.exited));
    await t.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Resolves once a run whose report is out has left nothing behind: the bot state lists no run (it
 * forgets the run after delivering everything; its file is watched: every write of it is an atomic
 * rename in that folder).
 */
function settled(t: EmbeddedTelegram, dataDir: string): Promise<void> {
  return settledIn(t, dataDir);
}

function settledIn(t: EmbeddedTelegram, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'bot');
  return new Promise((resolve, reject) => {
    let done = false;
    const check = async () => {
      if (done || ((await readJson<{ runs: unknown[] }>(path.join(dir, 'estado.json')))?.runs.length ?? 1) !== 0) return;
      done = true;
      watcher.close();
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const watcher = watch(dir, () => { void check(); });
    const unsubscribe = t.server.subscribe(() => { void check(); });
    const timer = setTimeout(() => { watcher.close(); unsubscribe(); reject(new Error('the finished run did not settle')); }, STEP_MS);
    void check();
  });
}

/** The counting run: the whole conversation once, with every write logged. */
async function count(): Promise<{ writes: string[]; usageTasks: string[] }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-count-bot-'));
  const log = path.join(tmp, 'writes.log');
  const dataDir = path.join(tmp, 'data');
  const token = newWebchatToken();
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: path.join(tmp, 'chat') });
  const stopOwner = approveAsTheyCome(t);
  const bot = await up(t, { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir, ...TEST_ENV, CUADERNO_MODELO: 'local', KILL_COUNT_FILE: log });
  try {
    t.server.sendUserText(REQUEST);
    const report = await when(t, () => t.server.history().find(isReport), bot.exited);
    if (!report) throw new Error(`the counting run did not finish: ${bot.stderr().slice(-400)}`);
    // The report is not the last write: the chart and the state clean-up follow it.
    await settled(t, dataDir);
    const rows = (await readFile(path.join(dataDir, 'registro_uso.csv'), 'utf8')).split('\n').slice(1).filter(Boolean).map((l) => l.split(',')[1]!);
    return { writes: (await readFile(log, 'utf8')).trim().split('\n').map((l) => l.split(' ').slice(1).join(' ')), usageTasks: rows };
  } finally {
    stopOwner();
    bot.child.kill('SIGKILL');
    await bot.exited;
    await t.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

async function mainReal(): Promise<void> {
  const started = Date.now();
  const { writes, usageTasks } = await count();
  const N = writes.length;
    const ns = pickWrites(writes, process.env.KILL_ONLY);
  console.log(`Semana estándar (bot): N = ${N} escrituras; probando ${ns.length} muertes…`);
  const failures: Array<{ n: number; write: string; problems: string[] }> = [];
  let notKilled = 0;
  const queue = [...ns];
  await Promise.all(Array.from({ length: Number(process.env.KILL_PARALLEL ?? 2) }, async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      let r: Outcome;
      try {
        r = await one(n, usageTasks);
      } catch (e) {
        r = { problems: [`harness: ${e instanceof Error ? e.message : String(e)}`], killed: true };
      }
      if (!r.killed) notKilled++;
      if (r.problems.length) {
        failures.push({ n, write: writes[n - 1] ?? '?', problems: r.problems });
        console.log(`n=${n} (${writes[n - 1]}): ${r.problems.join('; ')}`);
      }
    }
  }));
  failures.sort((a, b) => a.n - b.n);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`kill-matrix (bot): N = ${N}; ${ns.length - failures.length} de ${ns.length} sin problemas${notKilled ? ` (${notKilled} no llegaron a esa escritura)` : ''} en ${seconds} s`);
  if (!process.env.KILL_ONLY) await writeFileAtomic(path.join(ROOT, 'bench', 'results', 'kill-matrix-bot.json'), `${JSON.stringify({ N, tried: ns.length, notKilled, failures, seconds, writes }, null, 2)}\n`);
  process.exitCode = failures.length ? 1 : 0;
}

/** The recording: the whole conversation once; the folder after every write, the Bot API after every change. */
async function record(): Promise<{ rec: Recorded; usageTasks: string[]; filesDir: string; token: string; tmp: string }> {
  const rec = await startRecording();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-record-bot-'));
  const dataDir = path.join(rec.root, 'data');
  const token = newWebchatToken();
  const filesDir = path.join(tmp, 'chat');
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir });
  const keep = () => rec.effect('botapi', apiState(t));
  const unsubscribe = [t.server.subscribe(keep), after(t.server.updates, 'confirm', keep), after(t.server.state, 'answerQuery', keep)];
  const stopOwner = approveAsTheyCome(t, keep);
  const bot = await up(t, { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir, CUADERNO_CLAVES_DIR: path.join(rec.root, 'claves'), ...TEST_ENV, CUADERNO_MODELO: 'local', ...rec.env });
  try {
    t.server.sendUserText(REQUEST);
    keep();
    const report = await when(t, () => t.server.history().find(isReport), bot.exited);
    if (!report) throw new Error(`the recording run did not finish: ${bot.stderr().slice(-400)}`);
    await settled(t, dataDir);
    const rows = (await readFile(path.join(dataDir, 'registro_uso.csv'), 'utf8')).split('\n').slice(1).filter(Boolean).map((l) => l.split(',')[1]!);
    stopOwner();
    for (const u of unsubscribe) u();
    // Stopped the way its owner stops it (SIGTERM): a SIGKILL here could land in the middle of the
    // last write's snapshot copy. Whatever it writes while stopping is recorded like any write.
    bot.child.kill('SIGTERM');
    await bot.exited;
    await t.close();
    return { rec: await rec.finish(), usageTasks: rows, filesDir, token, tmp };
  } finally {
    stopOwner();
    for (const u of unsubscribe) u();
    if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
    await bot.exited;
  }
}

async function resumeOne(rec: Recorded, n: number, restored: Restored, recorded: { filesDir: string; token: string; usageTasks: string[] }): Promise<string[]> {
  const dataDir = path.join(restored.root, 'data');
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cv-replay-chat-'));
  const t = await apiAt(rec, n, recorded, scratch);
  const env = { TELEGRAM_BOT_TOKEN: recorded.token, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: path.join(rec.root, 'data'), CUADERNO_CLAVES_DIR: path.join(rec.root, 'claves'), ...TEST_ENV, CUADERNO_MODELO: 'local' };
  let stopOwner = () => {};
  let bot: Bot | undefined;
  try {
    const before = await madeFiles(dataDir);
    const runsBefore = (await readJson<{ runs: unknown[] }>(path.join(dataDir, 'bot', 'estado.json')))?.runs.length ?? 0;
    const chatBefore = t.server.history().length;
    const askedBefore = t.server.history().some((m) => m.from?.id === DEFAULT_WEBCHAT_USER.id && m.text === REQUEST);
    // The owner taps every approval with buttons: old ones (a tap the dead bot had read but not
    // written is lost with it; its buttons are still there) and new ones.
    stopOwner = approveAsTheyCome(t);
    bot = await up(t, env, restored);
    const lost = t.server.history().slice(chatBefore).some(isLost);
    if (!askedBefore || runsBefore === 0 || lost) {
      if (!t.server.history().some(isReport)) t.server.sendUserText(REQUEST);
    }
    const b = bot;
    const report = await when(t, () => t.server.history().find(isReport), bot.exited).catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nthe bot said: ${b.stderr().slice(-800)}${b.stdout().slice(-800)}`);
    });
    if (!report) return [`no report; the bot exited: ${bot.stderr().slice(-400)}`];
    await Promise.race([bot.exited, settledIn(t, dataDir)]);
    return await weekProblems({ chat: t.server.history(), report, transcript: () => transcriptOf(t), dataDir, usageTasks: recorded.usageTasks, before, oneReport: true });
  } finally {
    stopOwner();
    if (bot) {
      if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
      await bot.exited;
    }
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function mainApart(): Promise<void> {
  const started = Date.now();
  const recorded = await record();
  const { rec } = recorded;
  const recordedSeconds = Math.round((Date.now() - started) / 1000);
  try {
    const N = rec.N;
        const ns = pickWrites(rec.writes, process.env.KILL_ONLY);
    console.log(`Semana estándar (bot): N = ${N} escrituras; probando ${ns.length} muertes…`);
    const failures = await replay(rec, { ns, parallel: Number(process.env.KILL_PARALLEL ?? 4) }, (n, restored) => resumeOne(rec, n, restored, recorded));
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`kill-matrix (bot): N = ${N}; ${ns.length - failures.length} de ${ns.length} sin problemas en ${seconds} s (grabación ${recordedSeconds} s)`);
    if (!process.env.KILL_ONLY) await writeFileAtomic(path.join(ROOT, 'bench', 'results', 'kill-matrix-bot.json'), `${JSON.stringify({ N, tried: ns.length, mode: 'replay', failures, seconds, recordedSeconds, writes: rec.writes }, null, 2)}\n`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await rec.dispose();
    await rm(recorded.tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The local chat inside the bot (the default): chat.json is part of every snapshot.

interface LocalBot { bot: Bot; page: PageClient | undefined }

/** A free loopback port for the bot's chat (several bots run at once, sharing the network). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * The bot in local-chat mode; resolves with the page open on its chat once it says «Chat local listo» (page undefined: it died first).
 * The free port is free when it is picked, not when the bot binds it: another process of the matrix may
 * take it in between. A bot that exits saying that port is in use is started again on another one — the
 * matrix judges a restart, not the harness's choice of port.
 */
async function upLocal(env: Record<string, string>, opts: { preload?: boolean; via?: Restored }): Promise<LocalBot> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const up = await upLocalOn(port, env, opts);
    const output = up.bot.stdout() + up.bot.stderr();
    if (up.page || attempt === 5 || !output.includes(server.S.portInUse('127.0.0.1', port))) return up;
  }
}

async function upLocalOn(port: number, env: Record<string, string>, opts: { preload?: boolean; via?: Restored }): Promise<LocalBot> {
  const bot = startBot({ ...env, CHAT_HOST: '127.0.0.1', CHAT_PORT: String(port) }, opts);
  const address = await new Promise<ReturnType<typeof parseChatUrl>>((resolve) => {
    const check = () => { const a = parseChatUrl(bot.stdout()); if (a) resolve(a); };
    bot.child.stdout!.on('data', check);
    void bot.exited.then(() => resolve(parseChatUrl(bot.stdout())));
  });
  if (!address || bot.child.exitCode !== null || bot.child.signalCode !== null) return { bot, page: undefined };
  return { bot, page: await PageClient.open(address.origin, address.secret).catch(() => undefined) };
}

/** The owner with the page open: taps ✅ Aprobar once on every approval that shows its buttons. */
function tapApprovals(page: ChatView): () => void {
  const pressed = new Set<number>();
  const look = () => {
    for (const m of page.history()) {
      if (!isApproval(m) || pressed.has(m.message_id)) continue;
      const yes = buttons(m).find((b) => /Aprobar/.test(b.text))?.callback_data;
      if (!yes) continue;
      pressed.add(m.message_id);
      // The buttons may go in between (decided): nothing to press.
      page.pressButton(m.message_id, yes).catch(() => {});
    }
  };
  const unsubscribe = page.subscribe(look);
  look();
  return unsubscribe;
}

/** What `pick` finds in the chat now or after a change; undefined when `stop` settles first; rejects after STEP_MS naming the chat. */
function seen<T>(page: ChatView, pick: () => T | undefined, stop: Promise<unknown>): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (v: T | undefined, e?: Error) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(timer);
      if (e) reject(e);
      else resolve(v);
    };
    const unsubscribe = page.subscribe(() => { const v = pick(); if (v !== undefined) finish(v); });
    const timer = setTimeout(() => finish(undefined, new Error(`no report within ${STEP_MS / 1000} s; chat:\n${chatText(page)}`)), STEP_MS);
    void stop.then(() => finish(pick()));
    const v = pick();
    if (v !== undefined) finish(v);
  });
}

const chatText = (page: ChatView) => page.history().map((m) => `#${m.message_id} ${m.from?.is_bot ? 'bot' : 'owner'}: ${text(m).split('\n')[0]}${buttons(m).length ? ` [${buttons(m).map((b) => b.text).join(' | ')}]` : ''}`).join('\n');

/** Resolves once the bot's state lists no run (its file is watched: every write of it is a rename in that folder). */
function runsGone(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'bot');
  return new Promise((resolve, reject) => {
    let done = false;
    const check = async () => {
      if (done || ((await readJson<{ runs: unknown[] }>(path.join(dir, 'estado.json')))?.runs.length ?? 1) !== 0) return;
      done = true;
      watcher.close();
      clearTimeout(timer);
      resolve();
    };
    const watcher = watch(dir, () => { void check(); });
    const timer = setTimeout(() => { watcher.close(); reject(new Error('the finished run did not settle')); }, STEP_MS);
    void check();
  });
}

const usageRows = async (dataDir: string) => (await readFile(path.join(dataDir, 'registro_uso.csv'), 'utf8').catch(() => '')).split('\n').slice(1).filter(Boolean).map((l) => l.split(',')[1]!);

/** The standard week's cover and narration (semana 3) in `dataDir`, by inode: made again means a new one. */
async function madeFiles(dataDir: string): Promise<{ cover?: number; wav?: number }> {
  return { cover: await inode(path.join(dataDir, 'portadas', 'semana_03.png')), wav: await inode(path.join(dataDir, 'audio', 'semana_03.wav')) };
}

/**
 * What a restarted standard week must show, whichever way the chat was played: nothing said lost
 * after the report, nothing «no se hizo» in it, each approval asked once, 3 cards, each usage row
 * once, the cover and the narration present and not made again (`before`: their inodes before the
 * restart). `oneReport`: also exactly one report in the chat.
 */
async function weekProblems(o: { chat: readonly Message[]; report: Message; transcript: () => string; dataDir: string; usageTasks: readonly string[]; before: { cover?: number; wav?: number }; oneReport: boolean }): Promise<string[]> {
  const { chat, report, dataDir } = o;
  const problems: string[] = [];
  const reportAt = chat.findIndex(isReport);
  if (chat.slice(reportAt).some(isLost)) problems.push('after the report, the restart said the run was lost');
  if (/No se hizo|Estado desconocido/.test(text(report))) problems.push(`report: ${text(report).split('\n').find((l) => /No se hizo|desconocido/.test(l))}`);
  const reports = chat.filter(isReport).length;
  if (o.oneReport && reports !== 1) problems.push(`${reports} reports in the chat (before and after the restart); chat:\n${o.transcript()}`);
  const approvals = chat.filter(isApproval).length;
  if (approvals !== 2) problems.push(`${approvals} approval messages (expected 2: each asked once); chat:\n${o.transcript()}`);
  const cards = deckFileCards(await readJson<unknown>(path.join(dataDir, 'tarjetas.json')));
  if (cards.length !== 3) problems.push(`${cards.length} cards`);
  const rows = await usageRows(dataDir);
  for (const tarea of o.usageTasks) {
    const k = rows.filter((r) => r === tarea).length;
    if (k !== 1) problems.push(`usage row ${tarea} ×${k}`);
  }
  const after = await madeFiles(dataDir);
  if (!after.cover) problems.push('no cover');
  if (!after.wav) problems.push('no narration');
  if (o.before.cover && o.before.cover !== after.cover) problems.push('cover made again');
  if (o.before.wav && o.before.wav !== after.wav) problems.push('narration made again');
  return problems;
}

/** The recording: the whole conversation once, the data folder (chat.json included) after every write. */
async function recordLocal(): Promise<{ rec: Recorded; usageTasks: string[] }> {
  const rec = await startRecording();
  const dataDir = path.join(rec.root, 'data');
  const { bot, page } = await upLocal({ CUADERNO_DATA_DIR: dataDir, CUADERNO_CLAVES_DIR: path.join(rec.root, 'claves'), ...TEST_ENV, CUADERNO_MODELO: 'local', ...rec.env }, { preload: true });
  let stopOwner = () => {};
  try {
    if (!page) throw new Error(`the recording bot did not start: ${bot.stderr().slice(-400)}`);
    stopOwner = tapApprovals(page);
    await page.sendUserText(REQUEST);
    const report = await seen(page, () => page.history().find(isReport), bot.exited);
    if (!report) throw new Error(`the recording run did not finish: ${bot.stderr().slice(-400)}`);
    await runsGone(dataDir);
    const usageTasks = await usageRows(dataDir);
    stopOwner();
    page.close();
    // Stopped the way its owner stops it (SIGTERM): whatever it writes while stopping is recorded like any write.
    bot.child.kill('SIGTERM');
    await bot.exited;
    return { rec: await rec.finish(), usageTasks };
  } finally {
    stopOwner();
    page?.close();
    await botDown(bot);
  }
}

async function resumeLocal(rec: Recorded, restored: Restored, usageTasks: readonly string[]): Promise<string[]> {
  const dataDir = path.join(restored.root, 'data');
  const before = await madeFiles(dataDir);
  const runsBefore = (await readJson<{ runs: unknown[] }>(path.join(dataDir, 'bot', 'estado.json')))?.runs.length ?? 0;
  const { bot, page } = await upLocal({ CUADERNO_DATA_DIR: path.join(rec.root, 'data'), CUADERNO_CLAVES_DIR: path.join(rec.root, 'claves'), ...TEST_ENV, CUADERNO_MODELO: 'local' }, { via: restored });
  let stopOwner = () => {};
  try {
    if (!page) return [`the restarted bot did not start: ${bot.stderr().slice(-600)}`];
    // The chat as the restarted bot read it back from chat.json.
    const chat = () => page.history();
    const askedBefore = chat().some((m) => !m.from?.is_bot && m.text === REQUEST);
    // A request the dead bot had not confirmed was kept with the chat and reaches the new bot.
    const waiting = (await readJson<{ pending?: Array<{ message?: { text?: string } }> }>(path.join(dataDir, 'webchat', 'chat.json')))?.pending?.some((u) => u.message?.text === REQUEST) ?? false;
    stopOwner = tapApprovals(page);
    const lost = chat().some(isLost);
    if ((!askedBefore || (runsBefore === 0 && !waiting) || lost) && !chat().some(isReport)) await page.sendUserText(REQUEST);
    const report = await seen(page, () => chat().find(isReport), bot.exited).catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nthe bot said: ${bot.stderr().slice(-800)}${bot.stdout().slice(-800)}`);
    });
    if (!report) return [`no report; the bot exited: ${bot.stderr().slice(-400)}`];
    await Promise.race([bot.exited, runsGone(dataDir)]);
    return await weekProblems({ chat: chat(), report, transcript: () => chatText(page), dataDir, usageTasks, before, oneReport: true });
  } finally {
    stopOwner();
    page?.close();
    await botDown(bot);
  }
}

async function mainLocal(): Promise<void> {
  const started = Date.now();
  const { rec, usageTasks } = await recordLocal();
  const recordedSeconds = Math.round((Date.now() - started) / 1000);
  try {
    const ns = pickWrites(rec.writes, process.env.KILL_ONLY);
    const chatWrites = rec.writes.filter((w) => /webchat\//.test(w)).length;
    if (process.env.KILL_LIST) console.log(rec.writes.map((w, i) => `${i + 1} ${w}`).join("\n"));
    console.log(`Semana estándar (bot, chat local dentro): N = ${rec.N} escrituras (${chatWrites} del chat); probando ${ns.length} muertes…`);
    const failures = await replay(rec, { ns, parallel: Number(process.env.KILL_PARALLEL ?? 4) }, (_n, restored) => resumeLocal(rec, restored, usageTasks));
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`kill-matrix (bot, chat local): N = ${rec.N}; ${ns.length - failures.length} de ${ns.length} sin problemas en ${seconds} s (grabación ${recordedSeconds} s)`);
    if (!process.env.KILL_ONLY) await writeFileAtomic(path.join(ROOT, 'bench', 'results', 'kill-matrix-bot.json'), `${JSON.stringify({ N: rec.N, tried: ns.length, mode: 'replay-chat-local', failures, seconds, recordedSeconds, writes: rec.writes }, null, 2)}\n`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await rec.dispose();
  }
}

function main(): Promise<void> {
  if (process.argv.includes('--real')) return mainReal();
  if (process.argv.includes('--api-aparte')) return mainApart();
  return mainLocal();
}

main().catch((e: unknown) => {
  console.error(`kill-matrix (bot): ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
