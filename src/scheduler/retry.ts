/**
 * docs/design.md §6 failure handling: the one place that decides whether an error is worth another attempt
 * (`classify`), the backoff policy (pure), the theory that predicts how often a task or a week still
 * fails, and one runner (`withRetries`) with an injectable clock and random source.
 */
import { CancelledError, CuadernoError, type ErrorCode } from '../errors.js';
import { realClock, type Clock } from './clock.js';

export interface RetryPolicy {
  /** Base wait after the first failed attempt, ms (docs/design.md §6: t0 = 1 s). */
  t0Ms: number;
  /** Cap on the exponential part, ms (docs/design.md §6: t_max = 8 s). */
  tMaxMs: number;
  /** Attempts in total, the first included (docs/design.md §6: K = 4). */
  maxAttempts: number;
  /** Longest server-requested `retry-after` we honour, ms; longer requests fail instead of hanging. */
  maxRetryAfterMs: number;
}

export const RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({ t0Ms: 1_000, tMaxMs: 8_000, maxAttempts: 4, maxRetryAfterMs: 60_000 });

/** Error codes a later attempt can fix: rate limits, server trouble, the network, a timeout. */
export const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['RATE_LIMITED', 'SERVER_ERROR', 'OVERLOADED', 'NETWORK', 'TIMEOUT']);

/** Node/undici error codes that mean "the connection failed", not "the request was wrong". */
const NETWORK_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Wait after failed attempt `k` (from 0): `min(tMax, t0·2^k)·U(0.5, 1)`, ms. `rand` is a uniform
 * draw in [0, 1) so tests and the simulation choose the jitter.
 */
export function backoffMs(k: number, rand: number, policy: Pick<RetryPolicy, 't0Ms' | 'tMaxMs'> = RETRY_POLICY): number {
  return Math.min(policy.tMaxMs, policy.t0Ms * 2 ** k) * (0.5 + 0.5 * rand);
}

function statusToCode(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 529) return 'OVERLOADED';
  if (status === 408) return 'TIMEOUT';
  if (status >= 500) return 'SERVER_ERROR';
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  return 'BAD_REQUEST';
}

/**
 * The error's code: ours directly; otherwise duck-typed from an HTTP `status` (the Anthropic SDK's
 * APIError, fetch wrappers), a connection-error name or a Node errno. Unknown → INTERNAL.
 */
export function errorCode(error: unknown): ErrorCode {
  if (error instanceof CuadernoError) return error.code;
  if (typeof error !== 'object' || error === null) return 'INTERNAL';
  const e = error as { name?: unknown; status?: unknown; code?: unknown; cause?: unknown };
  if (e.name === 'AbortError' || e.name === 'APIUserAbortError') return 'CANCELLED';
  if (e.name === 'APIConnectionTimeoutError' || e.name === 'TimeoutError') return 'TIMEOUT';
  if (e.name === 'APIConnectionError') return 'NETWORK';
  if (typeof e.status === 'number' && e.status >= 400) return statusToCode(e.status);
  if (typeof e.code === 'string' && NETWORK_ERRNO.has(e.code)) return 'NETWORK';
  // fetch() reports a dropped connection as TypeError('fetch failed') with the errno in `cause`.
  if (e.cause !== undefined && e.cause !== error) {
    const inner = errorCode(e.cause);
    if (inner === 'NETWORK' || inner === 'TIMEOUT') return inner;
  }
  return 'INTERNAL';
}

/** docs/design.md §6 decision: `retry` only for transient trouble; a bad request, auth, GPU OOM … fail now. */
export function classify(error: unknown): 'retry' | 'fail' {
  return RETRYABLE_CODES.has(errorCode(error)) ? 'retry' : 'fail';
}

/** Server-requested wait in ms (`details.retryAfterS`, or a `retry-after` header), if any. */
export function retryAfterMs(error: unknown): number | undefined {
  if (error instanceof CuadernoError && typeof error.details.retryAfterS === 'number') return error.details.retryAfterS * 1000;
  const headers = (error as { headers?: unknown } | null)?.headers;
  let raw: unknown;
  if (headers && typeof (headers as { get?: unknown }).get === 'function') raw = (headers as Headers).get('retry-after');
  else if (headers && typeof headers === 'object') raw = (headers as Record<string, unknown>)['retry-after'];
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(String(raw));
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/** docs/design.md §6: `P_success = (1−p)·Σ_{k<K} (p(1−r))^k` — p: failure per call, r: share not retryable. */
export function pSuccess(p: number, r: number, K: number = RETRY_POLICY.maxAttempts): number {
  let sum = 0;
  for (let k = 0; k < K; k++) sum += (p * (1 - r)) ** k;
  return (1 - p) * sum;
}

/** Probability that a week of `tasks` independent tasks has at least one definitive failure. */
export function pWeekFailure(p: number, r: number, K: number = RETRY_POLICY.maxAttempts, tasks = 7): number {
  return 1 - pSuccess(p, r, K) ** tasks;
}

export interface RetryInfo {
  /** The attempt that failed, from 1. */
  attempt: number;
  /** Wait before the next attempt, ms. */
  waitMs: number;
  code: ErrorCode;
  error: unknown;
}

export interface RetryOptions {
  policy?: Partial<RetryPolicy>;
  /** Waits between attempts; default the real clock. */
  clock?: Pick<Clock, 'sleep'>;
  /** Uniform [0, 1) source for the jitter; default Math.random. */
  random?: () => number;
  signal?: AbortSignal;
  onRetry?: (info: RetryInfo) => void;
}

/**
 * Runs `fn(attempt)` (attempt from 1) until it succeeds, fails with a non-retryable error, or the
 * attempts run out; the last error is rethrown unchanged. Aborting `signal` ends a wait at once.
 */
export async function withRetries<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const policy = { ...RETRY_POLICY, ...options.policy };
  const clock = options.clock ?? realClock;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) throw new CancelledError();
    try {
      return await fn(attempt);
    } catch (error) {
      if (options.signal?.aborted || attempt >= policy.maxAttempts || classify(error) === 'fail') throw error;
      const asked = retryAfterMs(error);
      if (asked !== undefined && asked > policy.maxRetryAfterMs) throw error;
      const waitMs = Math.max(backoffMs(attempt - 1, random(), policy), asked ?? 0);
      options.onRetry?.({ attempt, waitMs, code: errorCode(error), error });
      await clock.sleep(waitMs, options.signal);
    }
  }
}
