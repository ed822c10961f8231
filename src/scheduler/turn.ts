/**
 * The StageRunner the agent hands to the tools, one per run: every stage goes to THE executor
 * (executor.ts, `executeGraph`) on lanes shared by the whole run.
 *
 * A turn's calls run as ONE graph (`turn`): when the turn starts, the loop plans every call it may
 * run (each call's stages from the stage catalogue), so the executor ranks the whole turn at once —
 * the turn's critical path, not each call's own — and the single GPU goes to the stage the turn
 * needs first. A planned stage waits on its call's gate, holding no slot, until the call hands its
 * stages in (after validation, the owner's decision and the idempotency check in the dispatcher);
 * a call that ends without running stages (a stored result, a no, an invalid call) is skipped.
 * Stages the turn did not plan (a call outside any turn, a script) run as a graph of their own on
 * the same lanes.
 *
 * Task ids are the catalogue ids (`portada.imagen`), numbered `#2`… when the same stage runs again
 * in the same run.
 */
import { CancelledError } from '../errors.js';
import type { Lane, StageRunner, StageSpec, StageTask } from '../tools/contract.js';
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
  /** docs/design.md §6 by default; `false`: one attempt. */
  retry?: Omit<RetryOptions, 'signal' | 'onRetry'> | false;
  clock?: Clock;
  timeoutMs?: number;
  /** Each finished stage's catalogue id and how long its last attempt took, ms (the rolling record). */
  measured?: (stageId: string, ms: number) => void;
}

/** One call of a turn as the loop plans it: its tool_use id and the stages it would run. */
export interface PlannedCall {
  id: string;
  stages: readonly StageSpec[];
}

/** A turn's calls as one graph on the executor. */
export interface TurnGraph {
  /** The runner the dispatcher gives this call's tool: its stages run as its planned tasks. */
  forCall(callId: string): StageRunner;
  /** This call is over: whatever of its plan it did not hand in is skipped. */
  end(callId: string): void;
  /** The turn is over (done, or paused on disk): every stage not handed in is skipped; resolves once the graph settled. */
  close(): Promise<void>;
}

export type RunStageRunner = StageRunner & {
  /** Everything emitted so far, in order, times from the runner's creation (render with gantt.ts). */
  events(): TaskEvent[];
  /** Opens one graph for the calls of a turn (see above). */
  turn(calls: readonly PlannedCall[]): TurnGraph;
};

type Terminal = 'finished' | 'failed' | 'cancelled';

/** One stage of a turn graph: its call, its spec, and its task id and dependencies in the graph. */
export interface TurnNode {
  call: string;
  spec: StageSpec;
  id: string;
  deps: string[];
}

/** Task ids numbered per graph: the first occurrence of a catalogue id is itself, then `#2`, `#3`… */
export function numbering(): (id: string) => string {
  const seen = new Map<string, number>();
  return (id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? id : `${id}#${n}`;
  };
}

/**
 * A turn's calls as the nodes of ONE graph: each call's stages, ids numbered in call order (a run
 * numbers across its turns), dependencies within each call. The live turn (`turn`) and the plan of
 * a turn (`plan --etapas`, week.ts) are both built by this function.
 */
export function turnNodes(calls: readonly PlannedCall[], numbered: (id: string) => string = numbering()): TurnNode[] {
  return calls.flatMap((c) => {
    const idOf = new Map(c.stages.map((s) => [s.name, numbered(s.id)]));
    return c.stages.map((spec) => ({ call: c.id, spec, id: idOf.get(spec.name)!, deps: spec.deps.map((d) => idOf.get(d)!) }));
  });
}

