/**
 * The kill matrix over TWO OVERLAPPING RUNS in one chat (issue 23), by snapshot replay
 * (test/support/replay, test/support/replay/botapi.ts). Shared by `npm run kill-matrix:dos`
 * (scripts/kill-matrix-two.ts: every n) and test/main/two-runs.process.test.ts (a sample, and a few
 * real SIGKILLs).
 *
 * The conversation: the owner writes «prepara la semana 3 con flux» and taps ✅ Aprobar on both
 * approvals; the moment the week's status says «✅ Terminado» (its closing message, the report, is
 * still to come) they write «rehaz la portada de la semana 3 con flux» and tap its approval. «con
 * flux» puts the covers on the image engine's stand-in (a local HTTP server speaking its protocol),
 * so each cover is an outside effect that can be counted. The overlap is forced without timing: the
 * bot reaches the Bot API through a gate (test/support/relay.ts: a local HTTP peer forwarding every
 * request as it is) that holds the week's report until the redo's approval is in the chat, then lets
 * it through — the two runs' writes interleave as a loaded machine interleaves them (the week
 * finished but not delivered, the redo paused on its approval, then both going on at once).
 *
 * ONE uninterrupted conversation is recorded: the data folder after each of its N writes, the Bot
 * API after every change, every request of the engine stand-ins. Each n starts a fresh Bot API
 * holding what a kill right after write n leaves, fresh engine stand-ins, and a fresh bot on a copy
 * of snapshot n; the owner does what anyone would (taps every approval still showing its buttons,
 * asks again what the restarted bot says it lost or what it never took in, sends the redo once the
 * week says it is done). Over before AND after the restart, each n must end with: both reports,
 * each once; each approval asked once (3 messages); no pending approval forgotten; each engine call
 * once (a repeat only for a keyed call whose result was not yet on disk at n: the outside world's
 * at-least-once); each journal entry with its result; the audit's results and the usage rows as
 * the recording's; the week's cover not made again; every tap answered; both runs forgotten.
 */
