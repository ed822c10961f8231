/**
 * A run's status message as a function of what happened (docs/design.md §35): the stage events fold
 * into its task lines (`withTaskEvent`, a reducer), and the message's text is computed from those
 * lines, the approvals on screen, the notice and the clock (`statusText`) — no state of its own. The
 * RunManager (bot/runs.ts) keeps the message up to date with it.
 */
import type { TaskEvent } from '../scheduler/events.js';
import { stagesOf } from '../tools/stages/catalogue.js';
import { S } from '../strings/chat.js';
import { workMs, type ActiveRun } from './active-run.js';
import { RenewalBudget } from './progress.js';
import { applyTaskEvent, chatActionFor, etaSeconds, renderProgress, stageIdOf, toolInWords, type TaskView } from './format.js';

/**
 * Folds one stage event of the run's current pass into it: tagged with the pass (two passes' stages
 * never merge), timed from the run's start, its task line updated, the chat action held while a
 * stage that has one runs.
 */
export function withTaskEvent(run: ActiveRun, raw: TaskEvent, now: number): void {
  const ev = { ...raw, taskId: `${raw.taskId}@${run.passes}`, t: now - run.record.startedAt };
  run.events.push(ev);
  run.tasks = applyTaskEvent(run.tasks, ev);
  const action = chatActionFor(ev.taskId);
  if (action && ev.type === 'started') run.pulse.hold(ev.taskId, action);
  if (action && (ev.type === 'finished' || ev.type === 'failed' || ev.type === 'cancelled')) run.pulse.release(ev.taskId);
}

/** A call of the run whose approval is on screen: its tool, and the time its question gave (s). */
export interface WaitingCall {
  tool: string;
  estimateS?: number;
}

export interface StatusInputs {
  /** The run's approvals on screen now (what waits for the owner). */
  waiting: readonly WaitingCall[];
  /** The tools of the run's noes whose optional reason is still asked for. */
  reasons?: readonly string[];
  now: number;
  /** A stage's expected duration on this machine, ms, by catalogue id (absent: no ETA). */
  estimateMs?: (stageId: string) => number;
  lanes?: { cpu: number; gpu: number };
}

/**
 * The stages of the tools the run will call that have not shown yet, as pending tasks (for the time
 * left only, never listed): a tool waiting for the owner's answer is left out (its time is the
 * «cuando respondas» line's), and so is one whose stages already appeared.
 */
export function plannedTasks(run: Pick<ActiveRun, 'planned' | 'tasks'>, waitingTools: readonly string[]): TaskView[] {
  const seen = new Set(run.tasks.map((t) => stageIdOf(t.taskId)));
  return (run.planned ?? [])
    .filter((tool) => !waitingTools.includes(tool))
    .flatMap((tool) => {
      const stages = stagesOf(tool);
      if (stages.some((st) => seen.has(st.id))) return [];
      return stages.map((st) => ({ taskId: `${st.id}#previsto`, label: st.label, state: 'pendiente' as const, attempt: 0, lane: st.lane }));
    });
}

/** The status message's text for the run as it stands. */
export function statusText(run: ActiveRun, inputs: StatusInputs): string {
  const { waiting, now, estimateMs } = inputs;
  const waitingTools = waiting.map((w) => w.tool);
  // What waits for the owner has its own lines (by name); the notice is for everything else.
  const note = waitingTools.length > 0 ? undefined : run.lastNotice;
  const since = now - run.record.startedAt;
  const etaS = estimateMs ? etaSeconds([...run.tasks, ...plannedTasks(run, waitingTools)], since, estimateMs, inputs.lanes ?? { cpu: 2, gpu: 1 }) : undefined;
  // Once answered, the waiting calls run side by side, each as long as its question said («Tardará
  // unos 2 s»: the figure for the engine it names); a call asked without one, its catalogue stages.
  const afterAnswer = (w: WaitingCall) => w.estimateS ?? (estimateMs ? stagesOf(w.tool).reduce((sum, st) => sum + estimateMs(st.id), 0) / 1000 : undefined);
  const afterEach = waiting.map(afterAnswer);
  const etaAfterAnswerS = afterEach.length > 0 && afterEach.every((s) => s !== undefined) ? Math.max(...(afterEach as number[])) : undefined;
  // Paused for the owner: the header says so and the clock shows work only (the wait is not work);
  // paused only for a no's optional reason, it says that, and how to go on without one.
  const reasons = inputs.reasons ?? [];
  const header = run.facts.waitingSince === undefined ? S.progressHeader(run.record.text)
    : waiting.length === 0 && reasons.length > 0 ? S.progressPausedForReason(run.record.text, [...new Set(reasons.map((tool) => toolInWords(tool)))])
      : S.progressPaused(run.record.text);
  return renderProgress(header, run.tasks, workMs(run, now), note, {
    waiting: waitingTools.map((tool) => toolInWords(tool)),
    ...(etaS !== undefined ? { etaS } : {}),
    ...(etaAfterAnswerS !== undefined ? { etaAfterAnswerS } : {}),
  });
}

/**
 * Status edits whose only news is the clock, the whole bot together, per second at most. A class
 * waiting on the GPU queue ticked every run's status every STATUS_TICK_MS — 300 students were 60
 * edits a second, twice what Telegram takes from a bot, each one a request and its answer on the
 * bot's one thread while 300 weeks waited for it. Up to 50 runs tick every time, as before; a
 * larger class's clocks take turns (a task starting or ending still edits at once).
 */
export const STATUS_TICKS_PER_S = 10;

/** The bot's one budget of clock ticks. */
const TICKS = new RenewalBudget(STATUS_TICKS_PER_S);

/** Each run's status refreshed every `everyMs` while it works, so the elapsed time keeps moving (within `budget`). */
export class StatusTicks {
  readonly #ticks = new Map<ActiveRun, NodeJS.Timeout>();
  constructor(private readonly everyMs: number, private readonly budget: RenewalBudget = TICKS) {}

  start(run: ActiveRun, refresh: () => void): void {
    if (this.#ticks.has(run)) return;
    const tick = setInterval(() => { if (this.budget.take()) refresh(); }, this.everyMs);
    tick.unref?.();
    this.#ticks.set(run, tick);
  }

  stop(run: ActiveRun): void {
    clearInterval(this.#ticks.get(run));
    this.#ticks.delete(run);
  }
}
