/**
 * `npx tsx scripts/trace-files.ts [--lista] [--funciones] [--toque [--json]]`: how many of our source files one action crosses,
 * counted from a recorded trace, not by reading (docs/architecture.md, «A tap's path», «A PDF
 * attachment's path»). The whole chat stack runs in this process (test/support/in-process-chat.ts:
 * the embedded Bot API, the bot, the agent); V8's precise coverage with call counts is taken at the
 * start of the action (which empties the counters) and again at its end; a file counts when any of
 * its functions ran in between. What is counted, exactly:
 *
 * - **A tap's path** (✅ Aprobar on a week's first approval, the run paused on it): from the callback
 *   update being handed to the bot until the decision is durable in the run's file, its question
 *   edited, the tap answered (the toast) and the run woken. The end is the instant the run's driver
 *   publishes on the `cuaderno:corrida:despierta` diagnostics channel (src/agent/driver.ts): the
 *   subscriber here takes the coverage synchronously inside `publish` (an in-thread inspector
 *   session answers within `post`; checked below, and checked that the driver's `wake` ran and its
 *   `startPass` did not, so the snapshot is that instant and not later).
 * - **A run's life after the tap**: from that instant until the run has paused on its next question
 *   or ended and everything it started has settled (stages, cards, the next question, the closing).
 *   Its own figure: it is the run, not the tap.
 * - **A PDF attachment** (two text pages sent as a document): until its proposal is shown, measured by
 *   test/support/trace.ts, which also attaches the worker threads: the reader thread reads and
 *   proposes the file (domain/material/reading.ts). Given for the bot's thread, the worker threads and
 *   both; twice — the first PDF starts the reader thread (its modules' loading counts), the next finds
 *   it warm.
 *
 * For the tap, the worker threads' own code (the stages that run off the bot's thread) is not in
 * this thread's coverage: its figures are the bot's thread, said so in the output. The embedded Bot API
 * (src/webchat/) plays Telegram in this stack and runs in the same thread: its files are counted
 * apart. `--lista` names the files, `--funciones` the functions that ran in each during the tap,
 * `--toque` traces the tap alone, `--json` prints its two lists as JSON.
 */
import { Session } from 'node:inspector';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Message } from 'grammy/types';
import { RUN_WOKEN_CHANNEL, type RunWoken } from '../src/agent/driver.js';
import { InProcessChat } from '../test/support/in-process-chat.js';
import { measurePdfs, ourFiles, startTrace } from '../test/support/trace.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

interface ScriptCoverage { url: string; functions: Array<{ functionName: string; ranges: Array<{ count: number }> }> }

const session = new Session();
session.connect();
const post = (method: string, params: object = {}) => new Promise<unknown>((resolve, reject) => {
  session.post(method, params, (err, result) => (err ? reject(err) : resolve(result)));
});
await post('Profiler.enable');
await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

/** Takes (and empties) the coverage now, synchronously: an in-thread session answers within `post`. */
function takeNow(): ScriptCoverage[] {
  let taken: ScriptCoverage[] | undefined;
  let failed: Error | null = null;
  session.post('Profiler.takePreciseCoverage', (err, r) => {
    failed = err;
    taken = (r as { result: ScriptCoverage[] } | undefined)?.result;
  });
  if (failed) throw failed;
  if (!taken) throw new Error('the coverage was not taken synchronously: this snapshot would not be the instant it claims');
  return taken;
}

/** How often the named functions of one of our files ran in this coverage. */
function calls(result: ScriptCoverage[], file: string, name: string): number {
  const script = result.find((s) => s.url.startsWith('file://') && fileURLToPath(s.url) === path.join(SRC, file));
  return (script?.functions ?? []).filter((f) => f.functionName === name).reduce((n, f) => n + (f.ranges[0]?.count ?? 0), 0);
}

