/**
 * `createProcessLanes`: what `npm start` gives every run without a shared queue. The GPU queue is one
 * for the whole process (two runs — two students — never use the card at once beyond its slots);
 * each run keeps its own CPU queue. Ordering is proved with events, never with time: p-queue starts
 * a job as soon as it is added and a slot is free, so a later job that ran is proof an earlier one
 * had its chance.
 */
import { describe, expect, it } from 'vitest';
import { createProcessLanes, type LaneJob } from '../../src/scheduler/lanes.js';
import { createFairLane } from '../../src/scheduler/fair-lane.js';

function gate(): { open: () => void; wait: Promise<void> } {
  let open!: () => void;
  const wait = new Promise<void>((res) => (open = res));
  return { open, wait };
}

const job = (taskId: string, lane: 'cpu' | 'gpu', log: string[], until?: Promise<void>, priority = 0): LaneJob => ({
  taskId, lane, priority,
  run: async () => {
    log.push(`${taskId}:start`);
    await until;
    log.push(`${taskId}:end`);
  },
});

describe('process-wide lanes', () => {
  it('two runs share the GPU slots: the second run’s GPU job waits for the first one’s', async () => {
    const lanesFor = createProcessLanes(1);
    const a = lanesFor({ cpu: 1, gpu: 1 });
    const b = lanesFor({ cpu: 1, gpu: 1 });
    const log: string[] = [];
    const coverA = gate();
    const doneA = a.run(job('A.gpu', 'gpu', log, coverA.wait));
    const doneB = b.run(job('B.gpu', 'gpu', log));
    // Run B's CPU job runs meanwhile (its own CPU queue): by then B's GPU job had its chance to start.
    await b.run(job('B.cpu', 'cpu', log));
    expect(log).toEqual(['A.gpu:start', 'B.cpu:start', 'B.cpu:end']);
    coverA.open();
    await Promise.all([doneA, doneB]);
    expect(log.slice(3)).toEqual(['A.gpu:end', 'B.gpu:start', 'B.gpu:end']);
  });

  it('with two GPU slots two runs use both; each run’s CPU queue is its own', async () => {
    const lanesFor = createProcessLanes(2);
    const a = lanesFor({ cpu: 1, gpu: 1 });
    const b = lanesFor({ cpu: 1, gpu: 1 });
    expect(a.sizes).toEqual({ cpu: 1, gpu: 2 });
    const log: string[] = [];
    const g = gate();
    const all = [a.run(job('A.gpu', 'gpu', log, g.wait)), b.run(job('B.gpu', 'gpu', log, g.wait)), a.run(job('A.cpu', 'cpu', log, g.wait))];
    await b.run(job('B.cpu', 'cpu', log)); // A's CPU slot is taken, B's is not
    expect(log).toEqual(['A.gpu:start', 'B.gpu:start', 'A.cpu:start', 'B.cpu:start', 'B.cpu:end']);
    g.open();
    await Promise.all(all);
  });

  it('the GPU slot goes to the student with fewer GPU jobs started, whatever the priorities of their runs', async () => {
    const lanesFor = createProcessLanes(1);
    const a = lanesFor({ cpu: 1, gpu: 1 }, '1001');
    const b = lanesFor({ cpu: 1, gpu: 1 }, '1002');
    const log: string[] = [];
    const first = gate();
    const all = [a.run(job('A1', 'gpu', log, first.wait, 5))];
    // Student A's run has a job of top critical-path priority waiting; B's has a low one.
    all.push(a.run(job('A2', 'gpu', log, undefined, 9)), a.run(job('A3', 'gpu', log, undefined, 1)), b.run(job('B1', 'gpu', log, undefined, 1)));
    first.open();
    await Promise.all(all);
    // A has one started, B none: B goes next; then A's remaining jobs in their own priority order.
    expect(log.filter((l) => l.endsWith(':start'))).toEqual(['A1:start', 'B1:start', 'A2:start', 'A3:start']);
  });
});

describe('fair lane', () => {
  it('whoever waited longest in one round goes first in the next (equal counts), and a paused lane starts nothing', async () => {
    let t = 0;
    const lane = createFairLane(1, () => t);
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    let onStart: (() => void) | undefined;
    const step = (name: string): (() => Promise<void>) => () => {
      log.push(name);
      onStart?.();
      return new Promise<void>((res) => gates.set(name, res));
    };
    /** `name` ends `elapsed` after it started; resolves when the slot has gone to the next job. */
    const finish = (name: string, elapsed: number): Promise<void> => {
      t += elapsed;
      const started = new Promise<void>((res) => (onStart = res));
      gates.get(name)!();
      return started;
    };
    lane.pause();
    const all = ['A', 'B', 'C'].flatMap((s) => [lane.add(s, 2, step(`${s}1`)), lane.add(s, 1, step(`${s}2`))]);
    expect(log).toEqual([]);
    lane.start();
    // Round one in arrival order: A waited 0, B 1 s, C 2 s (the rule places waits in steps of WAIT_STEP_MS).
    expect(log).toEqual(['A1']);
    await finish('A1', 1000);
    await finish('B1', 1000);
    await finish('C1', 1000);
    // Round two: everyone has one started; C's first job waited most, then B's.
    await finish('C2', 1000);
    await finish('B2', 1000);
    gates.get('A2')!();
    await Promise.all(all);
    expect(log).toEqual(['A1', 'B1', 'C1', 'C2', 'B2', 'A2']);
    expect(Object.fromEntries(lane.started())).toEqual({ A: 2, B: 2, C: 2 });
  });

  it('runs a student\'s longest waiting job first, whatever came first or the run\'s own priority; one job per student per round still', async () => {
    let t = 0;
    const lane = createFairLane(1, () => t);
    const log: string[] = [];
    const all: Array<Promise<void>> = [];
    const add = (student: string, name: string, priority: number, estimateMs: number): void => {
      all.push(lane.add(student, priority, async () => {
        log.push(`${student}.${name}`);
        await Promise.resolve();
        t += estimateMs;
      }, estimateMs));
    };
    lane.pause();
    // Each week: a short cover first (and first in the run's own order), then a long narration.
    for (const s of ['A', 'B', 'C']) {
      add(s, 'cover', 9, 1000);
      add(s, 'voice', 1, 3000);
    }
    lane.start();
    await Promise.all(all);
    // Round one: everyone's narration; round two: the covers, whoever waited longest first.
    expect(log).toEqual(['A.voice', 'B.voice', 'C.voice', 'C.cover', 'B.cover', 'A.cover']);
  });
});
