/**
 * The lane backend on BullMQ + Redis (issue 15): `run(task, signal)` hands a stage to the lane's
 * queue and resolves with its result, computed by a `npm run trabajador` process anywhere.
 *
 * - Job id `<student>-<idempotency key>`: a resumed run (or a retry after a crash) ATTACHES to the
 *   existing job and waits for its result; re-adding an existing id would be a no-op in BullMQ anyway.
 * - A job that already failed is retried with `job.retry()` — the call itself is the deliberate retry
 *   (the executor's retry policy decided it); within one call a failure rejects with the worker's
 *   error code intact (wire.ts), so `classify` treats it like an in-process failure.
 * - Completed jobs stay in Redis until the bot stored their output: call `release(task)` then.
 * - Redis is not the source of truth: while a call waits, a job that disappeared (Redis restarted
 *   empty) is added again from this client's own record of what it awaits, with the fair priority
 *   it had (fair.ts), the calls that notice together in one batch in fair order. While Redis is
 *   unreachable the call waits (nothing is lost) and `onStatus` says so once, and again when it is back.
 * - Aborting `signal` removes the job if it has not started (and gives its fair ordinal back);
 *   `cancelRun` removes every queued job of a run (`/cancelar`).
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { CancelledError } from '../errors.js';
import { jobIdFor, studentOfJobId } from './job-id.js';
import { fairKeys, orderOwnJobs, releaseOrdinal, reserveOrdinal, restoreOrdinal } from './fair.js';
import { etaMs } from './position.js';
import { queueName, redisOptions } from './redis.js';
import type { LaneBackend, LaneName, LaneTask, StageResult } from './types.js';
import { decodeFailure, decodeResult } from './wire.js';

export interface BullMqLaneOptions {
  url: string;
  /** BullMQ key prefix (tests use their own). */
  prefix: string;
  lane: LaneName;
  /** Fair ordinals as priorities (the GPU lane; default true). `false`: plain arrival order. */
  fair?: boolean;
  /**
   * Without fair ordinals: each job's BullMQ priority (lower first; undefined: none), e.g. the CPU
   * lane's work that feeds a card before the work that follows one.
   */
  priorityOf?: (task: LaneTask) => number | undefined;
  /** Safety-net poll of an awaited job in ms (events wake the wait sooner); default 1000. */
  pollMs?: number;
  /** Default planning estimate of a job, ms (for ETAs); default 12000. */
  estimateMs?: number;
  /** Called when the queue becomes unreachable and when it is back (say QUEUE.unreachable once). */
  onStatus?: (status: 'unreachable' | 'reachable') => void;
}

/** Where a task stands in its queue, for `/estado`. */
export type QueuePosition =
  | { state: 'waiting'; position: number; etaMs: number }
  | { state: 'active' }
  | { state: 'completed' }
  | { state: 'failed' };

export interface BullMqLane extends LaneBackend {
  /** The bot stored the task's output: remove its completed job from Redis. */
  release(task: Pick<LaneTask, 'student' | 'key'>): Promise<void>;
  /** Removes the queued (not started) jobs of `runId` of `student`; returns how many. */
  cancelRun(student: string, runId: string): Promise<number>;
  /** The task's place in the queue and an ETA until it is done; undefined if it has no job. */
  position(task: Pick<LaneTask, 'student' | 'key'>): Promise<QueuePosition | undefined>;
  /** Job ids this client is waiting for right now (its own record, kept outside Redis). */
  awaiting(): string[];
  readonly queue: Queue;
  close(): Promise<void>;
}

interface JobData {
  student: string;
  stage: string;
  input: LaneTask['input'];
  runId?: string;
  estimateMs?: number;
  /**
   * When the job first began to wait (ms since the epoch). A job lost with a Redis restart is added
   * again with this kept, so the worker counts its whole wait, not just the wait since the re-add —
   * the wait places the student's later jobs in their bands (fair.ts recordWait).
   */
  since?: number;
}

