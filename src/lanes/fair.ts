/**
 * The fair GPU queue without BullMQ's paid groups. The rule and its rank are the scheduler's
 * (src/scheduler/fair-order.ts, the same the bot's own GPU lane follows): no student's k-th GPU job
 * starts while another student with fewer started GPU jobs has one waiting; then whoever's previous
 * job waited longest. Here the rank is each job's BullMQ priority.
 *
 * How: each job is added with a BullMQ priority in the band of its ordinal among its student's jobs
 * (1st, 2nd, …; reserved atomically in Redis, HINCRBY) — fairPriority. Workers take the waiting job with the lowest (priority,
 * arrival) — BullMQ's own order — so jobs start in ordinal order across students. Proof sketch: when
 * student A's k-th job starts it has the lowest priority k among waiting jobs; a waiting job of B has
 * ordinal ≥ k, and B's jobs start in ordinal order with no gaps, so B has started ≥ k-1 = A's count.
 * No gaps: a job removed before it started gives its ordinal back (the student's later waiting jobs
 * move one place up: `releaseOrdinal`). Counts live in Redis next to the queue (one hash), so they
 * vanish with it when Redis restarts empty — together with every job; the bot, which adds the lost
 * jobs again from its own record, adds them with the priorities they had (`restoreOrdinal`), so the
 * students' order survives the restart. The started counts are kept for `cuaderno cola` (distinct jobs: a stalled job that restarts counts once).
 * Within a band, the student whose previous job waited longest goes first (recordWait).
 * A student's own waiting jobs hold their ordinals in the rule's own order (the longest first:
 * fair-order.ts ownOrder): a job added while a shorter one of theirs waits takes its place
 * (orderOwnJobs), in one script, so their ordinals stay theirs and gapless.
 */
import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { fairPriority, MAX_ORDINAL, ORDINAL_BAND, ordinalOf, ownOrder } from '../scheduler/fair-order.js';

export function fairKeys(prefix: string, queue: string): { counts: string; startedIds: string } {
  return { counts: `${prefix}:${queue}:fair`, startedIds: `${prefix}:${queue}:fair:started` };
}

const RESERVE = `
local n = redis.call('HINCRBY', KEYS[1], 'next:' .. ARGV[1], 1)
return {n, tonumber(redis.call('HGET', KEYS[1], 'wait:' .. ARGV[1]) or '0')}`;

/** Reserves the next ordinal of `student` (1, 2, …); returns the BullMQ priority of their new job. */
export async function reserveOrdinal(redis: Redis, keys: { counts: string }, student: string): Promise<number> {
  const [n, wait] = (await redis.eval(RESERVE, 1, keys.counts, student)) as [number, number];
  return fairPriority(n, wait);
}

const RESTORE = `
local now = tonumber(redis.call('HGET', KEYS[1], 'next:' .. ARGV[1]) or '0')
if now < tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'next:' .. ARGV[1], ARGV[2]) end
return 1`;

/**
 * A job lost with Redis (restarted empty) is added again with the priority it had: the student's
 * next ordinal is put back at least past it, so their later jobs keep coming after it.
 */