import { watch } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { S } from '../../src/strings/chat.js';
import { DEFAULT_WEBCHAT_USER, newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { startImageServer, startSpeechServer, type MediaServer, type RecordedRequest } from '../support/media-servers.js';
import { PROBE_IMAGE_SIZE, PROBE_WORD } from '../../src/domain/media/probe.js';
import { startRelay, type Relay } from '../support/relay.js';
import { startRecording, type Recorded, type Restored } from '../support/replay/index.js';
import { afterCall, botApiAt, botDown, botUp, buttons, recordBotApi, text, transcriptOf, whenInChat, type Bot } from '../support/replay/botapi.js';
import { TEST_ENV } from '../support/test-env.js';

export const WEEK = 'prepara la semana 3 con flux';
export const REDO = 'rehaz la portada de la semana 3 con flux';
const REQUESTS = [WEEK, REDO] as const;
/** Longest one step may take (a bot start, both runs) before the n counts as failed. */
const STEP_MS = 300_000;
const when = <T>(t: EmbeddedTelegram, what: string, pick: () => T | undefined, stop: Promise<unknown>) => whenInChat(t, what, pick, stop, STEP_MS);

const fromBot = (m: Message) => m.from?.is_bot === true;
const fromOwner = (m: Message) => m.from?.id === DEFAULT_WEBCHAT_USER.id;
const isApproval = (m: Message) => fromBot(m) && text(m).startsWith('🔐');
const isReportOf = (req: string) => (m: Message) => fromBot(m) && text(m).startsWith(S.closingHeader(req));
const isLostOf = (req: string) => (m: Message) => fromBot(m) && text(m) === S.lostRun(req);
const isDoneOf = (req: string) => (m: Message) => fromBot(m) && text(m).startsWith(S.progressDone(req));
const busyPrefix = (req: string) => S.busy(req, 0).slice(0, S.busy(req, 0).indexOf('('));
const aprobar = (m: Message) => buttons(m).find((b) => /Aprobar/.test(b.text))?.callback_data;


// ---------------------------------------------------------------------------------------------
// The owner

/**
 * The owner, on every change of the chat: taps ✅ Aprobar once on each approval showing it (not
 * those whose tap still waits in the Bot API), sends the redo once the week says «✅ Terminado» (or
 * its report is out), and asks again, once, a request the bot said it lost (after `since`).
 */
function owner(t: EmbeddedTelegram, opts: { skipTaps?: ReadonlySet<number>; since?: number; onAct?: () => void } = {}): { stop: () => void; again: Set<string> } {
  const tapped = new Set(opts.skipTaps ?? []);
  const again = new Set<string>();
  const since = opts.since ?? 0;
  let busy = false;
  const look = () => {
    if (busy) return;
    busy = true;
    try {
      const chat = t.server.history();
      for (const m of chat) {
        const yes = isApproval(m) && !tapped.has(m.message_id) ? aprobar(m) : undefined;
        if (!yes) continue;
        tapped.add(m.message_id);
        try {
          t.server.pressButton(m.message_id, yes);
          opts.onAct?.();
        } catch {
          // its buttons went in between (decided): nothing to press
        }
      }
      const asked = (req: string) => chat.some((m) => fromOwner(m) && text(m) === req);
      if (!asked(REDO) && chat.some((m) => isDoneOf(WEEK)(m) || isReportOf(WEEK)(m))) send(REDO);
      for (const req of REQUESTS) {
        const lost = chat.some((m) => m.message_id > since && isLostOf(req)(m));
        if (lost && !again.has(req) && !chat.some(isReportOf(req))) {
          again.add(req);
          send(req);
        }
      }
    } finally {
      busy = false;
    }
  };
  const send = (req: string) => {
    t.server.sendUserText(req);
    opts.onAct?.();
  };
  const unsubscribe = t.server.subscribe(look);
  look();
  return { stop: unsubscribe, again };
}

// ---------------------------------------------------------------------------------------------
// The gate: the week's report held until the redo's approval shows (test/support/relay.ts)

const holdWeekReport = (method: string, body: string) => method === 'sendMessage' && body.includes(S.closingHeader(WEEK));
const redoAsked = (t: EmbeddedTelegram) => t.server.history().filter(isApproval).length >= 3;
/** The relay holding the week's report in `t`'s chat until the redo's approval is on screen. */
const startGate = (t: EmbeddedTelegram): Promise<Relay> =>
  startRelay(t.apiRoot, holdWeekReport, { until: () => redoAsked(t), changes: (l) => t.server.subscribe(l) });

// ---------------------------------------------------------------------------------------------
// Waiting on the chat and the disk (events, with a failure deadline only)


const readJson = async <T>(file: string): Promise<T | undefined> => JSON.parse(await readFile(file, 'utf8').catch(() => 'null')) ?? undefined;
interface StateFile { runs: Array<{ runId: string; text: string }> }
/** A run of the bot state with its delivery facts (from its run file, when it has one). */
interface RunFacts { runId: string; text: string; closed?: string[]; delivered?: string[]; outcomeDelivered?: boolean }

/** Resolves once the bot state lists no run (both delivered and forgotten); its folder is watched. */
function settled(t: EmbeddedTelegram, dataDir: string, stop: Promise<unknown>): Promise<void> {
  const dir = path.join(dataDir, 'bot');
  return new Promise((resolve, reject) => {
    let done = false;
    const end = (e?: Error) => {
      if (done) return;
      done = true;
      watcher.close();
      unsubscribe();
      clearTimeout(timer);
      if (e) reject(e);
      else resolve();
    };
    const check = async () => {
      if (!done && ((await readJson<StateFile>(path.join(dir, 'estado.json')))?.runs.length ?? 1) === 0) end();
    };
    const watcher = watch(dir, () => { void check(); });
    const unsubscribe = t.server.subscribe(() => { void check(); });
    const timer = setTimeout(() => end(new Error('the runs did not settle')), STEP_MS);
    void stop.then(() => end());
    void check();
  });
}

/** Until both reports are in the chat and the bot state lists no run (or the bot exited). */
async function bothDone(t: EmbeddedTelegram, dataDir: string, bot: Bot): Promise<void> {
  await when(t, 'both reports', () => (REQUESTS.every((r) => t.server.history().some(isReportOf(r))) ? true : undefined), bot.exited).catch((e: unknown) => {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nthe bot said: ${bot.stderr().slice(-800)}`);
  });
  await settled(t, dataDir, bot.exited);
}

// ---------------------------------------------------------------------------------------------
// The disk: what a kill left and what the end holds

interface Call { run: string; callId: string; name: string; done: boolean }

/** Every journal entry of every run in `dataDir`, named by its run's request. */
async function journals(dataDir: string): Promise<Call[]> {
  const runsDir = path.join(dataDir, 'runs');
  const out: Call[] = [];
  for (const id of await readdir(runsDir).catch(() => [] as string[])) {
    const run = await readJson<{ task?: { text?: string }; journal?: Record<string, { name: string; result?: unknown }> }>(path.join(runsDir, id, 'run.json'));
    for (const [callId, e] of Object.entries(run?.journal ?? {})) out.push({ run: run?.task?.text ?? id, callId, name: e.name, done: e.result !== undefined });
  }
  return out;
}

/** Read-only tools (effect level 1): a resume runs them again by design (docs/design.md §7), so each run is audited. */
const READ_ONLY = new Set(['buscar_notas']);

/** The audit's results of side-effecting calls, `tool:outcome` (each must be there once). */
async function auditResults(dataDir: string): Promise<string[]> {
  const lines = (await readFile(path.join(dataDir, 'auditoria.jsonl'), 'utf8').catch(() => '')).split('\n').filter((l) => l.trim());
  return lines.map((l) => JSON.parse(l) as { event?: string; tool?: string; outcome?: string })
    .filter((e) => e.event === 'resultado' && !READ_ONLY.has(e.tool ?? '')).map((e) => `${e.tool}:${e.outcome}`).sort();
}

async function usageRows(dataDir: string): Promise<string[]> {
  return (await readFile(path.join(dataDir, 'registro_uso.csv'), 'utf8').catch(() => '')).split('\n').slice(1).filter(Boolean).map((l) => l.split(',')[1] ?? '').sort();
}

const WEEK_COVER = path.join('portadas', 'semana_03-flux.png');
const inode = async (file: string) => (await stat(file).catch(() => undefined))?.ino;
const counts = (xs: readonly string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
function sameCounts(what: string, got: readonly string[], want: readonly string[]): string[] {
  const g = counts(got);
  const w = counts(want);
  return [...new Set([...g.keys(), ...w.keys()])].filter((k) => g.get(k) !== w.get(k)).map((k) => `${what} ${k} ×${g.get(k) ?? 0} (expected ${w.get(k) ?? 0})`);
}

/** What the recording ended with: the check's expectations. */
export interface Expected { approvals: number; images: number; speech: number; audit: string[]; usage: string[]; covers: string[]; files: string[]; journal: string[] }

/** The files the bot sent into the chat (a photo, an audio, a document), by kind and name or caption's first line. */
const filesSent = (chat: readonly Message[]) => chat.filter(fromBot).flatMap((m) => {
  const kind = m.photo ? 'photo' : m.audio ? 'audio' : m.voice ? 'voice' : m.document ? 'document' : undefined;
  return kind ? [`${kind}:${m.document?.file_name ?? m.audio?.file_name ?? text(m).split('\n')[0]}`] : [];
});

interface Engines { image: MediaServer; speech: MediaServer; close: () => Promise<void> }
async function startEngines(): Promise<Engines> {
  const image = await startImageServer('ok');
  const speech = await startSpeechServer('ok');
  return { image, speech, close: async () => { await image.close(); await speech.close(); } };
}
const engineEnv = (e: Engines) => ({ FLUX_URL: e.image.url, XTTS_URL: e.speech.url });
/** A request that asks an engine for work; each bot's start-up probe (a 256² image, one word) is not one. */
const isWork = (r: RecordedRequest | undefined) => {
  const body = (r?.body ?? {}) as { size?: string; input?: string };
  return r?.method === 'POST' && body.size !== `${PROBE_IMAGE_SIZE}x${PROBE_IMAGE_SIZE}` && body.input !== PROBE_WORD;
};
const worked = (e: Engines) => ({ images: e.image.requests.filter(isWork).length, speech: e.speech.requests.filter(isWork).length });

const envFor = (apiRoot: string, token: string, root: string) => ({
  TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id),
  CUADERNO_DATA_DIR: path.join(root, 'data'), CUADERNO_CLAVES_DIR: path.join(root, 'claves'), ...TEST_ENV, CUADERNO_MODELO: 'local',
});

// ---------------------------------------------------------------------------------------------
// Recording

export interface TwoRuns { rec: Recorded; filesDir: string; token: string; tmp: string; expected: Expected; seconds: number; dispose: () => Promise<void> }

/** The whole conversation once: the folder after every write, the Bot API and the engines between. */
export async function recordTwoRuns(): Promise<TwoRuns> {
  const started = Date.now();
  const recording = await startRecording();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-record-two-'));
  const token = newWebchatToken();
  const filesDir = path.join(tmp, 'chat');
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir });
  const engines = await startEngines();
  const api = recordBotApi(recording, t);
  const undo = [
    afterCall(engines.image.requests, 'push', () => { if (isWork(engines.image.requests.at(-1))) recording.effect('imagen', engines.image.requests.length); }),
    afterCall(engines.speech.requests, 'push', () => { if (isWork(engines.speech.requests.at(-1))) recording.effect('voz', engines.speech.requests.length); }),
  ];
  const gate = await startGate(t);
  const dataDir = path.join(recording.root, 'data');
  let bot: Bot | undefined;
  let person: { stop: () => void } | undefined;
  try {
    bot = await botUp(t, { ...envFor(gate.apiRoot, token, recording.root), ...engineEnv(engines), ...recording.env }, { preload: true });
    person = owner(t, { onAct: api.keep });
    t.server.sendUserText(WEEK);
    api.keep();
    await bothDone(t, dataDir, bot);
    if (bot.child.exitCode !== null) throw new Error(`the recorded bot exited: ${bot.stderr().slice(-800)}`);
    person.stop();
    api.stop();
    for (const u of undo) u();
    const chat = t.server.history();
    const problems = checkChat(chat, { approvals: 3 });
    if (problems.length) throw new Error(`the recording itself: ${problems.join('; ')}\n${transcriptOf(t)}`);
    const expected: Expected = {
      approvals: chat.filter(isApproval).length,
      ...worked(engines),
      audit: await auditResults(dataDir),
      usage: await usageRows(dataDir),
      covers: (await readdir(path.join(dataDir, 'portadas')).catch(() => [] as string[])).sort(),
      files: filesSent(chat).sort(),
      journal: (await journals(dataDir)).map((c) => `${c.run}/${c.name}`).sort(),
    };
    // Stopped the way its owner stops it (SIGTERM); whatever it writes while stopping is recorded too.
    bot.child.kill('SIGTERM');
    await bot.exited;
    const rec = await recording.finish();
    return { rec, filesDir, token, tmp, expected, seconds: Math.round((Date.now() - started) / 1000), dispose: async () => { await rec.dispose(); await rm(tmp, { recursive: true, force: true }); } };
  } finally {
    person?.stop();
    api.stop();
    for (const u of undo) u();
    await botDown(bot);
    await gate.close();
    await engines.close();
    await t.close();
  }
}

/**
 * The chat's own checks: each report once (twice only where `resent` names it: see `windows`), the
 * approvals asked once each.
 */
function checkChat(chat: readonly Message[], exp: { approvals: number }, resent: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  for (const req of REQUESTS) {
    const k = chat.filter(isReportOf(req)).length;
    if (k !== 1 && !(k === 2 && resent.has(req))) problems.push(`report of «${req}» ×${k}`);
    const busy = chat.filter((m) => fromBot(m) && text(m).startsWith(busyPrefix(req))).length;
    if (busy) problems.push(`«${req}» answered as busy ×${busy}`);
  }
  const asked = chat.filter(isApproval).length;
  if (asked !== exp.approvals) problems.push(`${asked} approval messages (expected ${exp.approvals}: each asked once)`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// A restart and its checks (replayed or real)

interface Before { images: number; speech: number; calls: Call[]; runs: RunFacts[]; weekCover?: number; approvals: number; chatLength: number; files: string[] }

async function before(t: EmbeddedTelegram, dataDir: string, engines: { images: number; speech: number }): Promise<Before> {
  const state = await readJson<StateFile>(path.join(dataDir, 'bot', 'estado.json'));
  // What each run's owner was shown is the run's own fact, in its file (its delivery facts).
  const runs = await Promise.all((state?.runs ?? []).map(async (r) => {
    const d = (await readJson<{ delivery?: { files: string[]; closed: string[]; outcomeDelivered: boolean } }>(path.join(dataDir, 'runs', r.runId, 'run.json')).catch(() => undefined))?.delivery;
    return { runId: r.runId, text: r.text, ...(d ? { closed: d.closed, delivered: d.files, outcomeDelivered: d.outcomeDelivered } : {}) };
  }));
  return {
    ...engines,
    calls: await journals(dataDir),
    runs,
    weekCover: await inode(path.join(dataDir, WEEK_COVER)),
    approvals: t.server.history().filter(isApproval).length,
    chatLength: t.server.history().length,
    files: filesSent(t.server.history()),
  };
}

/** What a file message of the chat stands for in a run's `delivered` list (by the file's ending). */
const ENDINGS: Record<string, RegExp> = { photo: /\.(png|jpe?g|webp)$/, audio: /\.mp3$/, voice: /\.ogg$/, document: /\.wav$/ };

/**
 * The outside world's at-least-once: a message the Bot API had taken at n whose run had not yet
 * recorded it (its answer came, the mark was still to be written — another run's write came first)
 * is sent again by the restart, as it must be (Telegram cannot be asked what it received). These are
 * the only repeats allowed: the report of a run whose record lacks the «informe» step while the
 * chat has it; one more copy of a file whose kind the chat holds more of than the records list.
 */
function windows(pre: Before, chat: readonly Message[]): { reports: Set<string>; files: Map<string, number> } {
  const reports = new Set(REQUESTS.filter((req) => chat.slice(0, pre.chatLength).some(isReportOf(req))
    && pre.runs.some((r) => r.text === req && !r.outcomeDelivered && !r.closed?.includes('informe'))));
  const files = new Map<string, number>();
  const live = pre.runs.filter((r) => !r.outcomeDelivered);
  for (const [key, k] of counts(pre.files)) {
    const ending = ENDINGS[key.split(':')[0] ?? ''];
    const marked = live.flatMap((r) => r.delivered ?? []).filter((f) => ending?.test(f)).length;
    const gone = REQUESTS.filter((req) => !pre.runs.some((r) => r.text === req) && chat.slice(0, pre.chatLength).some(isReportOf(req))).length;
    if (live.length > 0 && k > marked + gone) files.set(key, 1);
  }
  return { reports, files };
}

/**
 * After a kill: starts the next bot (`start`), plays the owner until both runs are done, and checks
 * the chat before and after the restart, the engines' calls (`enginesNow`: all of them, before and
 * after) and the data folder.
 */
async function restartAndCheck(t: EmbeddedTelegram, dataDir: string, exp: Expected, pre: Before, start: () => Promise<Bot>, enginesNow: () => { images: number; speech: number }): Promise<string[]> {
  let bot: Bot | undefined;
  let person: { stop: () => void; again: Set<string> } | undefined;
  try {
    const waiting = t.server.updates.unconfirmed();
    const tapWaiting = new Set(waiting.flatMap((u) => (u.callback_query?.message ? [u.callback_query.message.message_id] : [])));
    const textWaiting = (req: string) => waiting.some((u) => u.message?.text === req);
    const takenByTheDead = new Set(t.server.state.unansweredQueries().filter((id) => !waiting.some((u) => u.callback_query?.id === id)));
    bot = await start();
    person = owner(t, { skipTaps: tapWaiting, since: pre.chatLength > 0 ? Math.max(...t.server.history().slice(0, pre.chatLength).map((m) => m.message_id)) : 0 });
    // The week never asked (killed before the owner wrote), or taken by the dead bot but not
    // recorded — gone without a word: the owner, seeing nothing come of it, asks (again).
    const chat = t.server.history();
    if (!chat.some((m) => fromOwner(m) && text(m) === WEEK)) t.server.sendUserText(WEEK);
    for (const req of REQUESTS) {
      const asked = chat.slice(0, pre.chatLength).some((m) => fromOwner(m) && text(m) === req);
      if (asked && !textWaiting(req) && !pre.runs.some((r) => r.text === req) && !chat.some(isReportOf(req)) && !person.again.has(req)) {
        person.again.add(req);
        t.server.sendUserText(req);
      }
    }
    await bothDone(t, dataDir, bot);
    person.stop();
    const allowed = windows(pre, t.server.history());
    const problems = checkChat(t.server.history(), exp, allowed.reports);
    const after = t.server.history().slice(pre.chatLength);
    // A run whose approval was on screen was paused: the restart must not call it lost.
    if (pre.approvals >= 1 && after.some(isLostOf(WEEK))) problems.push('the week, paused on its approvals, was called lost');
    if (pre.approvals >= 3 && after.some(isLostOf(REDO))) problems.push('the redo, paused on its approval, was called lost');
    for (const req of REQUESTS) if (t.server.history().filter(isLostOf(req)).length > 1) problems.push(`«${req}» called lost more than once`);
    const reports = t.server.history().filter((m) => REQUESTS.some((r) => isReportOf(r)(m)));
    // The redo's cover started and not journalled at the kill: its state is unknown (docs/design.md §7, no guess).
    const unknownRedo = pre.calls.some((c) => c.run === REDO && c.name === 'generar_portada' && !c.done);
    for (const m of reports) {
      const bad = text(m).split('\n').filter((l) => /No se hizo|desconocido/i.test(l));
      if (bad.length && !(unknownRedo && isReportOf(REDO)(m))) problems.push(`report: ${bad.join(' / ')}`);
    }
    // Each engine call once; a keyed call started but not journalled at n may be asked again (the
    // engine cannot tell; its result is stored once by its key).
    const open = pre.calls.filter((c) => !c.done && c.run === WEEK);
    const engines = enginesNow();
    const images = engines.images;
    // The redo's cover in an unknown state: its engine call may have been made before the kill, or not.
    const okImages = exp.images - (unknownRedo && pre.images < exp.images ? 1 : 0);
    const extraImages = open.filter((c) => c.name === 'generar_portada').length;
    if (images < okImages || images > okImages + extraImages) problems.push(`image engine asked ${images} times (expected ${okImages}${extraImages ? `–${okImages + extraImages}` : ''}; ${pre.images} before the restart)`);
    const extraSpeech = open.filter((c) => /narra/.test(c.name)).length;
    if (engines.speech < exp.speech || engines.speech > exp.speech + extraSpeech) problems.push(`speech engine asked ${engines.speech} times (expected ${exp.speech}; ${pre.speech} before the restart)`);
    // The journal: every call ends with its result; each run's calls as the recording's.
    const calls = await journals(dataDir);
    for (const c of calls.filter((x) => !x.done)) problems.push(`journal: ${c.name} of «${c.run}» has no result`);
    problems.push(...sameCounts('journal entry', calls.map((c) => `${c.run}/${c.name}`), exp.journal));
    // A keyed call started but not journalled at n is resumed through its key: if its effect was made,
    // the store answers with it (audited `cache`) — standing in for an `ok` line the kill cut off, or
    // beside the `ok` already written; if not, it is made now (`ok`). Once either way.
    const resumedByKey = counts(pre.calls.filter((c) => !c.done).map((c) => c.name));
    const okWanted = counts(exp.audit);
    const audit: string[] = [];
    const raw = await auditResults(dataDir);
    const okGot = counts(raw);
    for (const a of raw) {
      const tool = a.slice(0, a.indexOf(':'));
      if (!a.endsWith(':cache') || !(resumedByKey.get(tool) ?? 0)) {
        audit.push(a);
        continue;
      }
      resumedByKey.set(tool, resumedByKey.get(tool)! - 1);
      const ok = `${tool}:ok`;
      if ((okGot.get(ok) ?? 0) < (okWanted.get(ok) ?? 0)) {
        okGot.set(ok, (okGot.get(ok) ?? 0) + 1);
        audit.push(ok);
      }
    }
    audit.sort();
    const usage = await usageRows(dataDir);
    const files = filesSent(t.server.history());
    if (unknownRedo) {
      // The redo's cover may or may not have happened: at most what the recording has.
      const atMost = (what: string, got: readonly string[], want: readonly string[]) => {
        const w = counts(want);
        for (const [k, v] of counts(got)) if (v > (w.get(k) ?? 0)) problems.push(`${what} ${k} ×${v} (at most ${w.get(k) ?? 0})`);
      };
      atMost('audit', audit, exp.audit);
      atMost('usage row', usage, exp.usage);
      atMost('file sent', files, exp.files);
    } else {
      problems.push(...sameCounts('audit', audit, exp.audit));
      problems.push(...sameCounts('usage row', usage, exp.usage));
      const over = sameCounts('file sent', files, [...exp.files, ...[...allowed.files.keys()].filter((k) => counts(files).get(k) === (counts(exp.files).get(k) ?? 0) + 1)]);
      problems.push(...over);
    }
    if (pre.weekCover !== undefined && pre.weekCover !== await inode(path.join(dataDir, WEEK_COVER))) problems.push('the week\'s cover made again');
    const covers = (await readdir(path.join(dataDir, 'portadas')).catch(() => [] as string[])).sort();
    if (!unknownRedo && covers.join(',') !== exp.covers.join(',')) problems.push(`covers ${covers.join(', ')} (expected ${exp.covers.join(', ')})`);
    // Every tap the new bot could see is answered: made after the restart, or waiting in the Bot API
    // then (a tap the dead bot had taken but not answered is gone with it, as on Telegram).
    const unanswered = t.server.state.unansweredQueries().filter((id) => !takenByTheDead.has(id));
    if (unanswered.length) problems.push(`${unanswered.length} taps never answered`);
    const left = t.server.history().filter((m) => isApproval(m) && aprobar(m));
    if (left.length) problems.push(`${left.length} approvals still show their buttons at the end`);
    if (problems.length) problems.push(`chat:\n${transcriptOf(t)}`);
    return problems;
  } finally {
    person?.stop();
    await botDown(bot);
  }
}

/** Snapshot n resumed: a fresh Bot API and engines as the kill left them, a fresh bot on the copy. */
export async function resumeTwoRuns(r: TwoRuns, n: number, restored: Restored): Promise<string[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cv-two-chat-'));
  const t = await botApiAt(r.rec, n, r, scratch);
  const engines = await startEngines();
  try {
    const dataDir = path.join(restored.root, 'data');
    const had = r.rec.before(n);
    const imagesBefore = had.filter((e) => e.kind === 'imagen').length;
    const speechBefore = had.filter((e) => e.kind === 'voz').length;
    const pre = await before(t, dataDir, { images: imagesBefore, speech: speechBefore });
    return await restartAndCheck(t, dataDir, r.expected, pre,
      () => botUp(t, { ...envFor(t.apiRoot, r.token, r.rec.root), ...engineEnv(engines) }, { via: restored }),
      () => ({ images: imagesBefore + worked(engines).images, speech: speechBefore + worked(engines).speech }));
  } finally {
    await engines.close();
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A real SIGKILL right after write n of the same conversation (gate included), then the same restart and checks. */
export async function realKillTwoRuns(r: TwoRuns, n: number): Promise<string[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), `cv-two-real-${n}-`));
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: r.token, filesDir: path.join(root, 'chat') });
  const engines = await startEngines();
  const gate = await startGate(t);
  const dataDir = path.join(root, 'data');
  let first: Bot | undefined;
  let person: { stop: () => void } | undefined;
  try {
    first = await botUp(t, { ...envFor(gate.apiRoot, r.token, root), ...engineEnv(engines), KILL_AFTER_WRITE: String(n) }, { preload: true });
    if (first.child.exitCode === null && first.child.signalCode === null) {
      person = owner(t);
      t.server.sendUserText(WEEK);
      await bothDone(t, dataDir, first).catch(() => undefined);
      // Alive at the end: stopped as its owner stops it; the writes while stopping count too.
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGTERM');
      person.stop();
    }
    const x = await first.exited;
    if (x.signal !== 'SIGKILL') return [`not killed (${JSON.stringify(x)})`];
    await gate.close();
    const pre = await before(t, dataDir, worked(engines));
    return await restartAndCheck(t, dataDir, r.expected, pre, () => botUp(t, { ...envFor(t.apiRoot, r.token, root), ...engineEnv(engines) }),
      () => worked(engines));
  } finally {
    person?.stop();
    await botDown(first);
    await gate.close();
    await engines.close();
    await t.close();
    await rm(root, { recursive: true, force: true });
  }
}
