/**
 * Preload hook for the kill-after-every-write matrix (`node --import tsx --import <this>`): counts
 * every `rename`, `appendFile` and `writeFile` of the process (fs/promises — every durable write of
 * the project goes through one of them) and kills the process with SIGKILL right after the n-th
 * completes (`KILL_AFTER_WRITE=n`; 0 = never). With `KILL_COUNT_FILE`, each counted write is logged
 * there as `<n> <op> <last two path segments>` so the matrix knows N and what each n was.
 */
import fs, { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const target = Number(process.env.KILL_AFTER_WRITE ?? 0);
const log = process.env.KILL_COUNT_FILE;
let n = 0;
const promises = fs.promises as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
for (const op of ['rename', 'appendFile', 'writeFile']) {
  const original = promises[op]!;
  promises[op] = async (...args: unknown[]) => {
    const result = await original.apply(fs.promises, args);
    n += 1;
    const target_ = String(op === 'rename' ? args[1] : args[0]).split(/[\\/]/).slice(-2).join('/');
    if (log) appendFileSync(log, `${n} ${op} ${target_}\n`);
    if (n === target) process.kill(process.pid, 'SIGKILL');
    return result;
  };
}
// ESM named imports of node:fs/promises are bound to these live exports once synced.
syncBuiltinESMExports();
