/**
 * `npx tsx scripts/trace-files.ts`: how many of our source files one action crosses, counted from a
 * recorded trace, not by reading (docs/architecture.md, «A tap's path», «A PDF attachment's path»).
 * The whole chat stack runs in this process (test/support/in-process-chat.ts: the embedded Bot API,
 * the bot, the agent); the coverage is test/support/trace.ts's: V8's precise coverage with call
 * counts, taken right before the action and once the bot has handled it; a file counts when any of
 * its functions ran in between.
 *
 * Two actions: the owner's ✅ Aprobar on a week's first approval (the run then goes on to its next
 * question or its end), and a two-page text PDF sent as a document (up to its proposal). The
 * embedded Bot API (src/webchat/) plays Telegram in this stack and runs in the same thread: its files
 * are counted apart. The PDF's figure is given for the bot's thread, for the worker threads (the
 * reader thread reads and proposes the file, reading.ts) and for both; twice: the first PDF starts
 * the reader thread (whose modules' loading counts), the next finds it warm.
 */
import path from 'node:path';
import type { Message } from 'grammy/types';
import { InProcessChat } from '../test/support/in-process-chat.js';
import { measurePdfs, startTrace } from '../test/support/trace.js';

const trace = await startTrace();
/** Our source files (relative to src/) with any function run on the bot's thread since the last take (test/support/trace.ts). */
const filesRun = () => trace.filesRun();
const sendPdf = () => measurePdfs(trace);

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

const report = (name: string, files: string[], where = 'hilo del bot') => {
  const byFolder = new Map<string, number>();
  for (const f of files) byFolder.set(f.split(path.sep)[0]!, (byFolder.get(f.split(path.sep)[0]!) ?? 0) + 1);
  const ours = files.filter((f) => !f.startsWith(`webchat${path.sep}`));
  console.log(`\n${name}: ${files.length} archivos de src/ (${where}); ${ours.length} sin el Bot API embebido (webchat/, que hace de Telegram)`);
  console.log(`  por carpeta: ${[...byFolder].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (process.argv.includes('--lista')) for (const f of files) console.log(`  ${f}`);
};

report('Un toque en ✅ Aprobar', await tapAprobar());
const pdf = await sendPdf();
for (const [name, p] of [['Un PDF adjunto (el primero: arranca el hilo lector)', pdf.first], ['Otro PDF después (el hilo lector ya en marcha)', pdf.next]] as const) {
  report(name, p.bot);
  report(`${name}, en los hilos de trabajo`, p.threads, 'hilos de trabajo');
  report(`${name}, los dos hilos juntos`, [...new Set([...p.bot, ...p.threads])].sort(), 'hilo del bot y de trabajo');
}
trace.stop();
