/**
 * The in-process GPU lane shared by every run of every person (createProcessLanes), with the same
 * fairness rule as the shared queue (src/lanes/fair.ts, issue 15): no student's k-th GPU job starts
 * while another student with fewer started GPU jobs has one waiting. A free slot takes:
 *  1. among the students with a job waiting, one with the fewest GPU jobs started;
 *  2. among those, the one who has waited longest in all (the waits of their started jobs plus how
 *     long their next job has waited now) — so whoever went last in one round goes first in the
 *     next, and the students' total GPU waits even out instead of repeating the arrival order;
 *  3. that student's waiting job of highest priority (the run's own critical-path order: pick.ts),
 *     ties in arrival order.
 * The critical path only orders one student's jobs; it never lets a student pass another.
 * Like p-queue, a job starts as soon as it is added and a slot is free, unless the lane is paused
 * (LaneBackend.hold: until the current microtask wave ends).
 */

export interface FairLane {
  /** Queues `run` for `student`; resolves or rejects as `run` does, once it has run in a slot. */
  add(student: string, priority: number, run: () => Promise<void>): Promise<void>;
  pause(): void;
  start(): void;
  /** GPU jobs started per student so far (the counts rule 1 compares). */
  started(): ReadonlyMap<string, number>;
}

interface Waiting {
  priority: number;
  seq: number;
  at: number;
  go: () => void;
}

export function createFairLane(slots: number, now: () => number = () => performance.now()): FairLane {
  const waiting = new Map<string, Waiting[]>();
  const started = new Map<string, number>();
  const waited = new Map<string, number>();
  let running = 0;
  let paused = false;
  let seq = 0;

  /** The student's next job: highest priority, then first come. */
  const headOf = (jobs: readonly Waiting[]): number => {
    let h = 0;
    for (let i = 1; i < jobs.length; i++) {
      const a = jobs[i]!;
      const b = jobs[h]!;
      if (a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq)) h = i;
    }
    return h;
  };

  const next = (): { student: string; index: number } | undefined => {
    const t = now();
    let best: { student: string; index: number; count: number; wait: number; seq: number } | undefined;
    for (const [student, jobs] of waiting) {
      if (jobs.length === 0) continue;
      const index = headOf(jobs);
      const head = jobs[index]!;
      const count = started.get(student) ?? 0;
      const wait = (waited.get(student) ?? 0) + t - head.at;
      if (!best || count < best.count || (count === best.count && (wait > best.wait || (wait === best.wait && head.seq < best.seq)))) {
        best = { student, index, count, wait, seq: head.seq };
      }
    }
    return best;
  };

  const drain = (): void => {
    while (!paused && running < slots) {
      const pick = next();
      if (!pick) return;
      const jobs = waiting.get(pick.student)!;
      const [job] = jobs.splice(pick.index, 1);
      if (jobs.length === 0) waiting.delete(pick.student);
      started.set(pick.student, (started.get(pick.student) ?? 0) + 1);
      waited.set(pick.student, (waited.get(pick.student) ?? 0) + now() - job!.at);
      running++;
      job!.go();
    }
  };

  return {
    add(student, priority, run) {
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
        jobs.push({ priority, seq: seq++, at: now(), go });
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
