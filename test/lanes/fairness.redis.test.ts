/**
 * The fair GPU queue on real Redis and real BullMQ workers: the rule "no student's k-th GPU job
 * starts while another student with fewer started GPU jobs has one waiting", checked on BullMQ's own
 * event log — 0 violations with fair ordinals, and the same workload in plain arrival order does
 * violate it (so the check can fail).
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullMqLane } from '../../src/lanes/bullmq-lane.js';
import { checkFairness, readQueueEvents } from '../../src/lanes/fairness.js';
import { queueName } from '../../src/lanes/redis.js';
import type { LaneTask, StageFunction } from '../../src/lanes/types.js';
import { startLaneWorker } from '../../src/lanes/worker.js';
import { createFairLane } from '../../src/scheduler/fair-lane.js';
import { ordinalOf, WAIT_STEP_MS } from '../../src/scheduler/fair-order.js';
import { deletePrefix, SHARED_REDIS_URL, testPrefix, until } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const signal = new AbortController().signal;

/** A GPU-like stage: a few milliseconds of "work" per job. */
const work: StageFunction = async (input) => {
  await new Promise((res) => setTimeout(res, 15));
  return { output: input, files: [] };
};

/** A GPU lane on its own prefix, closed and deleted after the test. */
function openLane(fair: boolean) {
  const prefix = testPrefix();
  const lane = createBullMqLane({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', fair, pollMs: 200 });
  const redis = new Redis(SHARED_REDIS_URL);
  cleanups.push(async () => {
    await lane.close();
    redis.disconnect();
    await deletePrefix(SHARED_REDIS_URL, prefix);
  });
  return { prefix, lane, redis };
}

async function classWorkload(fair: boolean) {
  const { prefix, lane, redis } = openLane(fair);
  const runs: Array<Promise<unknown>> = [];
  const add = (student: string, n: number, from = 1): void => {
    for (let i = from; i < from + n; i++) {
      const task: LaneTask = { student, stage: 'gpu', key: `j${i}`, lane: 'gpu', input: { student, i } };
      runs.push(lane.run(task, signal));
    }
  };
  // Everyone queues before any worker starts: the first student asks for the most.
  add('101', 6);
  add('202', 2);
  add('303', 4);
  await until(async () => {
    const c = await lane.queue.getJobCounts('prioritized', 'waiting');
    return (c.prioritized ?? 0) + (c.waiting ?? 0) === 12;
  });
  let starts = 0;
  let lateAdded = false;
  const onJob = (e: { type: string }): void => {
    if (e.type !== 'started' || ++starts !== 3 || lateAdded) return;
    lateAdded = true; // mid-run: a new student arrives and the busiest asks for more
    add('404', 3);
    add('101', 2, 7);
  };
  for (const name of ['w1', 'w2']) {
    const w = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue: new Map([['gpu', work]]), concurrency: 1, name, onJob });
    cleanups.push(() => w.close());
  }
  await until(() => lateAdded);
  await Promise.all(runs);
  return checkFairness(await readQueueEvents(redis, prefix, queueName('gpu')));
}

