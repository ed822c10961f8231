/**
 * Issue 23: two overlapping runs in one chat — a week, then a redo of its cover asked the moment
 * the week says «✅ Terminado» while its report is still on its way, each approval tapped — killed
 * after a write and restarted (test/replay/two-runs.ts: the scenario, the owner, the checks). The
 * whole matrix (every n, by snapshot replay) is `npm run kill-matrix:dos`, its own step in .ci/run;
 * here, in npm test: the first, middle and last write and a few seeded random ones, replayed from
 * their snapshots, and REAL SIGKILLs after the first, middle and last write, the bot restarted on the
 * same chat. Each n: both runs done, each approval asked once, each report once, each engine call,
 * journal entry, audit result and usage row once. KILL_ONLY replaces the replayed sample.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickWrites, replay } from '../support/replay/index.js';
import { realKillTwoRuns, recordTwoRuns, resumeTwoRuns, type TwoRuns } from '../replay/two-runs.js';

/** n in 1..N drawn by a fixed seed (mulberry32): the same every run, different from the fixed picks. */
function seeded(seed: number, count: number, N: number): number[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => 1 + Math.floor(next() * N));
}

let r: TwoRuns;

beforeAll(async () => {
  r = await recordTwoRuns();
}, 300_000);

afterAll(async () => {
  await r?.dispose();
});

describe('two overlapping runs in one chat, killed after a write (issue 23)', () => {
  it('replayed from the snapshots of the first, middle and last write and 3 seeded ones: both runs done, each question, effect and outcome once', async () => {
    const ns = process.env.KILL_ONLY ? pickWrites(r.rec.writes, process.env.KILL_ONLY) : [...new Set([...pickWrites(r.rec.writes, '1,mid,last'), ...seeded(23, 3, r.rec.N)])].sort((a, b) => a - b);
    const started = Date.now();
    const failures = await replay(r.rec, { ns, parallel: 3 }, (n, restored) => resumeTwoRuns(r, n, restored));
    console.log(`dos trabajos (reproducción): N = ${r.rec.N} escrituras; n = ${ns.join(', ')}; ${ns.length - failures.length} de ${ns.length} sin problemas en ${Math.round((Date.now() - started) / 1000)} s`);
    expect(failures.map((f) => `n=${f.n} (${f.write}): ${f.problems.join('; ')}`)).toEqual([]);
  }, 600_000);

  it('real SIGKILLs after the first, middle and last write, the bot restarted on the same chat: the same checks hold', async () => {
    const ns = pickWrites(r.rec.writes, '1,mid,last');
    const problems = await Promise.all(ns.map(async (n) => (await realKillTwoRuns(r, n)).map((p) => `n=${n}: ${p}`)));
    expect(problems.flat()).toEqual([]);
  }, 600_000);
});
