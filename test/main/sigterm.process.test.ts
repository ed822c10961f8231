/**
 * Stopping `npm start` the way an operator or a service manager does: SIGTERM to npm, or to the
 * node process it started. Either way the bot must stop and free its port (issue 13, item 9: a
 * SIGTERM to npm used to leave node running and holding the port, so the next start failed).
 * Real processes: `npm start` with the local chat page (no token) on a free port, a temp data dir.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/telegram.js';
import { startBotProcess, type BotProcess } from './bot-process.js';

const WAIT_MS = 60_000;
const READY = /Chat local listo/;

const children: BotProcess[] = [];
let tmp: string | undefined;
afterEach(async () => {
  for (const c of children.splice(0)) {
    c.killGroup();
    await c.exited;
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
  tmp = undefined;
});

/** Resolves true when this process can listen on the port (nobody holds it any more). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** The pids of a process's children (Linux /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.trim().split(/\s+/).filter(Boolean).map(Number);
}

/** True while a process with this pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function npmStart(): Promise<{ npm: BotProcess; port: number; node: number }> {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-sigterm-'));
  const port = await freePort();
  const npm = startBotProcess({ CHAT_PORT: String(port), CUADERNO_DATA_DIR: path.join(tmp, 'data') }, { file: 'npm', args: ['start'] });
  children.push(npm);
  await npm.waitForStdout(READY, WAIT_MS);
  // npm runs the start script's node directly (exec): its only child is the bot.
  const kids = await childrenOf(npm.pid);
  expect(kids).toHaveLength(1);
  expect(await readFile(`/proc/${kids[0]}/cmdline`, 'utf8')).toMatch(/^node\0/);
  expect(await portIsFree(port)).toBe(false);
  return { npm, port, node: kids[0]! };
}

describe('stopping npm start with SIGTERM', () => {
  it('to npm: the bot stops and the port is free', async () => {
    const { npm, port, node } = await npmStart();
    npm.signal('SIGTERM');
    await npm.exited;
    expect(alive(node)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
  }, 120_000);

  it('to node: the bot stops, npm ends, and the port is free', async () => {
    const { npm, port, node } = await npmStart();
    process.kill(node, 'SIGTERM');
    await npm.exited;
    expect(npm.stdout()).toMatch(/SIGTERM: cerrando/);
    expect(alive(node)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
  }, 120_000);
});
