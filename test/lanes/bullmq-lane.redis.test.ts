/**
 * The BullMQ lane backend against a real Redis: attach by job id, keep-until-stored, deliberate
 * retry with job.retry(), cancellation, the re-enqueue after Redis restarts empty, and the typed
 * error of an unreachable queue.
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueUnavailableError } from '../../src/errors.js';
import { createBullMqLane, type BullMqLane } from '../../src/lanes/bullmq-lane.js';
import { fairKeys } from '../../src/lanes/fair.js';
import { ordinalOf } from '../../src/scheduler/fair-order.js';
import { pingQueue, queueName } from '../../src/lanes/redis.js';
import type { Json, LaneTask, StageCatalogue, StageFunction } from '../../src/lanes/types.js';
import { startLaneWorker, type LaneWorker } from '../../src/lanes/worker.js';
import { EngineError } from '../../src/errors.js';
import { QUEUE } from '../../src/strings/chat.js';
import { deletePrefix, freePort, ownRedis, SHARED_REDIS_URL, testPrefix, until, type OwnRedis } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function setup(url = SHARED_REDIS_URL, extra: { pollMs?: number; onStatus?: (s: 'unreachable' | 'reachable') => void } = {}) {
  const prefix = testPrefix();
  const lane = createBullMqLane({ url, prefix, lane: 'gpu', pollMs: extra.pollMs ?? 200, onStatus: extra.onStatus });
  cleanups.push(async () => {
    await lane.close();
    if (url === SHARED_REDIS_URL) await deletePrefix(url, prefix);
  });
  const worker = async (catalogue: StageCatalogue, onStatus?: (s: 'unreachable' | 'reachable') => void): Promise<LaneWorker> => {
    const w = await startLaneWorker({ url, prefix, lane: 'gpu', catalogue, lockDurationMs: 2_000, onStatus });
    cleanups.push(() => w.close());
    return w;
  };
  return { prefix, lane, worker };
}

/** A stage that echoes its input as a file and counts its calls. */
function echo(): { fn: StageFunction; calls: Json[] } {
  const calls: Json[] = [];
  return {
    calls,
    fn: async (input) => {
      calls.push(input);
      return { output: { got: input }, files: [{ name: 'eco.bin', data: Buffer.from(JSON.stringify(input)) }] };
    },
  };
}

const task = (student: string, key: string, input: Json = { n: 1 }, runId?: string): LaneTask => ({ student, stage: 'eco', key, lane: 'gpu', input, ...(runId ? { runId } : {}) });
const signal = (): AbortSignal => new AbortController().signal;

async function jobState(lane: BullMqLane, id: string): Promise<string | undefined> {
  const job = await lane.queue.getJob(id);
  return job ? job.getState() : undefined;
}

