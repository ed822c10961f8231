/**
 * Real Redis for the lane tests: the shared server at 127.0.0.1:6379 under a private key prefix
 * (deleted after each test), or a private `redis-server` on a free port that a test can restart
 * empty. No mocks: BullMQ talks to a real server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { childEnv } from '../support/compiled.js';

export const SHARED_REDIS_URL = 'redis://127.0.0.1:6379';

export function testPrefix(): string {
  return `cv-test-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under `prefix:` (queues, events, fairness counts). */
export async function deletePrefix(url: string, prefix: string): Promise<void> {
  const r = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once Redis at `port` answers PING (polling the server's own readiness). */
async function waitForPing(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const r = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    r.on('error', () => {});
    try {
      await r.connect();
      if ((await r.ping()) === 'PONG') return;
    } catch {
      // not up yet
    } finally {
      r.disconnect();
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`redis-server on ${port} did not answer`);
}

export interface OwnRedis {
  port: number;
  url: string;
  /** Kills the server (SIGKILL) and resolves when it has exited. */
  stop(): Promise<void>;
  /** A fresh, empty server on the same port. */
  start(): Promise<void>;
  /** The running server's process id (for its CPU time); undefined while stopped. */
  pid(): number | undefined;
}

/** Starts a private `redis-server` that keeps nothing on disk. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPing(port);
  };
  const stop = async (): Promise<void> => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((res) => p.once('exit', res));
    p.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, pid: () => proc?.pid };
}

/** Resolves when `predicate` holds (checked every `everyMs`); rejects after `limit` checks. */
export async function until(predicate: () => Promise<boolean> | boolean, limit = 600, everyMs = 50): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await predicate()) return;
    await new Promise((res) => setTimeout(res, everyMs));
  }
  throw new Error('condition never held');
}

export const randomPart = (): string => randomBytes(3).toString('hex');

export const ROOT = new URL('../..', import.meta.url).pathname;

export interface NodeProc {
  proc: ChildProcess;
  /** stdout and stderr so far. */
  out: () => string;
  /** SIGKILL (no-op once gone); resolves when it has exited. */
  kill: () => Promise<void>;
}

/**
 * `node <args>` in the repository root with only the clean environment (`childEnv()`) and `env` — node itself, no wrapper
 * process, so a SIGKILL hits the process under test and nothing survives it. The product is the
 * compiled one (`compiled('trabajador')`); a test's own TypeScript script runs with tsx's loader.
 */
export function spawnNode(args: string[], env: Record<string, string>): NodeProc {
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const proc = spawn(process.execPath, [...loader, ...args], {
    cwd: ROOT,
    env: { ...childEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const kill = async (): Promise<void> => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((res) => proc.once('exit', res));
    proc.kill('SIGKILL');
    await exited;
  };
  return { proc, out: () => out, kill };
}
