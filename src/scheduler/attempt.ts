/**
 * One task's life inside its lane slot: attempts under the retry policy, a per-attempt timeout, the
 * run's cancellation passed down, and the `started`/`retried` events. Shared by the graph executor
 * and the stage runner so both behave (and report) the same.
 */
import { CuadernoError } from '../errors.js';
import type { Lane } from '../tools/contract.js';
import type { Clock } from './clock.js';
import type { TaskEvent } from './events.js';
import { withRetries, type RetryOptions } from './retry.js';
import { MODEL_CALL } from '../strings/model.js';

export interface AttemptContext {
  taskId: string;
  label: string;
  lane: Lane;
  /** The run's signal: aborting it tells the running attempt and ends any retry wait. */
  signal: AbortSignal;
  clock: Clock;
  /** `false`: one attempt only. */
  retry: Omit<RetryOptions, 'signal' | 'onRetry'> | false;
  /** Per-attempt limit in ms (a timeout is retryable: code TIMEOUT). */
  timeoutMs?: number;
  emit: (event: DistributiveOmit<TaskEvent, 't'>) => void;
}

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One attempt, bounded by `timeoutMs` on the injected clock; the task sees one signal for both. */
async function attemptOnce<T>(fn: (signal: AbortSignal, attempt: number) => Promise<T>, attempt: number, ctx: AttemptContext): Promise<T> {
  if (ctx.timeoutMs === undefined) return fn(ctx.signal, attempt);
  const task = new AbortController();
  const timer = new AbortController();
  const onRunAbort = (): void => task.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onRunAbort, { once: true });
  const limit = ctx.timeoutMs;
  const timedOut = ctx.clock.sleep(limit, timer.signal).then(() => {
    const error = new CuadernoError('TIMEOUT', MODEL_CALL.overTime(ctx.label, Math.round(limit)));
    task.abort(error);
    throw error;
  });
  try {
    return await Promise.race([fn(task.signal, attempt), timedOut]);
  } finally {
    timer.abort();
    timedOut.catch(() => undefined);
    ctx.signal.removeEventListener('abort', onRunAbort);
  }
}

/**
 * Runs `fn` with retries per the policy; rethrows the final error unchanged. The first attempt
 * runs inline (no retry machinery, no extra closures): most tasks succeed at once, and on a
 * 10,000-task graph that fast path is most of the executor's per-task cost.
 */
export async function runAttempts<T>(fn: (signal: AbortSignal, attempt: number) => Promise<T>, ctx: AttemptContext): Promise<T> {
  const { taskId, label, lane } = ctx;
  ctx.emit({ type: 'started', taskId, label, lane, attempt: 1 });
  try {
    return await attemptOnce(fn, 1, ctx);
  } catch (error) {
    if (ctx.retry === false) throw error;
    const retry = ctx.retry;
    let first = true;
    return withRetries((attempt) => {
      // withRetries' attempt 1 replays the failure we already have, so its policy decides on it.
      if (first) {
        first = false;
        return Promise.reject(error);
      }
      ctx.emit({ type: 'started', taskId, label, lane, attempt });
      return attemptOnce(fn, attempt, ctx);
    }, {
      ...retry,
      clock: retry.clock ?? ctx.clock,
      signal: ctx.signal,
      onRetry: (info) => ctx.emit({ type: 'retried', taskId, label, lane, attempt: info.attempt, waitMs: info.waitMs, code: info.code }),
    });
  }
}
