/**
 * Preload hook for the kill-after-every-write matrix (`node --import tsx --import <this>`): counts
 * every `rename`, `appendFile` and `writeFile` of the process (fs/promises — every durable write of
 * the project goes through one of them) and kills the process with SIGKILL right after the n-th
 * completes (`KILL_AFTER_WRITE=n`; 0 = never). With `KILL_COUNT_FILE`, each counted write is logged
 * there as `<n> <op> <last two path segments>` so the matrix knows N and what each n was.
 *
 * Plain JavaScript on purpose: worker threads inherit the process's `--import` flags and may load
 * this before tsx is registered in them. The count is one for the whole process, threads included
 * (the worker pool writes the cover and the narration): it lives in a file next to the process,
 * updated under a mkdir lock with synchronous calls, which the hook itself does not count.
 */
import fs, { appendFileSync, mkdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

const target = Number(process.env.KILL_AFTER_WRITE ?? 0);
const log = process.env.KILL_COUNT_FILE;
// Named once by the main thread; worker threads inherit the environment, so they share the file.
if (isMainThread) process.env.CV_KILL_COUNTER = path.join(os.tmpdir(), `cv-kill-count-${process.pid}-${randomUUID()}`);
const counter = process.env.CV_KILL_COUNTER ?? path.join(os.tmpdir(), `cv-kill-count-${process.pid}`);
if (isMainThread) process.on('exit', () => { try { unlinkSync(counter); } catch { /* never written */ } });
const lock = `${counter}.lock`;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** The process-wide number of this write (1, 2, …), logged under the same lock. */
function nextWrite(op, target_) {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      Atomics.wait(pause, 0, 0, 1);
    }
  }
  try {
    let n = 0;
    try {
      n = Number(readFileSync(counter, 'utf8')) || 0;
    } catch {
      // the first write of the process
    }
    n += 1;
    writeFileSync(counter, String(n));
    if (log) appendFileSync(log, `${n} ${op} ${target_}\n`);
    return n;
  } finally {
    rmdirSync(lock);
  }
}

const promises = fs.promises;
for (const op of ['rename', 'appendFile', 'writeFile']) {
  const original = promises[op];
  promises[op] = async (...args) => {
    const result = await original.apply(fs.promises, args);
    const target_ = String(op === 'rename' ? args[1] : args[0]).split(/[\\/]/).slice(-2).join('/');
    const n = nextWrite(op, target_);
    if (n === target) process.kill(process.pid, 'SIGKILL');
    return result;
  };
}
// ESM named imports of node:fs/promises are bound to these live exports once synced.
syncBuiltinESMExports();
