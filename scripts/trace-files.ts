/**
 * `npx tsx scripts/trace-files.ts`: how many of our source files one action crosses, counted from a
 * recorded trace, not by reading (docs/architecture.md, «A tap's path», «A PDF attachment's path»).
 * The whole chat stack runs in this process (test/support/in-process-chat.ts: the embedded Bot API,
 * the bot, the agent); V8's precise coverage with call counts is taken right before the action (which
 * empties the counters) and again once the bot has handled it and everything it started has settled;
 * a file counts when any of its functions ran in between.
 *
 * Two actions: the owner's ✅ Aprobar on a week's first approval (the run then goes on to its next
 * question or its end), and a two-page text PDF sent as a document (up to its proposal). The worker
 * threads' own code (the stages that run off the bot's thread) is not in this thread's coverage: the
 * figure is the bot's thread, said so in the output. The embedded Bot API (src/webchat/) plays
 * Telegram in this stack and runs in the same thread: its files are counted apart.
 */
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Message } from 'grammy/types';
import { InProcessChat } from '../test/support/in-process-chat.js';
import { textPdf } from '../test/support/material-fixtures.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

interface ScriptCoverage { url: string; functions: Array<{ ranges: Array<{ count: number }> }> }

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

/** Our source files (relative to src/) with any function run since the last take. */
async function filesRun(): Promise<string[]> {
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
  const out = new Set<string>();
  for (const s of result) {
    if (!s.url.startsWith('file://')) continue;
    const file = fileURLToPath(s.url);
    if (!file.startsWith(`${SRC}${path.sep}`)) continue;
    if (s.functions.some((f) => f.ranges.some((r) => r.count > 0))) out.add(path.relative(SRC, file));
  }
  return [...out].sort();
}

const buttons = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat() as Array<{ text: string; callback_data?: string }>;

async function tapAprobar(): Promise<string[]> {
  const chat = await InProcessChat.start({ prefix: 'cv-trace-tap-' });
  try {
    chat.say('prepara la semana 1');
    await chat.settle();
    const question = chat.tg.server.history(chat.chatId).filter((m) => m.from?.is_bot && buttons(m).some((b) => /Aprobar/.test(b.text))).at(-1);
    const data = question && buttons(question).find((b) => /Aprobar/.test(b.text))?.callback_data;
    if (!question || !data) throw new Error('no approval to tap');
    await filesRun();
    chat.tap(question.message_id, data);
    await chat.settle();
    return await filesRun();
  } finally {
    await chat.close();
  }
}

async function sendPdf(): Promise<string[]> {
  const chat = await InProcessChat.start({ prefix: 'cv-trace-pdf-' });
  try {
    const pdf = await textPdf([
      ['Tema 2. La célula', 'La célula es la unidad básica de los seres vivos. Toda célula procede de otra célula.'],
      ['La membrana plasmática separa el interior de la célula del medio y regula lo que entra y sale.'],
    ]);
    chat.say('hola');
    await chat.settle();
    await filesRun();
    await chat.sendFile(Buffer.from(pdf), 'tema2.pdf', 'document');
    // The document's handler and what it started, not the runs' bookkeeping that `settle` waits on.
    await chat.settleUpdates();
    const files = await filesRun();
    if (chat.cb.runs.current(chat.chatId)) throw new Error('the PDF started a run: its path was not measured whole');
    return files;
  } finally {
    await chat.close();
  }
}

const report = (name: string, files: string[]) => {
  const byFolder = new Map<string, number>();
  for (const f of files) byFolder.set(f.split(path.sep)[0]!, (byFolder.get(f.split(path.sep)[0]!) ?? 0) + 1);
  const ours = files.filter((f) => !f.startsWith(`webchat${path.sep}`));
  console.log(`\n${name}: ${files.length} archivos de src/ (hilo del bot); ${ours.length} sin el Bot API embebido (webchat/, que hace de Telegram)`);
  console.log(`  por carpeta: ${[...byFolder].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (process.argv.includes('--lista')) for (const f of files) console.log(`  ${f}`);
};

report('Un toque en ✅ Aprobar', await tapAprobar());
report('Un PDF adjunto', await sendPdf());
session.disconnect();
