/**
 * What the chat sees of the shared GPU queue (issue 15, REDIS_URL): `/estado`'s line for a run whose
 * GPU stages wait ("posición 1 · ~N min"), `/cancelar` removing them from the queue, and Redis going
 * away mid-run — the run's chat gets the one plain sentence, then the other when it is back, the jobs
 * lost with the empty restart are queued again and the week completes on a worker started afterwards.
 * Real Redis (a private server for the restart), a real worker process, local engine servers.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import type { RunEvent } from '../../src/agent/types.js';
import { createGpuQueue, type GpuQueue } from '../../src/lanes/routed.js';
import { QUEUE } from '../../src/strings/chat.js';
import { configFor, tempDir } from '../agent/helpers.js';
import { startImageServer, startSpeechServer } from '../support/media-servers.js';
import { deletePrefix, ownRedis, SHARED_REDIS_URL, spawnNode, testPrefix, until } from './support.js';
import { compiled } from '../support/compiled.js';
import { runAnswering } from '../../src/agent/answering.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const TEXT = 'prepara la semana 3 con flux, narrada con mi voz';

async function setup(url: string, prefix: string) {
  const images = await startImageServer('ok');
  const speech = await startSpeechServer('ok');
  cleanups.push(async () => { await images.close(); await speech.close(); });
  const t = await tempDir('cv-15d-cola-');
  cleanups.push(t.cleanup);
  await mkdir(t.dir, { recursive: true });
  await writeFile(path.join(t.dir, 'consentimiento.json'), JSON.stringify({ titular: 'Ana Pérez', alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2099-12-31', voz: 'ana' }));
  const env = { FLUX_URL: images.url, XTTS_URL: speech.url };
  const gpu = createGpuQueue({ settings: { url, prefix }, pollMs: 200 });
  cleanups.push(() => gpu.close());
  const lanes = gpu.forStudent('2002');
  const service = await createAgentService({ config: configFor(t.dir, { ...env, REDIS_URL: url, CUADERNO_COLA_PREFIJO: prefix }), lanesFor: lanes.lanesFor, gpuStatus: lanes.statusLine });
  return { env, gpu, service, images, speech };
}

const queued = async (gpu: GpuQueue): Promise<number> => {
  const c = await gpu.lane.queue.getJobCounts('waiting', 'prioritized');
  return (c.waiting ?? 0) + (c.prioritized ?? 0);
};

describe('the GPU queue seen from the chat', () => {
  it('/estado shows the place in the queue and /cancelar removes the run’s queued GPU jobs', async () => {
    const prefix = testPrefix();
    cleanups.push(() => deletePrefix(SHARED_REDIS_URL, prefix));
    const { gpu, service, images } = await setup(SHARED_REDIS_URL, prefix);
    const controller = new AbortController();
    // No worker is running: the cover and the narration wait in the queue.
    const done = runAnswering(service, { runId: 'cola-1', text: TEXT, mode: 'agente', signal: controller.signal }, (a) => ({ approved: true, hash: a.proposal.hash }));
    await until(async () => (await queued(gpu)) === 2, 1200);
    expect(await service.gpuStatus!('cola-1')).toMatch(/^posición 1 · ~\d+ min$/);
    expect(await service.gpuStatus!('otra')).toBeUndefined();

    controller.abort(); // what /cancelar does
    const out = await done;
    expect(out.stopReason).toBe('cancelado');
    expect(await queued(gpu)).toBe(0);
    expect(await gpu.lane.queue.getJobCounts('completed', 'active', 'failed')).toEqual({ completed: 0, active: 0, failed: 0 });
    expect(images.requests).toHaveLength(0);
    expect(await service.gpuStatus!('cola-1')).toBeUndefined();
  });

  it('Redis away mid-run: the chat hears it in one sentence, and the week completes once it is back', async () => {
    const redis = await ownRedis();
    cleanups.push(() => redis.stop());
    const prefix = testPrefix();
    const { env, gpu, service } = await setup(redis.url, prefix);
    const notices: string[] = [];
    const onEvent = (e: RunEvent): void => { if (e.type === 'aviso') notices.push(e.text); };
    const done = runAnswering(service, { runId: 'cola-2', text: TEXT, mode: 'agente', onEvent }, (a) => ({ approved: true, hash: a.proposal.hash }));
    await until(async () => (await queued(gpu)) === 2, 1200);

    await redis.stop();
    await until(() => notices.length === 1, 1200);
    expect(notices).toEqual([QUEUE.unreachable()]);
    expect(await service.gpuStatus!('cola-2')).toBe(QUEUE.unreachable());

    // Back, but empty (it keeps nothing on disk): the bot queues its jobs again from its own record.
    await redis.start();
    await until(() => notices.length === 2, 1200);
    expect(notices[1]).toBe(QUEUE.reachable());
    await until(async () => (await queued(gpu)) === 2, 1200);
    const worker = spawnNode([compiled('trabajador'), '--carril', 'gpu', '--nombre', 'gpu-15d-b'], { REDIS_URL: redis.url, CUADERNO_COLA_PREFIJO: prefix, ...env });
    cleanups.push(worker.kill);
    const out = await done;
    expect(out.stopReason).toBe('end_turn');
    expect(out.artifacts.map((a) => path.extname(a.path)).sort()).toEqual(['.png', '.wav']);
    expect(worker.out().match(/"type":"finished"/g)).toHaveLength(2);
  });
});
