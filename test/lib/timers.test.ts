/**
 * setLongTimeout: a delay longer than Node's timer limit (2^31 − 1 ms ≈ 24.8 days) — an approval
 * expiry set in the settings to a month — waits for it, instead of firing after 1 ms as setTimeout
 * does. Tier: rapido.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLongTimeout } from '../../src/lib/timers.js';

const DAY = 24 * 3600 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('setLongTimeout', () => {
  it('a 30-day delay does not fire before a timer armed after it with a 20 ms delay', async () => {
    let fired = false;
    const t = setLongTimeout(() => (fired = true), 30 * DAY);
    // Node runs due timers in order of their due time: an overflowed 30-day timer (due at 1 ms)
    // would run before this one (due at 20 ms).
    await new Promise((r) => setTimeout(r, 20));
    expect(fired).toBe(false);
    t.clear();
  });

  it('fires once, at the end of a delay longer than one step, and never after clear', () => {
    vi.useFakeTimers();
    let fired = 0;
    setLongTimeout(() => fired++, 40 * DAY);
    vi.advanceTimersByTime(25 * DAY);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(15 * DAY - 1);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
    vi.advanceTimersByTime(60 * DAY);
    expect(fired).toBe(1);
    const cleared = setLongTimeout(() => fired++, 30 * DAY);
    vi.advanceTimersByTime(26 * DAY);
    cleared.clear();
    vi.advanceTimersByTime(10 * DAY);
    expect(fired).toBe(1);
  });

  it('a short or negative delay fires as setTimeout would', () => {
    vi.useFakeTimers();
    let fired = 0;
    setLongTimeout(() => fired++, -5);
    setLongTimeout(() => fired++, 10);
    vi.advanceTimersByTime(10);
    expect(fired).toBe(2);
  });
});
