/**
 * The StageRunner the agent hands to the tools: each call's stage graph (from the stage catalogue)
 * goes to THE executor (executor.ts, `executeGraph`) on lanes shared by every call of the run, so a
 * turn's calls share the single GPU exactly like the planned graph — critical-path-first priorities
 * from the catalogue's estimates, retries, abort. A call starts when it may (an approved one at
 * once); its stages are tasks `<catalogue id>` (`portada.imagen`), numbered `#2`… when the same
 * stage runs again in the same run.
 */
import { CancelledError } from '../errors.js';
import type { Lane, StageRunner, StageTask } from '../tools/contract.js';
import { realClock, type Clock } from './clock.js';
import type { TaskEvent, TaskEventListener } from './events.js';
import { DEFAULT_LANES, executeGraph, type GraphTask } from './executor.js';
import { createInProcessLanes, type LaneBackend } from './lanes.js';
import type { RetryOptions } from './retry.js';

export interface RunStageRunnerOptions {
  /** Slots per lane (Config.lanes) of the in-process lanes; ignored with `backend`. */
  lanes?: Partial<Record<Lane, number>>;
  /** Where stages get their slots; default in-process p-queues of `lanes`. */
  backend?: LaneBackend;
  onEvent?: TaskEventListener;
  /** Aborting cancels stages not started and tells running ones. */
  signal?: AbortSignal;
  /** SPEC §6 by default; `false`: one attempt. */
  retry?: Omit<RetryOptions, 'signal' | 'onRetry'> | false;
  clock?: Clock;
  timeoutMs?: number;
  /** Each finished stage's catalogue id and how long its last attempt took, ms (the rolling record). */
  measured?: (stageId: string, ms: number) => void;
}

export type RunStageRunner = StageRunner & {
  /** Everything emitted so far, in order, times from the runner's creation (render with gantt.ts). */
  events(): TaskEvent[];
};

export function createRunStageRunner(opts: RunStageRunnerOptions = {}): RunStageRunner {
  const clock = opts.clock ?? realClock;
  const backend = opts.backend ?? createInProcessLanes({ ...DEFAULT_LANES, ...opts.lanes });
  const origin = clock.now();
  const recorded: TaskEvent[] = [];
  const seen = new Map<string, number>();
  const startedAt = new Map<string, number>();
  const stageOf = new Map<string, string>();
  const onEvent = (e: TaskEvent): void => {
    recorded.push(e);
    if (opts.measured) {
      if (e.type === 'started') startedAt.set(e.taskId, e.t);
      else if (e.type === 'finished') opts.measured(stageOf.get(e.taskId)!, e.t - (startedAt.get(e.taskId) ?? e.t));
    }
    opts.onEvent?.(e);
  };

  const run: StageRunner = async (stages: readonly StageTask[], signal: AbortSignal) => {
    const idOf = new Map<string, string>();
    for (const s of stages) {
      const n = (seen.get(s.id) ?? 0) + 1;
      seen.set(s.id, n);
      const taskId = n === 1 ? s.id : `${s.id}#${n}`;
      idOf.set(s.name, taskId);
      stageOf.set(taskId, s.id);
    }
    const outputs: Record<string, unknown> = {};
    const tasks: GraphTask[] = stages.map((s) => ({
      id: idOf.get(s.name)!,
      label: s.label,
      lane: s.lane,
      deps: s.deps.map((d) => idOf.get(d)!),
      estimateMs: s.estimateMs,
      stage: { id: s.id, input: s.input, key: s.key },
      run: async (sig) => {
        const prev: Record<string, unknown> = {};
        for (const d of s.deps) prev[d] = outputs[d];
        outputs[s.name] = await s.run(prev, sig, backend.exec?.(s.lane, s.id));
      },
    }));
    const stop = opts.signal ? AbortSignal.any([opts.signal, signal]) : signal;
    const report = await executeGraph(tasks, {
      backend, origin, clock, signal: stop, onEvent, ...(opts.retry !== undefined ? { retry: opts.retry } : {}), ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    });
    if (report.ok) return outputs;
    if (stop.aborted) throw new CancelledError();
    // The first stage that failed on its own (its dependants were only cancelled).
    for (const t of tasks) if (report.errors.has(t.id)) throw report.errors.get(t.id);
    throw new CancelledError();
  };
  return Object.assign(run, { events: () => recorded.slice() });
}
