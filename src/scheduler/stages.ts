/**
 * The StageRunner the agent hands to tools: each `stage(spec, fn)` call becomes a task on the shared
 * lane queue `spec.lane`, so concurrent tool calls (the cover and the narration) share the single
 * GPU exactly like the planned graph, with retries and progress events. Dependencies between stages
 * are the tools' own `await`s; among stages waiting for a slot the longer estimate goes first.
 */
import PQueue from 'p-queue';
import { CancelledError } from '../errors.js';
import type { Lane, StageRunner, StageSpec } from '../tools/contract.js';
import { runAttempts, type DistributiveOmit } from './attempt.js';
import { realClock, type Clock } from './clock.js';
import type { TaskEvent, TaskEventListener } from './events.js';
import { errorCode, type RetryOptions } from './retry.js';

export interface LaneStageRunnerOptions {
  /** Slots per lane (Config.lanes). */
  lanes: { cpu: number; gpu: number };
  onEvent?: TaskEventListener;
  /** Aborting cancels queued stages (they reject with CancelledError) and tells running ones. */
  signal?: AbortSignal;
  /** SPEC §6 by default; `{ policy: { maxAttempts: 1 } }` disables retries. */
  retry?: RetryOptions;
  /** Milliseconds for event timestamps (origin: the runner's creation); default the clock's. */
  now?: () => number;
  /** Retry waits (and default timestamps); default the real clock. */
  clock?: Clock;
  /** Per-attempt timeout in ms (none by default). */
  timeoutMs?: number;
}

export type LaneStageRunner = StageRunner & {
  /** Everything emitted so far, in order (a recorded run: render it with gantt.ts). */
  events(): TaskEvent[];
};

export function createLaneStageRunner(opts: LaneStageRunnerOptions): LaneStageRunner {
  const clock = opts.clock ?? realClock;
  const now = opts.now ?? (() => clock.now());
  const t0 = now();
  const recorded: TaskEvent[] = [];
  const emit = (e: DistributiveOmit<TaskEvent, 't'>): void => {
    const event = { ...e, t: now() - t0 } as TaskEvent;
    recorded.push(event);
    opts.onEvent?.(event);
  };
  const queues: Record<Lane, PQueue> = {
    cpu: new PQueue({ concurrency: opts.lanes.cpu }),
    gpu: new PQueue({ concurrency: opts.lanes.gpu }),
  };
  const run = new AbortController();
  /** Stages waiting for a slot: on abort each is rejected and reported once. */
  const waiting = new Map<string, { lane: Lane; label: string; reject: (e: unknown) => void }>();
  let counter = 0;

  const onAbort = (): void => {
    run.abort(opts.signal?.reason);
    queues.cpu.clear();
    queues.gpu.clear();
    for (const [taskId, w] of waiting) {
      emit({ type: 'cancelled', taskId, label: w.label, lane: w.lane, reason: 'abort' });
      w.reject(new CancelledError());
    }
    waiting.clear();
  };
  if (opts.signal?.aborted) onAbort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });

  const stage = <T>(spec: StageSpec, fn: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const taskId = `${spec.name}#${++counter}`;
    const { label, lane } = spec;
    if (run.signal.aborted) {
      emit({ type: 'cancelled', taskId, label, lane, reason: 'abort' });
      return Promise.reject(new CancelledError());
    }
    return new Promise<T>((resolve, reject) => {
      waiting.set(taskId, { lane, label, reject });
      emit({ type: 'queued', taskId, label, lane });
      void queues[lane].add(
        async () => {
          if (!waiting.delete(taskId)) return; // cancelled while queued
          try {
            const value = await runAttempts((signal) => fn(signal), {
              taskId, label, lane, signal: run.signal, clock, retry: opts.retry ?? {}, timeoutMs: opts.timeoutMs, emit,
            });
            emit({ type: 'finished', taskId, label, lane });
            resolve(value);
          } catch (error) {
            if (run.signal.aborted) emit({ type: 'cancelled', taskId, label, lane, reason: 'abort' });
            else emit({ type: 'failed', taskId, label, lane, code: errorCode(error), message: error instanceof Error ? error.message : String(error) });
            reject(run.signal.aborted ? new CancelledError() : error);
          }
        },
        { priority: Number.isFinite(spec.estimateMs) ? spec.estimateMs : 0 },
      );
    });
  };
  return Object.assign(stage, { events: () => recorded.slice() });
}
