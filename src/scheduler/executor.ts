/**
 * THE executor: runs a task graph on lanes (lanes.ts: one p-queue per lane in this process — CPU
 * configurable, GPU one slot per card — or any other LaneBackend). `plan`, `simular`, the benchmark
 * and the bot's runs (turn.ts: a turn's calls expand into stage graphs from the catalogue) all run here.
 *
 * - A task is enqueued the moment its last dependency finishes — never level by level.
 * - p-queue's priority only matters for tasks waiting for a slot, so the order of events is what
 *   makes "longest remaining path first" real: successors are released *inside* the finishing task
 *   (before its slot frees; releasing in `.then()` of `add()` would let p-queue refill the freed
 *   slot first), each released batch is added in descending priority (pick.ts), and the roots are added
 *   while the queues are paused. Nothing waits on a timer to wake the next task.
 * - A failed task (after its retries) cancels its dependants, not its independent siblings.
 * - A task may also wait on a `gate` (its call's go-ahead in a turn graph, turn.ts): until the gate
 *   opens it is not queued and holds no slot; a gate that says "skip" settles it without running
 *   (its call ran no stages) and releases its successors.
 * - Aborting `signal` cancels everything not started and tells running tasks through theirs.
 */
import { CuadernoError } from '../errors.js';
import type { Lane } from '../tools/contract.js';
import { runAttempts, type AttemptContext, type DistributiveOmit } from './attempt.js';
import { realClock, type Clock } from './clock.js';
import { analyze, buildGraph } from './dag.js';
import type { TaskEvent, TaskEventListener } from './events.js';
import { errorCode, type RetryOptions } from './retry.js';
import { createInProcessLanes, type LaneBackend, type SerialStage } from './lanes.js';
import { pickPriority, type PickOrder } from './pick.js';
import { WORKER } from '../strings/console.js';

/** Default lane sizes when not configured: docs/design.md §5 has one GPU; two CPU slots fit the demo box. */
export const DEFAULT_LANES: Readonly<Record<Lane, number>> = Object.freeze({ cpu: 2, gpu: 1 });

export interface GraphTask<T = unknown> {
  id: string;
  /** Spanish label for progress and the Gantt chart; default the id. */
  label?: string;
  /** Default `cpu`. */
  lane?: Lane;
  deps: readonly string[];
  /** Expected duration in ms; only used to rank ready tasks (longest remaining path first). */
  estimateMs: number;
  /** The work. `signal` aborts on cancel or timeout; `attempt` counts from 1. */
  run(signal: AbortSignal, attempt: number): Promise<T>;
  /** Per-attempt limit in ms; overrides `ExecuteOptions.timeoutMs`. */
  timeoutMs?: number;
  /**
   * The serialisable form of the work (a catalogue stage), for backends that run it elsewhere.
   * Read when the task is queued, so a gated task may be given it before its gate opens.
   */
  stage?: SerialStage;
  /**
   * An outside condition besides `deps`: the executor hands `gate` its opener when the graph starts,
   * and the task is queued only once the opener is called (synchronously, in the caller's turn).
   * `false` skips the task (state `skipped`, no events); `{ lane }` runs it, on that lane when given
   * (the call's engine as approved). Its priority stays the one planned with the whole graph.
   */
  gate?: (open: (go: false | { lane?: Lane }) => void) => void;
}

export interface ExecuteOptions {
  /** Slots per lane; default DEFAULT_LANES. Ignored when `backend` is given (it has its own). */
  lanes?: Partial<Record<Lane, number>>;
  /**
   * Where tasks get their slots; default in-process p-queues of `lanes`. Several graphs given the
   * same backend share its lanes (a turn's calls share the one GPU).
   */
  backend?: LaneBackend;
  /** Clock reading that event times count from; default the start of this graph. */
  origin?: number;
  /**
   * `critical-path` (default): longest remaining path first, refined by a bounded search on small
   * graphs (see pick.ts); `upward-rank`: the plain longest remaining path; `fifo`: release order.
   */
  pick?: PickOrder;
  signal?: AbortSignal;
  /** Retry policy per task (docs/design.md §6 by default); `false`: one attempt. */
  retry?: Omit<RetryOptions, 'signal' | 'onRetry'> | false;
  /** Default per-attempt timeout in ms (none by default). */
  timeoutMs?: number;
  /** Timestamps, retry waits and timeouts; default the real clock. */
  clock?: Clock;
  onEvent?: TaskEventListener;
}

export type TaskState = 'finished' | 'failed' | 'cancelled' | 'skipped';

