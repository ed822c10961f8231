/**
 * `npm run kill-matrix:dos`: the kill-after-every-write matrix over TWO OVERLAPPING RUNS in one
 * chat (issue 23) — a week, then a redo of its cover asked the moment the week says «✅ Terminado»
 * while its report is still on its way — through the bot, by snapshot replay. The scenario, the
 * owner and every check are test/replay/two-runs.ts; this runs every n (or KILL_ONLY's picks),
 * prints one line per failing n and a summary with N and the time, writes
 * bench/results/kill-matrix-dos.json (a full run only) and exits 1 if any n fails.
 * Not a CI step (a full run takes 15–20 minutes here); what it found is in CHANGELOG.md.
 * Env: KILL_ONLY=3,mid,last,/journal/ (test/support/replay pickWrites), KILL_PARALLEL (default 4).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/lib/atomic.js';
import { pickWrites, replay } from '../test/support/replay/index.js';
import { recordTwoRuns, resumeTwoRuns } from '../test/replay/two-runs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const started = Date.now();
  const r = await recordTwoRuns();
  try {
    const ns = pickWrites(r.rec.writes, process.env.KILL_ONLY);
    console.log(`Dos trabajos solapados (bot): N = ${r.rec.N} escrituras; probando ${ns.length} muertes…`);
    const failures = await replay(r.rec, { ns, parallel: Number(process.env.KILL_PARALLEL ?? 4) }, (n, restored) => resumeTwoRuns(r, n, restored));
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`kill-matrix (dos): N = ${r.rec.N}; ${ns.length - failures.length} de ${ns.length} sin problemas en ${seconds} s (grabación ${r.seconds} s)`);
    if (!process.env.KILL_ONLY) await writeFileAtomic(path.join(ROOT, 'bench', 'results', 'kill-matrix-dos.json'), `${JSON.stringify({ N: r.rec.N, tried: ns.length, mode: 'replay', failures, seconds, recordedSeconds: r.seconds, writes: r.rec.writes }, null, 2)}\n`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await r.dispose();
  }
}

main().catch((e: unknown) => {
  console.error(`kill-matrix (dos): ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exitCode = 1;
});