describe('fair GPU queue', () => {
  it('with fair ordinals: 17 jobs of 4 students on 2 workers, 0 violations in the event log', async () => {
    const report = await classWorkload(true);
    expect(report.started).toBe(17);
    expect(report.violations).toEqual([]);
  });

  it('in plain arrival order the same workload violates the rule (the check can fail)', async () => {
    const report = await classWorkload(false);
    expect(report.started).toBe(17);
    expect(report.violations.length).toBeGreaterThan(0);
  });

  it('the checker counts a stalled job that starts again once, and sees a waiting student left behind', () => {
    const log = [
      { event: 'added', jobId: '1-a' }, { event: 'added', jobId: '1-b' }, { event: 'added', jobId: '2-a' },
      { event: 'active', jobId: '1-a' }, { event: 'waiting', jobId: '1-a', prev: 'active' }, { event: 'active', jobId: '1-a' },
      { event: 'active', jobId: '2-a' }, { event: 'active', jobId: '1-b' },
    ];
    expect(checkFairness(log)).toEqual({ started: 3, violations: [] });
    const unfair = [{ event: 'added', jobId: '1-a' }, { event: 'added', jobId: '1-b' }, { event: 'added', jobId: '2-a' }, { event: 'active', jobId: '1-a' }, { event: 'active', jobId: '1-b' }];
    expect(checkFairness(unfair).violations).toEqual([{ jobId: '1-b', startedBefore: 1, waitingStudent: '2', theirStarted: 0 }]);
  });

  it('among the k-th jobs of everyone, whoever waited longest for their previous one goes first', async () => {
    const { prefix, lane, redis } = openLane(true);
    // Each job is three places of a band long, so each first job waits longer than the one before.
    const slow: StageFunction = async (input) => {
      await new Promise((res) => setTimeout(res, 3 * WAIT_STEP_MS));
      return { output: input, files: [] };
    };
    const students = ['101', '202', '303'];
    const runs: Array<Promise<unknown>> = [];
    for (const key of ['j1', 'j2']) {
      for (const student of students) {
        runs.push(lane.run({ student, stage: 'gpu', key, lane: 'gpu', input: {} }, signal));
        await until(async () => runs.length === (await lane.queue.getJobCounts('prioritized')).prioritized);
      }
    }
    const order: string[] = [];
    const w = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue: new Map([['gpu', slow]]), concurrency: 1, onJob: (e) => void (e.type === 'started' && order.push(e.jobId)) });
    cleanups.push(() => w.close());
    await Promise.all(runs);
    expect(order.slice(0, 3)).toEqual(['101-j1', '202-j1', '303-j1']);
    // Round two: by how long each first job waited (in places of a band), longest first.
    const place = async (s: string): Promise<number> => {
      const j = (await lane.queue.getJob(`${s}-j1`))!;
      return Math.floor((j.processedOn! - j.timestamp) / WAIT_STEP_MS);
    };
    const places = new Map(await Promise.all(students.map(async (s) => [s, await place(s)] as const)));
    const expected = [...students].sort((a, b) => places.get(b)! - places.get(a)! || students.indexOf(a) - students.indexOf(b));
    expect(expected).toEqual(['303', '202', '101']); // the workload did make the waits differ (or the test proves nothing)
    expect(order.slice(3)).toEqual(expected.map((s) => `${s}-j2`));
    expect(checkFairness(await readQueueEvents(redis, prefix, queueName('gpu'))).violations).toEqual([]);

    // The bot's own GPU lane (no Redis) hands out its slot by the same rule: the same jobs, each as
    // long (its clock moves by one job's length as each runs), start in the same order.
    let t = 0;
    const local = createFairLane(1, () => t);
    const localOrder: string[] = [];
    local.pause();
    const done: Array<Promise<void>> = [];
    for (const key of ['j1', 'j2']) {
      for (const student of students) {
        done.push(local.add(student, 0, async () => {
          localOrder.push(`${student}-${key}`);
          await Promise.resolve();
          t += 3 * WAIT_STEP_MS;
        }));
      }
    }
    local.start();
    await Promise.all(done);
    expect(localOrder).toEqual(order);
  });

  it('a student\'s longer job added while a shorter one of theirs waits takes its place: the narrations first, then the covers', async () => {
    const { prefix, lane, redis } = openLane(true);
    const students = ['101', '202', '303'];
    const runs: Array<Promise<unknown>> = [];
    // Each student's week: the short cover reaches the queue first, the long narration after it.
    for (const student of students) {
      for (const [key, estimateMs] of [['cover', 1000], ['voice', 3000]] as const) {
        runs.push(lane.run({ student, stage: 'gpu', key, lane: 'gpu', input: {}, estimateMs }, signal));
        await until(async () => runs.length === (await lane.queue.getJobCounts('prioritized')).prioritized);
      }
    }
    // The narration holds the first ordinal now, the cover the second (priority bands of ORDINAL_BAND).
    for (const student of students) {
      expect(ordinalOf((await lane.queue.getJob(`${student}-voice`))!.priority)).toBe(1);
      expect(ordinalOf((await lane.queue.getJob(`${student}-cover`))!.priority)).toBe(2);
    }
    const order: string[] = [];
    const w = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue: new Map([['gpu', work]]), concurrency: 1, onJob: (e) => void (e.type === 'started' && order.push(e.jobId)) });
    cleanups.push(() => w.close());
    await Promise.all(runs);
    expect(order.slice(0, 3)).toEqual(students.map((s) => `${s}-voice`));
    expect(order.slice(3).sort()).toEqual(students.map((s) => `${s}-cover`));
    expect(checkFairness(await readQueueEvents(redis, prefix, queueName('gpu'))).violations).toEqual([]);
  });

  it('a student whose shorter job has already started keeps their longer one behind it (nothing to swap)', async () => {
    const { prefix, lane, redis } = openLane(true);
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((res) => (release = res));
    const hold: StageFunction = async (input) => {
      await held;
      return { output: input, files: [] };
    };
    const w = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue: new Map([['gpu', hold]]), concurrency: 1, onJob: (e) => void (e.type === 'started' && order.push(e.jobId)) });
    cleanups.push(() => w.close());
    const runs = [lane.run({ student: '101', stage: 'gpu', key: 'cover', lane: 'gpu', input: {}, estimateMs: 1000 }, signal)];
    await until(() => order.length === 1);
    runs.push(lane.run({ student: '101', stage: 'gpu', key: 'voice', lane: 'gpu', input: {}, estimateMs: 3000 }, signal));
    await until(async () => (await lane.queue.getJobCounts('prioritized')).prioritized === 1);
    expect(ordinalOf((await lane.queue.getJob('101-voice'))!.priority)).toBe(2);
    expect(ordinalOf((await lane.queue.getJob('101-cover'))!.priority)).toBe(1);
    release();
    await Promise.all(runs);
    expect(order).toEqual(['101-cover', '101-voice']);
    expect(checkFairness(await readQueueEvents(redis, prefix, queueName('gpu'))).violations).toEqual([]);
  });
});

