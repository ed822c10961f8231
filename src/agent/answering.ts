/**
 * A run driven to its end by a caller that answers its pauses itself, one pause at a time: the
 * terminal (`preparar` reads stdin, `herramienta` decided up front with `--aprobar`/`--rechazar`),
 * scripts and tests. Through the chat's own driver (driver.ts): the run is opened in the service's
 * drivers, each pause for approvals is answered with `decide` letters — written, then the run woken
 * from disk (docs/design.md §35) — and the run's end, a question back or a failure comes back as the
 * chat's listener hears it. Nothing here holds a promise open inside the run.
 */
import type { ApprovalDecision } from '../tools/contract.js';
import { argsHash, optionFor } from './approval.js';
import type { RunListener } from './driver.js';
import type { PendingApproval } from './run-state.js';
import type { AgentService } from './service.js';
import type { TaskEvent } from '../scheduler/events.js';
import type { DecisionInput, RunOutcome, RunRequest } from './types.js';

/** The caller's answer to one pending approval (the question it shows: `approval.proposal`, its alternatives). */
export type Answer = (approval: PendingApproval) => DecisionInput | Promise<DecisionInput>;

/** Where the driver left the run: paused (for approvals or a question back), ended, or failed. */
type Stop = { kind: 'pausa' | 'fin'; outcome: RunOutcome } | { kind: 'fallo'; error: unknown };

/**
 * Runs `req` until it ends or pauses for something other than an approval (a question back: the run
 * is let go, its files kept for the next command); each approval pause is answered through `answer`
 * in tool_use order, and the driver resumes the run as each answer is written.
 */
export async function runAnswering(service: Pick<AgentService, 'drivers'>, req: RunRequest, answer: Answer): Promise<RunOutcome> {
  const { drivers } = service;
  const { onEvent, signal, ...drive } = req;
  // The outcome's task events cover every pass of the run, as the chat's do (bot/runs.ts).
  const events: TaskEvent[] = [];
  const stops: Stop[] = [];
  const answered = new Set<string>();
  let wake: (() => void) | undefined;
  const stopped = (s: Stop) => {
    stops.push(s);
    wake?.();
  };
  const listener: RunListener = (e) => {
    switch (e.type) {
      case 'pasada': case 'decidida': case 'motivo': return undefined;
      case 'pausa': case 'fin': return stopped({ kind: e.type, outcome: e.outcome });
      case 'fallo': return stopped({ kind: 'fallo', error: e.error });
      default:
        if (e.type === 'tarea') events.push(e.event);
        return onEvent?.(e);
    }
  };
  const cancel = () => drivers.cancel(req.runId);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    drivers.open(drive, listener);
    for (;;) {
      if (stops.length === 0) await new Promise<void>((r) => (wake = r));
      const stop = stops.shift()!;
      if (stop.kind === 'fallo') throw stop.error;
      const { outcome } = stop;
      if (stop.kind === 'pausa' && outcome.stopReason === 'awaiting_approval') {
        // Each answer wakes the run: a pass may pause again before the last one is written, listing
        // approvals answered already. Each is asked once; the driver goes on once all are written.
        for (const a of outcome.awaiting ?? []) {
          if (answered.has(a.id)) continue;
          answered.add(a.id);
          await drivers.decide(req.runId, a.id, await answer(a));
        }
        continue;
      }
      if (stop.kind === 'pausa') drivers.release(req.runId);
      return events.length > 0 ? { ...outcome, taskEvents: events } : outcome;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * A decision as the owner states it (yes, yes with these arguments, no and why) → what `decide`
 * takes: the hash of the option shown. Arguments that match no option shown are a no — only what
 * was shown can be said yes to.
 */
export function decisionInput(a: PendingApproval, d: ApprovalDecision): DecisionInput {
  const who = { ...(d.by ? { by: d.by } : {}), ...(d.persona ? { persona: d.persona } : {}) };
  if (!d.approved) return { approved: false, reason: d.reason, ...(d.note ? { note: d.note } : {}), ...who };
  // By the same hash the chat's buttons carry (canonical: the arguments' key order does not matter).
  const chosen = d.args ? optionFor(a, argsHash(a.tool, a.callId, d.args)) : a.proposal;
  if (!chosen) return { approved: false, reason: 'rechazado', ...who };
  return { approved: true, hash: chosen.hash, ...who };
}