/** Each file's functions that ran (`--funciones`: why a file is on a path). */
function functionsOf(result: ScriptCoverage[]): string {
  const lines: string[] = [];
  for (const s of result) {
    if (!s.url.startsWith('file://') || !fileURLToPath(s.url).startsWith(`${SRC}${path.sep}`)) continue;
    const ran = s.functions.filter((f) => (f.ranges[0]?.count ?? 0) > 0).map((f) => f.functionName || '(anónima)');
    if (ran.length > 0) lines.push(`  ${path.relative(SRC, fileURLToPath(s.url))}: ${ran.join(', ')}`);
  }
  return lines.sort().join('\n');
}

/** Our source files with any function run since the last take. */
async function filesRun(): Promise<string[]> {
  return ourFiles(takeNow());
}

const buttons = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat() as Array<{ text: string; callback_data?: string }>;

async function tapAprobar(): Promise<{ tap: string[]; life: string[] }> {
  const chat = await InProcessChat.start({ prefix: 'cv-trace-tap-' });
  try {
    chat.say('prepara la semana 1');
    await chat.settle();
    const question = chat.tg.server.history(chat.chatId).filter((m) => m.from?.is_bot && buttons(m).some((b) => /Aprobar/.test(b.text))).at(-1);
    const data = question && buttons(question).find((b) => /Aprobar/.test(b.text))?.callback_data;
    if (!question || !data) throw new Error('no approval to tap');
    let atWake: ScriptCoverage[] | undefined;
    const onWoken = (message: unknown) => {
      if (atWake === undefined && (message as RunWoken).passRunning === false) atWake = takeNow();
    };
    subscribe(RUN_WOKEN_CHANNEL, onWoken);
    await filesRun();
    try {
      chat.tap(question.message_id, data);
      await chat.settle();
    } finally {
      unsubscribe(RUN_WOKEN_CHANNEL, onWoken);
    }
    const life = await filesRun();
    if (!atWake) throw new Error('the tap never woke the paused run');
    // The snapshot is the instant of the wake: the driver's wake ran, the pass it starts had not.
    if (calls(atWake, 'agent/driver.ts', 'wake') < 1 || calls(atWake, 'agent/driver.ts', 'startPass') !== 0) {
      throw new Error('the tap\'s snapshot is not the instant the run was woken');
    }
    const answered = chat.tg.server.history(chat.chatId).length > 0;
    if (!answered) throw new Error('nothing in the chat');
    if (process.argv.includes('--funciones')) console.log(functionsOf(atWake));
    return { tap: ourFiles(atWake), life };
  } finally {
    await chat.close();
  }
}

const report = (name: string, files: string[], where = 'hilo del bot') => {
  const byFolder = new Map<string, number>();
  for (const f of files) byFolder.set(f.split(path.sep)[0]!, (byFolder.get(f.split(path.sep)[0]!) ?? 0) + 1);
  const ours = files.filter((f) => !f.startsWith(`webchat${path.sep}`));
  console.log(`\n${name}: ${files.length} archivos de src/ (${where}); ${ours.length} sin el Bot API embebido (webchat/, que hace de Telegram)`);
  console.log(`  por carpeta: ${[...byFolder].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (process.argv.includes('--lista')) for (const f of files) console.log(`  ${f}`);
};

// `--toque --json`: only the tap, as JSON (test/docs/tap-path.process.test.ts reads it).
const tap = await tapAprobar();
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ toque: tap.tap, vida: tap.life }));
} else {
  report('Un toque en ✅ Aprobar, hasta la decisión escrita, el botón respondido y el trabajo despertado', tap.tap);
  report('La vida del trabajo después del toque (hasta su siguiente pregunta o su final)', tap.life);
}
session.disconnect();
if (!process.argv.includes('--toque')) {
  const trace = await startTrace();
  const pdf = await measurePdfs(trace);
  for (const [name, p] of [['Un PDF adjunto (el primero: arranca el hilo lector)', pdf.first], ['Otro PDF después (el hilo lector ya en marcha)', pdf.next]] as const) {
    report(name, p.bot);
    report(`${name}, en los hilos de trabajo`, p.threads, 'hilos de trabajo');
    report(`${name}, los dos hilos juntos`, [...new Set([...p.bot, ...p.threads])].sort(), 'hilo del bot y de trabajo');
  }
  trace.stop();
}
