import { describe, expect, it } from 'vitest';
import { CuadernoError, EngineError } from '../../src/errors.js';
import { createVirtualClock } from '../../src/scheduler/clock.js';
import { backoffMs, classify, errorCode, pSuccess, pWeekFailure, retryAfterMs, withRetries } from '../../src/scheduler/retry.js';
import { seededRandom } from '../../src/scheduler/random.js';

describe('backoffMs', () => {
  it('stays within min(tMax, t0·2^k)·[0.5, 1] for any draw', () => {
    const rand = seededRandom(1);
    for (let k = 0; k < 8; k++) {
      const cap = Math.min(8000, 1000 * 2 ** k);
      for (let i = 0; i < 200; i++) {
        const w = backoffMs(k, rand());
        expect(w).toBeGreaterThanOrEqual(cap * 0.5);
        expect(w).toBeLessThanOrEqual(cap);
      }
    }
    expect([backoffMs(0, 0), backoffMs(1, 0.5), backoffMs(3, 1), backoffMs(6, 1)]).toEqual([500, 1500, 8000, 8000]);
  });
});

describe('classify — the one place', () => {
  it.each([
    ['RATE_LIMITED', 'retry'], ['SERVER_ERROR', 'retry'], ['OVERLOADED', 'retry'], ['NETWORK', 'retry'], ['TIMEOUT', 'retry'],
    ['BAD_REQUEST', 'fail'], ['UNAUTHORIZED', 'fail'], ['GPU_OOM', 'fail'], ['ENGINE_UNAVAILABLE', 'fail'], ['VALIDATION', 'fail'], ['CANCELLED', 'fail'],
  ] as const)('%s → %s', (code, decision) => {
    expect(classify(new EngineError(code, 'x'))).toBe(decision);
  });

  it('duck-types HTTP and connection errors (Anthropic SDK shapes) without importing the SDK', () => {
    const http = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
    expect([429, 500, 503, 529, 408].map((s) => classify(http(s)))).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect([400, 401, 403, 404, 422].map((s) => classify(http(s)))).toEqual(['fail', 'fail', 'fail', 'fail', 'fail']);
    expect(errorCode(Object.assign(new Error('c'), { name: 'APIConnectionError', status: undefined }))).toBe('NETWORK');
    expect(errorCode(Object.assign(new Error('t'), { name: 'APIConnectionTimeoutError' }))).toBe('TIMEOUT');
    expect(errorCode(Object.assign(new Error('u'), { name: 'APIUserAbortError' }))).toBe('CANCELLED');
    expect(errorCode(new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }))).toBe('NETWORK');
    expect(classify(new Error('bug'))).toBe('fail');
    expect(classify('string')).toBe('fail');
  });

  it('reads retry-after from details or headers', () => {
    expect(retryAfterMs(new CuadernoError('RATE_LIMITED', 'x', { retryAfterS: 3 }))).toBe(3000);
    expect(retryAfterMs(Object.assign(new Error('x'), { status: 429, headers: new Headers({ 'retry-after': '2' }) }))).toBe(2000);
    expect(retryAfterMs(Object.assign(new Error('x'), { headers: { 'retry-after': '1.5' } }))).toBe(1500);
    expect(retryAfterMs(new Error('x'))).toBeUndefined();
  });
});

describe('withRetries on a fake clock', () => {
  it('waits the policy backoff between attempts and stops at K = 4', async () => {
    const clock = createVirtualClock();
    const attemptsAt: number[] = [];
    const waits: number[] = [];
    const err = await withRetries(async () => {
      attemptsAt.push(clock.now());
      throw new CuadernoError('OVERLOADED', '529');
    }, { clock, random: () => 1, onRetry: (i) => waits.push(i.waitMs) }).catch((e: unknown) => e);
    expect((err as CuadernoError).code).toBe('OVERLOADED');
    expect(attemptsAt).toEqual([0, 1000, 3000, 7000]);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('does not retry a non-retryable error, and honours retry-after when longer than the backoff', async () => {
    const clock = createVirtualClock();
    let n = 0;
    await expect(withRetries(async () => {
      n++;
      throw new CuadernoError('BAD_REQUEST', '400');
    }, { clock })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(n).toBe(1);
    const at: number[] = [];
    const value = await withRetries(async (attempt) => {
      at.push(clock.now());
      if (attempt === 1) throw new CuadernoError('RATE_LIMITED', '429', { retryAfterS: 5 });
      return 'ok';
    }, { clock, random: () => 0 });
    expect(value).toBe('ok');
    expect(at).toEqual([0, 5000]);
  });

  it('an abort during a wait ends it at once', async () => {
    const clock = createVirtualClock();
    const ctl = new AbortController();
    const run = withRetries(async () => {
      throw new CuadernoError('NETWORK', 'reset');
    }, { clock, signal: ctl.signal, onRetry: () => queueMicrotask(() => ctl.abort()) });
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(clock.now()).toBe(0);
  });
});

describe('theory (docs/design.md §6)', () => {
  it('a task fails in 1.11 % of cases, a 7-task week in 7.49 %', () => {
    expect(1 - pSuccess(0.1, 0.1, 4)).toBeCloseTo(0.011054, 6);
    expect(pWeekFailure(0.1, 0.1, 4, 7)).toBeCloseTo(0.074858, 6);
    expect(pSuccess(0, 0.5, 4)).toBe(1);
    expect(pSuccess(0.2, 1, 4)).toBeCloseTo(0.8, 12); // nothing retryable: one attempt
  });
});