export interface RunReport<T> {
  /** Every task finished (or was skipped by its gate). */
  ok: boolean;
  states: Map<string, TaskState>;
  results: Map<string, T>;
  /** Final error of each failed task. */
  errors: Map<string, unknown>;
  /** The recorded run (render it with gantt.ts). */
  events: TaskEvent[];
  /** From the start of the run to the last task settling, ms on the run's clock. */
  makespanMs: number;
}

const WAITING = 0;
const QUEUED = 1;
const RUNNING = 2;
const FINISHED = 3;
const FAILED = 4;
const CANCELLED = 5;
const SKIPPED = 6;
const STATE_NAMES: Record<number, TaskState> = { [FINISHED]: 'finished', [FAILED]: 'failed', [CANCELLED]: 'cancelled', [SKIPPED]: 'skipped' };

function laneSizes(lanes: Partial<Record<Lane, number>> | undefined): Record<Lane, number> {
  const sizes = { ...DEFAULT_LANES, ...lanes };
  for (const lane of ['cpu', 'gpu'] as const) {
    const v = sizes[lane];
    if (!(Number.isInteger(v) && v >= 1) && v !== Infinity) {
      throw new CuadernoError('CONFIG', WORKER.laneSlots(lane, String(v)), { field: lane });
    }
  }
  return sizes;
}

/**
 * Executes the graph; resolves when every task has finished, failed or been cancelled (it never
 * rejects for a task's failure: see `RunReport.ok`). Throws before running anything if the graph
 * is invalid (CYCLE naming the tasks, BAD_GRAPH).
 */
