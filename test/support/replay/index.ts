/**
 * Snapshot replay: a kill-after-every-write matrix without a kill per write.
 *
 * 1. `startRecording()` makes a folder `root` (the scenario puts the data folder — and anything else
 *    of the owner's it writes, such as the audit keys — under it) and returns the `execArgv` and
 *    `env` for ONE uninterrupted child process (`node ...execArgv dist/<entry>.js`, `...env`). Its
 *    preload (test/support/kill-after-write.mjs) copies `root` right after every counted write
 *    (`rename`/`appendFile`/`writeFile`, worker threads included), synchronously and under the
 *    process-wide write lock, so snapshot n is the disk as a SIGKILL right after write n leaves it.
 *    With `stdout: true` the child's stdout is logged as effects, between its writes (`stderr: true`:
 *    its stderr, kind `stderr`).
 * 2. Whatever lives outside the folder and an effect touches (what the Bot API stand-in received,
 *    what an engine stand-in was asked) is logged by the scenario with `rec.effect(kind, value)`
 *    from this process: it takes the same lock, so the effect is ordered against the child's writes.
 * 3. `rec.finish()` (after the child exited) → `Recorded`: N, what each write was, every effect, and
 *    `before(n)`: the effects a kill right after write n would have left behind.
 * 4. `replay(recorded, { ns, parallel }, one)` runs `one(n, restored)` for each n, `parallel` at a
 *    time: `restored.root` is a fresh copy of snapshot n, seen by the process that `restored.spawn`
 *    starts at the RECORDED path (`recording.root`) — the run's state and the audit chain hold
 *    absolute paths, so a snapshot cannot move. Each resumed process gets a private mount namespace
 *    (`unshare -rm` + a bind mount) so several resume at once; where namespaces are not allowed the
 *    snapshot is copied to the recorded path itself and the n run one after another. The resumed
 *    process is a restart: it starts with nothing in memory. `one` checks the union of
 *    `recorded.before(n)` and what the resume produced — so a double delivery stays visible — and
 *    returns its problems (empty = fine). `one` must resolve only after every process it started
 *    has exited; the folder is removed after that.
 *
 * Real SIGKILLs still exist (KILL_AFTER_WRITE with the same preload): a few per matrix run as
 * process tests, to prove the snapshots stand for real kills.
 */
import { appendFileSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOOK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'kill-after-write.mjs');

export interface Effect {
  /** Counted writes done before it: a kill right after write n leaves the effects with after < n. */
  after: number;
  kind: string;
  value: unknown;
}

export interface Recorded {
  /** The recorded folder's path: where every resumed process finds its snapshot. */
  root: string;
  /** Number of counted writes of the run. */
  N: number;
  /** What write n was (`writes[n - 1]`): `<op> <last two path segments>`. */
  writes: string[];
  effects: Effect[];
  /** The effects a kill right after write n leaves behind. */
  before(n: number): Effect[];
  /** Removes the recording's folder. */
  dispose(): Promise<void>;
  /** @internal the snapshot folder of write n */
  snapshot(n: number): string;
}

export interface Recording {
  /** The folder the child must keep its files under (snapshotted after every write). */
  root: string;
  /** Node flags for the recorded child (the preload). */
  execArgv: string[];
  /** Environment for the recorded child (merge it into the scenario's own). */
  env: Record<string, string>;
  /** Logs an effect seen by this process, ordered after the child's writes so far. */
  effect(kind: string, value: unknown): void;
  /** After the recorded child exited (awaited): what was recorded. */
  finish(): Promise<Recorded>;
}

