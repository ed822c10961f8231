/**
 * A timer for delays longer than Node's: `setTimeout` takes at most 2^31 − 1 ms (≈ 24.8 days) and
 * fires a longer delay after 1 ms instead (with only a warning) — so an approval set to expire in a
 * month expired at once. This one waits in steps of at most that and fires once, at the end.
 */
const MAX_STEP_MS = 2 ** 31 - 1;

export interface LongTimer {
  clear(): void;
}

/** Calls `fn` once after `ms` (≥ 0, any size); unref'd like the timers it replaces (it never keeps the process alive). */
export function setLongTimeout(fn: () => void, ms: number): LongTimer {
  const due = Date.now() + Math.max(0, ms);
  let timer: NodeJS.Timeout;
  const step = (left: number): void => {
    timer = setTimeout(() => {
      const rest = due - Date.now();
      if (rest > 0) step(rest);
      else fn();
    }, Math.min(MAX_STEP_MS, Math.max(0, left)));
    timer.unref();
  };
  step(Math.max(0, ms));
  return { clear: () => clearTimeout(timer) };
}
