/**
 * The lanes on BullMQ + Redis (issue 15): a `LaneBackend` for the executor's lane seam, the worker
 * that runs stages for it anywhere Redis reaches, and what `/estado` and `cuaderno cola` show.
 *
 * How it is wired (main.ts is the only wiring):
 * - `config.queue` (config.ts reads `REDIS_URL` / `CUADERNO_COLA_PREFIJO` through
 *   `laneSettingsFromEnv`) → undefined: the in-process lanes, nothing changes.
 * - Otherwise main makes ONE `createGpuQueue` (routed.ts) for the process; each owner's agent service
 *   gets `forStudent(<owner id>)`'s `lanesFor` (the lanes of each run) and `statusLine` (/estado).
 * - `lanesFor` is a `LaneBackend` that routes by lane: CPU jobs (and GPU jobs whose stage cannot leave
 *   the process) take in-process p-queue slots; a GPU stage that declares its files in the catalogue
 *   (`files`) runs its function through `remoteStageExec` (remote-stage.ts) on a `npm run trabajador`
 *   process: file fields go as relative names, read files go base64 in the job, written files come
 *   back base64 and are written atomically at the bot's paths; `release()` after the checkpoint.
 * - The run's signal aborting (`/cancelar`) removes its queued jobs (`cancelRun`); while a run waits
 *   on an unreachable queue its chat gets `QUEUE.unreachable()` once (an `aviso`), then `reachable()`.
 */
export { createBullMqLane, type BullMqLane, type BullMqLaneOptions, type QueuePosition } from './bullmq-lane.js';
export { checkFairness, readQueueEvents, type FairnessReport, type QueueEvent } from './fairness.js';
export { inspectQueues, type QueueSnapshot } from './inspect.js';
export { jobIdFor, studentOfJobId } from './job-id.js';
export { etaMs } from './position.js';
export { laneSettingsFromEnv, pingQueue, queueName, type LaneSettings } from './redis.js';
export { MEDIA_STAGES, WORKER_ENGINES, WORKER_ENGINE_STAGES, type WorkerEngine } from './stages.js';
export { createCatalogueStages, isRemoteStage, laneKey, remoteStageExec, type RemoteStageInput } from './remote-stage.js';
export { createGpuQueue, type GpuQueue, type StudentLanes } from './routed.js';
export { startLaneWorker, type LaneWorker, type LaneWorkerOptions } from './worker.js';
export { MAX_RESULT_BYTES, type Json, type LaneBackend, type LaneName, type LaneTask, type StageCatalogue, type StageFile, type StageFunction, type StageResult } from './types.js';