export async function restoreOrdinal(redis: Redis, keys: { counts: string }, student: string, priority: number): Promise<void> {
  await redis.eval(RESTORE, 1, keys.counts, student, String(ordinalOf(priority)));
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
 * A job of `student` with fair priority `priority` was removed before it started: give the ordinal
 * back and move the student's later waiting jobs one ordinal up, so their ordinals stay gapless.
 */
export async function releaseOrdinal(redis: Redis, queue: Queue, keys: { counts: string }, student: string, priority: number): Promise<void> {
  await redis.hincrby(keys.counts, `next:${student}`, -1);
  const ordinal = ordinalOf(priority);
  for (const job of await waitingJobsOf(queue, student)) {
    const p = job.priority ?? 0;
    if (ordinalOf(p) > ordinal && ordinalOf(p) <= MAX_ORDINAL) await job.changePriority({ priority: p - ORDINAL_BAND });
  }
}

/** The student's jobs waiting in the fair order (the prioritized set). */
async function waitingJobsOf(queue: Queue, student: string): Promise<Job[]> {
  const waiting = await queue.getPrioritized();
  return waiting.filter((job) => job.id !== undefined && job.id.startsWith(`${student}-`));
}

/**
 * A job of `student` started after waiting `waitMs`: kept as their last wait, and their waiting jobs
 * take their place in their bands by it (fairPriority).
 */
export async function recordWait(redis: Redis, queue: Queue, keys: { counts: string }, student: string, waitMs: number): Promise<void> {
  await redis.hset(keys.counts, `wait:${student}`, String(Math.max(0, Math.round(waitMs))));
  for (const job of await waitingJobsOf(queue, student)) {
    const p = job.priority ?? 0;
    if (p <= 0) continue;
    const next = fairPriority(ordinalOf(p), waitMs);
    if (next !== p) await job.changePriority({ priority: next }).catch(() => {}); // it started meanwhile
  }
}

/**
 * Puts the places (BullMQ's scores: the priority and the arrival counter under it) of the listed
 * waiting jobs in the given order, only if none of them moved since they were read (started, removed,
 * re-placed): all or nothing, in one script. ARGV: the job key prefix, then (id, score read, new score).
 */
const REPLACE = `
for i = 2, #ARGV, 3 do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then return 0 end
end
for i = 2, #ARGV, 3 do
  local score = tonumber(ARGV[i + 2])
  redis.call('ZADD', KEYS[1], score, ARGV[i])
  redis.call('HSET', ARGV[1] .. ARGV[i], 'priority', math.floor(score / 4294967296))
end
return 1`;

/**
 * Orders `student`'s waiting jobs by the rule's own order (ownOrder: the longest first, by each job's
 * `estimateMs`, then where they stood): the places they hold are dealt out again among them, so the
 * student keeps the same ordinals, gapless, and only which job holds which changes. Called after a
 * job is added (its ordinal was the student's next). Tries again if a job moved meanwhile.
 */
export async function orderOwnJobs(redis: Redis, queue: Queue, student: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    // BullMQ's prioritized set, lowest score first: the whole queue's waiting jobs, a few KB at 300 students.
    const all = await redis.zrange(queue.keys.prioritized!, '0', '-1', 'WITHSCORES');
    const mine: Array<{ id: string; score: string; seq: number; estimateMs?: number }> = [];
    for (let i = 0; i + 1 < all.length; i += 2) if (all[i]!.startsWith(`${student}-`)) mine.push({ id: all[i]!, score: all[i + 1]!, seq: mine.length });
    if (mine.length < 2) return;
    for (const m of mine) {
      const data = await redis.hget(queue.toKey(m.id), 'data');
      const est = data ? (JSON.parse(data) as { estimateMs?: unknown }).estimateMs : undefined;
      if (typeof est === 'number' && Number.isFinite(est)) m.estimateMs = est;
    }
    const ordered = [...mine].sort(ownOrder);
    const moves: string[] = ordered.flatMap((m, i) => (m.score === mine[i]!.score ? [] : [m.id, m.score, mine[i]!.score]));
    if (moves.length === 0) return;
    const args: string[] = [queue.keys.prioritized!, queue.toKey(''), ...moves];
    if (Number(await redis.eval(REPLACE, '1', ...args)) === 1) return;
  }
}

/** Started GPU jobs per student (for `cuaderno cola`). */
export async function startedCounts(redis: Redis, keys: { counts: string }): Promise<Map<string, number>> {
  const all = await redis.hgetall(keys.counts);
  const out = new Map<string, number>();
  for (const [field, value] of Object.entries(all)) if (field.startsWith('started:')) out.set(field.slice(8), Number(value));
  return out;
}
