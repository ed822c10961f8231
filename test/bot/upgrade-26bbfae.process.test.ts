/**
 * Upgrade (issue 23 «Tests»): a data folder written by main at 26bbfae's BOT, killed with two runs
 * in one chat (test/fixtures/datos-26bbfae-chat/, made by scripts/make-fixture-26bbfae-chat.ts, see
 * its LEEME.md): the week «prepara la semana 3» finished — its cover and episode already in the
 * chat — but its report, cards list and chart never delivered nor the run marked delivered; the redo
 * «rehaz la portada de la semana 3» paused on an approval shown and not answered.
 *
 * The CURRENT bot (compiled, a child process) starts on a copy of that folder, against a Bot API
 * stand-in holding the chat as the old bot left it. The owner taps the OLD Aprobar. The oracle is what
 * reaches the chat (the history, old and new, and every request the stand-in received since), the
 * audit and the files the runs made — never the names of the run's own files, which change: the
 * week's outcome arrives exactly once in all (today's closing message; its cards behind its button,
 * as the current bot offers them), the redo's cover is made once and delivered once, no approval is
 * asked again, no run is called lost; a second restart sends and asks nothing. The one file of the
 * bot's read here is its record of runs (`bot/estado.json`): in `reopenApprovals`, in the old format
 * before any current bot ran, and in `runsOver`, the wait for both runs to be forgotten.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S } from '../../src/strings/chat.js';
import { RS } from '../../src/strings/review.js';
import { DEFAULT_WEBCHAT_USER, newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram, type RecordedRequest } from '../../src/webchat/index.js';
import { copyFrozenFolder } from '../course/helpers.js';
import { startBotProcess, type BotProcess } from '../main/bot-process.js';
import { READY, WAIT_MS, approveData, buttonsOf, okResults, readJson, until, waitForMessage } from '../main/chat-harness.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/datos-26bbfae-chat/', import.meta.url));
const WEEK = 'prepara la semana 3';
const REDO = 'rehaz la portada de la semana 3';

const text = (m: Message) => m.text ?? m.caption ?? '';
const fromBot = (m: Message) => m.from?.is_bot === true;
const isApproval = (m: Message) => fromBot(m) && text(m).startsWith('🔐');
const isReportOf = (req: string) => (m: Message) => fromBot(m) && text(m).startsWith(S.closingHeader(req));
const isLost = (m: Message) => fromBot(m) && /ya no estaba pendiente/.test(text(m));
const isCardsList = (m: Message) => fromBot(m) && text(m).startsWith(RS.weekCardsHeader(0).split('(')[0]!);
const isCover = (m: Message) => fromBot(m) && m.photo !== undefined && text(m) !== S.ganttCaption;
const isEpisode = (m: Message) => fromBot(m) && (m.audio !== undefined || m.document !== undefined);
const isFailedSend = (m: Message) => fromBot(m) && text(m).startsWith(S.deliveryFailed('·').split('·')[0]!);
const isSummaryOf = (req: string) => (m: Message) => fromBot(m) && text(m).startsWith(S.progressDone(req));
/** The Bot API calls that put something in the chat or change what it shows (a chat action shows nothing). */
const SHOWING = /^(send(?!ChatAction)|edit|copy|forward)/i;

let root: string;
let t: EmbeddedTelegram;
let bot: BotProcess | undefined;
let redoAsk: Message;
let chatBefore: Message[];
const token = newWebchatToken();
const data = () => path.join(root, 'datos');
const env = () => ({
  TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id),
  CUADERNO_DATA_DIR: data(), CUADERNO_CLAVES_DIR: path.join(root, 'claves'), CUADERNO_MODELO: 'local',
});
const transcript = () => t.server.history().map((m) => `#${m.message_id} ${fromBot(m) ? 'bot' : 'owner'}: ${text(m).split('\n')[0]}`).join('\n');
/** What the stand-in received from the current bot(s), ok'd, that shows something in the chat. */
const shown = (since = 0): RecordedRequest[] => t.server.requests.slice(since).filter((r) => r.ok && SHOWING.test(r.method));

