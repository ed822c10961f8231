/**
 * `cuaderno cola [--json]` against real Redis: the queue counts, the connected worker by name, and
 * per student the started, waiting and running GPU jobs; the in-process answer without REDIS_URL;
 * the plain sentence and exit 1 when Redis does not answer.
 */
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { CONFIG_HOME_ENV } from '../support/test-env.js';
import { createBullMqLane } from '../../src/lanes/bullmq-lane.js';
import type { StageFunction } from '../../src/lanes/types.js';
import { startLaneWorker } from '../../src/lanes/worker.js';
import { QUEUE } from '../../src/strings/chat.js';
import { deletePrefix, freePort, SHARED_REDIS_URL, testPrefix, until } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function cola(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d: Buffer) => (stdout += d.toString()));
  err.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await runCli(['cola', ...args], { stdout: out, stderr: err, stdin: Readable.from([]), env: { ...CONFIG_HOME_ENV, ...env } });
  return { code, stdout, stderr };
}

describe('cuaderno cola', () => {
  it('shows queues, workers and jobs per student', async () => {
    const prefix = testPrefix();
    const lane = createBullMqLane({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', pollMs: 200 });
    let open!: () => void;
    const gate = new Promise<void>((res) => (open = res));
    const held: StageFunction = async () => {
      await gate;
      return { output: null, files: [] };
    };
    const worker = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue: new Map([['gpu', held]]), name: 'gpu-aula-1' });
    cleanups.push(async () => {
      open();
      await worker.close();
      await lane.close();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    });
    const s = new AbortController().signal;
    const runs = [
      lane.run({ student: '101', stage: 'gpu', key: 'j1', lane: 'gpu', input: 1 }, s),
      lane.run({ student: '101', stage: 'gpu', key: 'j2', lane: 'gpu', input: 2 }, s),
      lane.run({ student: '202', stage: 'gpu', key: 'j1', lane: 'gpu', input: 3 }, s),
    ];
    await until(async () => (await lane.queue.getJobCounts('active')).active === 1);

    const env = { REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix };
    const json = await cola(['--json'], env);
    expect(json.code).toBe(0);
    const snap = JSON.parse(json.stdout) as { modo: string; queues: Array<{ name: string; counts: Record<string, number> }>; workers: Array<{ name: string }>; students: unknown[] };
    expect(snap.modo).toBe('redis');
    expect(snap.queues.find((q) => q.name === 'carril-gpu')!.counts).toMatchObject({ waiting: 2, active: 1, completed: 0, failed: 0 });
    expect(snap.workers.map((w) => w.name)).toEqual(['gpu-aula-1']);
    expect(snap.students).toEqual([
      { student: '101', started: 1, waiting: 1, active: 1, completed: 0, failed: 0 },
      { student: '202', started: 0, waiting: 1, active: 0, completed: 0, failed: 0 },
    ]);
    const text = await cola([], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(QUEUE.cliStudent('101', 1, 1, 1));
    expect(text.stdout).toContain('gpu-aula-1');
    open();
    await Promise.all(runs);
  });

  it('without REDIS_URL says the work runs inside the bot; unreachable Redis: one sentence, exit 1', async () => {
    expect(await cola([], {})).toEqual({ code: 0, stdout: `${QUEUE.cliInProcess()}\n`, stderr: '' });
    expect(JSON.parse((await cola(['--json'], {})).stdout)).toEqual({ modo: 'en-proceso' });
    const port = await freePort();
    expect(await cola([], { REDIS_URL: `redis://127.0.0.1:${port}` })).toEqual({ code: 1, stdout: '', stderr: `${QUEUE.unreachable()}\n` });
    expect((await cola(['--sin-esto'], {})).code).toBe(2);
  });
});
