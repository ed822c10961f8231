/**
 * /estado as a pure rendering of typed records (docs/design.md §33): the run in progress, EVERY one of
 * its tasks with its state, what the run is waiting for, the approvals still open and the month's
 * budget. Whoever knows more about a task (its ETA, its place in the queue) adds it to `StatusTask`
 * and to `S.statusTask`; nothing here reads wording back.
 */
import { fitMessage } from '../lib/message-pack.js';
import type { TaskState } from './format.js';
import { toolInWords } from '../strings/tools.js';
import { S } from '../strings/chat.js';

export interface StatusTask {
  label: string;
  state: TaskState;
  attempt: number;
}

/** What the run is waiting for right now, most important first. */
export type StatusWait =
  | { kind: 'aprobacion'; what: string }
  | { kind: 'tarea'; what: string }
  | { kind: 'nada' };

export interface StatusView {
  /** `queue`: the GPU queue's line for this run («posición 4 · ~2 min»), when its work waits there. */
  /** `workS`: time at work (waiting for the owner is not work); `waiting`: it only waits for their answer. */
  run?: { text: string; workS: number; waiting?: boolean; tasks: readonly StatusTask[]; queue?: string };
  /** Approvals shown in this chat and not yet answered (tool ids; rendered in words). */
  pending: ReadonlyArray<{ tool: string }>;
  budget?: { spent: number; limit: number };
}

/** The wait: the owner's answer first (nothing moves without it), then the work in progress. */
export function statusWait(view: StatusView): StatusWait {
  if (view.pending.length > 0) return { kind: 'aprobacion', what: view.pending.map((p) => toolInWords(p.tool)).join(' y ') };
  const running = view.run?.tasks.filter((t) => t.state === 'en_curso') ?? [];
  if (running.length > 0) return { kind: 'tarea', what: running.map((t) => t.label).join(', ') };
  return { kind: 'nada' };
}

export function renderStatus(view: StatusView): string {
  const lines: string[] = [];
  if (!view.run) lines.push(S.statusIdle());
  else {
    lines.push(view.run.waiting ? S.statusRunWaiting(view.run.text, view.run.workS) : S.statusRun(view.run.text, view.run.workS), S.statusTasks);
    if (view.run.tasks.length === 0) lines.push(S.statusNoTasks);
    else lines.push(...view.run.tasks.map((t) => S.statusTask(t)));
    if (view.run.queue) lines.push(view.run.queue);
    lines.push(S.statusWaits(statusWait(view)));
  }
  lines.push(S.statusApprovals(view.pending.length), ...view.pending.map((p) => `• ${toolInWords(p.tool)}`));
  if (view.budget) lines.push(S.statusBudget(view.budget.spent, view.budget.limit));
  return fitMessage(lines.join('\n'));
}
