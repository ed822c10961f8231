/**
 * Makes test/fixtures/datos-26bbfae-chat/: what main at 26bbfae's BOT leaves on disk when it is
 * killed (SIGKILL) with two runs in one chat — the upgrade test's starting point
 * (test/bot/upgrade-26bbfae.process.test.ts, issue 23 «Tests»).
 *
 *   git worktree add ../wt-old 26bbfae && (cd ../wt-old && npm ci)
 *   npx tsx scripts/make-fixture-26bbfae-chat.ts ../wt-old
 *
 * The old bot runs as its own kill matrix ran it (scripts/kill-matrix-bot.ts at 26bbfae): `node
 * --import tsx src/main.ts` in the old tree, offline planner, against the embedded Bot API of that
 * same tree (its local chat), here reached through a relay (test/support/relay.ts) that holds back
 * one request: the week's report. The owner writes «prepara la semana 3», taps ✅ Aprobar on both
 * approvals; once the week's status says «✅ Terminado» and its report is held, they write «rehaz
 * la portada de la semana 3» and do NOT answer its approval. Once that approval is on screen and
 * recorded, the bot is killed. Left on disk:
 * - run A (the week): finished (its outcome written), its cover and episode already in the chat
 *   and recorded as sent, its report, cards list and chart never delivered, the run not marked
 *   delivered — what a kill -9 between a run's end and its delivery record leaves;
 * - run B (the redo): paused on its approval, shown (message id recorded) but not answered.
 * The Bot API stand-in is then closed, which writes its chat (`chat.json`, the chat as the old bot
 * left it: the test taps the old button on it).
 *
 * Frozen into the fixture: the data folder (`datos/`) without the media bytes (PNG, WAV, MP3: see
 * its LEEME.md) and without the lock folders (`*.lock`: git keeps no empty folder), and the
 * stand-in's `chat.json` (`telegram/`) without the uploaded files' bytes.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Message } from 'grammy/types';
import { startBotProcess } from '../test/main/bot-process.js';
import { startRelay } from '../test/support/relay.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMIT = '26bbfae';
const OLD = path.resolve(process.argv[2] ?? path.join(ROOT, '..', 'wt-old'));
const OUT = path.join(ROOT, 'test', 'fixtures', 'datos-26bbfae-chat');
/** Fixed, so the absolute paths the old bot stores read the same on every remake (see LEEME.md). */
const WORK = path.join(os.tmpdir(), 'cuaderno-26bbfae-chat');
const DATA = path.join(WORK, 'datos');
const CHAT = path.join(WORK, 'telegram');
const WEEK = 'prepara la semana 3';
const REDO = 'rehaz la portada de la semana 3';
/** 26bbfae's report header (`S.reportHeader` there): the week's report is the request held back. */
const OLD_REPORT_HEADER = '📋 Informe';
/** Longest one step may take (the bot's start, the week) before the script gives up. */
const STEP_MS = 300_000;
/** Files left out of the fixture: media bytes (megabytes) — the stored results say they were made. */
const LEFT_OUT = /\.(png|wav|mp3)$/;

/** The parts of 26bbfae's local chat (src/webchat) this script uses. */
interface OldTelegram {
  apiRoot: string;
  server: {
    history(): Message[];
    subscribe(listener: () => void): () => void;
    sendUserText(text: string): Message;
    pressButton(messageId: number, data: string): string;
    updates: { polling: boolean; whenPolling(): Promise<void> };
  };
  close(): Promise<void>;
}
interface OldWebchat {
  startEmbeddedTelegram(o: { host: string; port: number; token: string; filesDir: string }): Promise<OldTelegram>;
  newWebchatToken(): string;
  DEFAULT_WEBCHAT_USER: { id: number };
}

