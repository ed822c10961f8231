/**
 * Who holds a lock, so a lock whose holder is gone is taken over at once instead of after it ages.
 *
 * proper-lockfile tells a dead holder only by the lock's age: not refreshed for `stale` ms. After a
 * `kill -9` that cost a restarted bot every lock the dead one held — 2 s for a state file, 30 s for
 * a cover or a narration being generated (LONG_LOCK_STALE_MS): a student whose bot was restarted
 * mid-cover waited half a minute for it to go on. Now the holder writes who it is into the lock
 * directory (`titular`: pid, the process's start time, its pid namespace, the host) and a waiter
 * that finds a holder of this machine that no longer runs sees the lock as stale right away, and one
 * whose holder still runs never sees it stale, however long since it was refreshed. Where the holder
 * cannot be judged (another host or namespace, no /proc, a lock taken before this file existed)
 * nothing changes: the lock's age decides, as before.
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

/** A process's start time in clock ticks since boot (/proc), or '' where it cannot be read; 'zombie' for one that has ended but not been reaped. */
function startTime(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 3 (state) and 22; the command name (field 2) may hold spaces and parentheses: count after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? 'zombie' : (fields[19] ?? '');
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
 * What the lock's holder file says of its holder: `gone` — a process of this host and pid namespace
 * that no longer runs, or whose pid now belongs to a process started later; `alive` — that process,
 * still running; `unknown` — anything else (no holder file yet, another host or namespace, an
 * unreadable answer, this process itself).
 */
export function holderState(lockDir: string): 'gone' | 'alive' | 'unknown' {
  let text: string;
  try {
    text = fs.readFileSync(path.join(lockDir, HOLDER_FILE), 'utf8');
  } catch {
    return 'unknown';
  }
  const [pidText, started, ns, host] = text.split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || host !== hostname() || ns !== pidNamespace()) return 'unknown';
  if (text === ME) return 'unknown';
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH' ? 'gone' : 'unknown';
  }
  // A live pid: the holder only if it is the same process (a pid is reused by a later process).
  const now = startTime(pid);
  // Ended, waiting for its parent to reap it: it holds nothing any more.
  if (now === 'zombie') return 'gone';
  if (started === '' || now === '') return 'unknown';
  return now === started ? 'alive' : 'gone';
}

/** True only when the lock's holder is known to be gone (holderState). */
export function holderGone(lockDir: string): boolean {
  return holderState(lockDir) === 'gone';
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

/**
 * A lock directory's Stats as a waiter should judge them: aged in place when its holder is known gone
 * (as if it had stopped refreshing long ago), fresh when its holder is known to run. A live holder
 * that has not refreshed its lock for longer than the staleness is starved, not dead — a busy machine,
 * a stopped process: taking its lock over let two writers into one file, and a card one of them
 * reported was lost. A waiter then waits, and says the file is busy if it has to.
 */
function aged(p: string, st: fs.Stats): fs.Stats {
  if (mine.has(p)) return st;
  const holder = holderState(p);
  if (holder === 'gone') return Object.assign(st, { mtime: new Date(0), mtimeMs: 0 });
  if (holder === 'alive') {
    const now = Date.now();
    return Object.assign(st, { mtime: new Date(now), mtimeMs: now });
  }
  return st;
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