export function createRunStageRunner(opts: RunStageRunnerOptions = {}): RunStageRunner {
  const clock = opts.clock ?? realClock;
  const backend = opts.backend ?? createInProcessLanes({ ...DEFAULT_LANES, ...opts.lanes });
  const origin = clock.now();
  const recorded: TaskEvent[] = [];
  const number = numbering();
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

  /** The run-wide task id of the next occurrence of catalogue stage `id`. */
  const numbered = (id: string): string => {
    const taskId = number(id);
    stageOf.set(taskId, id);
    return taskId;
  };
  const common = { backend, origin, clock, ...(opts.retry !== undefined ? { retry: opts.retry } : {}), ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}) };

  /** Stages no turn planned: a graph of their own, on the same lanes and timeline. */
  const run: StageRunner = async (stages: readonly StageTask[], signal: AbortSignal) => {
    const idOf = new Map<string, string>();
    for (const s of stages) idOf.set(s.name, numbered(s.id));
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
    const report = await executeGraph(tasks, { ...common, signal: stop, onEvent });
    if (report.ok) return outputs;
    if (stop.aborted) throw new CancelledError();
    // The first stage that failed on its own (its dependants were only cancelled).
    for (const t of tasks) if (report.errors.has(t.id)) throw report.errors.get(t.id);
    throw new CancelledError();
  };
  const turn = (calls: readonly PlannedCall[]): TurnGraph => {
    interface Slot { call: string; spec: StageSpec; task: GraphTask; open(go: false | { lane?: Lane }): void; bound?: StageTask; state?: Terminal }
    const slots = new Map<string, Slot[]>();
    const byTask = new Map<string, Slot>();
    const failures = new Map<string, unknown>();
    const handed = new Set<string>();
    const watchers = new Map<string, () => void>();
    const outputsOf = new Map<string, Record<string, unknown>>();
    const tasks: GraphTask[] = [];
    for (const c of calls) {
      slots.set(c.id, []);
      outputsOf.set(c.id, {});
    }
    for (const node of turnNodes(calls, numbered)) {
      const { spec } = node;
      const outputs = outputsOf.get(node.call)!;
      // The executor hands the gate its opener when the graph starts; an answer before that waits.
      let opener: Slot['open'] | undefined;
      let early: false | { lane?: Lane } | undefined;
      const gate: GraphTask['gate'] = (open) => {
        opener = open;
        if (early !== undefined) open(early);
      };
      const open: Slot['open'] = (go) => (opener ? opener(go) : (early ??= go));
      const slot: Slot = { call: node.call, spec, open, task: undefined as unknown as GraphTask };
      slot.task = {
        id: node.id, label: spec.label, lane: spec.lane, deps: node.deps, estimateMs: spec.estimateMs, gate,
        run: async (sig) => {
          const s = slot.bound!;
          const prev: Record<string, unknown> = {};
          for (const d of s.deps) prev[d] = outputs[d];
          try {
            outputs[s.name] = await s.run(prev, sig, backend.exec?.(s.lane, s.id));
          } catch (e) {
            failures.set(slot.task.id, e);
            throw e;
          }
        },
      };
      slots.get(node.call)!.push(slot);
      byTask.set(slot.task.id, slot);
      tasks.push(slot.task);
    }
    const track = (e: TaskEvent): void => {
      onEvent(e);
      if (e.type !== 'finished' && e.type !== 'failed' && e.type !== 'cancelled') return;
      const slot = byTask.get(e.taskId);
      if (!slot) return;
      slot.state = e.type;
      watchers.get(slot.call)?.();
    };
    let done: Promise<unknown> = Promise.resolve();
    let planned = tasks.length > 0;
    if (planned) {
      try {
        done = executeGraph(tasks, { ...common, ...(opts.signal ? { signal: opts.signal } : {}), onEvent: track });
      } catch {
        planned = false; // a plan the executor refuses (it never should): every call runs on its own
      }
    }
    const end = (callId: string): void => {
      if (handed.has(callId)) return;
      handed.add(callId);
      for (const slot of slots.get(callId) ?? []) slot.open(false);
    };
    const forCall = (callId: string): StageRunner => async (stages, signal) => {
      const list = slots.get(callId);
      const fits = planned && list !== undefined && !handed.has(callId) && stages.length === list.length && stages.every((s) => list.some((x) => x.spec.name === s.name));
      if (!fits) {
        end(callId);
        return run(stages, signal);
      }
      handed.add(callId);
      if (signal.aborted || opts.signal?.aborted) {
        for (const slot of list) slot.open(false);
        throw new CancelledError();
      }
      for (const s of stages) {
        const slot = list.find((x) => x.spec.name === s.name)!;
        slot.bound = s;
        slot.task.stage = { id: s.id, input: s.input, key: s.key };
      }
      const settled = new Promise<void>((resolve) => {
        const check = () => { if (list.every((x) => x.state)) resolve(); };
        watchers.set(callId, check);
        check();
      });
      for (const slot of list) slot.open({ lane: slot.bound!.lane });
      await settled;
      watchers.delete(callId);
      if (list.every((x) => x.state === 'finished')) return outputsOf.get(callId)!;
      if (opts.signal?.aborted) throw new CancelledError();
      // The first stage that failed on its own (its dependants were only cancelled).
      for (const x of list) if (x.state === 'failed') throw failures.get(x.task.id);
      throw new CancelledError();
    };
    return {
      forCall,
      end,
      async close() {
        for (const callId of slots.keys()) end(callId);
        await done;
      },
    };
  };

  return Object.assign(run, { events: () => recorded.slice(), turn });
}
