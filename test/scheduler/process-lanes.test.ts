/**
 * `createProcessLanes`: what `npm start` gives every run without a shared queue. The GPU queue is one
 * for the whole process (two runs — two students — never use the card at once beyond its slots);
 * each run keeps its own CPU queue. Ordering is proved with events, never with time: p-queue starts
 * a job as soon as it is added and a slot is free, so a later job that ran is proof an earlier one
 * had its chance.
 */
import { describe, expect, it } from 'vitest';
import { createProcessLanes, type LaneJob } from '../../src/scheduler/lanes.js';

function gate(): { open: () => void; wait: Promise<void> } {
  let open!: () => void;
  const wait = new Promise<void>((res) => (open = res));
  return { open, wait };
}

const job = (taskId: string, lane: 'cpu' | 'gpu', log: string[], until?: Promise<void>): LaneJob => ({
  taskId, lane, priority: 0,
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
});
