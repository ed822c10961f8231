/**
 * A snapshot of the lanes' queues for `npm run -s cuaderno -- cola`: job counts per queue, the
 * connected workers, and per student the started, waiting and running GPU jobs. Throws
 * QueueUnavailableError when Redis does not answer.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { studentOfJobId } from './job-id.js';
import { fairKeys, startedCounts } from './fair.js';
import { pingQueue, queueName, redisOptions, type LaneSettings } from './redis.js';
import type { LaneName } from './types.js';

export interface QueueSnapshot {
  queues: Array<{ lane: LaneName; name: string; counts: Record<string, number> }>;
  workers: Array<{ lane: LaneName; name: string; addr: string }>;
  students: Array<{ student: string; started: number; waiting: number; active: number; completed: number; failed: number }>;
}

const STATES = ['waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'] as const;

export async function inspectQueues(settings: LaneSettings, lanes: readonly LaneName[] = ['gpu', 'cpu']): Promise<QueueSnapshot> {
  await pingQueue(settings.url);
  const redis = new Redis(redisOptions(settings.url));
  redis.on('error', () => {});
  const snapshot: QueueSnapshot = { queues: [], workers: [], students: [] };
  const perStudent = new Map<string, QueueSnapshot['students'][number]>();
  const row = (student: string): QueueSnapshot['students'][number] =>
    perStudent.get(student) ?? perStudent.set(student, { student, started: 0, waiting: 0, active: 0, completed: 0, failed: 0 }).get(student)!;
  try {
    for (const lane of lanes) {
      const name = queueName(lane);
      const queue = new Queue(name, { connection: redis, prefix: settings.prefix });
      try {
        const raw = await queue.getJobCounts(...STATES);
        const counts = { waiting: (raw.waiting ?? 0) + (raw.prioritized ?? 0), active: raw.active ?? 0, completed: raw.completed ?? 0, failed: raw.failed ?? 0, delayed: raw.delayed ?? 0 };
        snapshot.queues.push({ lane, name, counts });
        for (const w of await queue.getWorkers()) snapshot.workers.push({ lane, name: (w.rawname ?? '').split(':w:')[1] ?? '', addr: w.addr ?? '' });
        if (lane === 'gpu') for (const [student, n] of await startedCounts(redis, fairKeys(settings.prefix, name))) row(student).started += n;
        for (const state of ['waiting', 'active', 'completed', 'failed'] as const) {
          const jobs = await queue.getJobs(state === 'waiting' ? ['waiting', 'prioritized', 'delayed'] : [state]);
          for (const job of jobs) if (job.id) row(studentOfJobId(job.id))[state]++;
        }
      } finally {
        await queue.close();
      }
    }
  } finally {
    redis.disconnect();
  }
  snapshot.students = [...perStudent.values()].sort((a, b) => a.student.localeCompare(b.student));
  return snapshot;
}