export async function startRecording(opts: { stdout?: boolean; stderr?: boolean } = {}): Promise<Recording> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'cv-replay-'));
  const root = path.join(out, 'root');
  mkdirSync(root);
  const counter = path.join(out, 'counter');
  const lock = `${counter}.lock`;
  const writesLog = path.join(out, 'writes.log');
  const effectsFile = path.join(out, 'effects.jsonl');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  return {
    root,
    execArgv: ['--import', HOOK],
    env: { REPLAY_OUT: out, REPLAY_ROOT: root, KILL_COUNT_FILE: writesLog, ...(opts.stdout ? { REPLAY_STDOUT: '1' } : {}), ...(opts.stderr ? { REPLAY_STDERR: '1' } : {}) },
    effect(kind, value) {
      // The preload's lock (a mkdir), held only for a few synchronous calls.
      for (;;) {
        try {
          mkdirSync(lock);
          break;
        } catch {
          Atomics.wait(pause, 0, 0, 1);
        }
      }
      try {
        let after = 0;
        try {
          after = Number(readFileSync(counter, 'utf8')) || 0;
        } catch {
          // no write yet
        }
        appendFileSync(effectsFile, `${JSON.stringify({ after, kind, value })}\n`);
      } finally {
        rmdirSync(lock);
      }
    },
    async finish() {
      const writes = (await readFile(writesLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => l.split(' ').slice(1).join(' '));
      const effects = (await readFile(effectsFile, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Effect);
      return {
        root,
        N: writes.length,
        writes,
        effects,
        before: (n) => effects.filter((e) => e.after < n),
        snapshot: (n) => path.join(out, 'snap', String(n)),
        dispose: () => rm(out, { recursive: true, force: true }),
      };
    },
  };
}

export interface Failure { n: number; write: string; problems: string[] }

export interface Restored {
  /** Snapshot n's fresh copy, as this process reads it (check the files here). */
  root: string;
  /** `[command, args]` for `child_process.spawn` that runs `file args…` seeing the copy at `recorded.root`. */
  spawn(file: string, args: readonly string[]): [string, string[]];
}

let namespaces: boolean | undefined;
/** Whether this machine lets us give a process its own mount namespace (unprivileged or as root). */
export function privateMounts(): boolean {
  namespaces ??= spawnSync('unshare', ['-rm', 'sh', '-c', 'mount --bind "$0" "$0"', '/tmp'], { stdio: 'ignore' }).status === 0;
  return namespaces;
}

const BIND = 'mount --bind "$0" "$1" && shift 1 && exec "$@"';

/**
 * Resumes every n in `ns` from its snapshot, `parallel` at a time (1 without private mounts), and
 * prints one line per failing n. A throw of `one` counts as a failure of that n.
 */
export async function replay(
  rec: Recorded,
  opts: { ns: readonly number[]; parallel: number },
  one: (n: number, restored: Restored) => Promise<string[]>,
): Promise<Failure[]> {
  const failures: Failure[] = [];
  const queue = [...opts.ns];
  const isolated = privateMounts();
  await Promise.all(Array.from({ length: isolated ? Math.max(1, opts.parallel) : 1 }, async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const dir = isolated ? await mkdtemp(path.join(os.tmpdir(), `cv-replay-${n}-`)) : undefined;
      const root = dir ? path.join(dir, 'root') : rec.root;
      let problems: string[];
      try {
        await rm(root, { recursive: true, force: true });
        await mkdir(path.dirname(root), { recursive: true });
        await cp(rec.snapshot(n), root, { recursive: true });
        problems = await one(n, {
          root,
          spawn: (file, args) => (dir ? ['unshare', ['-rm', 'sh', '-c', BIND, root, rec.root, file, ...args]] : [file, [...args]]),
        });
      } catch (e) {
        problems = [`harness: ${e instanceof Error ? e.stack ?? e.message : String(e)}`];
      } finally {
        if (dir) await rm(dir, { recursive: true, force: true });
      }
      if (problems.length) {
        failures.push({ n, write: rec.writes[n - 1] ?? '?', problems });
        console.log(`n=${n} (${rec.writes[n - 1]}): ${problems.join('; ')}`);
      }
    }
  }));
  return failures.sort((a, b) => a.n - b.n);
}

/**
 * The n a matrix tries: all of 1..N without `spec`; else its comma-separated picks — a number,
 * `mid`, `last`, or `/regex/` (the first write whose `<op> <path>` matches; no comma in it; `/regex/#k`:
 * the k-th that matches). KILL_ONLY takes these.
 */
export function pickWrites(writes: readonly string[], spec: string | undefined): number[] {
  const N = writes.length;
  if (!spec?.trim()) return Array.from({ length: N }, (_, i) => i + 1);
  const ns = spec.split(',').map((p) => p.trim()).filter(Boolean).map((p) => {
    if (p === 'mid') return Math.ceil(N / 2);
    if (p === 'last') return N;
    const re = /^\/(.+)\/(?:#(\d+))?$/.exec(p);
    if (re) {
      const matching = writes.flatMap((w, i) => (new RegExp(re[1]!).test(w) ? [i + 1] : []));
      const n = matching[Number(re[2] ?? 1) - 1];
      if (n === undefined) throw new Error(`no write matches ${p}`);
      return n;
    }
    const n = Number(p);
    if (!Number.isInteger(n) || n < 1 || n > N) throw new Error(`no write ${p} (N = ${N})`);
    return n;
  });
  return [...new Set(ns)].sort((a, b) => a - b);
}
