/**
 * The lane seam as this module sees it: a task of a lane (a named stage over JSON, with the
 * idempotency key of its inputs) goes in, the stage's JSON output and its files come out.
 * `LaneBackend` is the shape of the executor's lane seam (issue 11); `createBullMqLane` implements it
 * over BullMQ + Redis so the work runs in `npm run trabajador` processes anywhere Redis reaches.
 */

/** Plain JSON, what travels through Redis. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type LaneName = 'cpu' | 'gpu';

export interface LaneTask {
  /** Whose work: a Telegram user id in class mode, the owner's id otherwise. Digits only (it prefixes the job id). */
  student: string;
  /** Stage name in the worker's catalogue, e.g. `portada.imagen`. */
  stage: string;
  /** The stage's idempotency key (same inputs → same key): the job id is `<student>-<key>`. */
  key: string;
  lane: LaneName;
  /** The stage's JSON input. */
  input: Json;
  /** The run this task belongs to, so `/cancelar` can remove the run's queued jobs. */
  runId?: string;
  /** Planning estimate in ms (the ETA of a queued job uses it until real durations are known). */
  estimateMs?: number;
}

/** A file a stage produced; the bot writes it under its final name (atomically). */
export interface StageFile {
  name: string;
  data: Buffer;
}

export interface StageResult {
  output: Json;
  files: StageFile[];
}

/** What a stage function sees on the worker. */
export type StageFunction = (input: Json, signal: AbortSignal) => Promise<StageResult>;

/** Stage name → function: what a worker process knows how to run. */
export type StageCatalogue = ReadonlyMap<string, StageFunction>;

/** The executor's lane seam: run one task of this lane, resolve with its result. */
export interface LaneBackend {
  run(task: LaneTask, signal: AbortSignal): Promise<StageResult>;
}

/** Largest total of file bytes one job may carry back through Redis (base64 adds a third). */
export const MAX_RESULT_BYTES = 16 * 1024 * 1024;

/** The result as stored in Redis: files base64-encoded. */
export interface WireResult {
  output: Json;
  files: Array<{ name: string; base64: string }>;
}
