/**
 * Inter-process locks for read-modify-write of shared state files: the bot and any number of
 * `cuaderno` processes share one data dir. An in-process Mutex cannot see another process, so
 * each read → change → rewrite (and each id allocated from what was read) runs under a lock
 * directory `<file>.lock` (proper-lockfile: mkdir is atomic; the holder refreshes its mtime). The
 * file's folder is made by the lock itself when missing (lock-holder.ts), not before every lock.
 *
 * A holder killed with `kill -9` is seen gone at once when it ran on this machine (lock-holder.ts:
 * the lock names its holder), and a holder of this machine that still runs is never taken over, even
 * starved; a holder that cannot be judged stops refreshing and after LOCK_STALE_MS the next process
 * takes the lock over, so a crash delays the next run by seconds at most, never blocks it.
 */
import lockfile from 'proper-lockfile';
import { StateFileError } from '../errors.js';
import { holderAwareFs } from './lock-holder.js';
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

/** A lock not refreshed for this long belongs to a dead process (proper-lockfile's minimum). */
export const LOCK_STALE_MS = 2_000;

/**
 * The same for locks held across slow work. The CPU engines render synchronously for seconds on a
 * busy machine, and a holder that cannot refresh its lock meanwhile must not look dead.
 */
export const LONG_LOCK_STALE_MS = 30_000;

/**
 * How long a waiter keeps trying before it reports the file as busy: ≈ 12 s (the first tries
 * quick, then every 100 ms) — a stale takeover (LOCK_STALE_MS) fits several times over, and a
 * person who tapped a button hears «no pude guardar» within seconds, not after the ≈ 40 s of
 * 400 tries it was before.
 */
const RETRIES = { retries: 130, factor: 1.2, minTimeout: 5, maxTimeout: 100 } as const;

/**
 * The staleness of a lock held for a process's whole life (holdFileLock: the bot's own state, one
 * per person in a class). proper-lockfile keeps a held lock fresh every `stale / 2` — a stat and a
 * utimes, two trips through libuv's thread pool, where the durable writes wait their turn — and at
 * LOCK_STALE_MS a class of 300 was 600 such trips a second for as long as the bot ran, whatever it
 * did. A holder killed on this machine is still seen gone at once (lock-holder.ts: the next bot
 * starts without waiting); only one that cannot be judged (another host or pid namespace) is taken
 * over after this instead of after 2 s.
 */
export const LIFETIME_LOCK_STALE_MS = 10_000;

/** Suffix of the lock directory next to a state file (swept by nothing: the library owns it). */
export const LOCK_SUFFIX = '.lock';

/** What every lock of `file` shares: its directory beside the file, the holder-aware fs, no realpath. */
const lockOf = (file: string) => ({ realpath: false, lockfilePath: `${file}${LOCK_SUFFIX}`, fs: holderAwareFs });

/**
 * Runs `fn` holding the inter-process lock of `file` (which need not exist yet). `long` widens the
 * wait for locks held across slow work (a cover or a narration being generated).
 */
export async function withFileLock<R>(file: string, fn: () => Promise<R>, opts: { long?: boolean } = {}): Promise<R> {
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      ...lockOf(file),
      stale: opts.long ? LONG_LOCK_STALE_MS : LOCK_STALE_MS,
      retries: opts.long ? { ...RETRIES, retries: 2_000, maxTimeout: 250 } : RETRIES,
      // Default: throw from a timer (an uncaught exception). We report it when `fn` ends instead.
      onCompromised: (e) => { compromised = e; },
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new StateFileError('BUSY', file, P.busy(file));
    }
    throw e;
  }
  try {
    return await fn();
  } finally {
    if (!compromised) await release().catch(() => undefined);
  }
}

/**
 * The lock of `file` taken at once, synchronously, or undefined when another holder has it (a
 * stale one is taken over, as withFileLock does). For the briefest holds — an audit group: a few
 * appends of a few hundred bytes — where the lock's own trips through libuv's thread pool (make the
 * directory, write its holder, stat it, remove both) cost more than the work they guard; the caller
 * falls back to withFileLock, which waits, when this answers undefined. Release it before awaiting.
 */
export function tryFileLockSync(file: string): (() => void) | undefined {
  try {
    return lockfile.lockSync(file, { ...lockOf(file), stale: LOCK_STALE_MS, onCompromised: () => undefined });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw e;
  }
}

/**
 * Takes the lock of `file` for as long as the caller lives (until `release`): for state a process
 * keeps in memory and rewrites whole (the bot's), where a second writer could only clobber it.
 * Waits out a dead holder's stale lock; throws StateFileError('BUSY') if a live one keeps it.
 */
export async function holdFileLock(file: string, busyMessage: string): Promise<() => Promise<void>> {
  try {
    const release = await lockfile.lock(file, {
      ...lockOf(file),
      stale: LIFETIME_LOCK_STALE_MS,
      // Long enough to see a killed holder's lock go stale (LIFETIME_LOCK_STALE_MS), short enough to say so.
      retries: { retries: 120, factor: 1, minTimeout: 100, maxTimeout: 100 },
      onCompromised: () => undefined,
    });
    return () => release().catch(() => undefined);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') throw new StateFileError('BUSY', file, busyMessage);
    throw e;
  }
}

/** Serialises async work per key inside this process (read-modify-write of one file). */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();
  run<R>(fn: () => Promise<R>): Promise<R> {
    const next = this.#tail.then(fn, fn);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}
