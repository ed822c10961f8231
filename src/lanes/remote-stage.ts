/**
 * A catalogue stage that runs in another process with no shared filesystem (issue 15).
 *
 * - Bot side (`remoteStageExec`): the stage's full JSON input goes out with its file fields (the
 *   catalogue's `files`) rewritten to plain relative names; the files it reads (`in`) travel base64
 *   in the job's input. The files it wrote (`out`) come back base64 in the job result and are written
 *   atomically at the paths the bot's own input named; in the output, each relative name becomes the
 *   bot's path again. So the bot's checkpoint and the next stages see exactly what an in-process run
 *   gives them.
 * - Worker side (`createCatalogueStages`): the SAME catalogue function (`runStageFunction`) runs in a
 *   scratch folder of its own, where the relative names resolve; the folder is removed afterwards.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CuadernoError, EngineError } from '../errors.js';
import { writeOutput } from '../store/outputs.js';
import type { StageExec } from '../tools/contract.js';
import { runStageFunction } from '../tools/stages/bind.js';
import { STAGE_FUNCTIONS } from '../tools/stages/functions.js';
import { STAGE_CATALOGUE, stageDecl } from '../tools/stages/catalogue.js';
import type { BullMqLane } from './bullmq-lane.js';
import type { Json, LaneName, StageCatalogue, StageFunction } from './types.js';
import { FAULT } from '../strings/log.js';
import { WORKER } from '../strings/console.js';

/** The job input of a remote stage: the stage's input (file fields as relative names) and the files it reads. */
export interface RemoteStageInput {
  entrada: { [key: string]: Json };
  archivos: { [name: string]: string };
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
/** Fields that hold an engine's address (`fluxUrl`, `xttsUrl`, `url`): never in a job. */
const URL_FIELD = /url$/i;

/** The engines each remote stage may name, exactly (`"Flux"` is not `"flux"`), and which need the worker's URL. */
const STAGE_ENGINES: Readonly<Record<string, { engines: readonly string[]; remote: string; url: 'fluxUrl' | 'xttsUrl' }>> = Object.freeze({
  'portada.imagen': { engines: ['maqueta', 'flux'], remote: 'flux', url: 'fluxUrl' },
  'narracion.voz': { engines: ['juguete', 'xtts'], remote: 'xtts', url: 'xttsUrl' },
});

/** Bounds of a job's numbers: a request never runs longer than 10 minutes, an image is at most 2048². */
export const JOB_BOUNDS = Object.freeze({ timeoutMs: 600_000, side: 2_048 });

/**
 * A job's `entrada` checked on the worker before anything runs: no address of any engine, an exact
 * engine the stage knows (and that this worker serves), bounded timeout and sizes. Returns the
 * engine URL the stage must use — the worker's own, or none.
 */
function checkJob(id: string, entrada: Record<string, unknown>, own: { fluxUrl?: string; xttsUrl?: string }): { field: 'fluxUrl' | 'xttsUrl'; url: string } | undefined {
  const bad = (field: string, why: string) => new CuadernoError('VALIDATION', WORKER.badJob(id, why), { field, stage: id });
  for (const k of Object.keys(entrada)) if (URL_FIELD.test(k)) throw bad(k, WORKER.urlInJob(k));
  if (entrada.timeoutMs !== undefined && !(Number.isSafeInteger(entrada.timeoutMs) && (entrada.timeoutMs as number) > 0 && (entrada.timeoutMs as number) <= JOB_BOUNDS.timeoutMs)) {
    throw bad('timeoutMs', WORKER.intRange('timeoutMs', JOB_BOUNDS.timeoutMs));
  }
  for (const f of ['width', 'height']) {
    if (entrada[f] !== undefined && !(Number.isSafeInteger(entrada[f]) && (entrada[f] as number) > 0 && (entrada[f] as number) <= JOB_BOUNDS.side)) throw bad(f, WORKER.intRange(f, JOB_BOUNDS.side));
  }
  const spec = STAGE_ENGINES[id];
  if (!spec) return undefined;
  if (typeof entrada.engine !== 'string' || !spec.engines.includes(entrada.engine)) {
    throw bad('engine', WORKER.engineOneOf(spec.engines, String(JSON.stringify(entrada.engine))));
  }
  if (entrada.engine !== spec.remote) return undefined;
  const url = own[spec.url];
  if (!url) throw new EngineError('ENGINE_UNAVAILABLE', WORKER.notServed(spec.remote, spec.url === 'fluxUrl' ? 'FLUX_URL' : 'XTTS_URL'), { stage: id, engine: spec.remote });
  return { field: spec.url, url };
}

/** Catalogue stages that can run in another process: those that declare their file fields. */
export function isRemoteStage(id: string): boolean {
  return STAGE_CATALOGUE.some((d) => d.id === id && d.files !== undefined);
}

/**
 * The queue a remote stage goes to: its engine's stages (`motor`: the image, the speech) the GPU
 * lane's, its CPU work (the cover's prompt, the narration's script, watermark and MP3) the CPU lane's.
 */
export function remoteLaneOf(id: string): LaneName {
  return stageDecl(id).lane === 'cpu' ? 'cpu' : 'gpu';
}

/**
 * Whether a stage's output feeds an engine stage of its tool (the cover's prompt → the image, the
 * narration's script → the speech): on the CPU queue it goes before the work that follows a card's
 * (the title, the watermark, the MP3), so a card never waits for it behind a class's tails.
 */
export function feedsEngine(id: string): boolean {
  const d = stageDecl(id);
  return STAGE_CATALOGUE.some((o) => o.tool === d.tool && o.lane === 'motor' && o.deps.includes(d.name));
}

/** The CPU stages a `--carril cpu` worker runs: the remote stages of the CPU lane. */
export function cpuRemoteStages(): string[] {
  return STAGE_CATALOGUE.filter((d) => d.files && d.lane === 'cpu').map((d) => d.id);
}

/**
 * The stage's idempotency key as a lane key: `portada-2026-S3/imagen` → `portada-2026-S3~2fimagen`.
 * Characters a job id may not hold become `~` + hex (and `~` itself too), so distinct keys stay distinct.
 */
export function laneKey(key: string): string {
  return key.replace(/[^A-Za-z0-9._=+-]/g, (c) => `~${c.charCodeAt(0).toString(16)}`);
}

/**
 * A file field's value: `raw` is the input's own field, `imagen.raw` the field `raw` of the
 * dependency output `imagen` (a CPU stage reads the file its previous stage wrote).
 */
function fieldAt(input: Readonly<Record<string, unknown>>, field: string): unknown {
  let v: unknown = input;
  for (const k of field.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** `input` with `field` (dotted) set to `value`; the objects on the way are copied, never changed. */
function withField(input: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = field.split('.');
  if (rest.length === 0) return { ...input, [head!]: value };
  const inner = input[head!];
  return { ...input, [head!]: withField(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), value) };
}

/** `value` with every string that is a key of `map` replaced by its value, at any depth. */
function renamed(value: unknown, map: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return map.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => renamed(v, map));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renamed(v, map)]));
  return value;
}

