/**
 * The fairness rule checked on BullMQ's own event log (the queue's Redis stream, written inside the
 * same Lua scripts that add and start jobs, so its order is the true order): no student's k-th GPU
 * job starts while another student with fewer started GPU jobs has one waiting. Used by the tests
 * and the class benchmark; a pure function over the log plus one reader.
 */
import type { Redis } from 'ioredis';
import { studentOfJobId } from './job-id.js';

export interface QueueEvent {
  event: string;
  jobId: string;
  prev?: string;
}

export interface FairnessReport {
  /** Distinct jobs started. */
  started: number;
  violations: Array<{ jobId: string; startedBefore: number; waitingStudent: string; theirStarted: number }>;
}

/** Checks the rule over `log` (oldest first). A job that starts again (after a stall) counts once. */
export function checkFairness(log: readonly QueueEvent[]): FairnessReport {
  const waiting = new Map<string, Set<string>>();
  const started = new Map<string, number>();
  const startedIds = new Set<string>();
  const violations: FairnessReport['violations'] = [];
  const waitSet = (s: string): Set<string> => waiting.get(s) ?? waiting.set(s, new Set()).get(s)!;
  for (const e of log) {
    const student = studentOfJobId(e.jobId);
    if (e.event === 'added' || (e.event === 'waiting' && e.prev === 'active')) waitSet(student).add(e.jobId);
    else if (e.event === 'removed') waitSet(student).delete(e.jobId);
    else if (e.event === 'active') {
      waitSet(student).delete(e.jobId);
      if (startedIds.has(e.jobId)) continue;
      const k = started.get(student) ?? 0;
      for (const [other, ids] of waiting) {
        const theirs = started.get(other) ?? 0;
        if (other !== student && ids.size > 0 && theirs < k) violations.push({ jobId: e.jobId, startedBefore: k, waitingStudent: other, theirStarted: theirs });
      }
      startedIds.add(e.jobId);
      started.set(student, k + 1);
    }
  }
  return { started: startedIds.size, violations };
}

/**
 * The queue's event stream, oldest first (BullMQ keeps the last ~10,000 events); `ms` is when Redis
 * wrote each one (the stream entry id's milliseconds), for waiting times.
 */
export async function readQueueEvents(redis: Redis, prefix: string, queue: string): Promise<Array<QueueEvent & { ms: number }>> {
  const entries = await redis.xrange(`${prefix}:${queue}:events`, '-', '+');
  return entries.map(([id, fields]) => {
    const f: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
    return { event: f.event ?? '', jobId: f.jobId ?? '', ...(f.prev ? { prev: f.prev } : {}), ms: Number(id.split('-')[0]) };
  });
}
