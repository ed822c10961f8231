/**
 * The in-process GPU lane shared by every run of every person (createProcessLanes). Its slots go by
 * the one fairness rule (fair-order.ts), the very function the shared queue's priorities come from:
 * a free slot goes to the student whose next job has the lowest rank — fewest GPU jobs started, then
 * whose previous GPU job waited longest, then whose earliest waiting job came first — and runs that
 * student's next job by the rule's own order (fair-order.ts ownOrder: the longest first, then the
 * run's critical-path priority, pick.ts, then arrival). A student's own order never lets them pass
 * another. Like p-queue, a job starts as soon as it is added and a slot is free, unless the lane is
 * paused (LaneBackend.hold: until the current microtask wave ends).
 */
import { fairPriority, nextFair, ownOrder } from './fair-order.js';

export interface FairLane {
  /**
   * Queues `run` for `student` (`priority`: the run's critical-path order; `estimateMs`: how long it
   * is expected to take); resolves or rejects as `run` does, once it has run in a slot.
   */
  add(student: string, priority: number, run: () => Promise<void>, estimateMs?: number): Promise<void>;
  pause(): void;
  start(): void;
  /** GPU jobs started per student so far (the rule's first key). */
  started(): ReadonlyMap<string, number>;
}

interface Waiting {
  priority: number;
  estimateMs?: number;
  seq: number;
  at: number;
  go: () => void;
}

export function createFairLane(slots: number, now: () => number = () => performance.now()): FairLane {
  const waiting = new Map<string, Waiting[]>();
  const started = new Map<string, number>();
  /** How long each student's last started job waited (the rule's second key). */
  const lastWait = new Map<string, number>();
  /**
   * When each student's waiting jobs last took a new rank (a `seq`): as on the queue, where a job
   * whose rank changes is placed again behind the jobs of that rank already there.
   */
  const placed = new Map<string, number>();
  let running = 0;
  let paused = false;
  let seq = 0;

  /** The student's next job by the rule's own order (ownOrder). */
  const headOf = (jobs: readonly Waiting[]): number => {
    let h = 0;
    for (let i = 1; i < jobs.length; i++) if (ownOrder(jobs[i]!, jobs[h]!) < 0) h = i;
    return h;
  };

  const next = (): { student: string; index: number } | undefined => {
    const pick = nextFair(
      [...waiting].filter(([, jobs]) => jobs.length > 0).map(([student, jobs]) => ({
        student,
        started: started.get(student) ?? 0,
        lastWaitMs: lastWait.get(student) ?? 0,
        arrival: Math.max(jobs[0]!.seq, placed.get(student) ?? -1), // jobs kept in arrival order
      })),
    );
    return pick ? { student: pick.student, index: headOf(waiting.get(pick.student)!) } : undefined;
  };

  const drain = (): void => {
    while (!paused && running < slots) {
      const pick = next();
      if (!pick) return;
      const jobs = waiting.get(pick.student)!;
      const [job] = jobs.splice(pick.index, 1);
      if (jobs.length === 0) waiting.delete(pick.student);
      started.set(pick.student, (started.get(pick.student) ?? 0) + 1);
      const before = lastWait.get(pick.student) ?? 0;
      const after = now() - job!.at;
      lastWait.set(pick.student, after);
      if (fairPriority(1, before) !== fairPriority(1, after)) placed.set(pick.student, seq++);
      running++;
      job!.go();
    }
  };

  return {
    add(student, priority, run, estimateMs) {
      return new Promise<void>((resolve, reject) => {
        const go = (): void => {
          void (async () => {
            try {
              await run();
              resolve();
            } catch (e) {
              reject(e);
            } finally {
              running--;
              drain();
            }
          })();
        };
        const jobs = waiting.get(student) ?? [];
        jobs.push({ priority, ...(estimateMs !== undefined ? { estimateMs } : {}), seq: seq++, at: now(), go });
        waiting.set(student, jobs);
        drain();
      });
    },
    pause() {
      paused = true;
    },
    start() {
      paused = false;
      drain();
    },
    started: () => started,
  };
}
