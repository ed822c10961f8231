/**
 * Reconcile (docs/design.md §7, pure): what to do with each call that was pending when the process died.
 *   journal has its result        → reuse it, do not re-run;
 *   never started                 → run it now (nothing happened yet; an approval is asked again);
 *   read-only tool (level 1)      → re-run;
 *   side-effecting, idempotent by key and not a deliberate redo
 *                                 → re-run through its key: the store returns the stored result if
 *                                   the effect completed, or does it once if it did not (the
 *                                   fourth branch, better than "unknown" where we can be);
 *   any other side-effecting call → do not guess: is_error "estado desconocido, verifique".
 */
import type { ToolResult } from '../tools/contract.js';
import type { JournalEntry } from './run-state.js';
import { AGENT } from '../strings/agent.js';

export type Reconciled =
  | { type: 'reuse'; result: ToolResult }
  | { type: 'run'; redo: boolean; why: 'no-iniciada' | 'lectura' }
  | { type: 'run_keyed' }
  | { type: 'unknown'; result: ToolResult };

export interface ToolFacts {
  /** docs/design.md §3 effect level; undefined for a tool that does not exist (the dispatcher will say so). */
  effect?: 1 | 2 | 3;
  idempotent: boolean;
  /** Its key names the call (contract.ts `keyPerCall`): a redo run's redo does not apply to it. */
  keyPerCall?: boolean;
}

/** Whether a run's deliberate redo applies to a call of this tool: a side effect keyed by what is asked. */
export function redoApplies(tool: ToolFacts, runRedo: boolean): boolean {
  return runRedo && (tool.effect ?? 1) > 1 && !tool.keyPerCall;
}

export function reconcile(call: { id: string; name: string }, entry: JournalEntry | undefined, tool: ToolFacts, redo: boolean): Reconciled {
  if (entry?.result) return { type: 'reuse', result: entry.result };
  if (!entry) return { type: 'run', redo, why: 'no-iniciada' };
  if (tool.effect === undefined || tool.effect === 1) return { type: 'run', redo, why: 'lectura' };
  // A redo asks the store for the *next* version, so re-running it could make a second one.
  if (tool.idempotent && !redoApplies(tool, redo)) return { type: 'run_keyed' };
  return { type: 'unknown', result: { kind: 'error', code: 'INTERNAL', message: AGENT.unknownState(call.name) } };
}
