/**
 * Preload hook for the kill-after-every-write matrix (`node --import tsx --import <this>`): counts
 * every `rename`, `appendFile` and `writeFile` of the process (fs/promises — every durable write of
 * the project goes through one of them — and `renameSync`/`appendFileSync`, the audit log's usual
 * group) and kills the process with SIGKILL right after the n-th
 * completes (`KILL_AFTER_WRITE=n`; 0 = never). With `KILL_COUNT_FILE`, each counted write is logged
 * there as `<n> <op> <last two path segments>` so the matrix knows N and what each n was.
 *
 * With `REPLAY_OUT` (and `REPLAY_ROOT`, the folder to keep) the hook records instead of killing,
 * for the snapshot-replay harness (test/support/replay/index.ts): right after the n-th write, still
 * under the lock (so no other counted write of any thread slips in), `REPLAY_ROOT` is copied to
 * `REPLAY_OUT/snap/<n>`, and with `REPLAY_STDOUT=1` every chunk the main thread writes to stdout is
 * logged to `REPLAY_OUT/effects.jsonl` as `{ after, kind: 'stdout', value }` (`after` = writes done
 * before it); `REPLAY_STDERR=1` does the same for stderr (`kind: 'stderr'`). The counter is then `REPLAY_OUT/counter`, so the harness can order its own effects
 * (what the Bot API stand-in received) between the process's writes under the same lock.
 *
 * Plain JavaScript on purpose: worker threads inherit the process's `--import` flags and may load
 * this before tsx is registered in them. The count is one for the whole process, threads included
 * (the worker pool writes the cover and the narration): it lives in a file next to the process,
 * updated under a mkdir lock with synchronous calls, which the hook itself does not count.
 */
import fs, { appendFileSync as liveAppendFileSync, copyFileSync, constants as fsConstants, mkdirSync, readdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

/** node's own appendFileSync, taken before the hook wraps it (below): the hook's writes are not the process's. */
const ownAppendFileSync = liveAppendFileSync;

const target = Number(process.env.KILL_AFTER_WRITE ?? 0);
const log = process.env.KILL_COUNT_FILE;
const replayOut = process.env.REPLAY_OUT;
const replayRoot = process.env.REPLAY_ROOT;
if (replayOut && isMainThread) process.env.CV_KILL_COUNTER = path.join(replayOut, 'counter');
// Named once by the main thread; worker threads inherit the environment, so they share the file.
else if (isMainThread) process.env.CV_KILL_COUNTER = path.join(os.tmpdir(), `cv-kill-count-${process.pid}-${randomUUID()}`);
const counter = process.env.CV_KILL_COUNTER ?? path.join(os.tmpdir(), `cv-kill-count-${process.pid}`);
if (isMainThread && !replayOut) process.on('exit', () => { try { unlinkSync(counter); } catch { /* never written */ } });
const lock = `${counter}.lock`;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Copies `from` into `to` as it is now. A file another thread renames or removes while the copy
 * walks is skipped: that is what the disk holds at this instant.
 */
function copyTree(from, to) {
  mkdirSync(to, { recursive: true });
  let entries = [];
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const a = path.join(from, e.name);
    const b = path.join(to, e.name);
    try {
      if (e.isDirectory()) copyTree(a, b);
      else if (e.isFile()) copyFileSync(a, b, fsConstants.COPYFILE_FICLONE);
    } catch {
      // gone in between (an atomic rename of another thread)
    }
  }
}

function locked(fn) {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      Atomics.wait(pause, 0, 0, 1);
    }
  }
  try {
    return fn();
  } finally {
    rmdirSync(lock);
  }
}

const writesSoFar = () => {
  try {
    return Number(readFileSync(counter, 'utf8')) || 0;
  } catch {
    return 0;
  }
};

/** Logs every chunk the main thread writes to `stream` as an effect of that kind, between the writes. */
function logStream(kind, stream) {
  const write = stream.write.bind(stream);
  stream.write = (chunk, ...rest) => {
    const value = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    locked(() => ownAppendFileSync(path.join(replayOut, 'effects.jsonl'), `${JSON.stringify({ after: writesSoFar(), kind, value })}\n`));
    return write(chunk, ...rest);
  };
}
if (replayOut && isMainThread && process.env.REPLAY_STDOUT === '1') logStream('stdout', process.stdout);
if (replayOut && isMainThread && process.env.REPLAY_STDERR === '1') logStream('stderr', process.stderr);

/** The process-wide number of this write (1, 2, …), logged (and with REPLAY_OUT kept) under the same lock. */
function nextWrite(op, target_) {
  return locked(() => {
    const n = writesSoFar() + 1;
    writeFileSync(counter, String(n));
    // The snapshot first, the log line after it: a write is counted in N only once its snapshot is
    // whole (a recording stopped in the middle of a copy must not leave a half snapshot to replay).
    if (replayOut && replayRoot) copyTree(replayRoot, path.join(replayOut, 'snap', String(n)));
    if (log) ownAppendFileSync(log, `${n} ${op} ${target_}\n`);
    return n;
  });
}

/** Counts a completed write (`op` as the log names it; the target is the renamed-to path or the file) and kills at n. */
function counted(op, args) {
  const target_ = String(op === 'rename' ? args[1] : args[0]).split(/[\\/]/).slice(-2).join('/');
  if (nextWrite(op, target_) === target) process.kill(process.pid, 'SIGKILL');
}

const promises = fs.promises;
for (const op of ['rename', 'appendFile', 'writeFile']) {
  const original = promises[op];
  promises[op] = async (...args) => {
    const result = await original.apply(fs.promises, args);
    counted(op, args);
    return result;
  };
}
// The synchronous twins of the same completions: the audit log's usual group (its line and its
// chain's mirror) is written under a lock held synchronously (src/store/auditLog.ts). The hook's own
// appends above go through `ownAppendFileSync`, taken before this, so they are never counted.
for (const op of ['rename', 'appendFile']) {
  const original = fs[`${op}Sync`];
  fs[`${op}Sync`] = (...args) => {
    const result = original.apply(fs, args);
    counted(op, args);
    return result;
  };
}
// ESM named imports of node:fs and node:fs/promises are bound to these live exports once synced.
syncBuiltinESMExports();
