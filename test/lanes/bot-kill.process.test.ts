/**
 * The bot killed while its GPU job runs: a new bot process asking for the same task attaches to the
 * existing job by id — no second job, the stage runs once, and the new process gets the result.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { readQueueEvents } from '../../src/lanes/fairness.js';
import { queueName } from '../../src/lanes/redis.js';
import type { LaneTask, StageFunction } from '../../src/lanes/types.js';
import { startLaneWorker } from '../../src/lanes/worker.js';
import { deletePrefix, SHARED_REDIS_URL, spawnNode, testPrefix, until, type NodeProc } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function botSide(env: Record<string, string>): NodeProc {
  const p = spawnNode(['test/lanes/bot-side.ts'], env);
  cleanups.push(p.kill);
  return p;
}

describe('bot killed while its GPU job runs', () => {
  it('the restarted bot attaches to the job by id: one job, one stage run, its result', async () => {
    const prefix = testPrefix();
    const redis = new Redis(SHARED_REDIS_URL);
    let calls = 0;
    let open!: () => void;
    const gate = new Promise<void>((res) => (open = res));
    const cover = Buffer.from('portada de la semana 3');
    const stage: StageFunction = async () => {
      calls++;
      await gate;
      return { output: { semana: 3 }, files: [{ name: 'portada.png', data: cover }] };
    };
    const worker = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue: new Map([['portada.imagen', stage]]) });
    cleanups.push(async () => {
      open();
      await worker.close();
      redis.disconnect();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    });
    const task: LaneTask = { student: '101', stage: 'portada.imagen', key: 'portada-2026-S3', lane: 'gpu', input: { semana: 3 } };
    const env = { REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix, LANE_TASK: JSON.stringify(task) };

    const first = botSide(env);
    await until(() => calls === 1, 1200);
    await first.kill();

    const second = botSide(env);
    await until(() => second.out().includes('"asking"'), 1200);
    open();
    await until(() => second.out().includes('"result"'), 1200);
    const line = JSON.parse(second.out().split('\n').find((l) => l.includes('"result"'))!) as { result: { output: unknown; files: string[][] } };
    expect(line.result).toEqual({ output: { semana: 3 }, files: [['portada.png', createHash('sha256').update(cover).digest('hex')]] });
    expect(calls).toBe(1);
    const events = await readQueueEvents(redis, prefix, queueName('gpu'));
    expect(events.filter((e) => e.event === 'added').map((e) => e.jobId)).toEqual(['101-portada-2026-S3']);
    expect(events.filter((e) => e.event === 'completed')).toHaveLength(1);
  });
});
