/**
 * `npx tsx scripts/measure-local-chat.ts`: the local chat server's figures under abuse, measured on
 * the server alone in a child process (test/hardening/chat-server.child.ts), from /proc:
 * - memory: resident size idle, at its peak (VmHWM) and after 20 parallel 19.9 MB uploads to
 *   `/api/files`, and how the uploads were answered;
 * - sockets: 2,000 sockets opened without a word — how many descriptors the server holds after
 *   they were admitted, and whether the page still answers;
 * - the cost of writing the chat before each answer: milliseconds per `sendMessage` with 1,000
 *   messages in the chat.
 * Prints one JSON object. Linux only (/proc).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEBCHAT_USER } from '../src/webchat/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN = '5551212:measure';
const MB = 2 ** 20;

const procKb = async (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mb = (kb: number) => Math.round(kb / 1024);

async function main(): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-measure-chat-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/hardening/chat-server.child.ts', path.join(tmp, 'chat'), TOKEN], {
    // As `npm start` runs the bot: glibc hands freed buffers back to the system.
    cwd: ROOT, env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' }, stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const ready = JSON.parse((await lines.next()).value as string) as { apiRoot: string; pageSecret: string };
    const pid = child.pid!;
    const page = { authorization: `Bearer ${ready.pageSecret}` };
    // Warm: one small upload, so the idle figure includes what any upload loads.
    await fetch(`${ready.apiRoot}/api/files?name=a.txt`, { method: 'POST', headers: { ...page, origin: ready.apiRoot, 'content-type': 'application/octet-stream' }, body: new Uint8Array(10) }).then((r) => r.arrayBuffer());
    const idle = await procKb(pid, 'VmRSS');

    const body = new Uint8Array(Math.round(19.9 * MB)).fill(7);
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(`${ready.apiRoot}/api/files?name=f${i}.bin`, {
      method: 'POST', headers: { ...page, origin: ready.apiRoot, 'content-type': 'application/octet-stream' }, body,
    }).then(async (r) => { await r.arrayBuffer(); return r.status; }, (e: unknown) => `error ${e instanceof Error ? e.message : String(e)}`)));
    const peak = await procKb(pid, 'VmHWM');
    const after = await procKb(pid, 'VmRSS');
    const counts: Record<string, number> = {};
    for (const s of statuses) counts[String(s)] = (counts[String(s)] ?? 0) + 1;

    const fds = async () => (await readdir(`/proc/${pid}/fd`)).length;
    const fdsBefore = await fds();
    const { port } = new URL(ready.apiRoot);
    const sockets: Socket[] = [];
    let refused = 0;
    for (let i = 0; i < 2000; i++) {
      sockets.push(await new Promise<Socket>((resolve) => {
        const s = connect(Number(port), '127.0.0.1', () => resolve(s));
        s.on('error', () => { refused++; resolve(s); });
      }));
    }
    const pageAnswers = await fetch(`${ready.apiRoot}/`, { headers: page }).then(async (r) => { await r.arrayBuffer(); return r.status; }, () => 0);
    const fdsWith2000 = await fds();
    const stillOpen = sockets.filter((s) => !s.destroyed).length;
    for (const s of sockets) s.destroy();

    const chat = DEFAULT_WEBCHAT_USER.id;
    const send = (text: string) => fetch(`${ready.apiRoot}/bot${TOKEN}/sendMessage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chat_id: chat, text }) }).then((r) => r.json());
    for (let i = 0; i < 1000; i++) await send(`Mensaje de relleno número ${i} con algo de texto, como un informe corto de la semana.`);
    const started = performance.now();
    for (let i = 0; i < 200; i++) await send(`Medido ${i}`);
    const msPerSend = (performance.now() - started) / 200;
    const chatJsonKb = Math.round((await readFile(path.join(tmp, 'chat', 'chat.json')).catch(() => Buffer.alloc(0))).length / 1024);

    console.log(JSON.stringify({
      uploads: { parallel: 20, eachMB: 19.9, answered: counts, rssIdleMB: mb(idle), rssPeakMB: mb(peak), rssAfterMB: mb(after) },
      sockets: { opened: 2000, refusedAtConnect: refused, openAfterAdmission: stillOpen, serverFdsBefore: fdsBefore, serverFdsWith2000: fdsWith2000, pageStatus: pageAnswers },
      writeBeforeAnswer: { messagesInChat: 1200, msPerSendMessage: Math.round(msPerSend * 100) / 100, chatJsonKB: chatJsonKb },
    }, null, 2));
  } finally {
    child.kill('SIGKILL');
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
