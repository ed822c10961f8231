/**
 * `npm run trabajador -- --carril gpu [--motores flux,xtts,transcripcion] [--concurrencia 1] [--nombre gpu-1]
 * [--bloqueo-ms 30000]`: a worker process of one lane. `--carril cpu` runs the CPU stages that can
 * leave the bot (the cover's prompt, the narration's script, watermark and MP3: remote-stage.ts
 * cpuRemoteStages) on its own thread, one job at a time by default (run one per core), and needs no engine. It needs only Redis (`REDIS_URL`, optional
 * `CUADERNO_COLA_PREFIJO`) and the engine servers it runs (`FLUX_URL`, `XTTS_URL`,
 * `TRANSCRIPCION_URL`, with `FLUX_MODEL`, `XTTS_MODEL`, `TRANSCRIPCION_MODELO`): it advertises in
 * Redis, with a heartbeat, exactly the engines whose address it has (lanes/adverts.ts), and the bot
 * offers those. The bot's request carries its timeout; no data directory — artifacts go back through the job result. Runs until
 * SIGTERM/SIGINT, then lets its running jobs finish. Exit 2 on misuse or configuration, with the fix.
 */
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { isCuadernoError } from './errors.js';
import { laneSettingsFromEnv } from './lanes/redis.js';
import type { EngineAdvert } from './lanes/adverts.js';
import { cpuRemoteStages, createCatalogueStages } from './lanes/remote-stage.js';
import { TRANSCRIPTION_STAGE, transcriptionStage } from './lanes/transcription-stage.js';
import type { StageCatalogue } from './lanes/types.js';
import { WORKER_ENGINES, WORKER_ENGINE_STAGES, type WorkerEngine } from './lanes/stages.js';
import { startLaneWorker } from './lanes/worker.js';
import { closePool } from './workers/pool.js';
import { WORKER } from './strings/console.js';

const USAGE = 'Uso: npm run trabajador -- --carril gpu [--motores flux,xtts,transcripcion] [--concurrencia 1] [--nombre NOMBRE] [--bloqueo-ms 30000]';

export interface WorkerArgs {
  lane: 'gpu' | 'cpu';
  engines: WorkerEngine[];
  concurrency: number;
  name: string;
  lockDurationMs: number;
}

/** Parses the flags; throws an Error whose message says what to fix (with the usage line). */
export function parseWorkerArgs(argv: string[]): WorkerArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      carril: { type: 'string' },
      motores: { type: 'string', default: WORKER_ENGINES.join(',') },
      concurrencia: { type: 'string', default: '1' },
      nombre: { type: 'string' },
      'bloqueo-ms': { type: 'string', default: '30000' },
    },
  });
  const lane = values.carril;
  if (lane !== 'gpu' && lane !== 'cpu') throw new Error(WORKER.lane(lane ?? '', USAGE));
  const engines = values.motores.split(',').map((s) => s.trim()).filter(Boolean);
  for (const e of engines) {
    if (!(WORKER_ENGINES as readonly string[]).includes(e)) throw new Error(WORKER.engines(WORKER_ENGINES, e, USAGE));
  }
  const concurrency = Number(values.concurrencia);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(WORKER.concurrency(String(values.concurrencia), USAGE));
  const lockDurationMs = Number(values['bloqueo-ms']);
  if (!Number.isInteger(lockDurationMs) || lockDurationMs < 1000) throw new Error(WORKER.lockMs(String(values['bloqueo-ms']), USAGE));
  return { lane, engines: engines as WorkerEngine[], concurrency, name: values.nombre ?? `${lane}-${hostname()}-${process.pid}`, lockDurationMs };
}

/**
 * The stages a worker runs for `engines` and what it advertises: only the engines whose address is
 * set on this machine (`FLUX_URL`, `XTTS_URL`, `TRANSCRIPCION_URL`), with their model names. The
 * engine URLs this machine reaches are the only addresses its stages ever call.
 */
export function workerEngines(engines: readonly WorkerEngine[], env: Readonly<Record<string, string | undefined>>): { catalogue: StageCatalogue; advert: Pick<EngineAdvert, 'engines' | 'models' | 'voices'> } {
  const val = (k: string) => env[k]?.trim() || undefined;
  const urls: Record<WorkerEngine, string | undefined> = { flux: val('FLUX_URL'), xtts: val('XTTS_URL'), transcripcion: val('TRANSCRIPCION_URL') };
  const modelVars: Record<WorkerEngine, string> = { flux: 'FLUX_MODEL', xtts: 'XTTS_MODEL', transcripcion: 'TRANSCRIPCION_MODELO' };
  const media = engines.filter((e) => e !== 'transcripcion');
  const catalogue = new Map(createCatalogueStages({
    stages: media.map((e) => WORKER_ENGINE_STAGES[e]),
    ...(urls.flux ? { fluxUrl: urls.flux } : {}),
    ...(urls.xtts ? { xttsUrl: urls.xtts } : {}),
  }));
  if (engines.includes('transcripcion')) {
    const timeoutMs = Number(val('MEDIA_TIMEOUT_MS')) || 120_000;
    catalogue.set(TRANSCRIPTION_STAGE, transcriptionStage({ timeoutMs, ...(urls.transcripcion ? { url: urls.transcripcion } : {}), ...(val('TRANSCRIPCION_MODELO') ? { model: val('TRANSCRIPCION_MODELO')! } : {}) }));
  }
  const served = engines.filter((e) => urls[e] !== undefined);
  const models: EngineAdvert['models'] = {};
  for (const e of served) {
    const m = val(modelVars[e]);
    if (m) models[e] = m;
  }
  return { catalogue, advert: { engines: served, models, voices: [] } };
}

/** What a `--carril cpu` worker runs and advertises: the CPU lane's remote stages, no engine. */
export function cpuWorkerStages(): { catalogue: StageCatalogue; advert: Pick<EngineAdvert, 'engines' | 'models' | 'voices'> } {
  return { catalogue: createCatalogueStages({ stages: cpuRemoteStages(), inThread: true }), advert: { engines: [], models: {}, voices: [] } };
}

async function main(): Promise<number> {
  let args: WorkerArgs;
  try {
    args = parseWorkerArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  const env = process.env;
  const settings = laneSettingsFromEnv(env);
  if (!settings) {
    process.stderr.write(`${WORKER.needsRedis}\n`);
    return 2;
  }
  // A CPU worker runs the CPU stages a class would otherwise queue on the bot (the cover's prompt,
  // the narration's script, watermark and MP3) and advertises its lane; it calls no engine.
  const { catalogue, advert } = args.lane === 'cpu' ? cpuWorkerStages() : workerEngines(args.engines, env);
  const worker = await startLaneWorker({
    url: settings.url,
    prefix: settings.prefix,
    lane: args.lane,
    catalogue,
    concurrency: args.concurrency,
    name: args.name,
    lockDurationMs: args.lockDurationMs,
    advert,
    onJob: (e) => process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), ...e })}\n`),
    onStatus: (redis) => process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), redis })}\n`),
  });
  process.stdout.write(`${JSON.stringify({ ready: args.name, lane: args.lane, stages: [...catalogue.keys()], engines: advert.engines })}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await worker.close();
  await closePool();
  return 0;
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isMain) {
  main()
    .then((code) => {
      process.exitCode = code;
    })
    .catch((e: unknown) => {
      process.stderr.write(`${isCuadernoError(e) ? e.message : `Error: ${e instanceof Error ? e.message : String(e)}`}\n`);
      process.exitCode = isCuadernoError(e) && e.code === 'CONFIG' ? 2 : 1;
    });
}
