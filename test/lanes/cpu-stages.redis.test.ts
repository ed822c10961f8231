/**
 * Issue 41, item 2: with `REDIS_URL` and a `--carril cpu` worker advertised, the narration's
 * watermark and MP3 (the CPU stages that declare their files) run on the worker, not on the bot:
 * the worker's own job log has them, and the files land at the bot's paths byte-identical to an
 * in-process run. Without a CPU worker they run on the bot as before.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGpuQueue } from '../../src/lanes/routed.js';
import { startLaneWorker } from '../../src/lanes/worker.js';
import type { StageFunction } from '../../src/lanes/types.js';
import { bindStages } from '../../src/tools/stages/bind.js';
import { stagesOf } from '../../src/tools/stages/catalogue.js';
import type { StageTask } from '../../src/tools/contract.js';
import { createInProcessLanes, type LaneBackend } from '../../src/scheduler/lanes.js';
import { cpuWorkerStages } from '../../src/trabajador.js';
import { closePool } from '../../src/workers/pool.js';
import { tempDir } from '../agent/helpers.js';
import { testWav } from '../support/media-servers.js';
import { deletePrefix, SHARED_REDIS_URL, testPrefix, until } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const INFO = { ICMT: 'marca', ISFT: 'prueba', ICRD: '2026-03-02', INAM: 'Semana 2 — resumen narrado' };

/** The narration's watermark and MP3 of one call, bound in `work` (as narrar_resumen binds them). */
function narrationTail(work: string): StageTask[] {
  const specs = stagesOf('narrar_resumen').filter((s) => s.name === 'marca' || s.name === 'codificar');
  return bindStages(specs, { key: 'narracion-2026-S2', work, input: { marca: { engine: 'xtts', wav: path.join(work, 'narracion.wav'), info: INFO }, codificar: { mp3: path.join(work, 'narracion.mp3') } } });
}

/** Runs the two stages through `backend` as the executor does (a lane job each, in order). */
async function runTail(backend: LaneBackend, work: string): Promise<{ wav: Buffer; mp3: Buffer }> {
  await mkdir(work, { recursive: true });
  await writeFile(path.join(work, 'voz.pcm'), testWav(4).subarray(44));
  const outputs: Record<string, unknown> = { voz: { raw: path.join(work, 'voz.pcm'), sampleRate: 24_000 } };
  const signal = new AbortController().signal;
  for (const s of narrationTail(work)) {
    await backend.run({
      taskId: s.id, lane: s.lane, priority: 0, stage: { id: s.id, input: s.input, key: s.key },
      run: async () => {
        const prev = Object.fromEntries(s.deps.map((d) => [d, outputs[d]]));
        outputs[s.name] = await s.run(prev, signal, backend.exec?.(s.lane, s.id));
      },
    });
  }
  return { wav: await readFile(path.join(work, 'narracion.wav')), mp3: await readFile(path.join(work, 'narracion.mp3')) };
}

async function queueWith(cpuWorker: boolean) {
  const prefix = testPrefix();
  const gpu = createGpuQueue({ settings: { url: SHARED_REDIS_URL, prefix }, pollMs: 200, advertsCacheMs: 0 });
  const ran: string[] = [];
  if (cpuWorker) {
    const { catalogue, advert } = cpuWorkerStages();
    const w = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'cpu', catalogue, advert, name: 'cpu-prueba', onJob: (e) => { if (e.type === 'finished') ran.push(e.stage); } });
    cleanups.push(() => w.close());
  }
  cleanups.push(async () => {
    await gpu.close();
    await deletePrefix(SHARED_REDIS_URL, prefix);
  });
  return { gpu, ran };
}

describe('the CPU lane on the queue', () => {
  it('runs the narration watermark and MP3 on a CPU worker, the files byte-identical to the bot’s', async () => {
    const t = await tempDir('cv-41-cpu-');
    cleanups.push(async () => { await closePool(); await t.cleanup(); });
    const here = await runTail(createInProcessLanes({ cpu: 2, gpu: 1 }), path.join(t.dir, 'local'));

    const { gpu, ran } = await queueWith(true);
    const lanes = gpu.forStudent('1001').lanesFor('semana-2', { cpu: 2, gpu: 1 });
    const there = await runTail(lanes, path.join(t.dir, 'cola'));
    expect(ran).toEqual(['narracion.marca', 'narracion.codificar']);
    expect(there.wav.equals(here.wav)).toBe(true);
    expect(there.mp3.equals(here.mp3)).toBe(true);
    // Every job was released once the bot stored its output.
    expect(await gpu.cpuLane.queue.getJobCounts('completed')).toEqual({ completed: 0 });
    await rm(path.join(t.dir, 'cola'), { recursive: true, force: true });
  }, 60_000);

  it('runs them on the bot while no CPU worker is advertised', async () => {
    const t = await tempDir('cv-41-cpu-');
    cleanups.push(async () => { await closePool(); await t.cleanup(); });
    const { gpu } = await queueWith(false);
    const lanes = gpu.forStudent('1001').lanesFor('semana-2', { cpu: 2, gpu: 1 });
    const { mp3 } = await runTail(lanes, path.join(t.dir, 'cola'));
    expect(mp3.length).toBeGreaterThan(0);
    expect(await gpu.cpuLane.queue.getJobCounts('completed', 'waiting', 'active')).toEqual({ completed: 0, waiting: 0, active: 0 });
  }, 60_000);

  it('takes what feeds a card (the prompt, the script) before what follows one (the watermark, the MP3)', async () => {
    const { gpu } = await queueWith(false);
    const signal = new AbortController().signal;
    const task = (stage: string, student: string) => ({ student, stage, key: `${stage}-1`, lane: 'cpu' as const, input: null });
    // Before any worker: two tails, then a prompt and a script.
    const runs = [gpu.cpuLane.run(task('narracion.codificar', '1001'), signal), gpu.cpuLane.run(task('narracion.marca', '1002'), signal)];
    runs.push(gpu.cpuLane.run(task('portada.prompt', '1003'), signal), gpu.cpuLane.run(task('narracion.guion', '1004'), signal));
    await until(async () => (await gpu.cpuLane.queue.getJobCounts('prioritized')).prioritized === 4);
    const done: StageFunction = async () => ({ output: null, files: [] });
    const catalogue = new Map(['narracion.codificar', 'narracion.marca', 'portada.prompt', 'narracion.guion'].map((id) => [id, done]));
    const w = await startLaneWorker({ url: SHARED_REDIS_URL, prefix: gpu.cpuLane.queue.opts.prefix!, lane: 'cpu', catalogue });
    cleanups.push(() => w.close());
    await Promise.all(runs);
    const order = (await gpu.cpuLane.queue.getJobs(['completed'])).sort((a, b) => a.processedOn! - b.processedOn! || a.finishedOn! - b.finishedOn!).map((j) => j.name);
    expect(order).toEqual(['portada.prompt', 'narracion.guion', 'narracion.codificar', 'narracion.marca']);
  }, 60_000);
});
