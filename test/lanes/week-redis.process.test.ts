/**
 * The standard week with `REDIS_URL` (issue 15): the same week ("prepara la semana 2 con flux, con
 * mi voz": cards, a FLUX cover, an XTTS narration with the owner's recorded sample) runs twice against
 * the same local image and speech servers — once with in-process lanes, once with the GPU stages on a
 * `npm run trabajador` process (real Redis, its own data dir and scratch dir: nothing shared but
 * Redis). The PNG, WAV and MP3 files are byte-identical; the GPU stages really ran on the worker (its
 * own log, the sample travelled in the job), and every job was released once the bot stored it.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentService, IDEMPOTENCY_DIRNAME } from '../../src/agent/service.js';
import type { Config } from '../../src/config.js';
import { createFileIdempotencyStore } from '../../src/scheduler/idempotency.js';
import { createToolbox } from '../../src/tools/index.js';
import { createGpuQueue } from '../../src/lanes/routed.js';
import type { TaskEvent } from '../../src/scheduler/events.js';
import { configFor, tempDir } from '../agent/helpers.js';
import { startImageServer, startSpeechServer, testWav } from '../support/media-servers.js';
import { deletePrefix, SHARED_REDIS_URL, spawnNode, testPrefix, until } from './support.js';
import { compiled } from '../support/compiled.js';
import { runAnswering } from '../../src/agent/answering.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const TEXT = 'prepara la semana 2 con flux, narrada con mi voz';
const SAMPLE = testWav(2, 16_000);
/** The same clock in both runs (the cover's provenance records its creation time), like the same seeds. */
const NOW = new Date('2026-03-02T10:00:00Z');
const toolboxFor = (config: Config) => createToolbox({ config, idempotency: createFileIdempotencyStore(path.join(config.dataDir, IDEMPOTENCY_DIRNAME)), now: () => NOW });

/** Every PNG, WAV and MP3 under `dir` (the work folders aside), by relative path. */
async function outputs(dir: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !/\.(png|wav|mp3)$/.test(e.name)) continue;
    const rel = path.relative(dir, path.join(e.parentPath, e.name));
    if (rel.startsWith('trabajo') || rel === 'mi_voz.wav') continue;
    found.set(rel, await readFile(path.join(dir, rel)));
  }
  return found;
}

/** A data dir with the owner's voice consent and recorded sample. */
async function ownerDir(): Promise<string> {
  const t = await tempDir('cv-15d-');
  cleanups.push(t.cleanup);
  await mkdir(t.dir, { recursive: true });
  await writeFile(path.join(t.dir, 'mi_voz.wav'), SAMPLE);
  await writeFile(path.join(t.dir, 'consentimiento.json'), JSON.stringify({ titular: 'Ana Pérez', alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2099-12-31', voz: 'ana', muestra: 'mi_voz.wav', muestra_texto: 'Hola, soy Ana.' }));
  return t.dir;
}

describe('the standard week with REDIS_URL', () => {
  it('runs its GPU stages on a worker in another process, and its files are byte-identical to in-process', async () => {
    const images = await startImageServer('ok');
    const speech = await startSpeechServer('ok');
    cleanups.push(async () => { await images.close(); await speech.close(); });
    const env = { FLUX_URL: images.url, XTTS_URL: speech.url };

    // In-process lanes (no REDIS_URL).
    const localDir = await ownerDir();
    const localConfig = configFor(localDir, env);
    const local = await createAgentService({ config: localConfig, toolbox: await toolboxFor(localConfig) });
    const localEvents: TaskEvent[] = [];
    const a = await runAnswering(local, { runId: 'semana-local', text: TEXT, mode: 'agente', onEvent: (e) => { if (e.type === 'tarea') localEvents.push(e.event); } }, (a) => ({ approved: true, hash: a.proposal.hash }));
    expect(a.stopReason).toBe('end_turn');
    expect(localEvents.some((e) => e.type === 'finished' && e.taskId === 'portada.imagen' && e.lane === 'gpu')).toBe(true);
    const imageCalls = images.requests.length;
    const speechCalls = speech.requests.length;

    // REDIS_URL: a worker process with a data dir and a scratch dir of its own.
    const prefix = testPrefix();
    const workerDir = await tempDir('cv-15d-trabajador-');
    cleanups.push(workerDir.cleanup);
    const worker = spawnNode([compiled('trabajador'), '--carril', 'gpu', '--nombre', 'gpu-15d'], {
      REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix, ...env, CUADERNO_DATA_DIR: workerDir.dir, TMPDIR: workerDir.dir,
    });
    cleanups.push(worker.kill);
    await until(() => worker.out().includes('"ready"'), 1200);
    const gpu = createGpuQueue({ settings: { url: SHARED_REDIS_URL, prefix }, pollMs: 200 });
    cleanups.push(async () => { await gpu.close(); await deletePrefix(SHARED_REDIS_URL, prefix); });

    const redisDir = await ownerDir();
    const config = configFor(redisDir, { ...env, REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix });
    expect(config.queue).toEqual({ url: SHARED_REDIS_URL, prefix });
    const lanes = gpu.forStudent('1001');
    const remote = await createAgentService({ config, toolbox: await toolboxFor(config), lanesFor: lanes.lanesFor, gpuStatus: lanes.statusLine });
    const remoteEvents: TaskEvent[] = [];
    const b = await runAnswering(remote, { runId: 'semana-redis', text: TEXT, mode: 'agente', onEvent: (e) => { if (e.type === 'tarea') remoteEvents.push(e.event); } }, (a) => ({ approved: true, hash: a.proposal.hash }));
    expect(b.stopReason).toBe('end_turn');

    // The same graph ran (same stages, same lanes) …
    const ran = (events: TaskEvent[]) => events.filter((e) => e.type === 'finished').map((e) => `${e.taskId}:${e.lane}`).sort();
    expect(ran(remoteEvents)).toEqual(ran(localEvents));
    // … the GPU stages on the worker: its own log says so, once each.
    const log = worker.out();
    expect(log.match(/"type":"finished"[^\n]*"stage":"portada\.imagen"/g)).toHaveLength(1);
    expect(log.match(/"type":"finished"[^\n]*"stage":"narracion\.voz"/g)).toHaveLength(1);
    expect(images.requests.length - imageCalls).toBe(1);
    expect(speech.requests.length - speechCalls).toBe(1);
    // The owner's sample travelled in the job (no shared disk) and reached the speech server as in-process.
    const refOf = (r: { body: unknown }) => JSON.stringify(r.body);
    expect(refOf(speech.requests.at(-1)!)).toBe(refOf(speech.requests[speechCalls - 1]!));
    // Every job was released once its output was stored: nothing is left in Redis to collect.
    expect(await gpu.lane.queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'prioritized')).toEqual({ completed: 0, failed: 0, waiting: 0, active: 0, prioritized: 0 });
    // The worker's scratch folders are gone, and it wrote nothing into its data dir.
    expect((await readdir(workerDir.dir)).filter((n) => n.startsWith('cv-trabajador-'))).toEqual([]);

    // Byte-identical outputs.
    const want = await outputs(localDir);
    const got = await outputs(redisDir);
    expect([...want.keys()].map((k) => path.extname(k)).sort()).toEqual(['.mp3', '.png', '.wav']);
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [rel, bytes] of want) expect(got.get(rel)!.equals(bytes), rel).toBe(true);
  });
});
