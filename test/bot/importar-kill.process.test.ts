/**
 * The kill matrix of one PDF import THROUGH THE CHAT (issue 26), by snapshot replay
 * (test/support/replay, test/support/replay/botapi.ts): the compiled bot against the embedded Bot
 * API; the student sends a generated 3-page PDF and taps [✅ Guardar] on the proposal. ONE
 * uninterrupted conversation is recorded: the data folder after each of its N writes, the Bot API
 * (the chat as it stands, updates not confirmed, taps not answered) after every change. Each n
 * starts a fresh Bot API holding what a kill right after write n leaves and a fresh bot on a copy of
 * snapshot n; the student does what anyone would: taps the old [✅ Guardar] still on screen (unless
 * that tap is still waiting in the Bot API), or — no proposal in the chat and the file not waiting —
 * sends the file again and taps the new one; then, once answered, sends the same file once more.
 * Over the chat before AND after the restart: «Guardado» at most once and naming the saved notes,
 * the tap answered, the repeat answered «Ya lo tenía», no [✅ Guardar] left; on disk
 * (test/support/import-kill.ts): each note of the PDF exactly once, the import done.
 * Env: KILL_ONLY (test/support/replay pickWrites), KILL_PARALLEL (default 3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { DEFAULT_WEBCHAT_USER, newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { importDataChecks, readNotes, type ExpectedImport } from '../support/import-kill.js';
import { textPdf } from '../support/material-fixtures.js';
import { pickWrites, replay, startRecording, type Recorded, type Restored } from '../support/replay/index.js';
import { botApiAt, botDown, botUp, recordBotApi, type Bot } from '../support/replay/botapi.js';
import { NOTAS } from '../cli/importar-support.js';

const NAME = 'Tema 4.pdf';
const text = (m: Message) => m.text ?? m.caption ?? '';
const fromBot = (m: Message) => m.from?.is_bot === true;
const isProposal = (m: Message) => fromBot(m) && text(m).startsWith('De «');
const guardar = (m: Message) => buttonsOf(m).find((b) => /Guardar/.test(b.text))?.callback_data;
const isSaved = (m: Message) => fromBot(m) && text(m).startsWith('Guardado');
const isHad = (m: Message) => fromBot(m) && text(m).startsWith('Ya lo tenía');
const transcript = (t: EmbeddedTelegram) => t.server.history().map((m) => `#${m.message_id} ${fromBot(m) ? 'bot' : 'student'}: ${text(m).split('\n')[0] || (m.document ? `[${m.document.file_name}]` : '')}${guardar(m) ? ' [✅ Guardar]' : ''}`).join('\n');

const envFor = (t: EmbeddedTelegram, token: string, root: string) => ({
  TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id),
  CUADERNO_DATA_DIR: path.join(root, 'data'), CUADERNO_CLAVES_DIR: path.join(root, 'claves'), CUADERNO_MODELO: 'local',
});

/** The student: taps [✅ Guardar] once on each proposal that shows it, except `skip` (a tap of theirs still waiting). */
function tapAsTheyCome(t: EmbeddedTelegram, skip: ReadonlySet<number> = new Set()): () => void {
  const tapped = new Set(skip);
  const look = () => {
    for (const m of t.server.history()) {
      const data = isProposal(m) && !tapped.has(m.message_id) ? guardar(m) : undefined;
      if (!data) continue;
      tapped.add(m.message_id);
      t.server.pressButton(m.message_id, data);
    }
  };
  const unsubscribe = t.server.subscribe(look);
  look();
  return unsubscribe;
}

let pdf: Buffer;
let rec: Recorded;
let recorded: { filesDir: string; token: string; tmp: string };
let exp: ExpectedImport;

beforeAll(async () => {
  pdf = Buffer.from(await textPdf(NOTAS));
  const recording = await startRecording();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-importar-kill-bot-'));
  const token = newWebchatToken();
  const filesDir = path.join(tmp, 'chat');
  recorded = { filesDir, token, tmp };
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir });
  const api = recordBotApi(recording, t);
  let bot: Bot | undefined;
  try {
    bot = await botUp(t, { ...envFor(t, token, recording.root), ...recording.env }, { preload: true });
    const stopTapping = tapAsTheyCome(t);
    await sendUserFile(t.server, pdf, NAME, 'document');
    api.keep();
    await waitForMessage(t, 'the «Guardado» line', (ms) => ms.find(isSaved));
    stopTapping();
    api.stop();
    // Stopped the way its owner stops it (SIGTERM); whatever it writes while stopping is recorded too.
    bot.child.kill('SIGTERM');
    await bot.exited;
  } finally {
    api.stop();
    await botDown(bot);
    await t.close();
  }
  rec = await recording.finish();
  const all = await readNotes(path.join(rec.snapshot(rec.N), 'data'));
  const added = all.slice(12);
  expect(added.map((x) => x.texto)).toEqual(NOTAS.map((p) => p.at(-1)));
  exp = { notes: added.map((x) => [x.tema, x.texto]), total: all.length };
}, 180_000);

afterAll(async () => {
  await rec?.dispose();
  if (recorded) await rm(recorded.tmp, { recursive: true, force: true });
});

/**
 * After a kill: the student's view of the chat `t` at the restart decides what they do (a tap of
 * theirs still waiting in the Bot API reaches the new bot), `start` starts the new bot, and the
 * chat before and after it and the data folder `dataDir` are checked. Resolves after the bot exited.
 */