/** The safety-net look at an awaited job backs off to this many times pollMs (bullmq-lane follow). */
const POLL_BACKOFF = 8;

/** How long re-adds after a loss are gathered into one batch, ms. */
const READD_WINDOW_MS = 10;

const WAITING_STATES = new Set(['waiting', 'prioritized', 'delayed', 'wait', 'paused']);

export function createBullMqLane(opts: BullMqLaneOptions): BullMqLane {
  const name = queueName(opts.lane);
  const redis = new Redis(redisOptions(opts.url));
  const queue = new Queue(name, { connection: redis, prefix: opts.prefix });
  const eventsRedis = new Redis(redisOptions(opts.url));
  eventsRedis.on('error', () => {});
  const events = new QueueEvents(name, { connection: eventsRedis, prefix: opts.prefix });
  const keys = fairKeys(opts.prefix, name);
  const fair = opts.fair ?? true;
  const pollMs = opts.pollMs ?? 1_000;
  const defaultEstimate = opts.estimateMs ?? 12_000;
  const own = new Map<string, LaneTask>();
  /** Runs cancelled through `cancelRun`: their awaited jobs are not added again. */
  const cancelledRuns = new Set<string>();
  const wakers = new Map<string, Set<() => void>>();

  let reachable = true;
  const setReachable = (ok: boolean): void => {
    if (ok === reachable) return;
    reachable = ok;
    opts.onStatus?.(ok ? 'reachable' : 'unreachable');
  };
  redis.on('error', () => setReachable(false));
  redis.on('ready', () => setReachable(true));
  queue.on('error', () => {}); // reported through onStatus
  events.on('error', () => {});
  const wake = ({ jobId }: { jobId: string }): void => {
    for (const w of wakers.get(jobId) ?? []) w();
  };
  // Redis back after a drop (maybe restarted empty): every waiting call looks at once, so the jobs
  // it lost are noticed together and added back in one batch (readd).
  let readies = 0;
  redis.on('ready', () => {
    if (++readies === 1) return;
    for (const set of [...wakers.values()]) for (const w of [...set]) w();
  });
  events.on('completed', wake);
  events.on('failed', wake);
  events.on('removed', wake);

  /** Waits for an event about `jobId`, `ms`, or the abort — whichever comes first. */
  const nap = (jobId: string, signal: AbortSignal, ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const set = wakers.get(jobId) ?? new Set();
      wakers.set(jobId, set);
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) wakers.delete(jobId);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
      signal.addEventListener('abort', done, { once: true });
    });

  /** `p`, or CancelledError as soon as `signal` aborts (a Redis command may wait for a reconnect). */
  const orAbort = <T>(p: Promise<T>, signal: AbortSignal): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal.aborted) return reject(new CancelledError());
      const onAbort = (): void => reject(new CancelledError());
      signal.addEventListener('abort', onAbort, { once: true });
      p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });

  /** The fair priority each awaited job was last seen with: a job lost with Redis gets it back. */
  const seenPriority = new Map<string, number>();
  /** When each awaited job was first added by this process (JobData.since). */
  const firstAdded = new Map<string, number>();
  const jobData = (task: LaneTask, since: number | undefined): JobData => ({ student: task.student, stage: task.stage, input: task.input, ...(task.runId ? { runId: task.runId } : {}), ...(task.estimateMs ? { estimateMs: task.estimateMs } : {}), ...(since !== undefined ? { since } : {}) });
  const jobOpts = (jobId: string, priority: number | undefined) => ({ jobId, ...(priority ? { priority } : {}), attempts: 1, removeOnComplete: false, removeOnFail: false });

  const add = async (task: LaneTask, jobId: string): Promise<Job> => {
    const known = seenPriority.get(jobId);
    if (known !== undefined) return readd(task, jobId, known);
    const priority = fair ? await reserveOrdinal(redis, keys, task.student) : opts.priorityOf?.(task);
    const since = Date.now();
    const job = await queue.add(task.stage, jobData(task, since), jobOpts(jobId, priority));
    firstAdded.set(jobId, (job.data as JobData).since ?? job.timestamp);
    // Another process added this id first (BullMQ returned its job): give the ordinal back, no gap.
    if (fair && priority && job.priority !== priority) await releaseOrdinal(redis, queue, keys, task.student, priority);
    // Its ordinal was the student's next: if a shorter job of theirs waits, it takes that one's place.
    else if (fair && priority) await orderOwnJobs(redis, queue, task.student);
    if (job.priority) seenPriority.set(jobId, job.priority);
    return job;
  };

  /**
   * Jobs lost with Redis, added again with their own priorities — together: the calls that notice at
   * the same moment (they all wake when Redis is back) are added in one batch, in fair order, so a
   * worker never takes a later ordinal just because its call looked first.
   */
  let batch: Array<{ task: LaneTask; jobId: string; priority: number; done: (job: Job) => void; fail: (e: unknown) => void }> = [];
  const readd = (task: LaneTask, jobId: string, priority: number): Promise<Job> =>
    new Promise<Job>((done, fail) => {
      if (batch.length === 0) setTimeout(() => void flush(), READD_WINDOW_MS);
      batch.push({ task, jobId, priority, done, fail });
    });
  const flush = async (): Promise<void> => {
    const now = batch.sort((a, b) => a.priority - b.priority);
    batch = [];
    try {
      if (fair) for (const r of now) await restoreOrdinal(redis, keys, r.task.student, r.priority);
      const jobs = await queue.addBulk(now.map((r) => ({ name: r.task.stage, data: jobData(r.task, firstAdded.get(r.jobId)), opts: jobOpts(r.jobId, fair || opts.priorityOf ? r.priority : undefined) })));
      now.forEach((r, i) => r.done(jobs[i]!));
    } catch (e) {
      for (const r of now) r.fail(e);
    }
  };

  const removeQueued = async (stale: Job): Promise<boolean> => {
    const job = await queue.getJob(stale.id!); // fresh: its priority may have moved up since
    if (!job) return false;
    const state = await job.getState();
    if (!WAITING_STATES.has(state)) return false;
    try {
      await job.remove();
    } catch {
      return false; // it started meanwhile (locked): it runs to the end
    }
    const p = job.priority ?? 0;
    if (fair && p > 0) await releaseOrdinal(redis, queue, keys, studentOfJobId(job.id!), p);
    return true;
  };

  /** Calls of this process already waiting for a job id: a second call for it joins the first. */
  const inflight = new Map<string, Promise<StageResult>>();

  const run = (task: LaneTask, signal: AbortSignal): Promise<StageResult> => {
    const jobId = jobIdFor(task.student, task.key);
    const joined = inflight.get(jobId);
    if (joined) {
      // If the first caller was cancelled (not this one), this call carries on by itself.
      return orAbort(joined, signal).catch((e: unknown) => {
        if (e instanceof CancelledError && !signal.aborted) return run(task, signal);
        throw e;
      });
    }
    const p = follow(task, jobId, signal).finally(() => inflight.delete(jobId));
    inflight.set(jobId, p);
    return p;
  };

  const follow = async (task: LaneTask, jobId: string, signal: AbortSignal): Promise<StageResult> => {
    own.set(jobId, task);
    try {
      let first = true;
      // The look without an event (the safety net) comes after pollMs, then twice as late each time,
      // up to POLL_BACKOFF × pollMs: a class's jobs wait minutes in the queue, and 600 of them each
      // looked every second — two Redis round trips apiece, 5 % of the bot's event loop at 300
      // students. Their events (completed, failed, removed, Redis back) still wake them at once.
      let napMs = pollMs;
      for (;;) {
        if (signal.aborted || (task.runId !== undefined && cancelledRuns.has(`${task.student}/${task.runId}`))) throw new CancelledError();
        let job = await orAbort(queue.getJob(jobId), signal);
        if (job?.priority) seenPriority.set(jobId, job.priority);
        if (job && !firstAdded.has(jobId)) firstAdded.set(jobId, (job.data as JobData).since ?? job.timestamp);
        if (!job) {
          job = await orAbort(add(task, jobId), signal); // new, or lost with a Redis restart
        } else if (first && (await orAbort(job.getState(), signal)) === 'failed') {
          await orAbort(job.retry('failed'), signal); // the caller's deliberate retry
        }
        first = false;
        const state = await orAbort(job.getState(), signal);
        if (state === 'completed' || state === 'failed') {
          // Read again: `job` may predate the finish (its returnvalue/failedReason still empty);
          // BullMQ writes the state and the result in one script, so this read is consistent.
          const done = await orAbort(queue.getJob(jobId), signal);
          if (done?.finishedOn !== undefined) {
            if (state === 'completed') return decodeResult(done.returnvalue);
            throw decodeFailure(done.failedReason);
          }
          continue; // it vanished (Redis restarted) or was retried meanwhile: look again
        }
        await nap(jobId, signal, napMs);
        napMs = Math.min(napMs * 2, pollMs * POLL_BACKOFF);
      }
    } catch (e) {
      if (signal.aborted) {
        const job = await queue.getJob(jobId).catch(() => undefined);
        if (job) await removeQueued(job).catch(() => false);
        throw e instanceof CancelledError ? e : new CancelledError();
      }
      throw e;
    } finally {
      own.delete(jobId);
      seenPriority.delete(jobId);
      firstAdded.delete(jobId);
    }
  };

  return {
    queue,
    run,
    awaiting: () => [...own.keys()],
    async release(task) {
      const job = await queue.getJob(jobIdFor(task.student, task.key));
      if (job && (await job.getState()) === 'completed') await job.remove();
    },
    async cancelRun(student, runId) {
      cancelledRuns.add(`${student}/${runId}`);
      let removed = 0;
      const jobs = await queue.getJobs(['prioritized', 'waiting', 'delayed']);
      for (const job of jobs) {
        const data = job.data as JobData;
        if (data.student === student && data.runId === runId && (await removeQueued(job))) removed++;
      }
      return removed;
    },
    async position(task) {
      const jobId = jobIdFor(task.student, task.key);
      const job = await queue.getJob(jobId);
      if (!job) return undefined;
      const state = await job.getState();
      if (state === 'active' || state === 'completed' || state === 'failed') return { state };
      // Jobs ahead: the plain wait list (priority 0) first, then the prioritized set in its order.
      const [waitIds, prioIds] = await Promise.all([
        redis.lrange(`${opts.prefix}:${name}:wait`, 0, -1),
        redis.zrange(`${opts.prefix}:${name}:prioritized`, '0', '-1'),
      ]);
      const order = [...waitIds.reverse(), ...prioIds];
      const index = order.indexOf(jobId);
      const ahead = index < 0 ? [] : order.slice(0, index);
      const estimate = async (id: string): Promise<number> => ((await queue.getJob(id))?.data as JobData | undefined)?.estimateMs ?? defaultEstimate;
      const active = await queue.getActive();
      const now = Date.now();
      const workers = Math.max(1, await queue.getWorkersCount());
      return {
        state: 'waiting',
        position: ahead.length + 1,
        etaMs: etaMs({
          workers,
          activeRemainingMs: active.map((j) => Math.max(0, ((j.data as JobData).estimateMs ?? defaultEstimate) - (now - (j.processedOn ?? now)))),
          aheadMs: await Promise.all(ahead.map(estimate)),
          ownMs: (job.data as JobData).estimateMs ?? defaultEstimate,
        }),
      };
    },
    async close() {
      await events.close();
      await queue.close();
      redis.disconnect();
      eventsRedis.disconnect();
    },
  };
}

