/**
 * How many of our source files one action crosses, from a recorded trace (scripts/trace-files.ts and
 * test/bot/pdf-path.process.test.ts): V8's precise coverage with call counts, taken right before the
 * action (which empties the counters) and again once it is handled; a file counts when any of its
 * functions ran in between. Run under plain Node with tsx, as the product runs: under vitest a
 * module's exports are read through getters of its own, which would count every module a constant
 * is read from.
 *
 * Worker threads have coverage of their own: each is attached as it starts (the inspector's
 * NodeWorker domain, paused until its coverage is on) and taken apart from the bot's thread; a
 * thread that starts during the action counts the modules it loads, as they ran there.
 */
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Message } from 'grammy/types';
import { InProcessChat } from './in-process-chat.js';
import { textPdf } from './material-fixtures.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

interface ScriptCoverage { url: string; functions: Array<{ ranges: Array<{ count: number }> }> }

export interface Trace {
  /** Our source files (relative to src/) with any function run on this thread since the last take. */
  filesRun(): Promise<string[]>;
  /** The same for the worker threads, and how many ended in between (their coverage went with them). */
  threadFilesRun(): Promise<{ files: string[]; ended: number }>;
  /** Lets the process go: the inspector session closed. */
  stop(): void;
}

/** Our source files (relative to src/) with any function run in this coverage (scripts/trace-files.ts too). */
export function ourFiles(result: ScriptCoverage[]): string[] {
  const out = new Set<string>();
  for (const s of result) {
    if (!s.url.startsWith('file://')) continue;
    const file = fileURLToPath(s.url);
    if (!file.startsWith(`${SRC}${path.sep}`)) continue;
    if (s.functions.some((f) => f.ranges.some((r) => r.count > 0))) out.add(path.relative(SRC, file));
  }
  return [...out].sort();
}

/** Turns coverage on in this thread and in every worker thread started from now on. */
export async function startTrace(): Promise<Trace> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

  /** The worker threads attached (by inspector session id), each with its coverage on from its first line. */
  const threads = new Map<string, { title: string; ready: Promise<unknown>; gone: boolean }>();
  const waitingReplies = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  let nextMessage = 1;
  const toThread = (sessionId: string, method: string, params: object = {}) => new Promise<unknown>((resolve, reject) => {
    const id = nextMessage++;
    waitingReplies.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result)));
    void session.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) });
  });
  session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
    const m = JSON.parse(params.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id === undefined) return;
    waitingReplies.get(m.id)?.(m);
    waitingReplies.delete(m.id);
  });
  session.on('NodeWorker.attachedToWorker', ({ params }) => {
    const { sessionId, workerInfo, waitingForDebugger } = params;
    const ready = (async () => {
      await toThread(sessionId, 'Profiler.enable');
      await toThread(sessionId, 'Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      if (waitingForDebugger) await toThread(sessionId, 'Runtime.runIfWaitingForDebugger');
    })();
    threads.set(sessionId, { title: workerInfo.title, ready, gone: false });
  });
  session.on('NodeWorker.detachedFromWorker', ({ params }) => {
    const t = threads.get(params.sessionId);
    if (t) t.gone = true;
  });
  await session.post('NodeWorker.enable', { waitForDebuggerOnStart: true });

  /** Our source files (relative to src/) with any function run since the last take. */
  async function filesRun(): Promise<string[]> {
    const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
    return ourFiles(result);
  }

  /**
   * The same for the worker threads: their files run since the last take, and how many threads ended
   * in between (their coverage went with them: a figure that would leave something out says so).
   */
  async function threadFilesRun(): Promise<{ files: string[]; ended: number }> {
    const out = new Set<string>();
    let ended = 0;
    for (const [id, t] of threads) {
      if (t.gone) {
        ended++;
        threads.delete(id);
        continue;
      }
      await t.ready;
      const { result } = (await toThread(id, 'Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
      for (const f of ourFiles(result)) out.add(f);
    }
    return { files: [...out].sort(), ended };
  }

  return { filesRun, threadFilesRun, stop: () => session.disconnect() };
}

const buttons = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat() as Array<{ text: string; callback_data?: string }>;

export type PdfPath = { bot: string[]; threads: string[] };

/**
 * Two PDFs one after the other, each measured: the first starts the reader thread (which then counts
 * the modules it loads), the second finds it warm — the path of every PDF after the first.
 */
export async function measurePdfs({ filesRun, threadFilesRun }: Trace): Promise<{ first: PdfPath; next: PdfPath }> {
  const chat = await InProcessChat.start({ prefix: 'cv-trace-pdf-' });
  try {
    const pdfs = [
      await textPdf([
        ['Tema 2. La célula', 'La célula es la unidad básica de los seres vivos. Toda célula procede de otra célula.'],
        ['La membrana plasmática separa el interior de la célula del medio y regula lo que entra y sale.'],
      ]),
      await textPdf([
        ['Tema 3. El núcleo', 'El núcleo guarda el material genético de la célula eucariota, separado del citoplasma.'],
        ['La envoltura nuclear tiene poros por los que pasan el ARN mensajero y las proteínas.'],
      ]),
    ];
    chat.say('hola');
    await chat.settle();
    const measured: PdfPath[] = [];
    for (const [i, pdf] of pdfs.entries()) {
      await filesRun();
      await threadFilesRun();
      await chat.sendFile(Buffer.from(pdf), `tema${i + 2}.pdf`, 'document');
      // The document's handler and what it started, not the runs' bookkeeping that `settle` waits on.
      await chat.settleUpdates();
      const files = await filesRun();
      const threads = await threadFilesRun();
      if (chat.cb.runs.current(chat.chatId)) throw new Error('the PDF started a run: its path was not measured whole');
      if (threads.ended > 0) throw new Error(`${threads.ended} worker thread(s) ended during the PDF: their files are not counted`);
      const proposals = chat.tg.server.history(chat.chatId).filter((m) => m.from?.is_bot && buttons(m).some((b) => /Guardar/.test(b.text)));
      if (proposals.length !== i + 1) throw new Error(`PDF ${i + 1}: no proposal was shown`);
      measured.push({ bot: files, threads: threads.files });
    }
    return { first: measured[0]!, next: measured[1]! };
  } finally {
    await chat.close();
  }
}