function fileFields(id: string): { out: readonly string[]; in: readonly string[] } {
  const files = stageDecl(id).files;
  if (!files) throw new CuadernoError('INTERNAL', FAULT.stageWithoutFiles(id), { stage: id });
  return { out: files.out, in: files.in ?? [] };
}

export interface RemoteStageOptions {
  lane: Pick<BullMqLane, 'run' | 'release'>;
  /** Whose work: the owner's Telegram user id (digits). */
  student: string;
  /** The run, so `/cancelar` can remove its queued jobs. */
  runId?: string;
}

/** The bot's side: runs catalogue stages on the lane's workers and stores their files here. */
export function remoteStageExec(opts: RemoteStageOptions): StageExec {
  return {
    async run(stage, signal) {
      const fields = fileFields(stage.id);
      let entrada = { ...(stage.input as Record<string, Json>) };
      const back = new Map<string, string>(); // relative name → the bot's path
      const archivos: Record<string, string> = {};
      for (const f of [...fields.out, ...fields.in]) {
        const p = fieldAt(entrada, f);
        if (typeof p !== 'string') continue;
        const name = `${f}-${path.basename(p).replace(/[^A-Za-z0-9._-]/g, '_')}`;
        entrada = withField(entrada, f, name) as Record<string, Json>;
        if (fields.in.includes(f)) archivos[name] = (await readFile(p)).toString('base64');
        else back.set(name, p);
      }
      // A job never carries an engine's address: each worker calls its own engines.
      for (const k of Object.keys(entrada)) if (URL_FIELD.test(k)) delete entrada[k];
      const decl = stageDecl(stage.id);
      const input: RemoteStageInput = { entrada, archivos };
      const result = await opts.lane.run(
        { student: opts.student, stage: stage.id, key: laneKey(stage.key), lane: remoteLaneOf(stage.id), input: input as unknown as Json, estimateMs: decl.estimateMs, ...(opts.runId ? { runId: opts.runId } : {}) },
        signal,
      );
      for (const [name, target] of back) {
        const file = result.files.find((f) => f.name === name);
        if (!file) throw new EngineError('ENGINE_BAD_RESPONSE', WORKER.missingFile(stage.id, name), { stage: stage.id, field: 'files' });
        await mkdir(path.dirname(target), { recursive: true });
        await writeOutput(target, file.data);
      }
      return renamed(result.output, back);
    },
    async stored(stage) {
      // The output is on disk with its checkpoint: the job may go. Redis away: it stays, harmless.
      await opts.lane.release({ student: opts.student, key: laneKey(stage.key) }).catch(() => undefined);
    },
  };
}

