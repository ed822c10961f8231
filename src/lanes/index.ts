/**
 * The lanes on BullMQ + Redis (issue 15): a `LaneBackend` for the executor's lane seam, the worker
 * that runs stages for it anywhere Redis reaches, and what `/estado` and `cuaderno cola` show.
 *
 * Plugging in (main.ts is the only wiring):
 * - `laneSettingsFromEnv(env)` → undefined without `REDIS_URL`: keep the in-process lanes.
 * - Otherwise `createBullMqLane({ ...settings, lane: 'gpu', onStatus })` is the GPU lane's backend;
 *   `onStatus('unreachable')` → say `QUEUE.unreachable()` once in the chat (runs wait, nothing lost).
 * - Each GPU task becomes a `LaneTask`: `student` (digits), `stage` (a name in the workers'
 *   catalogue), `key` (the stage's idempotency key), JSON `input`, `runId`, `estimateMs`.
 * - After the bot wrote the task's files and checkpoint: `release({ student, key })`.
 * - `/cancelar`: abort the run's signal (a queued job is removed) and `cancelRun(student, runId)`.
 * - `/estado`: `position({ student, key })` → `QUEUE.position(position, etaMs)` or `QUEUE.running()`.
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
