/**
 * The delivery facts of a run (run-file.ts `RunDelivery`): what its owner has been shown of it. The
 * layer that shows the run (the bot) reports each fact as it happens; the run's driver writes it to
 * the run's one file (driver.ts `delivered` → service → RunStore.recordDelivery). `applyFact` is the
 * one pure rule of how a fact changes them: each fact is idempotent (applied twice = once), so a
 * kill between a fact reaching the file and the next step never loses one nor doubles one.
 */
import type { ClosingStep, RunDelivery, WaitSpan } from './run-file.js';

export type { ClosingStep, RunDelivery, WaitSpan } from './run-file.js';
export { CLOSING_STEPS, emptyDelivery, shownKey } from './run-file.js';

/** One thing the owner was shown of a run (or, `carried`, the facts an older bot kept for it). */
export type DeliveryFact =
  /** These files reached the chat as they were made. */
  | { kind: 'files'; paths: readonly string[] }
  /** The question back of model turn `turn` is asked (recorded before it is sent: asked once). */
  | { kind: 'asked'; turn: number }
  /** The question asked is answered (written with the answer itself, service.ts): no later message is taken for it. */
  | { kind: 'answered' }
  /** The run starts waiting for the owner at `at` (ms since its start); no-op while it already waits. */
  | { kind: 'waitBegins'; at: number }
  /** The wait for the owner ends at `at`: one more span; no-op while it does not wait. */
  | { kind: 'waitEnds'; at: number }
  /** One step of the closing is done. */
  | { kind: 'closing'; step: ClosingStep }
  /** The outcome was delivered in full: the run is over. */
  | { kind: 'outcome' }
  /** An answer's question shows it (run-file.ts `shownKey`). */
  | { kind: 'decisionShown'; key: string }
  /** What an older bot kept in its own state for this run, carried into the run's file once (merged). */
  | { kind: 'carried'; facts: Partial<RunDelivery> };

const union = <T>(a: readonly T[], b: readonly T[] = []): T[] => [...a, ...b.filter((x) => !a.includes(x))];
const sameSpan = (a: WaitSpan, b: WaitSpan) => a.from === b.from && a.to === b.to;

/** The delivery facts after `fact` (a new value; `d` is left as it was). */
export function applyFact(d: RunDelivery, fact: DeliveryFact): RunDelivery {
  const next: RunDelivery = { ...d, files: [...d.files], closed: [...d.closed], waits: [...d.waits], ...(d.question ? { question: { ...d.question } } : {}) };
  switch (fact.kind) {
    case 'files':
      next.files = union(next.files, fact.paths);
      return next;
    case 'asked':
      // The same turn asked again (a restart) keeps what it had, its answer included.
      if (next.question?.turn !== fact.turn) next.question = { turn: fact.turn };
      return next;
    case 'answered':
      if (next.question) next.question.answered = true;
      return next;
    case 'waitBegins':
      next.waitingSince ??= fact.at;
      return next;
    case 'waitEnds':
      if (next.waitingSince === undefined) return next;
      next.waits.push({ from: next.waitingSince, to: Math.max(next.waitingSince, fact.at) });
      delete next.waitingSince;
      return next;
    case 'closing':
      next.closed = union(next.closed, [fact.step]);
      return next;
    case 'outcome':
      next.outcomeDelivered = true;
      return next;
    case 'decisionShown':
      next.decisionsShown = union(d.decisionsShown ?? [], [fact.key]);
      return next;
    case 'carried':
      return carry(next, fact.facts);
  }
}

/**
 * Merges what an older bot state held for the run into its facts: sets are united, spans added
 * unless already there, a wait in progress or a question kept only where the file has none, so a
 * carry applied twice (a kill before the bot state dropped them) changes nothing the second time.
 */
function carry(next: RunDelivery, old: Partial<RunDelivery>): RunDelivery {
  next.files = union(next.files, old.files);
  next.closed = union(next.closed, old.closed);
  next.outcomeDelivered ||= old.outcomeDelivered === true;
  for (const w of old.waits ?? []) if (!next.waits.some((x) => sameSpan(x, w))) next.waits.push({ from: w.from, to: w.to });
  if (old.waitingSince !== undefined && next.waitingSince === undefined && !next.waits.some((w) => w.from === old.waitingSince)) next.waitingSince = old.waitingSince;
  if (old.decisionsShown) next.decisionsShown = union(next.decisionsShown ?? [], old.decisionsShown);
  if (old.question && !next.question) next.question = { turn: old.question.turn, ...(old.question.answered ? { answered: true as const } : {}) };
  return next;
}
