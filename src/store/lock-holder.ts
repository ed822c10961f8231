/**
 * Who holds a lock, so a lock whose holder is gone is taken over at once instead of after it ages.
 *
 * proper-lockfile tells a dead holder only by the lock's age: not refreshed for `stale` ms. After a
 * `kill -9` that cost a restarted bot every lock the dead one held — 2 s for a state file, 30 s for
 * a cover or a narration being generated (LONG_LOCK_STALE_MS): a student whose bot was restarted
 * mid-cover waited half a minute for it to go on. Now the holder writes who it is into the lock
 * directory (`titular`: pid, the process's start time, its pid namespace, the host) and a waiter
 * that finds a holder of this machine that no longer runs sees the lock as stale right away. Where
 * the holder cannot be judged (another host or namespace, no /proc, a lock taken before this file
 * existed) nothing changes: the lock's age decides, as before.
 *
 * It plugs into proper-lockfile through its `fs` option (the library's own seam): `mkdir` writes the
 * holder, `stat` of a lock directory whose holder is gone answers an old mtime, `rmdir` removes the
 * directory with its holder file.
 */
import fs from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The holder's file inside a lock directory. */
export const HOLDER_FILE = 'titular';

/** A process's start time in clock ticks since boot (/proc), or '' where it cannot be read. */
function startTime(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces and parentheses: count after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function pidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/** This process, as written into the locks it takes. */
const ME = [process.pid, startTime(process.pid), pidNamespace(), hostname()].join(' ');

/**
 * True only when the lock's holder is known to be gone: a process of this host and pid namespace
 * that no longer runs, or whose pid now belongs to a process started later. Anything else — no
 * holder file yet, another host, an unreadable answer, a live holder, this process — is false.
 */
export function holderGone(lockDir: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(path.join(lockDir, HOLDER_FILE), 'utf8');
  } catch {
    return false;
  }
  const [pidText, started, ns, host] = text.split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || host !== hostname() || ns !== pidNamespace()) return false;
  if (text === ME) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
  // A live pid: the holder only if it is the same process (a pid is reused by a later process).
  const now = startTime(pid);
  return started !== '' && now !== '' && now !== started;
}

type Callback<T = void> = (err: NodeJS.ErrnoException | null, value?: T) => void;

/**
 * The lock directories this process made and has not removed: their holder is this process (or
 * one that took the lock over since, which proper-lockfile tells by the mtime), so `stat` need not
 * read their holder file — the check after every lock taken, three system calls each.
 */
const mine = new Set<string>();

/** A lock directory just made by this process: ours, with its holder written. */
function taken(dir: string): void {
  mine.add(dir);
  // Written before the lock counts as taken: a waiter that finds no holder file judges by age.
  // Synchronously: a few bytes, and a lock is taken often (every audit line): three trips
  // through libuv's thread pool tripled a lock's cost.
  try {
    fs.writeFileSync(path.join(dir, HOLDER_FILE), ME);
  } catch {
    // No holder written: the lock is still ours, and judged by its age.
  }
}

/** A lock directory's Stats, aged in place when its holder is known gone (as if it had stopped refreshing long ago). */
function aged(p: string, st: fs.Stats): fs.Stats {
  if (mine.has(p) || !holderGone(p)) return st;
  return Object.assign(st, { mtime: new Date(0), mtimeMs: 0 });
}

/** The `fs` proper-lockfile is given: node's, with `mkdir`, `stat` and `rmdir` as the header says (and their synchronous twins). */
export const holderAwareFs = {
  ...fs,
  mkdir(dir: string, cb: Callback, folderMade = false): void {
    fs.mkdir(dir, (err) => {
      // The state file's folder is missing (a first write): made here, once, where it is found
      // missing, instead of before every lock by the callers.
      if (err?.code === 'ENOENT' && !folderMade) {
        return fs.mkdir(path.dirname(dir), { recursive: true }, (e) => (e ? cb(e) : holderAwareFs.mkdir(dir, cb, true)));
      }
      if (err) return cb(err);
      taken(dir);
      cb(null);
    });
  },
  /** `mkdir` for proper-lockfile's synchronous lock (lock.ts, tryFileLockSync): the same, without the thread pool. */
  mkdirSync(dir: string): void {
    try {
      fs.mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      fs.mkdirSync(dir);
    }
    taken(dir);
  },
  stat(p: string, cb: Callback<fs.Stats>): void {
    fs.stat(p, (err, st) => (err ? cb(err, st) : cb(null, aged(p, st!))));
  },
  statSync(p: string): fs.Stats {
    return aged(p, fs.statSync(p));
  },
  rmdir(dir: string, cb: Callback): void {
    mine.delete(dir);
    try {
      fs.unlinkSync(path.join(dir, HOLDER_FILE));
    } catch {
      // None (an older lock, or never written): the folder is empty already.
    }
    fs.rmdir(dir, (err) => cb(err));
  },
  rmdirSync(dir: string): void {
    mine.delete(dir);
    try {
      fs.unlinkSync(path.join(dir, HOLDER_FILE));
    } catch {
      // As above.
    }
    fs.rmdirSync(dir);
  },
};
