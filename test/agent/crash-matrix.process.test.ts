/**
 * The crash matrix (docs/design.md §7): the standard week crashed right after every occurrence of every crash
 * label, then resumed with --reanudar; every side effect exactly once (or reported unknown), the run
 * completes. By snapshot replay — one recorded run, each occurrence resumed from its snapshot by a
 * fresh CLI process — and two real CRASH_AFTER exits under the same checks (crash-support.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_LABELS, type CrashLabel } from '../../src/agent/crash.js';
import { replay } from '../support/replay/index.js';
import { crashThenResume, OCCURRENCES, recordWeek, resumeFromSnapshot, stopVoice, type RecordedWeek } from './crash-support.js';

/**
 * The real crashes: the turn's approvals on disk with nobody asked yet, and a call marked started
 * in the middle of the week's busiest turn (nothing of it done: re-run by its key, or reported unknown).
 */
const REAL: ReadonlyArray<[CrashLabel, number]> = [['after-approval-write', 1], ['after-intent-write', 4]];

let week: RecordedWeek | undefined;
beforeAll(async () => {
  week = await recordWeek();
}, 300_000);
afterAll(async () => {
  await week?.rec.dispose();
  await stopVoice();
});

describe('crash matrix: the standard week crashed at every crash point, resumed', () => {
  it('the recorded week passes each crash point once per step of the week, each right after a write', () => {
    const { points } = week!;
    expect(Object.fromEntries(CRASH_LABELS.map((l) => [l, points[l].length]))).toEqual(OCCURRENCES);
    expect(Object.values(points).flat().filter((n) => n < 1)).toEqual([]);
  });

  it('resumed from each occurrence of each label: the run completes, every effect exactly once or reported unknown', async () => {
    const w = week!;
    // Two crash points with no write between them leave the same disk: one resume stands for both.
    const at = new Map<number, string[]>();
    for (const label of CRASH_LABELS) w.points[label].forEach((n, i) => at.set(n, [...(at.get(n) ?? []), `${label}:${i + 1}`]));
    const failures = await replay(w.rec, { ns: [...at.keys()].sort((a, b) => a - b), parallel: 2 }, (n, restored) => resumeFromSnapshot(w, at.get(n)!.join(' = '), restored));
    expect(failures).toEqual([]);
  }, 600_000);

  it(`real crashes (${REAL.map(([l, k]) => `${l}:${k}`).join(', ')}): exit 137, resumed under the same checks`, async () => {
    expect((await Promise.all(REAL.map(([label, k]) => crashThenResume(label, k)))).flat()).toEqual([]);
  }, 300_000);
});
