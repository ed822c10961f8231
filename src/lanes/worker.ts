/**
 * A lane worker: takes the jobs of one lane's queue and runs the stage functions it knows
 * (`StageCatalogue`), returning their output and files through Redis (wire.ts). Several may run on
 * several machines. A worker killed mid-job loses its lock; another worker's stalled-job check moves
 * the job back to the queue after `lockDurationMs` and runs it again — the bot, which waits by job
 * id, receives its output once.
 */
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { CuadernoError, isCuadernoError } from '../errors.js';
import { ADVERT_TTL_MS, startAdvertising, type EngineAdvert } from './adverts.js';
import { fairKeys, markStarted, recordWait } from './fair.js';
import { queueName, redisOptions } from './redis.js';
import type { LaneName, StageCatalogue, WireResult } from './types.js';
import { encodeFailure, encodeResult } from './wire.js';
import { WORKER } from '../strings/console.js';

export interface LaneWorkerOptions {
  url: string;
  prefix: string;
  lane: LaneName;
  catalogue: StageCatalogue;
  /** Jobs at once (a GPU worker: 1 per card). Default 1. */
  concurrency?: number;
  /** Shown by `cuaderno cola` and stored on each job it takes (`processedBy`). */
  name?: string;
  /** A job whose worker stopped renewing its lock for this long is handed to another; default 30000. */
  lockDurationMs?: number;
  /**
   * Called as each job starts (after it is counted for fairness) and ends. A start carries
   * `waitingSince`: when the job first began to wait (ms since the epoch, the bot's own record, kept
   * across a Redis restart), so a reader can tell a job waiting in the queue from one not yet added.
   */
  onJob?: (event: { type: 'started' | 'finished' | 'failed'; jobId: string; stage: string; code?: string; waitingSince?: number }) => void;
  /** Redis stopped answering / answers again (the worker keeps reconnecting by itself). */
  onStatus?: (status: 'unreachable' | 'reachable') => void;
  /**
   * What this worker advertises (adverts.ts): the engines it can call, with their models and voices.
   * Kept alive by a heartbeat while the worker runs; removed on close. Absent: it advertises nothing.
   */
  advert?: Pick<EngineAdvert, 'engines' | 'models' | 'voices'>;
  /** The advert's TTL in ms (default ADVERT_TTL_MS; tests shorten it). */
  advertTtlMs?: number;
}

export interface LaneWorker {
  readonly worker: Worker;
  /** Waits for the running jobs, then disconnects. */
  close(): Promise<void>;
}

/** When a job began to wait: its kept `since` if plausible (a number not after it was added), else when it was added. */
export function waitingSince(since: unknown, addedAt: number): number {
  return typeof since === 'number' && Number.isFinite(since) && since > 0 && since <= addedAt ? since : addedAt;
}

export async function startLaneWorker(opts: LaneWorkerOptions): Promise<LaneWorker> {
  const name = queueName(opts.lane);
  const redis = new Redis(redisOptions(opts.url));
  redis.on('error', () => {}); // the worker's own connection reports and reconnects
  const keys = fairKeys(opts.prefix, name);
  const queue = new Queue(name, { connection: redis, prefix: opts.prefix });
  queue.on('error', () => {});
  const lockDuration = opts.lockDurationMs ?? 30_000;
  const connection = new Redis(redisOptions(opts.url));
  let reachable = true;
  const setReachable = (ok: boolean): void => {
    if (ok === reachable) return;
    reachable = ok;
    opts.onStatus?.(ok ? 'reachable' : 'unreachable');
  };
  connection.on('error', () => setReachable(false));
  connection.on('ready', () => setReachable(true));
  const worker = new Worker(
    name,
    async (job, _token, signal): Promise<WireResult> => {
      const { student, stage, input, since } = job.data as { student: string; stage: string; input: unknown; since?: unknown };
      const waitedFrom = waitingSince(since, job.timestamp);
      if (opts.lane === 'gpu') {
        // The GPU's fairness (fair.ts); the CPU lane is plain arrival order (routed.ts).
        await markStarted(redis, keys, student, job.id!);
        // How long it waited places the student's next jobs in their bands (fair.ts): from when it
        // first waited, also before a Redis restart made the bot add it again (bullmq-lane JobData.since).
        await recordWait(redis, queue, keys, student, (job.processedOn ?? Date.now()) - waitedFrom);
      }
      opts.onJob?.({ type: 'started', jobId: job.id!, stage, waitingSince: waitedFrom });
      try {
        const fn = opts.catalogue.get(stage);
        if (!fn) throw new CuadernoError('ENGINE_UNAVAILABLE', WORKER.unknownStage(stage), { field: 'stage', stage });
        const result = encodeResult(await fn(input as never, signal ?? new AbortController().signal));
        opts.onJob?.({ type: 'finished', jobId: job.id!, stage });
        return result;
      } catch (e) {
        opts.onJob?.({ type: 'failed', jobId: job.id!, stage, code: isCuadernoError(e) ? e.code : 'INTERNAL' });
        throw new Error(encodeFailure(e));
      }
    },
    {
      connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency ?? 1,
      ...(opts.name ? { name: opts.name } : {}),
      lockDuration,
      stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
      maxStalledCount: 2,
    },
  );
  worker.on('error', () => {}); // connection errors: it reconnects by itself
  await worker.waitUntilReady();
  // Advertised only once it takes jobs: the bot never queues for a worker that is not there yet.
  // A CPU worker advertises its lane (no engine): the bot sends its CPU stages out only while one does.
  const advertising = opts.advert && (opts.advert.engines.length > 0 || opts.lane === 'cpu')
    ? await startAdvertising(redis, opts.prefix, { worker: opts.name ?? `${name}-${process.pid}-${randomBytes(3).toString('hex')}`, lane: opts.lane, ...opts.advert }, opts.advertTtlMs ?? ADVERT_TTL_MS)
    : undefined;
  return {
    worker,
    async close() {
      await advertising?.stop();
      await worker.close();
      await queue.close();
      redis.disconnect();
      connection.disconnect();
    },
  };
}
