/**
 * `npx tsx bench/lanes.ts` (needs Redis at REDIS_URL, default redis://127.0.0.1:6379): what the
 * BullMQ GPU lane costs and how fair it is, on this machine.
 * 1. Round trip of one no-op job (bot → Redis → worker → Redis → bot), one at a time: p50 / p95 ms.
 * 2. Throughput of 300 no-op jobs queued at once on 2 workers: jobs/s.
 * 3. A class: 30 students each queue a cover (40 ms) and a narration (120 ms) at the same instant,
 *    2 workers. Makespan ÷ (total work ÷ 2), fairness violations on the event log, Jain's index
 *    over the students' completion times — fair ordinals against plain arrival order.
 * Writes bench/results/lanes.json. Each run uses its own key prefix and deletes it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createBullMqLane } from '../src/lanes/bullmq-lane.js';
import { checkFairness, readQueueEvents } from '../src/lanes/fairness.js';
import { queueName } from '../src/lanes/redis.js';
import type { StageFunction } from '../src/lanes/types.js';
import { startLaneWorker } from '../src/lanes/worker.js';
import { writeFileAtomic } from '../src/lib/atomic.js';
import { jain, pct } from './support/stats.js';

const URL_ = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const here = path.dirname(fileURLToPath(import.meta.url));
/** A signal per call, as each run of the bot has its own. */
const signal = (): AbortSignal => new AbortController().signal;

const sleepStage = (ms: number): StageFunction => async (input) => {
  await new Promise((res) => setTimeout(res, ms));
  return { output: input, files: [] };
};

async function withLane<T>(fair: boolean, workers: number, stages: Record<string, StageFunction>, body: (lane: ReturnType<typeof createBullMqLane>, prefix: string) => Promise<T>): Promise<T> {
  const prefix = `cv-bench-${randomBytes(4).toString('hex')}`;
  const lane = createBullMqLane({ url: URL_, prefix, lane: 'gpu', fair, pollMs: 1000 });
  const ws = await Promise.all(Array.from({ length: workers }, (_, i) => startLaneWorker({ url: URL_, prefix, lane: 'gpu', catalogue: new Map(Object.entries(stages)), name: `b${i}` })));
  try {
    return await body(lane, prefix);
  } finally {
    await Promise.all(ws.map((w) => w.close()));
    await lane.close();
    const r = new Redis(URL_);
    const keys = await r.keys(`${prefix}:*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  }
}


async function roundTrip(): Promise<{ p50Ms: number; p95Ms: number }> {
  return withLane(true, 1, { noop: sleepStage(0) }, async (lane) => {
    const ms: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await lane.run({ student: '1', stage: 'noop', key: `rt${i}`, lane: 'gpu', input: i }, signal());
      ms.push(performance.now() - t);
    }
    return { p50Ms: +pct(ms, 0.5).toFixed(2), p95Ms: +pct(ms, 0.95).toFixed(2) };
  });
}

async function throughput(): Promise<{ jobs: number; jobsPerS: number }> {
  return withLane(true, 2, { noop: sleepStage(0) }, async (lane) => {
    const t = performance.now();
    await Promise.all(Array.from({ length: 300 }, (_, i) => lane.run({ student: String(1 + (i % 30)), stage: 'noop', key: `tp${i}`, lane: 'gpu', input: i }, signal())));
    return { jobs: 300, jobsPerS: +(300 / ((performance.now() - t) / 1000)).toFixed(1) };
  });
}

async function aClass(fair: boolean) {
  const COVER = 40;
  const VOICE = 120;
  return withLane(fair, 2, { cover: sleepStage(COVER), voice: sleepStage(VOICE) }, async (lane, prefix) => {
    const t0 = performance.now();
    const done = await Promise.all(Array.from({ length: 30 }, async (_, i) => {
      const student = String(1000 + i);
      await Promise.all([
        lane.run({ student, stage: 'voice', key: 'narracion-2026-S1', lane: 'gpu', input: i }, signal()),
        lane.run({ student, stage: 'cover', key: 'portada-2026-S1', lane: 'gpu', input: i }, signal()),
      ]);
      return performance.now() - t0;
    }));
    const makespan = Math.max(...done);
    const bound = (30 * (COVER + VOICE)) / 2;
    const r = new Redis(URL_);
    const fairness = checkFairness(await readQueueEvents(r, prefix, queueName('gpu')));
    r.disconnect();
    return {
      makespanMs: Math.round(makespan),
      lowerBoundMs: bound,
      ratio: +(makespan / bound).toFixed(3),
      studentP50Ms: Math.round(pct(done, 0.5)),
      studentP95Ms: Math.round(pct(done, 0.95)),
      jain: +jain(done).toFixed(3),
      violations: fairness.violations.length,
      started: fairness.started,
    };
  });
}

async function main(): Promise<void> {
  const results = { roundTrip: await roundTrip(), throughput: await throughput(), classFair: await aClass(true), classArrival: await aClass(false), node: process.version };
  console.table({ roundTrip: results.roundTrip, throughput: results.throughput });
  console.table({ fair: results.classFair, arrival: results.classArrival });
  await writeFileAtomic(path.join(here, 'results', 'lanes.json'), `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
