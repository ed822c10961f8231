/**
 * A run driven to its end by a caller that answers its pauses itself, one pause at a time: the
 * terminal (`preparar` reads stdin, `herramienta` decided up front with `--aprobar`/`--rechazar`),
 * scripts and tests. Like the chat, it never holds a promise open inside the run: the run pauses on
 * disk and returns (`awaiting_approval`), each pending approval is answered, the answer is written
 * with `decide`, and the run resumes from disk (docs/design.md §35).
 */
import type { ApprovalDecision } from '../tools/contract.js';
import { argsHash, optionFor } from './approval.js';
import type { PendingApproval } from './run-state.js';
import type { AgentService } from './service.js';
import type { TaskEvent } from '../scheduler/events.js';
import type { DecisionInput, RunEvent, RunOutcome, RunRequest } from './types.js';

/** The caller's answer to one pending approval (the question it shows: `approval.proposal`, its alternatives). */
export type Answer = (approval: PendingApproval) => DecisionInput | Promise<DecisionInput>;

/**
 * Runs `req` until it ends or pauses for something other than an approval (a question back);
 * each approval pause is answered through `answer` in tool_use order, then the run resumes.
 */
export async function runAnswering(service: Pick<AgentService, 'run' | 'decide'>, req: RunRequest, answer: Answer): Promise<RunOutcome> {
  // The outcome's task events cover every pass of the run, as the chat's do (bot/runs.ts).
  const events: TaskEvent[] = [];
  const onEvent = (e: RunEvent): unknown => {
    if (e.type === 'tarea') events.push(e.event);
    return req.onEvent?.(e);
  };
  let outcome = await service.run({ ...req, onEvent });
  while (outcome.stopReason === 'awaiting_approval') {
    for (const a of outcome.awaiting ?? []) await service.decide(req.runId, a.id, await answer(a));
    outcome = await service.run({ ...req, onEvent, resume: true });
  }
  return events.length > 0 ? { ...outcome, taskEvents: events } : outcome;
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
