import { describe, expect, it } from 'vitest';
import { CancelledError, CuadernoError } from '../../src/errors.js';
import { createVirtualClock } from '../../src/scheduler/clock.js';
import type { TaskEvent } from '../../src/scheduler/events.js';
import { createLaneStageRunner, executeGraph, type GraphTask } from '../../src/scheduler/executor.js';
import { weekTasks } from '../../src/scheduler/week.js';
import { checkRun } from './invariants.js';

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

/** The week with real timers, `msPerSecond` per toy second. */
function realWeek(msPerSecond: number, engines?: Parameters<typeof weekTasks>[0]): GraphTask<string>[] {
  return weekTasks(engines).map((t) => ({
    ...t,
    estimateMs: t.duration * 1000,
    run: async (signal: AbortSignal) => {
      await sleep(t.duration * msPerSecond, signal);
      return `${t.id} hecho`;
    },
  }));
}
const weekDeps = new Map(weekTasks().map((t) => [t.id, t.deps]));
const firstStart = (events: TaskEvent[], id: string): number => events.findIndex((e) => e.type === 'started' && e.taskId === id);

describe('executeGraph with real timers (durations scaled small)', () => {
  it('runs the week with one GPU: deps and lane capacity hold, each task launched the moment its deps finish', async () => {
    const report = await executeGraph(realWeek(4), { lanes: { cpu: 4, gpu: 1 } });
    expect(report.ok).toBe(true);
    expect(report.results.get('T7')).toBe('T7 hecho');
    const { maxRunning } = checkRun(report.events, weekDeps, { cpu: 4, gpu: 1 });
    expect(maxRunning).toEqual({ cpu: 3, gpu: 1 });
    // Not level by level: the cover is queued in the very step its only dependency finishes, and
    // starts at once when the GPU is free (causal order of events, not timestamps).
    const i = report.events.findIndex((e) => e.type === 'finished' && e.taskId === 'T4');
    expect(report.events.slice(i + 1, i + 3).map((e) => `${e.type}:${e.taskId}`)).toEqual(['queued:T5', 'started:T5']);
    for (const e of report.events) expect(Number.isFinite(e.t)).toBe(true);
  });

  it('with CPU engines the cover and the narration run at the same time; on one GPU they cannot', async () => {
    // CPU: each of the two only finishes once the other has started — possible only if both run at
    // once (if they could not, the test would wait for an event that never comes and fail).
    const gates = new Map<string, { open: () => void; opened: Promise<void> }>();
    for (const id of ['T5', 'T6']) {
      let open!: () => void;
      const opened = new Promise<void>((r) => (open = r));
      gates.set(id, { open, opened });
    }
    const cpu = await executeGraph(realWeek(1, { image: 'maqueta', speech: 'juguete' }).map((t) => {
      if (t.id !== 'T5' && t.id !== 'T6') return t;
      const other = t.id === 'T5' ? 'T6' : 'T5';
      return { ...t, run: async () => (gates.get(t.id)!.open(), await gates.get(other)!.opened, t.id) };
    }), { lanes: { cpu: 8, gpu: 1 }, retry: false });
    expect(cpu.ok).toBe(true);
    checkRun(cpu.events, weekDeps, { cpu: 8, gpu: 1 });
    // One GPU: the two never overlap, whatever the timing — each checks, while it runs, that it is
    // alone on the lane (a failed check fails the task, and `ok` with it); no timeout involved.
    let running = 0;
    const gpu = await executeGraph(realWeek(1, { image: 'flux', speech: 'xtts' }).map((t) => {
      if (t.id !== 'T5' && t.id !== 'T6') return t;
      return { ...t, run: async () => { running++; expect(running).toBe(1); await new Promise((r) => setImmediate(r)); running--; return t.id; } };
    }), { lanes: { cpu: 8, gpu: 1 }, retry: false });
    expect(gpu.ok).toBe(true);
    checkRun(gpu.events, weekDeps, { cpu: 8, gpu: 1 });
    expect(running).toBe(0);
  });

  it('among ready tasks waiting for a lane, the pick rule decides: rank, planned order or FIFO', async () => {
    const orderOf = async (pick: 'upward-rank' | 'critical-path' | 'fifo'): Promise<string[]> => {
      const report = await executeGraph(realWeek(1), { lanes: { cpu: 1, gpu: 1 }, pick });
      return ['T2', 'T3', 'T4'].sort((a, b) => firstStart(report.events, a) - firstStart(report.events, b));
    };
    // One CPU slot: longest remaining path puts T3 (rank 22) before T4 (17) and T2 (8), though T2 is declared first.
    expect(await orderOf('upward-rank')).toEqual(['T3', 'T4', 'T2']);
    // The default also sees the GPU: T4 first feeds it at 4 (33 s instead of 35 s, see pick.test.ts).
    expect(await orderOf('critical-path')).toEqual(['T4', 'T3', 'T2']);
    expect(await orderOf('fifo')).toEqual(['T2', 'T3', 'T4']);
  });

  it('a failed task stops its dependants, not its independent siblings', async () => {
    const tasks = realWeek(1).map((t) =>
      t.id === 'T4' ? { ...t, run: async () => Promise.reject(new CuadernoError('GPU_OOM', 'sin memoria de GPU')) } : t,
    );
    const report = await executeGraph(tasks, { lanes: { cpu: 4, gpu: 1 } });
    expect(report.ok).toBe(false);
    expect(Object.fromEntries(report.states)).toEqual({
      T1: 'finished', T2: 'finished', T3: 'finished', T4: 'failed', T5: 'cancelled', T6: 'finished', T7: 'cancelled',
    });
    expect(report.events.find((e) => e.type === 'failed')).toMatchObject({ taskId: 'T4', code: 'GPU_OOM' });
    expect(report.events.filter((e) => e.type === 'cancelled').map((e) => [e.taskId, e.type === 'cancelled' && e.reason])).toEqual([
      ['T5', 'dependency'], ['T7', 'dependency'],
    ]);
    // Not retryable: exactly one attempt.
    expect(report.events.filter((e) => e.type === 'started' && e.taskId === 'T4')).toHaveLength(1);
  });

  it('cancel mid-run: nothing new starts, running tasks are told, the run settles', async () => {
    const ctl = new AbortController();
    const told: string[] = [];
    let level1 = 0;
    const tasks = realWeek(1).map((t) => ({
      ...t,
      run: async (signal: AbortSignal) => {
        if (t.id === 'T1') return t.id;
        let running = true;
        signal.addEventListener('abort', () => running && told.push(t.id));
        if (++level1 === 3) queueMicrotask(() => ctl.abort()); // T2, T3 and T4 are all running now
        try {
          await sleep(60_000, signal); // only the abort ends them
        } finally {
          running = false;
        }
        return t.id;
      },
    }));
    const report = await executeGraph(tasks, { lanes: { cpu: 4, gpu: 1 }, signal: ctl.signal });
    expect(report.ok).toBe(false);
    expect(report.states.get('T1')).toBe('finished');
    for (const id of ['T2', 'T3', 'T4']) expect(report.states.get(id)).toBe('cancelled');
    expect(told.sort()).toEqual(['T2', 'T3', 'T4']);
    for (const id of ['T5', 'T6', 'T7']) {
      expect(report.states.get(id)).toBe('cancelled');
      expect(firstStart(report.events, id)).toBe(-1);
    }
  });

  it('per-task timeout (on the injected clock) counts as a retryable TIMEOUT', async () => {
    const clock = createVirtualClock();
    let calls = 0;
    const report = await executeGraph(
      [{ id: 'A', lane: 'cpu', deps: [], estimateMs: 10, timeoutMs: 50, run: async (signal) => (++calls < 3 ? clock.sleep(1_000, signal) : 'ok') }],
      { clock, retry: { random: () => 0 } },
    );
    expect(report.ok).toBe(true);
    expect(report.events.filter((e) => e.type === 'retried').map((e) => e.type === 'retried' && [e.code, e.waitMs, e.t])).toEqual([
      ['TIMEOUT', 500, 50], ['TIMEOUT', 1000, 600],
    ]);
    expect(report.makespanMs).toBe(1600); // 50 + 500 + 50 + 1000, then the third attempt succeeds at once
  });

  it('refuses a cyclic graph before running anything', () => {
    const run = async (): Promise<void> => undefined;
    expect(() => executeGraph([
      { id: 'A', lane: 'cpu', deps: ['B'], estimateMs: 1, run },
      { id: 'B', lane: 'cpu', deps: ['A'], estimateMs: 1, run },
    ])).toThrow(/ciclo/);
  });
});