export interface CatalogueStageOptions {
  /** Catalogue ids this worker runs; default the GPU lane's remote stages (a CPU worker names cpuRemoteStages()). */
  stages?: readonly string[];
  /** Engine URLs as this worker's machine reaches them: the only addresses its stages ever call. */
  fluxUrl?: string;
  xttsUrl?: string;
  /**
   * Run each function on this process's own thread, not on its worker pool: a CPU worker is a
   * process for this work alone (one job at a time; one process per core), and a pool thread it
   * started and ended between jobs cost more than the work (its modules loaded again each time).
   */
  inThread?: boolean;
}

/** The worker's side: the catalogue's stage functions over a scratch folder of their own. */
export function createCatalogueStages(opts: CatalogueStageOptions = {}): StageCatalogue {
  const ids = opts.stages ?? STAGE_CATALOGUE.filter((d) => d.files && remoteLaneOf(d.id) === 'gpu').map((d) => d.id);
  const stages = new Map<string, StageFunction>();
  for (const id of ids) {
    const fields = fileFields(id);
    stages.set(id, async (wire, signal) => {
      const { entrada, archivos } = (wire ?? {}) as unknown as Partial<RemoteStageInput>;
      if (!entrada || typeof entrada !== 'object' || !archivos || typeof archivos !== 'object') {
        throw new CuadernoError('VALIDATION', WORKER.noInput(id), { field: 'entrada', stage: id });
      }
      const scratch = await mkdtemp(path.join(tmpdir(), 'cv-trabajador-'));
      try {
        // Checked before anything runs or is written: the job's engine, sizes, and no URL of its own.
        const engineUrl = checkJob(id, entrada, opts);
        let input: Record<string, unknown> = { ...entrada };
        const toName = new Map<string, string>(); // scratch path → relative name
        const safe = (name: unknown, field: string): string => {
          if (typeof name !== 'string' || !SAFE_NAME.test(name)) throw new CuadernoError('VALIDATION', WORKER.plainName(field, id), { field, stage: id });
          return name;
        };
        for (const [name, b64] of Object.entries(archivos)) await writeFile(path.join(scratch, safe(name, 'archivos')), Buffer.from(String(b64), 'base64'));
        for (const f of [...fields.out, ...fields.in]) {
          const name = fieldAt(input, f);
          if (name === undefined) continue;
          const full = path.join(scratch, safe(name, f));
          toName.set(full, name as string);
          input = withField(input, f, full);
        }
        if (engineUrl) input[engineUrl.field] = engineUrl.url;
        const output = opts.inThread ? await STAGE_FUNCTIONS[id]!(input as never, signal) : await runStageFunction(id, input, signal);
        const files = [];
        for (const f of fields.out) {
          const name = fieldAt(entrada, f);
          if (typeof name === 'string') files.push({ name, data: await readFile(path.join(scratch, name)) });
        }
        return { output: renamed(output, toName) as Json, files };
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    });
  }
  return stages;
}
