/**
 * The fair GPU queue without BullMQ's paid groups. The rule (issue 15): no student's k-th GPU job
 * starts while another student with fewer started GPU jobs has one waiting.
 *
 * How: each job is added with BullMQ priority = its ordinal among its student's jobs (1st, 2nd, …),
 * reserved atomically in Redis (HINCRBY). Workers take the waiting job with the lowest (priority,
 * arrival) — BullMQ's own order — so jobs start in ordinal order across students. Proof sketch: when
 * student A's k-th job starts it has the lowest priority k among waiting jobs; a waiting job of B has
 * ordinal ≥ k, and B's jobs start in ordinal order with no gaps, so B has started ≥ k-1 = A's count.
 * No gaps: a job removed before it started gives its ordinal back (the student's later waiting jobs
 * move one place up: `releaseOrdinal`). Counts live in Redis next to the queue (one hash), so they
 * vanish with it when Redis restarts empty — together with every job, so they stay consistent; the
 * started counts are kept for `cuaderno cola` (distinct jobs: a stalled job that restarts counts once).
 */
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** BullMQ's highest priority value (2^21 - 1); ordinals beyond it share it (FIFO among them). */
export const MAX_PRIORITY = 2_097_151;

export function fairKeys(prefix: string, queue: string): { counts: string; startedIds: string } {
  return { counts: `${prefix}:${queue}:fair`, startedIds: `${prefix}:${queue}:fair:started` };
}

/** Reserves the next ordinal of `student` (1, 2, …): the BullMQ priority of their new job. */
export async function reserveOrdinal(redis: Redis, keys: { counts: string }, student: string): Promise<number> {
  const n = await redis.hincrby(keys.counts, `next:${student}`, 1);
  return Math.min(n, MAX_PRIORITY);
}

const MARK_STARTED = `
if redis.call('SADD', KEYS[2], ARGV[1]) == 1 then
  return redis.call('HINCRBY', KEYS[1], 'started:' .. ARGV[2], 1)
end
return tonumber(redis.call('HGET', KEYS[1], 'started:' .. ARGV[2]) or '0')`;

/** Counts `jobId` as started for `student` once (atomic); returns the student's started count. */
export async function markStarted(redis: Redis, keys: { counts: string; startedIds: string }, student: string, jobId: string): Promise<number> {
  return Number(await redis.eval(MARK_STARTED, 2, keys.counts, keys.startedIds, jobId, student));
}

/**
 * A job of `student` with ordinal `priority` was removed before it started: give the ordinal back and
 * move the student's later waiting jobs one place up, so their ordinals stay gapless.
 */
export async function releaseOrdinal(redis: Redis, queue: Queue, keys: { counts: string }, student: string, priority: number): Promise<void> {
  await redis.hincrby(keys.counts, `next:${student}`, -1);
  const waiting = await queue.getPrioritized();
  for (const job of waiting) {
    if (job.id === undefined || !job.id.startsWith(`${student}-`)) continue;
    const p = job.priority ?? 0;
    if (p > priority && p <= MAX_PRIORITY) await queue.getJob(job.id).then((j) => j?.changePriority({ priority: p - 1 }));
  }
}

/** Started GPU jobs per student (for `cuaderno cola`). */
export async function startedCounts(redis: Redis, keys: { counts: string }): Promise<Map<string, number>> {
  const all = await redis.hgetall(keys.counts);
  const out = new Map<string, number>();
  for (const [field, value] of Object.entries(all)) if (field.startsWith('started:')) out.set(field.slice(8), Number(value));
  return out;
}