/** Starts the current bot on the copy and resolves once it long-polls the stand-in. */
async function startCurrentBot(): Promise<BotProcess> {
  const b = startBotProcess(env());
  bot = b;
  await b.waitForStdout(READY, WAIT_MS);
  await until('the bot to long-poll', () => t.server.updates.polling || !b.running());
  expect(b.running(), b.stderr()).toBe(true);
  return b;
}

/** Both runs over: delivered and forgotten, nothing more on its way (the bot's own record of its runs). */
async function runsOver(): Promise<void> {
  await until('both runs to be over', async () => (await readJson<{ runs: unknown[] }>(path.join(data(), 'bot', 'estado.json')))?.runs.length === 0);
}

/**
 * The fixture's open approval was shown when the old bot died; its expiry (an hour, stored as an
 * instant) is moved to now, as if the owner came back within the hour — the old file's own format.
 */
async function reopenApprovals(): Promise<void> {
  const file = path.join(data(), 'bot', 'estado.json');
  const state = JSON.parse(await readFile(file, 'utf8')) as { approvals: Array<{ createdAt: number; expiresAt: number; decision?: unknown }> };
  for (const a of state.approvals.filter((x) => x.decision === undefined)) {
    const shift = Date.now() - a.createdAt;
    a.createdAt += shift;
    a.expiresAt += shift;
  }
  await writeFile(file, JSON.stringify(state, null, 2));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cv-upgrade-chat-'));
  await copyFrozenFolder(path.join(FIXTURE, 'datos'), data());
  await reopenApprovals();
  await mkdir(path.join(root, 'telegram'), { recursive: true });
  await cp(path.join(FIXTURE, 'telegram', 'chat.json'), path.join(root, 'telegram', 'chat.json'));
  t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: path.join(root, 'telegram') });
  chatBefore = t.server.history();
  redoAsk = chatBefore.filter(isApproval)[2]!;
});

