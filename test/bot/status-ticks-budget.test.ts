/** Clock ticks of run statuses go within one budget for the whole bot (bot/run-status.ts): a class waiting on the GPU queue does not flood the chat with edits. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ActiveRun } from '../../src/bot/active-run.js';
import { RenewalBudget } from '../../src/bot/progress.js';
import { STATUS_TICKS_PER_S, StatusTicks } from '../../src/bot/run-status.js';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

it('300 runs ticking together refresh their status a second’s budget at a time; 30 runs all tick', () => {
  const ticks = new StatusTicks(5_000, new RenewalBudget(STATUS_TICKS_PER_S));
  let refreshed = 0;
  // A run is only a key here: what StatusTicks keeps its timer under.
  const runs = Array.from({ length: 300 }, () => ({}) as ActiveRun);
  for (const run of runs) ticks.start(run, () => { refreshed++; });
  vi.advanceTimersByTime(5_000);
  expect(refreshed).toBe(STATUS_TICKS_PER_S);
  for (const run of runs) ticks.stop(run);

  const few = new StatusTicks(5_000, new RenewalBudget(STATUS_TICKS_PER_S));
  let fewRefreshed = 0;
  const thirty = Array.from({ length: 30 }, () => ({}) as ActiveRun);
  // Their timers spread over the period, as runs that started at different moments.
  for (const run of thirty) {
    vi.advanceTimersByTime(5_000 / 30);
    few.start(run, () => { fewRefreshed++; });
  }
  vi.advanceTimersByTime(20_000);
  expect(fewRefreshed).toBe(30 * 4);
  for (const run of thirty) few.stop(run);
});
