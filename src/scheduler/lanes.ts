/**
 * The lane seam: where a ready task gets a slot. The executor (executor.ts) decides *what* is ready
 * and in which order; a LaneBackend decides *where and when* it runs. Today there is one backend,
 * in-process p-queues (CPU: configurable slots, GPU: one slot per card, docs/design.md §5); a queue shared by
 * several processes (e.g. BullMQ) implements the same interface and plugs in without touching the
 * executor.
 *
 * A job carries, besides its closure, the serialisable description of its work when it has one
 * (`stage`: catalogue id, JSON input, idempotency key): a remote backend runs that instead of the
 * closure, and uses the key to recognise a job another worker already finished.
 */
import PQueue from 'p-queue';
import type { Lane, StageExec } from '../tools/contract.js';
import { createFairLane } from './fair-lane.js';

/** What a job that can run in another process is: a catalogue stage, its JSON input and its key. */
export interface SerialStage {
  /** Catalogue id, e.g. `portada.imagen`. */
  id: string;
  input: unknown;
  /** Idempotency key of this stage for this call (a finished key is never run twice). */
  key: string;
}

export interface LaneJob {
  taskId: string;
  lane: Lane;
  /** Higher runs first among jobs waiting for a slot of the same lane. */
  priority: number;
  /** How long it is expected to take, ms (the GPU's fair lane runs a student's longest job first). */
  estimateMs?: number;
  /** The work, in this process. Runs inside the slot; the slot frees when it settles. */
  run(): Promise<void>;
  stage?: SerialStage;
}

export interface LaneBackend {
  /** Slots per lane (the executor ranks ready tasks with them). */
  readonly sizes: Readonly<Record<Lane, number>>;
  /** Queues `job` on its lane; resolves when it has run (never rejects: `run` handles its errors). */
  run(job: LaneJob): Promise<void>;
  /**
   * Holds every lane until the current microtask wave ends, so that tasks released at the same
   * instant are all queued before a free slot picks (see executor.ts). A backend that cannot hold
   * may do nothing: only the order among simultaneous releases is affected.
   */
  hold(): void;
  /**
   * Where a stage of `lane` with catalogue id `stageId` runs its function, when this backend runs it
   * in another process (the GPU lane on a shared queue); undefined: here, as always.
   */
  exec?(lane: Lane, stageId: string): StageExec | undefined;
}

/** In-process lanes: one p-queue per lane. Shared by every graph of a run, so calls share the GPU. */
export function createInProcessLanes(sizes: Readonly<Record<Lane, number>>): LaneBackend {
  return overQueues(sizes, { cpu: pQueueLane(new PQueue({ concurrency: sizes.cpu })), gpu: pQueueLane(new PQueue({ concurrency: sizes.gpu })) });
}

/**
 * In-process lanes for a whole process (what `npm start` uses without a shared queue): each run gets
 * its own CPU queue, but the GPU lane is one for every run of every person. The GPU is an exclusive
 * lane (docs/design.md §5): two runs at once — or thirty students in class mode — must never send the card
 * more jobs than it has slots, which per-run queues would do. Its slots go to the students by the
 * shared queue's fairness rule (fair-lane.ts); `student` is whose run the lanes are for.
 */
export function createProcessLanes(gpuSlots: number): (sizes: Readonly<Record<Lane, number>>, student?: string) => LaneBackend {
  const gpu = createFairLane(gpuSlots);
  return (sizes, student = '') => {
    return overQueues({ cpu: sizes.cpu, gpu: gpuSlots }, {
      cpu: pQueueLane(new PQueue({ concurrency: sizes.cpu })),
      gpu: { add: (job) => gpu.add(student, job.priority, job.run, job.estimateMs), pause: () => gpu.pause(), start: () => gpu.start() },
    });
  };
}

/** What a lane needs of its queue: take a job, hold, go on. */
interface LaneQueue {
  add(job: LaneJob): Promise<void>;
  pause(): void;
  start(): void;
}

const pQueueLane = (q: PQueue): LaneQueue => ({ add: (job) => q.add(job.run, { priority: job.priority }), pause: () => q.pause(), start: () => q.start() });

function overQueues(sizes: Readonly<Record<Lane, number>>, queues: Record<Lane, LaneQueue>): LaneBackend {
  let holding = false;
  return {
    sizes,
    run: (job) => queues[job.lane].add(job),
    hold() {
      if (holding) return;
      holding = true;
      queues.cpu.pause();
      queues.gpu.pause();
      queueMicrotask(() => {
        holding = false;
        queues.cpu.start();
        queues.gpu.start();
      });
    },
  };
}
