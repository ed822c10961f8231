/**
 * The compiled product (dist/, what `npm start`, `npm run trabajador` and `npm run cuaderno` run),
 * for the tests that start it as a child process. vitest's globalSetup (`build-once.ts`) compiles
 * it once per test run, before any test, so a process test never starts a stale dist/. Spawn these
 * with `node` itself — no tsx, no loader threads: start-up in a fraction of a second.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ENV } from './test-env.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Absolute path of a compiled entry point: `compiled('cli')` → <repo>/dist/cli.js. */
export function compiled(entry: 'main' | 'cli' | 'trabajador'): string {
  return path.join(ROOT, 'dist', `${entry}.js`);
}

/**
 * The clean environment a test's child process starts from (add the test's own settings to it):
 * PATH and HOME, and TMPDIR where the test run set one (vitest.config.ts: its folders in memory),
 * so the child's temporary files go where the test's own do. Nothing else of this process leaks in
 * (a developer's or CI's ANTHROPIC_API_KEY / TELEGRAM_BOT_TOKEN).
 */
export function childEnv(): Record<string, string> {
  return { ...TEST_ENV, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}) };
}

export interface Finished {
  /** Exit code; -1 when ended by a signal. */
  code: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a compiled entry point (`node dist/<entry>.js …args`) to its end and resolves once it has
 * exited and its output is drained ('close'), so whatever it wrote is on disk before the caller
 * looks — or removes the folder. `stdin` is written and closed (undefined: no stdin at all);
 * `nodeArgs` go to node before the entry point (a preload hook: `['--import', HOOK]`).
 */
export function runCompiled(entry: 'main' | 'cli' | 'trabajador', args: string[], opts: { env: NodeJS.ProcessEnv; stdin?: string; cwd?: string; nodeArgs?: readonly string[] }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), compiled(entry), ...args], { env: opts.env, cwd: opts.cwd ?? ROOT, stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? -1, signal, stdout, stderr }));
    if (opts.stdin !== undefined) child.stdin!.end(opts.stdin);
  });
}
