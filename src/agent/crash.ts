/**
 * Deterministic crash points (docs/design.md §7): `CRASH_AFTER=<label>:<n>` makes the process die with 137
 * right after the n-th occurrence of the labelled step. main/cli read the variable and pass the
 * string in; the loop only calls `hit(label)`. Labels:
 *   after-checkpoint-a   the model's response (and its pending calls) is on disk
 *   after-approval-write a turn's approvals are recorded in the checkpoint, nobody asked yet
 *   after-intent-write   one call's "started" marker is on disk, nothing executed yet
 *   after-effect-write   one call's real result is in the effects journal
 *   after-checkpoint-b   all results of a turn are in the checkpoint's messages
 */
import { ConfigError } from '../errors.js';
import { SETTINGS } from '../strings/console.js';

export const CRASH_LABELS = ['after-checkpoint-a', 'after-approval-write', 'after-intent-write', 'after-effect-write', 'after-checkpoint-b'] as const;
export type CrashLabel = (typeof CRASH_LABELS)[number];

export interface CrashPoints {
  hit(label: CrashLabel): void;
}

/** Exit code of a simulated crash, like a process killed by SIGKILL. */
export const CRASH_EXIT_CODE = 137;

/** `CRASH_TRACE=1`: the line the CLI writes to stderr as each crash point passes, before its label. */
export const CRASH_TRACE_PREFIX = 'crash-point ';

/** Parses `<label>:<n>`; undefined/empty = no crash point. */
export function parseCrashAfter(spec: string | undefined): { label: CrashLabel; n: number } | undefined {
  if (!spec || spec.trim() === '') return undefined;
  const m = /^([a-z-]+):(\d+)$/.exec(spec.trim());
  const label = m?.[1] as CrashLabel | undefined;
  const n = Number(m?.[2]);
  if (!m || !label || !CRASH_LABELS.includes(label) || !(n >= 1)) {
    throw new ConfigError(SETTINGS.crashAfter(CRASH_LABELS, spec));
  }
  return { label, n };
}

/** Thrown by the default `die` when no hard exit was injected (in-process tests). */
export class SimulatedCrash extends Error {
  constructor(readonly label: CrashLabel, readonly n: number) {
    super(SETTINGS.simulatedCrash(label, n));
    this.name = 'SimulatedCrash';
  }
}

/**
 * Counts occurrences and calls `die` at the chosen one. The CLI injects a hard exit with 137 — a
 * simulated kill -9: nothing after it runs. Without it, a SimulatedCrash is thrown. `passed`, if
 * given, hears every crash point as it is reached (before `die`): the crash matrix's recorded run
 * (`CRASH_TRACE=1`) maps each label's occurrences to the writes it follows.
 */
export function createCrashPoints(spec: string | undefined, die?: (label: CrashLabel, n: number) => never, passed?: (label: CrashLabel) => void): CrashPoints {
  const target = parseCrashAfter(spec);
  const counts = new Map<CrashLabel, number>();
  return {
    hit(label) {
      passed?.(label);
      if (!target || label !== target.label) return;
      const n = (counts.get(label) ?? 0) + 1;
      counts.set(label, n);
      if (n === target.n) {
        if (die) die(label, n);
        throw new SimulatedCrash(label, n);
      }
    },
  };
}
