/**
 * The product as the owner starts it, for the start-up and memory benchmarks: `npm start` in the
 * repository root on a fresh temp data dir (local chat mode, offline planner), its bot process's
 * resident memory read from /proc, and the local chat driven through the page's own HTTP endpoints
 * (the event stream, `/api/messages`, `/api/callbacks`), as the browser does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const READY = /Chat local listo/;

export interface Product {
  readonly port: number;
  /** The page's secret, read from the ready line's address (`?clave=…`): sent as a bearer token. */
  readonly secret: string;
  /** Milliseconds from spawning `npm start` to the ready line. */
  readonly readyMs: number;
  /** Resident set of the bot's node process (not npm's), MB. */
  rssMb(): number;
  /**
   * Resident set of the product's processes, MB: the bot's node process (its worker threads are
   * inside it) and every process it started (the OCR and reading children, an encoder) — npm's own
   * wrapper left out, as it is not the product.
   */
  productRssMb(): number;
  stdout(): string;
  /** SIGTERM to the process group; resolves when npm has exited, then removes the data dir. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Pids of `pid`'s descendants (Linux /proc), nearest first. */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // "pid (comm) state ppid ..." — comm may hold spaces: split after the last ')'.
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(d), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  let level = [pid];
  while (level.length > 0) {
    const next = [...parent].filter(([, pp]) => level.includes(pp)).map(([p]) => p);
    out.push(...next);
    level = next;
  }
  return out;
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** A process's resident set, 0 when it ended between listing and reading. */
function rssOrZero(pid: number): number {
  try {
    return rssKb(pid);
  } catch {
    return 0;
  }
}

function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * `npm start` on a fresh data dir; resolves at «Chat local listo». `seed`, when given, fills the
 * data dir first (the owner's terminal, before the bot starts).
 */
export async function startProduct(extraEnv: Record<string, string> = {}, seed?: (dataDir: string, env: Record<string, string>) => Promise<unknown>): Promise<Product> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-bench-start-'));
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    CUADERNO_DATA_DIR: path.join(tmp, 'data'), CHAT_PORT: String(port), CUADERNO_MODELO: 'local', ...extraEnv,
  };
  if (seed) await seed(env.CUADERNO_DATA_DIR!, env);
  const t0 = performance.now();
  const child: ChildProcess = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((r) => child.once('close', () => r()));
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => { err += d; });
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (READY.test(out)) resolve(performance.now() - t0);
    });
    void exited.then(() => reject(new Error(`npm start exited before it was ready\n${out}\n${err}`)));
  });
  const secret = /[?&]clave=([^\s&#]+)/.exec(out)?.[1];
  if (secret === undefined) throw new Error(`the ready line carries no page secret\n${out}`);
  const botPid = (): number => {
    const node = descendants(child.pid!).find((p) => commOf(p) === 'node' || commOf(p) === 'MainThread');
    if (node === undefined) throw new Error('no node process under npm start');
    return node;
  };
  return {
    port,
    secret: decodeURIComponent(secret),
    readyMs,
    rssMb: () => rssKb(botPid()) / 1024,
    productRssMb: () => {
      const bot = botPid();
      return [bot, ...descendants(bot)].reduce((kb, pid) => kb + rssOrZero(pid), 0) / 1024;
    },
    stdout: () => out,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

interface ChatMessage { message_id: number; text?: string; caption?: string; from?: { is_bot?: boolean }; reply_markup?: { inline_keyboard?: Array<Array<{ text: string; callback_data?: string }>> } }

/** The owner in the local chat page: reads its event stream, types and taps through its HTTP endpoints. */
export async function openChat(port: number, secret: string): Promise<{ messages: Map<number, ChatMessage>; changed(): Promise<void>; say(text: string): Promise<void>; press(id: number, data: string): Promise<boolean>; close(): void }> {
  const base = `http://127.0.0.1:${port}`;
  const messages = new Map<number, ChatMessage>();
  let wake: (() => void) | undefined;
  const ac = new AbortController();
  const auth = { Authorization: `Bearer ${secret}` };
  const res = await fetch(`${base}/events`, { signal: ac.signal, headers: auth });
  if (!res.ok) throw new Error(`the page refused its event stream: ${res.status}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let first: () => void = () => undefined;
  const snapshot = new Promise<void>((r) => { first = r; });
  void (async () => {
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buf += value;
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const chunk = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = chunk.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
        if (!data) continue;
        const ev = JSON.parse(data) as { type: string; message?: ChatMessage; messages?: ChatMessage[]; message_id?: number };
        if (ev.type === 'snapshot') { for (const m of ev.messages ?? []) messages.set(m.message_id, m); first(); }
        else if ((ev.type === 'message' || ev.type === 'edit') && ev.message) messages.set(ev.message.message_id, ev.message);
        else if (ev.type === 'delete' && ev.message_id !== undefined) messages.delete(ev.message_id);
        wake?.();
      }
    }
  })();
  await snapshot;
  const post = (p: string, body: unknown) => fetch(`${base}${p}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', Origin: base }, body: JSON.stringify(body) });
  return {
    messages,
    changed: () => new Promise<void>((r) => { wake = r; }),
    async say(text) {
      const r = await post('/api/messages', { text });
      if (!r.ok) throw new Error(`the page refused the message: ${r.status} ${await r.text()}`);
    },
    async press(id, data) {
      return (await post('/api/callbacks', { message_id: id, data })).ok;
    },
    close: () => ac.abort(),
  };
}
