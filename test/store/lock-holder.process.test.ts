/**
 * A lock names its holder (src/store/lock-holder.ts): a lock whose holder was killed is taken over
 * at once, while one whose holder still runs is not — judged by who holds it, not by the lock's age,
 * so nothing here waits for a lock to age: the staleness given to the library is 30 s
 * (LONG_LOCK_STALE_MS) and no try is retried.
 * Tier: procesos (a real child process holds the lock and is killed with SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readlink, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os, { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { afterEach, describe, expect, it } from 'vitest';
import { HOLDER_FILE, holderAwareFs, holderGone } from '../../src/store/lock-holder.js';
import { holdFileLock, LIFETIME_LOCK_STALE_MS, LONG_LOCK_STALE_MS, LOCK_SUFFIX } from '../../src/store/lock.js';
import { childEnv, ROOT } from '../support/compiled.js';

let dir: string;
let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  }
  child = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A child process that takes the lock of `file` through the product's withFileLock and keeps it until killed. */
async function holdInChild(file: string): Promise<ChildProcess> {
  const code = `import { withFileLock } from './src/store/lock.ts';
await withFileLock(${JSON.stringify(file)}, async () => { process.stdout.write('held\\n'); await new Promise(() => setInterval(() => {}, 1 << 30)); }, { long: true });`;
  const c = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, env: childEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    c.stdout!.setEncoding('utf8').on('data', (d: string) => { out += d; if (out.includes('held')) resolve(); });
    c.once('exit', (code) => reject(new Error(`the holder exited (${code}) before taking the lock`)));
  });
  return c;
}

/** A child process that holds the lock of `file` for its life, as a bot holds its state (holdFileLock), until killed. */
async function holdForLifeInChild(file: string): Promise<ChildProcess> {
  const code = `import { holdFileLock } from './src/store/lock.ts';
await holdFileLock(${JSON.stringify(file)}, 'ocupado'); process.stdout.write('held\\n'); setInterval(() => {}, 1 << 30);`;
  const c = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, env: childEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    c.stdout!.setEncoding('utf8').on('data', (d: string) => { out += d; if (out.includes('held')) resolve(); });
    c.once('exit', (code) => reject(new Error(`the holder exited (${code}) before taking the lock`)));
  });
  return c;
}

/** One try, no retries, with the staleness of a lock held across slow work. */
const tryLock = (file: string) => lockfile.lock(file, { realpath: false, lockfilePath: `${file}${LOCK_SUFFIX}`, fs: holderAwareFs, stale: LONG_LOCK_STALE_MS, retries: 0, onCompromised: () => undefined });

describe('a lock names its holder', () => {
  it('a holder that runs keeps its lock; killed, its lock is taken over on the first try', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cv-lock-holder-'));
    const file = path.join(dir, 'curso.json');
    child = await holdInChild(file);
    const holder = await readFile(path.join(`${file}${LOCK_SUFFIX}`, HOLDER_FILE), 'utf8');
    expect(holder.split(' ')[0]).toBe(String(child.pid));
    expect(holderGone(`${file}${LOCK_SUFFIX}`)).toBe(false);
    await expect(tryLock(file)).rejects.toMatchObject({ code: 'ELOCKED' });

    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    // The lock is seconds young (far from 30 s), but its holder is gone.
    expect(holderGone(`${file}${LOCK_SUFFIX}`)).toBe(true);
    const release = await tryLock(file);
    expect((await readFile(path.join(`${file}${LOCK_SUFFIX}`, HOLDER_FILE), 'utf8')).split(' ')[0]).toBe(String(process.pid));
    await release();
  }, 60_000);

  it('a holder that runs but has not refreshed its lock for longer than the staleness keeps it: starved is not dead', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cv-lock-holder-'));
    const file = path.join(dir, 'tarjetas.json');
    child = await holdInChild(file);
    // The holder stops (a starved process on a busy machine): it refreshes nothing, and its lock looks old.
    child.kill('SIGSTOP');
    const past = new Date(Date.now() - 10 * LONG_LOCK_STALE_MS);
    await utimes(`${file}${LOCK_SUFFIX}`, past, past);
    await expect(tryLock(file)).rejects.toMatchObject({ code: 'ELOCKED' });
    expect((await readFile(path.join(`${file}${LOCK_SUFFIX}`, HOLDER_FILE), 'utf8')).split(' ')[0]).toBe(String(child.pid));
    child.kill('SIGCONT');
  }, 60_000);

  it('a lock held for a process\'s life (refreshed seldom) is still taken over at once when its holder is killed, never by its age', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cv-lock-holder-'));
    const file = path.join(dir, 'bot', 'estado.json');
    child = await holdForLifeInChild(file);
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    const lastRefresh = (await stat(`${file}${LOCK_SUFFIX}`)).mtimeMs;
    const release = await holdFileLock(file, 'ocupado');
    // Taken while the lock was still young by its age: its holder was judged gone, not waited out.
    expect(Date.now() - lastRefresh).toBeLessThan(LIFETIME_LOCK_STALE_MS);
    expect((await readFile(path.join(`${file}${LOCK_SUFFIX}`, HOLDER_FILE), 'utf8')).split(' ')[0]).toBe(String(process.pid));
    await release();
  }, 60_000);

  it('a pid now used by a later process is not the holder; a holder of another host, or with no file, is judged by age', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cv-lock-holder-'));
    const lockDir = path.join(dir, 'x.json.lock');
    await mkdir(lockDir);
    // No holder file (a lock taken by an older version): not judged gone.
    expect(holderGone(lockDir)).toBe(false);
    const me = (await readFile(`/proc/${process.pid}/stat`, 'utf8').catch(() => '')) !== '';
    const ns = await readlink('/proc/self/ns/pid').catch(() => '');
    // The parent of this worker runs; written with another start time, it stands for a reused pid.
    await writeFile(path.join(lockDir, HOLDER_FILE), [process.ppid, '1', ns, hostname()].join(' '));
    expect(holderGone(lockDir)).toBe(me); // without /proc the start time cannot be compared: not gone
    await writeFile(path.join(lockDir, HOLDER_FILE), [2 ** 22 + 7, '1', ns, 'otra-maquina'].join(' '));
    expect(holderGone(lockDir)).toBe(false);
  });
});
