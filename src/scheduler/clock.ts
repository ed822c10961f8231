/**
 * Time as an injectable adapter, so retry waits, task timeouts and event timestamps can run on the
 * wall clock in production and on a simulated clock in tests and benchmarks (no sleeping).
 */
import { CancelledError } from '../errors.js';
import { BinaryHeap } from './heap.js';

export interface Clock {
  /** Milliseconds on a monotonic axis (origin arbitrary). */
  now(): number;
  /** Resolves after `ms` milliseconds; rejects with CancelledError when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof Error && signal.reason.name !== 'AbortError' ? signal.reason : new CancelledError();
}

/** The real clock: `performance.now()` and `setTimeout`. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal!));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};

interface Sleeper {
  at: number;
  seq: number;
  resolve: () => void;
  live: boolean;
}

/**
 * A simulated clock for code that only waits through `sleep` and otherwise progresses by promise
 * reactions (microtasks) — our executor and p-queue both do. Time jumps to the next wake-up only
 * when everything else has settled: a `setImmediate` runs after the microtask queue drains, so by
 * then every task that could start at the current instant has started and registered its sleep.
 * A run of a graph whose tasks "last" seconds takes milliseconds.
 */
export interface VirtualClock extends Clock {
  /** Sleepers not yet woken (for tests: a finished run leaves none behind). */
  pending(): number;
}

export function createVirtualClock(start = 0): VirtualClock {
  let t = start;
  let seq = 0;
  let scheduled = false;
  let live = 0;
  const heap = new BinaryHeap<Sleeper>((a, b) => a.at - b.at || a.seq - b.seq);

  function advance(): void {
    scheduled = false;
    let top = heap.peek();
    while (top && !top.live) {
      heap.pop();
      top = heap.peek();
    }
    if (!top) return;
    t = Math.max(t, top.at);
    // Wake everyone due at this instant together; later ones wait for the next quiet moment.
    while (top && (top.at <= t || !top.live)) {
      heap.pop();
      if (top.live) {
        top.live = false;
        live--;
        top.resolve();
      }
      top = heap.peek();
    }
    if (live > 0) schedule();
  }
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(advance);
  }

  return {
    now: () => t,
    pending: () => live,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortReason(signal));
        const onAbort = (): void => {
          if (!sleeper.live) return;
          sleeper.live = false;
          live--;
          reject(abortReason(signal!));
        };
        const sleeper: Sleeper = {
          at: t + Math.max(0, ms),
          seq: seq++,
          live: true,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        heap.push(sleeper);
        live++;
        schedule();
      });
    },
  };
}
