/**
 * The deterministic week (`mode: 'semana'`): no model, zero tokens. It is the offline planner with
 * the plan fixed to the standard week — search → cards + cover + narration in one turn (run
 * concurrently) → usage → a report built by the program — so it goes through the very same loop,
 * dispatcher, approvals, checkpoints and journal as the agent, and survives a crash the same way.
 */
import type { Week } from '../domain/notebook.js';
import type { Course } from '../domain/course/course.js';
import { LocalPlanner, type LocalPlannerOptions } from './model/local.js';
import type { PlanIntent } from './intent.js';

export const WORKFLOW_LABEL = 'flujo-semana';

/** What the standard week makes: cards, cover and narration. */
export const WEEK_ACTIONS: PlanIntent['actions'] = Object.freeze({ tarjetas: true, portada: true, narracion: true });

export function weekWorkflow(
  runId: string,
  week: Week,
  course: Course,
  engines: { maqueta?: boolean; motor?: 'juguete' | 'xtts' } = {},
  weekNotes?: LocalPlannerOptions['weekNotes'],
): LocalPlanner {
  const intent: PlanIntent = {
    kind: 'plan',
    week,
    actions: { ...WEEK_ACTIONS },
    maqueta: engines.maqueta ?? true,
    motor: engines.motor ?? 'juguete',
  };
  return new LocalPlanner(runId, { intent, free: true, label: WORKFLOW_LABEL, course, ...(weekNotes ? { weekNotes } : {}) });
}