async function restartAndCheck(t: EmbeddedTelegram, start: () => Promise<Bot>, dataDir: string): Promise<string[]> {
  let bot: Bot | undefined;
  let stopTapping = () => {};
  try {
    const waiting = t.server.updates.unconfirmed();
    const tapWaiting = new Set(waiting.flatMap((u) => (u.callback_query?.message ? [u.callback_query.message.message_id] : [])));
    const fileWaiting = waiting.some((u) => u.message?.document);
    const answered = () => t.server.history().some((m) => isSaved(m) || isHad(m));
    bot = await start();
    if (!answered()) {
      stopTapping = tapAsTheyCome(t, tapWaiting);
      if (!t.server.history().some(isProposal) && !fileWaiting && tapWaiting.size === 0) await sendUserFile(t.server, pdf, NAME, 'document');
      await waitForMessage(t, 'the answer to the tap', (ms) => ms.find((m) => isSaved(m) || isHad(m)), bot);
      stopTapping();
    }
    // Once more, the same file: «Ya lo tenía».
    const again = await sendUserFile(t.server, pdf, NAME, 'document');
    const reply = await waitForMessage(t, 'the answer to the file sent again', (ms) => ms.find((m) => m.message_id > again.message_id && fromBot(m)), bot);
    bot.child.kill('SIGTERM');
    await bot.exited;

    const problems: string[] = [];
    const data = await importDataChecks(dataDir, exp);
    problems.push(...data.problems);
    const chat = t.server.history().filter((m) => m.message_id < again.message_id);
    const saved = chat.filter(isSaved);
    if (saved.length > 1) problems.push(`«Guardado» ${saved.length} times before and after the restart`);
    for (const m of saved) if (text(m) !== MATERIAL.saved(data.ids)) problems.push(`said «${text(m)}» (saved: ${data.ids.join(', ')})`);
    for (const m of chat.filter(isHad)) if (text(m) !== MATERIAL.alreadyHad(NAME, exp.notes.length)) problems.push(`said «${text(m)}»`);
    if (!chat.some((m) => isSaved(m) || isHad(m))) problems.push('the tap was never answered');
    if (text(reply) !== MATERIAL.alreadyHad(NAME, exp.notes.length)) problems.push(`the same file again: «${text(reply)}»`);
    if (t.server.history().some((m) => isProposal(m) && guardar(m))) problems.push('a proposal still shows [✅ Guardar]');
    if (problems.length) problems.push(`chat:\n${transcript(t)}`);
    return problems;
  } finally {
    stopTapping();
    await botDown(bot);
  }
}

/** Snapshot n resumed: a fresh Bot API as the kill left it, a fresh bot seeing the copy at the recorded path. */
async function resumeOne(n: number, restored: Restored): Promise<string[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cv-importar-kill-chat-'));
  const t = await botApiAt(rec, n, recorded, scratch);
  try {
    return await restartAndCheck(t, () => botUp(t, envFor(t, recorded.token, rec.root), { via: restored }), path.join(restored.root, 'data'));
  } finally {
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A real SIGKILL right after write n of the conversation, and the bot restarted on the same chat. */
async function realKill(n: number): Promise<string[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), `cv-importar-kill-real-${n}-`));
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: recorded.token, filesDir: path.join(root, 'chat') });
  let first: Bot | undefined;
  let stopTapping = () => {};
  try {
    first = await botUp(t, { ...envFor(t, recorded.token, root), KILL_AFTER_WRITE: String(n) }, { preload: true });
    const died = first.exited;
    if (first.child.exitCode === null) {
      stopTapping = tapAsTheyCome(t);
      await sendUserFile(t.server, pdf, NAME, 'document');
      const done = new Promise<void>((resolve) => {
        const look = () => { if (t.server.history().some(isSaved)) { unsubscribe(); resolve(); } };
        const unsubscribe = t.server.subscribe(look);
        look();
      });
      // Alive after «Guardado»: stopped as its owner stops it; the writes while stopping count too.
      if (await Promise.race([died.then(() => false), done.then(() => true)])) first.child.kill('SIGTERM');
      stopTapping();
    }
    const x = await died;
    if (x.signal !== 'SIGKILL') return [`n=${n}: not killed (${JSON.stringify(x)})`];
    return (await restartAndCheck(t, () => botUp(t, envFor(t, recorded.token, root)), path.join(root, 'data'))).map((p) => `n=${n} (${rec.writes[n - 1]}): ${p}`);
  } finally {
    stopTapping();
    await botDown(first);
    await t.close();
    await rm(root, { recursive: true, force: true });
  }
}

describe('kill matrix of one PDF import through the chat (snapshot replay)', () => {
  it('every n: the bot restarted on the disk a kill after write n leaves, the old [✅ Guardar] tapped: each note saved exactly once, «Guardado» at most once, «Ya lo tenía» on the repeat', async () => {
    const started = Date.now();
    // The pending import, saving begun, every note in one write of the notebook, its search index,
    // the import done — at the least (an import's notes are one write since addMany).
    expect(rec.N).toBeGreaterThanOrEqual(5);
    const ns = pickWrites(rec.writes, process.env.KILL_ONLY);
    const failures = await replay(rec, { ns, parallel: Number(process.env.KILL_PARALLEL ?? 3) }, resumeOne);
    console.log(`importar (chat, reproducción): N = ${rec.N} escrituras; ${ns.length - failures.length} de ${ns.length} sin problemas en ${Math.round((Date.now() - started) / 1000)} s`);
    expect(failures.map((f) => `n=${f.n} (${f.write}): ${f.problems.join('; ')}`)).toEqual([]);
  }, 600_000);

  it('real SIGKILLs after the first, middle and last write, the bot restarted on the same chat: the same checks hold', async () => {
    const problems = await Promise.all(pickWrites(rec.writes, '1,mid,last').map(realKill));
    expect(problems.flat()).toEqual([]);
  }, 600_000);
});