export function executeGraph<T>(tasks: readonly GraphTask<T>[], options: ExecuteOptions = {}): Promise<RunReport<T>> {
  const g = buildGraph(tasks.map((t) => ({ id: t.id, label: t.label, duration: t.estimateMs, deps: t.deps, lane: t.lane })));
  const backend = options.backend ?? createInProcessLanes(laneSizes(options.lanes));
  const sizes = options.backend ? laneSizes(options.backend.sizes) : backend.sizes;
  const clock = options.clock ?? realClock;
  const pick = options.pick ?? 'critical-path';
  // The same priorities as the pure schedule (schedule.ts → pick.ts): with exact estimates the run
  // reproduces `listSchedule` to the tick.
  const prio = pickPriority(g, analyze(g), pick, sizes);
  const n = g.n;
  const status = new Uint8Array(n);
  const waiting = new Int32Array(n);
  for (let i = 0; i < n; i++) waiting[i] = g.predStart[i + 1]! - g.predStart[i]! + (tasks[i]!.gate ? 1 : 0);
  // A gate may move a task to another lane (the engine approved); everything else reads this copy.
  const lanes: Lane[] = g.lanes.slice();
  const skip = new Uint8Array(n);
  /** Gated tasks whose gate has opened (their call handed its work in). */
  const opened = new Uint8Array(n);
  let skipped = 0;
  const results = new Map<string, T>();
  const errors = new Map<string, unknown>();
  const events: TaskEvent[] = [];
  const t0 = options.origin ?? clock.now();
  let lastT = 0;
  const onEvent = options.onEvent;
  // Events are built in place (no spread): on 10,000 tasks this is a measurable share of the cost.
  const emit = (e: DistributiveOmit<TaskEvent, 't'>): void => {
    (e as TaskEvent).t = lastT = clock.now() - t0;
    events.push(e as TaskEvent);
    if (onEvent) onEvent(e as TaskEvent);
  };
  const run = new AbortController();
  const retry = options.retry ?? {};

  return new Promise<RunReport<T>>((resolve) => {
    let settled = 0;
    const settle = (): void => {
      if (++settled < n) return;
      options.signal?.removeEventListener('abort', onAbort);
      const states = new Map<string, TaskState>();
      for (let v = 0; v < n; v++) states.set(g.ids[v]!, STATE_NAMES[status[v]!]!);
      resolve({ ok: results.size + skipped === n, states, results, errors, events, makespanMs: lastT });
    };
    const cancel = (v: number, reason: 'abort' | 'dependency'): void => {
      status[v] = CANCELLED;
      emit({ type: 'cancelled', taskId: g.ids[v]!, label: g.labels[v]!, lane: lanes[v]!, reason });
      settle();
    };
    /** Tasks whose dependencies and gate are all done: skipped ones settle (releasing theirs), the rest queue. */
    const release = (ready: number[]): void => {
      const batch: number[] = [];
      // In release order (FIFO keeps it); skipped tasks add their successors at the end.
      for (let i = 0; i < ready.length; i++) {
        const v = ready[i]!;
        if (!skip[v]) {
          batch.push(v);
          continue;
        }
        status[v] = SKIPPED;
        skipped++;
        for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) {
          const s = g.succ[q]!;
          if (--waiting[s]! === 0 && status[s] === WAITING) ready.push(s);
        }
        settle();
      }
      if (batch.length > 0) hold();
      enqueue(batch);
    };
    const cancelDependants = (v: number): void => {
      const stack = [v];
      while (stack.length > 0) {
        const u = stack.pop()!;
        for (let q = g.succStart[u]!; q < g.succStart[u + 1]!; q++) {
          const s = g.succ[q]!;
          if (status[s] !== WAITING) continue;
          cancel(s, 'dependency');
          stack.push(s);
        }
      }
    };
    const enqueue = (batch: number[]): void => {
      if (batch.length > 1) batch.sort((x, y) => prio[y]! - prio[x]!);
      for (const v of batch) {
        status[v] = QUEUED;
        emit({ type: 'queued', taskId: g.ids[v]!, label: g.labels[v]!, lane: lanes[v]! });
        const stage = tasks[v]!.stage;
        const base = { taskId: g.ids[v]!, lane: lanes[v]!, priority: prio[v]!, estimateMs: tasks[v]!.estimateMs, run: () => job(v) };
        void backend.run(stage ? { ...base, stage } : base);
      }
    };
    // Tasks that end at the same instant (same simulated tick, or the same turn of the event loop)
    // must all release their successors before any free slot picks: otherwise an idle slot of
    // one lane is taken by the first task released, though a higher-priority one is released a
    // moment later by a task of the other lane. So a release holds the lanes until the current
    // microtask wave is over (LaneBackend.hold): one microtask, no timer.
    const hold = (): void => backend.hold();
    const job = async (v: number): Promise<void> => {
      if (status[v] !== QUEUED) return; // cancelled while it waited for a slot
      status[v] = RUNNING;
      const task = tasks[v]!;
      const ctx: AttemptContext = {
        taskId: g.ids[v]!, label: g.labels[v]!, lane: lanes[v]!, signal: run.signal, clock, retry, timeoutMs: task.timeoutMs ?? options.timeoutMs, emit,
      };
      try {
        results.set(g.ids[v]!, await runAttempts(task.run.bind(task), ctx));
      } catch (error) {
        if (run.signal.aborted) {
          cancel(v, 'abort');
        } else {
          status[v] = FAILED;
          errors.set(g.ids[v]!, error);
          emit({ type: 'failed', taskId: g.ids[v]!, label: g.labels[v]!, lane: lanes[v]!, code: errorCode(error), message: error instanceof Error ? error.message : String(error) });
          cancelDependants(v);
          settle();
        }
        return;
      }
      status[v] = FINISHED;
      emit({ type: 'finished', taskId: g.ids[v]!, label: g.labels[v]!, lane: lanes[v]! });
      // Released here, while this task still holds its slot, so the freed slot goes to the best of them.
      const ready: number[] = [];
      if (!run.signal.aborted) {
        for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) {
          const s = g.succ[q]!;
          if (--waiting[s]! === 0 && status[s] === WAITING) ready.push(s);
        }
      }
      release(ready);
      settle();
    };
    const onAbort = (): void => {
      run.abort(options.signal?.reason);
      // Jobs already handed to the lanes find their task cancelled when they get a slot and return.
      // A gated task whose call never handed its work in was never going to run: skipped, unseen.
      for (let v = 0; v < n; v++) {
        if (status[v] === WAITING && tasks[v]!.gate && !opened[v]) {
          status[v] = SKIPPED;
          skipped++;
          settle();
        } else if (status[v] === WAITING || status[v] === QUEUED) cancel(v, 'abort');
      }
    };

    if (n === 0) return resolve({ ok: true, states: new Map(), results, errors, events, makespanMs: 0 });
    const roots: number[] = [];
    for (let v = 0; v < n; v++) if (waiting[v] === 0) roots.push(v);
    // The roots are all queued before any slot picks (highest priority first).
    hold();
    enqueue(roots);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    for (let v = 0; v < n; v++) {
      const gate = tasks[v]!.gate;
      if (!gate) continue;
      gate((go) => {
        if (status[v] !== WAITING || opened[v]) return; // settled meanwhile (abort, a failed dependency)
        opened[v] = 1;
        if (go === false) skip[v] = 1;
        else if (go.lane) lanes[v] = go.lane;
        if (--waiting[v]! === 0) release([v]);
      });
    }
  });
}
