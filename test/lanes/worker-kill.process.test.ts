/**
 * Two `npm run trabajador` processes on one GPU lane (real Redis, a local image server speaking the
 * OpenAI-compatible protocol). The worker that takes the cover job is `kill -9`'d mid-request: the
 * other worker's stalled-job check takes the job over, and the bot side receives the cover once —
 * one completed job, one finished stage, the same pixels the server drew.
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullMqLane } from '../../src/lanes/bullmq-lane.js';
import { readQueueEvents } from '../../src/lanes/fairness.js';
import { queueName } from '../../src/lanes/redis.js';
import { MEDIA_STAGES } from '../../src/lanes/stages.js';
import { startImageServer, testPng } from '../support/media-servers.js';
import { deletePrefix, SHARED_REDIS_URL, spawnNode, testPrefix, until, type NodeProc } from './support.js';
import { compiled } from '../support/compiled.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

interface WorkerProc extends NodeProc {
  name: string;
}

function spawnWorker(name: string, env: Record<string, string>): WorkerProc {
  const p = spawnNode([compiled('trabajador'), '--carril', 'gpu', '--motores', 'flux', '--bloqueo-ms', '2000', '--nombre', name], env);
  cleanups.push(p.kill);
  return { ...p, name };
}

describe('GPU worker killed mid-job', () => {
  it('another worker finishes the job and the output appears exactly once', async () => {
    const prefix = testPrefix();
    const server = await startImageServer(['hang', 'ok']); // the first request never answers
    cleanups.push(() => server.close());
    const lane = createBullMqLane({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', pollMs: 200 });
    const redis = new Redis(SHARED_REDIS_URL);
    cleanups.push(async () => {
      await lane.close();
      redis.disconnect();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    });
    const env = { REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix, FLUX_URL: server.url, MEDIA_TIMEOUT_MS: '60000' };
    const workers = [spawnWorker('w1', env), spawnWorker('w2', env)];
    await until(() => workers.every((w) => w.out().includes('"ready"')), 1200);

    const pending = lane.run(
      { student: '101', stage: MEDIA_STAGES.coverImage, key: 'portada-2026-S3', lane: 'gpu', input: { entrada: { engine: 'flux', timeoutMs: 60_000, prompt: { text: 'cubismo' }, week: 3, seed: 42, width: 64, height: 48, raw: 'raw-imagen.png' }, archivos: {} } },
      new AbortController().signal,
    );
    await until(() => server.requests.length === 1 && workers.some((w) => w.out().includes('"started"')), 1200);
    const victim = workers.find((w) => w.out().includes('"started"'))!;
    const survivor = workers.find((w) => w !== victim)!;
    await victim.kill();

    const result = await pending;
    expect(result.files.map((f) => f.name)).toEqual(['raw-imagen.png']);
    // The server's image as it came (the bot's title stage decodes it), not its pixels.
    expect(result.output).toEqual({ raw: 'raw-imagen.png', width: 64, height: 48, encoded: 'png' });
    expect(Buffer.from(result.files[0]!.data).equals(testPng(64, 48))).toBe(true);

    expect(server.requests).toHaveLength(2); // the abandoned request and the finished one
    const events = (await readQueueEvents(redis, prefix, queueName('gpu'))).filter((e) => e.jobId === '101-portada-2026-S3');
    expect(events.filter((e) => e.event === 'completed')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'added')).toHaveLength(1);
    expect(survivor.out().match(/"finished"/g)).toHaveLength(1);
    expect(victim.out()).not.toContain('"finished"');
    expect((await lane.queue.getJob('101-portada-2026-S3'))!.processedBy).toBe(survivor.name);

    // A service manager's stop: the worker closes cleanly.
    const stopped = new Promise<number | null>((res) => survivor.proc.once('exit', (code) => res(code)));
    survivor.proc.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });

  it('without REDIS_URL or with a wrong flag the worker says what to fix and exits 2', async () => {
    for (const [args, env, says] of [
      [['--carril', 'gpu', '--motores', 'flux'], { FLUX_URL: 'http://127.0.0.1:1' }, /REDIS_URL/],
      [['--carril', 'tpu'], { REDIS_URL: SHARED_REDIS_URL }, /--carril/],
    ] as const) {
      const p = spawnNode([compiled('trabajador'), ...args], env);
      cleanups.push(p.kill);
      const code = await new Promise<number | null>((res) => p.proc.once('exit', (c) => res(c)));
      expect(code).toBe(2);
      expect(p.out()).toMatch(says);
    }
  });
});
