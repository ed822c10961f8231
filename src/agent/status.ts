/**
 * A run's status as its one file says it (issue 23, item 2): `running | paused{interruptions} |
 * finished{outcome, delivered}`. A run is over only once its outcome is delivered; a restart reads
 * this to resume each run from its own state: a paused run keeps its questions, a finished run not
 * delivered sends only what its delivery facts lack, a delivered run is only forgotten.
 */
import type { PendingApproval, RecordedDecision, RunDelivery, RunStateV4, StopReason } from './run-file.js';
import { afterResponse } from './step.js';

export type RunDiskStatus =
  /** Neither paused nor finished: a pass was going on (or is about to, an answer being on disk). */
  | { kind: 'running' }
  /** Waiting for its owner: approvals not yet answered (or a no's reason), or a question back. */
  | { kind: 'paused'; interruptions: { approvals: PendingApproval[]; question?: string } }
  /** Ended for good; `delivered`: its outcome reached the owner in full. */
  | { kind: 'finished'; outcome: { stopReason: StopReason; at: string; detail?: string }; delivered: boolean };

/** The status, the owner's answers and the delivery facts of one run, read from its file. */
export interface RunView {
  status: RunDiskStatus;
  delivery: RunDelivery;
  /** The owner's answers, by approval id (what a question's message shows, docs/architecture.md). */
  decisions: Record<string, RecordedDecision>;
}

/** Derives the status from the state (pure). */
export function statusOf(state: RunStateV4): RunDiskStatus {
  if (state.finished) return { kind: 'finished', outcome: { ...state.finished }, delivered: state.delivery.outcomeDelivered };
  // An approval is open until its answer is on disk, and a no's until its reason question closes.
  const open = state.approvals.filter((a) => {
    const d = Object.hasOwn(state.decisions, a.id) ? state.decisions[a.id] : undefined;
    return !d || d.awaitingNote === true;
  });
  if (open.length > 0) return { kind: 'paused', interruptions: { approvals: open } };
  const last = state.messages.at(-1);
  if (state.pending.length === 0 && last?.role === 'assistant' && Array.isArray(last.content)) {
    const next = afterResponse({ content: last.content as [], stop_reason: state.lastStopReason ?? 'end_turn' }, { questions: true });
    if (next.type === 'awaiting_answer') return { kind: 'paused', interruptions: { approvals: [], question: next.question } };
  }
  return { kind: 'running' };
}