const text = (m: Message) => m.text ?? m.caption ?? '';
const fromBot = (m: Message) => m.from?.is_bot === true;
const aprobar = (m: Message) => ((m.reply_markup?.inline_keyboard ?? []) as Array<Array<{ text: string; callback_data?: string }>>).flat().find((b) => /Aprobar/.test(b.text))?.callback_data;
/** An approval message (its buttons go once it is answered). */
const isApproval = (m: Message) => fromBot(m) && text(m).startsWith('🔐');
const transcript = (t: OldTelegram) => t.server.history().map((m) => `#${m.message_id} ${fromBot(m) ? 'bot' : 'owner'}: ${text(m).split('\n')[0]}`).join('\n');

/** Listeners of every change this script waits on: the chat's, and a request held by the relay. */
const changed = new Set<() => void>();
const onChange = (listener: () => void) => {
  changed.add(listener);
  return () => { changed.delete(listener); };
};
const notify = () => { for (const l of [...changed]) l(); };

/** Resolves with what `pick` finds now or after a change; rejects after STEP_MS or when `died` settles. */
function inChat<T>(t: OldTelegram, what: string, pick: () => T | undefined, died: Promise<unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const finish = (v: T | undefined, e?: Error) => {
      if (v === undefined && !e) return;
      unsubscribe();
      clearTimeout(timer);
      if (e) reject(e);
      else resolve(v as T);
    };
    const unsubscribe = onChange(() => finish(pick()));
    const timer = setTimeout(() => finish(undefined, new Error(`no ${what} within ${STEP_MS / 1000} s; chat:\n${transcript(t)}`)), STEP_MS);
    void died.then(() => finish(undefined, new Error(`the old bot exited while waiting for ${what}`)));
    finish(pick());
  });
}