describe('BullMQ lane', () => {
  it('runs a stage on a worker, returns its files, keeps the job until released', async () => {
    const { lane, worker } = setup();
    const e = echo();
    await worker(new Map([['eco', e.fn]]));
    const result = await lane.run(task('101', 'portada-2026-S3', { week: 3 }), signal());
    expect(result.output).toEqual({ got: { week: 3 } });
    expect(result.files.map((f) => [f.name, f.data.toString()])).toEqual([['eco.bin', '{"week":3}']]);
    expect(await jobState(lane, '101-portada-2026-S3')).toBe('completed');
    await lane.release({ student: '101', key: 'portada-2026-S3' });
    expect(await jobState(lane, '101-portada-2026-S3')).toBeUndefined();
  });

  it('a resumed run attaches to the existing job: one job, one stage call, two students never share one', async () => {
    const { lane, worker } = setup();
    const e = echo();
    // Enqueued before any worker exists: both calls must wait on the same job.
    const a = lane.run(task('101', 'narracion-2026-S1'), signal());
    const b = lane.run(task('101', 'narracion-2026-S1'), signal());
    const other = lane.run(task('202', 'narracion-2026-S1'), signal());
    await until(async () => (await lane.queue.getJobCounts('prioritized')).prioritized === 2);
    const next = lane.run(task('101', 'portada-2026-S1'), signal());
    await until(async () => (await lane.queue.getJobCounts('prioritized')).prioritized === 3);
    // The attached call took no ordinal: 101's next job is its 2nd.
    expect(ordinalOf((await lane.queue.getJob('101-portada-2026-S1'))!.priority)).toBe(2);
    await worker(new Map([['eco', e.fn]]));
    const [ra, rb] = await Promise.all([a, b, other, next]);
    expect(ra.files[0]!.data.equals(rb.files[0]!.data)).toBe(true);
    expect(e.calls).toHaveLength(3); // 101's narration once, 202's once, 101's cover once
    // A later call (a bot restarted before storing the output) gets the kept result, no new work.
    await lane.run(task('101', 'narracion-2026-S1'), signal());
    expect(e.calls).toHaveLength(3);
  });

  it('a failure keeps its error code; calling again is the deliberate retry (job.retry on the same id)', async () => {
    const { lane, worker } = setup();
    let calls = 0;
    await worker(new Map<string, StageFunction>([['eco', async () => {
      if (++calls === 1) throw new EngineError('SERVER_ERROR', 'el servidor falló', { status: 503 });
      return { output: 'ok', files: [] };
    }]]));
    const err = await lane.run(task('101', 'k1'), signal()).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('SERVER_ERROR');
    expect((err as EngineError).details.status).toBe(503);
    const job = await lane.queue.getJob('101-k1');
    expect(await job!.getState()).toBe('failed');
    expect((await lane.run(task('101', 'k1'), signal())).output).toBe('ok');
    expect(calls).toBe(2);
    expect((await lane.queue.getJobs(['completed', 'failed'])).map((j) => j.id)).toEqual(['101-k1']); // the same job, no second one
  });

  it('aborting a queued task removes its job; cancelRun removes the queued jobs of that run only', async () => {
    const { lane, prefix: lanePrefix } = setup();
    const ctl = new AbortController();
    const pending = lane.run(task('101', 'a'), ctl.signal);
    await until(async () => (await jobState(lane, '101-a')) === 'prioritized');
    ctl.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await jobState(lane, '101-a')).toBeUndefined();

    // Two calls for one job: cancelling the first does not cancel the second, which re-adds it.
    const first = new AbortController();
    const one = lane.run(task('101', 'x'), first.signal);
    const two = lane.run(task('101', 'x'), signal());
    await until(async () => (await jobState(lane, '101-x')) === 'prioritized');
    first.abort();
    await expect(one).rejects.toMatchObject({ code: 'CANCELLED' });
    await until(async () => (await jobState(lane, '101-x')) === 'prioritized' && lane.awaiting().includes('101-x'));
    const e = echo();
    const w = await startLaneWorker({ url: SHARED_REDIS_URL, prefix: lanePrefix, lane: 'gpu', catalogue: new Map([['eco', e.fn]]) });
    expect((await two).output).toEqual({ got: { n: 1 } });
    await w.close();

    const runs = [lane.run(task('101', 'b', 1, 'r1'), signal()), lane.run(task('101', 'c', 1, 'r1'), signal()), lane.run(task('101', 'd', 1, 'r2'), signal())];
    const settled = runs.map((p) => p.then(() => 'done', (e: { code?: string }) => e.code));
    await until(async () => (await lane.queue.getJobCounts('prioritized')).prioritized === 3);
    expect(await lane.cancelRun('101', 'r1')).toBe(2);
    expect(await settled[0]).toBe('CANCELLED');
    expect(await settled[1]).toBe('CANCELLED');
    expect(await jobState(lane, '101-d')).toBe('prioritized');
    // The survivor's ordinal moved up: it is the student's next job after the one that ran (x).
    expect(ordinalOf((await lane.queue.getJob('101-d'))!.priority)).toBe(2);
  });

  it('gives the position in the GPU queue and an ETA from the estimates', async () => {
    const { lane } = setup();
    const t = (s: string, k: string): LaneTask => ({ ...task(s, k), estimateMs: 60_000 });
    for (const k of ['a1', 'a2', 'a3']) void lane.run(t('101', k), signal()).catch(() => {});
    await until(async () => (await lane.queue.getJobCounts('prioritized')).prioritized === 3);
    void lane.run(t('202', 'b1'), signal()).catch(() => {});
    await until(async () => (await lane.queue.getJobCounts('prioritized')).prioritized === 4);
    // Fair order: 101's 1st, 202's 1st, 101's 2nd, 101's 3rd.
    expect(await lane.position({ student: '202', key: 'b1' })).toEqual({ state: 'waiting', position: 2, etaMs: 120_000 });
    expect(await lane.position({ student: '101', key: 'a3' })).toEqual({ state: 'waiting', position: 4, etaMs: 240_000 });
    expect(QUEUE.position(4, 240_000)).toBe('posición 4 · ~4 min');
  });
});