describe('createLaneStageRunner', () => {
  it('shares lanes between concurrent calls, retries per policy and records events', async () => {
    const clock = createVirtualClock();
    const runner = createLaneStageRunner({ lanes: { cpu: 2, gpu: 1 }, clock, retry: { random: () => 1 } });
    let flaky = 0;
    const cover = async () => {
      await runner({ name: 'prompt', label: 'Prompt de portada', lane: 'cpu', estimateMs: 3000 }, (s) => clock.sleep(3000, s));
      return runner({ name: 'imagen', label: 'Portada', lane: 'gpu', estimateMs: 12000 }, async (s) => {
        await clock.sleep(12000, s);
        if (flaky++ === 0) throw Object.assign(new Error('overloaded'), { status: 529 });
        return 'portada.png';
      });
    };
    const narration = async () => {
      await runner({ name: 'guion', label: 'Guion del pódcast', lane: 'cpu', estimateMs: 5000 }, (s) => clock.sleep(5000, s));
      return runner({ name: 'narracion', label: 'Narración', lane: 'gpu', estimateMs: 15000 }, (s) => clock.sleep(15000, s).then(() => 'narracion.wav'));
    };
    expect(await Promise.all([cover(), narration()])).toEqual(['portada.png', 'narracion.wav']);
    const events = runner.events();
    const { spans } = checkRun(events, new Map(), { cpu: 2, gpu: 1 });
    expect(new Set(events.map((e) => e.taskId))).toEqual(new Set(['prompt#1', 'guion#2', 'imagen#3', 'narracion#4']));
    // Cover: 3 → 15 fails, waits 1 s (random 1 → full t0), retries 16 → 28 holding the GPU; narration 28 → 43.
    expect(events.find((e) => e.type === 'retried')).toMatchObject({ taskId: 'imagen#3', code: 'OVERLOADED', waitMs: 1000, t: 15000 });
    expect(spans.get('narracion#4')).toEqual({ start: 28000, end: 43000 });
  });

  it('abort rejects queued stages with CancelledError and tells the running one', async () => {
    const ctl = new AbortController();
    const runner = createLaneStageRunner({ lanes: { cpu: 1, gpu: 1 }, signal: ctl.signal });
    let began!: () => void;
    const aStarted = new Promise<void>((r) => (began = r));
    const first = runner({ name: 'a', label: 'A', lane: 'gpu', estimateMs: 1 }, (s) => (began(), sleep(60_000, s)));
    const second = runner({ name: 'b', label: 'B', lane: 'gpu', estimateMs: 1 }, () => Promise.resolve('nunca'));
    // Abort once A runs and B waits behind it for the one GPU (an event, not a delay).
    await aStarted;
    ctl.abort();
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).rejects.toBeInstanceOf(CancelledError);
    await expect(runner({ name: 'c', label: 'C', lane: 'cpu', estimateMs: 1 }, () => Promise.resolve(1))).rejects.toBeInstanceOf(CancelledError);
    expect(runner.events().filter((e) => e.type === 'cancelled').map((e) => e.taskId).sort()).toEqual(['a#1', 'b#2', 'c#3']);
    expect(runner.events().some((e) => e.type === 'started' && e.taskId === 'b#2')).toBe(false);
  });
});