/** Polls a file another process writes (no event to wait for). */
async function untilFile<T>(file: string, what: string, pick: (json: T) => boolean): Promise<T> {
  const end = Date.now() + STEP_MS;
  for (;;) {
    const json = JSON.parse(await readFile(file, 'utf8').catch(() => 'null')) as T | null;
    if (json !== null && pick(json)) return json;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} in ${file}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface OldState {
  runs: Array<{ runId: string; text: string; outcomeDelivered?: boolean; delivered?: string[] }>;
  approvals: Array<{ runId: string; messageId?: number; decision?: unknown }>;
}
interface OldCheckpoint { finished?: unknown; approvals: unknown[] }

async function main(): Promise<void> {
  const head = execFileSync('git', ['-C', OLD, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  if (!head.startsWith(COMMIT)) throw new Error(`${OLD} is at ${head}, not ${COMMIT}`);
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  const webchat = await import(pathToFileURL(path.join(OLD, 'src', 'webchat', 'index.ts')).href) as OldWebchat;
  const token = webchat.newWebchatToken();
  const t = await webchat.startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: CHAT });
  const unwatch = t.server.subscribe(notify);
  const relay = await startRelay(t.apiRoot, (method, body, held) => {
    const hold = held === 0 && method === 'sendMessage' && body.includes(`"text":"${OLD_REPORT_HEADER}`);
    // Told once it counts as held (the relay adds it after this answer).
    if (hold) setImmediate(notify);
    return hold;
  });
  // node itself runs the old bot (tsx as a loader, no wrapper), in the old tree.
  const bot = startBotProcess({
    TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: relay.apiRoot, ALLOWED_USER_IDS: String(webchat.DEFAULT_WEBCHAT_USER.id),
    CUADERNO_DATA_DIR: DATA, CUADERNO_MODELO: 'local',
  }, { file: process.execPath, args: ['--import', 'tsx', 'src/main.ts'], cwd: OLD });
  let stopOwner = () => undefined as void;
  try {
    await bot.waitForStdout(/escuchando en Telegram/, STEP_MS);
    await t.server.updates.whenPolling();
    console.log(`26bbfae escucha; escribo «${WEEK}»`);

    // The owner taps ✅ Aprobar on the week's two approvals (the first two), never on the redo's.
    const tapped = new Set<number>();
    const look = () => {
      for (const m of t.server.history().filter(isApproval).slice(0, 2)) {
        const yes = aprobar(m);
        if (tapped.has(m.message_id) || !yes) continue;
        tapped.add(m.message_id);
        try {
          t.server.pressButton(m.message_id, yes);
        } catch {
          // its buttons went in between (decided): nothing to press
        }
      }
    };
    stopOwner = t.server.subscribe(look);
    t.server.sendUserText(WEEK);
    await inChat(t, 'the week\'s «✅ Terminado» with its report held', () => (relay.held() === 1 && t.server.history().some((m) => fromBot(m) && text(m).startsWith(`✅ Terminado: «${WEEK}»`)) ? true : undefined), bot.exited);
    console.log(`la semana terminó y su informe está retenido; escribo «${REDO}»`);
    t.server.sendUserText(REDO);
    const ask = await inChat(t, 'the redo\'s approval', () => t.server.history().filter((m) => isApproval(m) && aprobar(m) !== undefined)[0], bot.exited);
    if (t.server.history().filter(isApproval).length !== 3) throw new Error(`expected three approvals asked; chat:\n${transcript(t)}`);
    const stateFile = path.join(DATA, 'bot', 'estado.json');
    await untilFile<OldState>(stateFile, 'the redo\'s approval message recorded', (s) => s.approvals.some((a) => a.messageId === ask.message_id));
    bot.killGroup();
    const x = await bot.exited;
    if (x.signal !== 'SIGKILL') throw new Error(`the old bot was not killed: ${JSON.stringify(x)}`);
    console.log(`aprobación de la repetición en pantalla (#${ask.message_id}); 26bbfae muerto con SIGKILL`);
  } finally {
    stopOwner();
    unwatch();
    bot.killGroup();
    await bot.exited;
    await relay.close();
    // Writes the chat as it stands (chat.json).
    await t.close();
  }
  await check();
  await freeze();
  await rm(WORK, { recursive: true, force: true });
  console.log(`fixture escrita en ${path.relative(ROOT, OUT)}`);
}

/** The state a kill between the week's end and its delivery record, with the redo paused, leaves. */
async function check(): Promise<void> {
  const state = JSON.parse(await readFile(path.join(DATA, 'bot', 'estado.json'), 'utf8')) as OldState;
  const week = state.runs.find((r) => r.text === WEEK);
  const redo = state.runs.find((r) => r.text === REDO);
  if (!week || !redo || state.runs.length !== 2) throw new Error(`expected the two runs recorded: ${JSON.stringify(state.runs)}`);
  if (week.outcomeDelivered) throw new Error('the week is marked delivered');
  if ((week.delivered ?? []).length !== 2) throw new Error(`the week's cover and episode not recorded as sent: ${JSON.stringify(week.delivered)}`);
  const cp = async (runId: string) => JSON.parse(await readFile(path.join(DATA, 'runs', runId, 'checkpoint.json'), 'utf8')) as OldCheckpoint;
  if (!(await cp(week.runId)).finished) throw new Error('the week\'s outcome is not written');
  const redoCp = await cp(redo.runId);
  if (redoCp.finished || redoCp.approvals.length !== 1) throw new Error('the redo is not paused on one approval');
  const open = state.approvals.filter((a) => a.runId === redo.runId);
  if (open.length !== 1 || open[0]!.decision !== undefined || open[0]!.messageId === undefined) throw new Error(`the redo's approval is not shown and open: ${JSON.stringify(open)}`);
}

async function freeze(): Promise<void> {
  await rm(path.join(OUT, 'datos'), { recursive: true, force: true });
  await rm(path.join(OUT, 'telegram'), { recursive: true, force: true });
  await cp(DATA, path.join(OUT, 'datos'), {
    recursive: true,
    filter: (src) => !LEFT_OUT.test(src) && !src.endsWith('.lock'),
  });
  await mkdir(path.join(OUT, 'telegram'), { recursive: true });
  await cp(path.join(CHAT, 'chat.json'), path.join(OUT, 'telegram', 'chat.json'));
}

main().catch((e: unknown) => {
  console.error(`make-fixture-26bbfae-chat: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exitCode = 1;
});