afterAll(async () => {
  if (bot) {
    bot.killGroup();
    await bot.exited;
  }
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

describe('a chat left by the bot at 26bbfae: a week finished but not delivered, a redo paused on its approval', () => {
  it('the fixture is that chat: the week\'s cover and episode sent, its report not; the redo\'s approval open', () => {
    expect(chatBefore.filter(isApproval), transcript()).toHaveLength(3);
    expect(chatBefore.filter(isCover), transcript()).toHaveLength(1);
    expect(chatBefore.filter(isEpisode), transcript()).toHaveLength(1);
    expect(chatBefore.some((m) => text(m).startsWith('📋')), transcript()).toBe(false);
    expect(approveData(redoAsk), transcript()).not.toBe('');
  });

  it('the current bot delivers the week\'s tail and keeps the redo waiting on its old approval: nothing asked again, nothing lost', async () => {
    await startCurrentBot();
    await waitForMessage(t, 'the week\'s report', (ms) => ms.find(isReportOf(WEEK)), bot);
    await waitForMessage(t, 'the redo resumed', (ms) => ms.find((m) => fromBot(m) && text(m).startsWith(S.resumed(REDO))), bot);
    expect(shown().filter((r) => r.method === 'sendMessage' && String(r.params.text ?? '').startsWith('🔐')), transcript()).toHaveLength(0);
    expect(t.server.history().some(isLost), transcript()).toBe(false);
    // The old question still shows its buttons: the redo waits on it.
    expect(approveData(t.server.history().find((m) => m.message_id === redoAsk.message_id)!), transcript()).not.toBe('');
  }, 300_000);

  it('the old Aprobar still works: the redo\'s cover is made once and delivered once', async () => {
    const coversBefore = await okResults(data(), 'generar_portada');
    const madeBefore = await readdir(path.join(data(), 'portadas'));
    const queryId = t.server.pressButton(redoAsk.message_id, approveData(redoAsk));
    const answer = await t.server.waitForRequest('answerCallbackQuery', (r) => r.params.callback_query_id === queryId, WAIT_MS);
    expect(answer.params.text).toBe(S.tapApproved());
    await waitForMessage(t, 'the redo\'s report', (ms) => ms.find(isReportOf(REDO)), bot);
    await runsOver();
    expect(await okResults(data(), 'generar_portada') - coversBefore, 'the redo\'s cover, made once').toBe(1);
    expect((await readdir(path.join(data(), 'portadas'))).filter((f) => !madeBefore.includes(f) && f.endsWith('.png'))).toHaveLength(1);
    expect(approveData(t.server.history().find((m) => m.message_id === redoAsk.message_id)!), 'the answered question keeps no buttons').toBe('');
  }, 300_000);

  it('each outcome reached the chat exactly once, the old bot\'s messages and the new one\'s together', async () => {
    const chat = t.server.history();
    const sent = shown();
    expect(chat.filter(isReportOf(WEEK)), transcript()).toHaveLength(1);
    expect(chat.filter(isReportOf(REDO)), transcript()).toHaveLength(1);
    // Each run's closing summary («✅ Terminado») on one message: the week's is the old bot's.
    expect(chat.filter(isSummaryOf(WEEK)), transcript()).toHaveLength(1);
    expect(chat.filter(isSummaryOf(REDO)), transcript()).toHaveLength(1);
    expect(sent.filter((r) => r.method === 'sendMessage' && String(r.params.text ?? '').startsWith(S.progressDone(WEEK))), transcript()).toHaveLength(0);
    // The week's cover (the old bot's) and the redo's, one photo each; the week's episode once.
    expect(chat.filter(isCover), transcript()).toHaveLength(2);
    expect(sent.filter((r) => r.method === 'sendPhoto' && r.params.caption !== S.ganttCaption), transcript()).toHaveLength(1);
    expect(chat.filter(isEpisode), transcript()).toHaveLength(1);
    expect(sent.filter((r) => /^send(Audio|Document|Voice)$/.test(r.method)), transcript()).toHaveLength(0);
    expect(chat.filter(isApproval), 'each approval asked once').toHaveLength(3);
    expect(chat.filter((m) => isLost(m) || isFailedSend(m)), transcript()).toHaveLength(0);
    // The week's own effects are the old bot's: none of its calls ran again.
    const fixtureAudit = (await readFile(path.join(FIXTURE, 'datos', 'auditoria.jsonl'), 'utf8')).split('\n').filter((l) => l.trim());
    const oks = (lines: string[], tool: string) => lines.map((l) => JSON.parse(l) as { event?: string; tool?: string; outcome?: string })
      .filter((e) => e.event === 'resultado' && e.tool === tool && e.outcome === 'ok').length;
    for (const tool of ['crear_tarjetas', 'narrar_resumen']) expect(await okResults(data(), tool), tool).toBe(oks(fixtureAudit, tool));
  });

  it('the week\'s cards list is offered under its report, and shows the cards the old bot made, once', async () => {
    expect(t.server.history().filter(isCardsList), 'no cards list sent unasked').toHaveLength(0);
    const report = t.server.history().find(isReportOf(WEEK))!;
    const button = buttonsOf(report).find((b) => b.callback_data?.startsWith('cl:t:'));
    expect(button, transcript()).toBeDefined();
    const made = (JSON.parse(await readFile(path.join(FIXTURE, 'datos', 'tarjetas.json'), 'utf8')) as unknown[]).length;
    const queryId = t.server.pressButton(report.message_id, button!.callback_data!);
    await t.server.waitForRequest('answerCallbackQuery', (r) => r.params.callback_query_id === queryId, WAIT_MS);
    const list = await t.server.waitForRequest('sendMessage', (r) => String(r.params.text ?? '').startsWith(RS.weekCardsHeader(made)), WAIT_MS);
    expect(list.ok).toBe(true);
    expect(t.server.history().filter(isCardsList), transcript()).toHaveLength(1);
  }, 300_000);

  it('a second restart re-delivers nothing and asks nothing again', async () => {
    bot!.signal('SIGTERM');
    expect((await bot!.exited).code).toBe(0);
    const mark = t.server.requests.length;
    const chatLength = t.server.history().length;
    await startCurrentBot();
    // An event to wait on: the answer to /estado comes after everything the start sends.
    t.server.sendUserText('/estado');
    await t.server.waitForRequest('sendMessage', (r) => String(r.params.text ?? '').includes(S.statusIdle()) && t.server.requests.indexOf(r) >= mark, WAIT_MS);
    const after = t.server.history().slice(chatLength);
    expect(after.map(text), transcript()).toEqual(['/estado', expect.stringContaining(S.statusIdle())]);
    expect(shown(mark), transcript()).toHaveLength(1);
  }, 300_000);
});