describe('BullMQ lane when Redis fails', () => {
  it('Redis restarted empty: the waiting call re-enqueues from its own record and gets its result once', async () => {
    const redis: OwnRedis = await ownRedis();
    cleanups.push(() => redis.stop()); // popped last: after the lane and worker closed
    const statuses: string[] = [];
    const { lane, worker } = setup(redis.url, { onStatus: (s) => statuses.push(s) });
    const pending = lane.run(task('101', 'portada-2026-S2', { week: 2 }), signal());
    await until(async () => (await jobState(lane, '101-portada-2026-S2')) === 'prioritized');
    await redis.stop();
    await until(() => statuses.includes('unreachable'));
    await redis.start(); // empty: the job is gone
    await until(() => statuses.includes('reachable'));
    expect(lane.awaiting()).toEqual(['101-portada-2026-S2']);
    const e = echo();
    await worker(new Map([['eco', e.fn]]));
    const result = await pending;
    expect(result.output).toEqual({ got: { week: 2 } });
    expect(e.calls).toEqual([{ week: 2 }]);
    expect(statuses).toEqual(['unreachable', 'reachable']);
  });

  it('Redis restarted empty: the lost jobs come back with their fair priorities, so a student already served still waits for the others', async () => {
    const redis: OwnRedis = await ownRedis();
    cleanups.push(() => redis.stop());
    const statuses: string[] = [];
    const { lane } = setup(redis.url, { onStatus: (s) => statuses.push(s) });
    const first = await startLaneWorker({ url: redis.url, prefix: lane.queue.opts.prefix!, lane: 'gpu', catalogue: new Map([['eco', echo().fn]]) });
    await lane.run(task('101', 'a1'), signal()); // 101 has had one GPU job
    await first.close();
    const pending = [lane.run(task('101', 'a2'), signal())];
    await until(async () => (await jobState(lane, '101-a2')) === 'prioritized');
    pending.push(lane.run(task('202', 'b1'), signal()));
    await until(async () => (await jobState(lane, '202-b1')) === 'prioritized');
    await redis.stop();
    await until(() => statuses.includes('unreachable'));
    await redis.start(); // empty: both jobs and the students' counts are gone
    await until(async () => (await lane.queue.getJobCounts('prioritized')).prioritized === 2);
    expect(ordinalOf((await lane.queue.getJob('101-a2'))!.priority)).toBe(2);
    expect(ordinalOf((await lane.queue.getJob('202-b1'))!.priority)).toBe(1);
    const order: string[] = [];
    const w = await startLaneWorker({ url: redis.url, prefix: lane.queue.opts.prefix!, lane: 'gpu', catalogue: new Map([['eco', echo().fn]]), onJob: (e) => void (e.type === 'started' && order.push(e.jobId)) });
    cleanups.push(() => w.close());
    await Promise.all(pending);
    expect(order).toEqual(['202-b1', '101-a2']);
  });

  it('Redis restarted empty: a job added again counts its wait from when it first waited, not from the re-add', async () => {
    // The wait places the student's next jobs in their bands (fair.ts): counting only from the re-add
    // sent students whose first job was lost to the back of the next round too (bench:clase, redis).
    const redis: OwnRedis = await ownRedis();
    cleanups.push(() => redis.stop());
    const statuses: string[] = [];
    const { lane } = setup(redis.url, { onStatus: (s) => statuses.push(s) });
    const pending = lane.run(task('303', 'c1'), signal());
    await until(async () => (await jobState(lane, '303-c1')) === 'prioritized');
    const firstAddedAt = (await lane.queue.getJob('303-c1'))!.timestamp;
    await redis.stop();
    await until(() => statuses.includes('unreachable'));
    await redis.start();
    await until(async () => (await jobState(lane, '303-c1')) === 'prioritized');
    expect((await lane.queue.getJob('303-c1'))!.timestamp).toBeGreaterThan(firstAddedAt);
    const w = await startLaneWorker({ url: redis.url, prefix: lane.queue.opts.prefix!, lane: 'gpu', catalogue: new Map([['eco', echo().fn]]) });
    cleanups.push(() => w.close());
    await pending;
    const processedOn = (await lane.queue.getJob('303-c1'))!.processedOn!;
    const client = new Redis(redis.url);
    cleanups.push(async () => void client.disconnect());
    const recorded = Number(await client.hget(fairKeys(lane.queue.opts.prefix!, queueName('gpu')).counts, 'wait:303'));
    expect(recorded).toBeGreaterThanOrEqual(processedOn - firstAddedAt);
  });

  it('Redis restarted empty while a worker runs the job: the lost completion is redone, the caller gets one result', async () => {
    const redis: OwnRedis = await ownRedis();
    cleanups.push(() => redis.stop());
    const statuses: string[] = [];
    const { lane, worker } = setup(redis.url, { onStatus: (s) => statuses.push(s) });
    let calls = 0;
    let open!: () => void;
    const gate = new Promise<void>((res) => (open = res));
    const workerStatuses: string[] = [];
    await worker(new Map<string, StageFunction>([['eco', async (input) => {
      calls++;
      await gate;
      return { output: input, files: [{ name: 'f', data: Buffer.from('uno') }] };
    }]]), (s) => workerStatuses.push(s));
    const pending = lane.run(task('101', 'narracion-2026-S4', { week: 4 }), signal());
    await until(() => calls === 1);
    await redis.stop();
    await until(() => statuses.includes('unreachable'));
    await redis.start();
    await until(() => statuses.includes('reachable') && workerStatuses.includes('reachable'));
    expect(workerStatuses).toEqual(['unreachable', 'reachable']);
    open(); // the worker finishes, but its job is gone from Redis
    const result = await pending;
    expect(result.output).toEqual({ week: 4 });
    expect(result.files[0]!.data.toString()).toBe('uno');
    expect(calls).toBe(2);
    expect((await lane.queue.getJobs(['completed'])).map((j) => j.id)).toEqual(['101-narracion-2026-S4']);
  });

  it('Redis unreachable: a typed error whose message is the one plain sentence of the chat', async () => {
    const port = await freePort(); // nothing listens there
    const err = await pingQueue(`redis://127.0.0.1:${port}`, 1_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueueUnavailableError);
    expect((err as QueueUnavailableError).code).toBe('QUEUE_UNAVAILABLE');
    expect((err as Error).message).toBe(QUEUE.unreachable());
    await expect(pingQueue(SHARED_REDIS_URL)).resolves.toBeUndefined();
  });
});
