/**
 * The one adapter between the executor's lane seam and BullMQ (issue 15): a `LaneBackend` that
 * routes by lane. CPU jobs, and GPU jobs that cannot leave the process, take in-process p-queue slots
 * exactly as without Redis; a GPU job whose stage declares its files (catalogue `files`) takes no
 * local slot — the shared queue and its workers are the GPU — and its stage function runs on a
 * `npm run trabajador` process (`remoteStageExec`). The executor, the graph, retries and the
 * idempotency checkpoints are the same code in both modes.
 *
 * `createGpuQueue` holds the process's one GPU queue client; `forStudent` gives each owner (a student
 * in class mode, the owner otherwise) the lanes of their runs and what `/estado` says about them.
 */
import { QUEUE } from '../strings/chat.js';
import { createInProcessLanes, type LaneBackend } from '../scheduler/lanes.js';
import type { Lane } from '../tools/contract.js';
import { Redis } from 'ioredis';
import { createEngineDirectory, type EngineDirectory } from './adverts.js';
import { createBullMqLane, type BullMqLane } from './bullmq-lane.js';
import { redisOptions, type LaneSettings } from './redis.js';
import { feedsEngine, isRemoteStage, laneKey, remoteLaneOf, remoteStageExec } from './remote-stage.js';

export interface StudentLanes {
  /**
   * The lanes of one run: `signal` aborting (`/cancelar`) also removes the run's queued GPU jobs;
   * `notify` puts a sentence in the run's chat (the queue went away while the run waits on it, and
   * came back).
   */
  lanesFor(runId: string, sizes: Readonly<Record<Lane, number>>, signal?: AbortSignal, notify?: (text: string) => void): LaneBackend;
  /** `/estado`'s line about the run's GPU work: its place in the queue, running, or Redis away. */
  statusLine(runId: string): Promise<string | undefined>;
}

export interface GpuQueue {
  readonly lane: BullMqLane;
  /**
   * The CPU lane's queue: the CPU stages that declare their files (the cover's prompt, the
   * narration's script, watermark and MP3) run on `npm run trabajador -- --carril cpu` processes while one
   * is advertised, so a class's CPU work does not queue on the bot's cores.
   */
  readonly cpuLane: BullMqLane;
  /** The engines the queue's workers advertise now (adverts.ts). */
  readonly engines: EngineDirectory;
  /** Whether Redis answers (as last seen by the lane's connection). */
  reachable(): boolean;
  forStudent(student: string): StudentLanes;
  close(): Promise<void>;
}

export interface GpuQueueOptions {
  settings: LaneSettings;
  /** The queue went away / came back (the caller tells the people whose runs wait). */
  onStatus?: (status: 'unreachable' | 'reachable') => void;
  /** Safety-net poll of an awaited job, ms (tests). */
  pollMs?: number;
  /** How long the adverts read are reused, ms (default 2000; tests 0). */
  advertsCacheMs?: number;
}

type StatusListener = (status: 'unreachable' | 'reachable') => void;

export function createGpuQueue(opts: GpuQueueOptions): GpuQueue {
  let up = true;
  const listeners = new Set<StatusListener>();
  const lane = createBullMqLane({
    url: opts.settings.url,
    prefix: opts.settings.prefix,
    lane: 'gpu',
    ...(opts.pollMs ? { pollMs: opts.pollMs } : {}),
    onStatus: (s) => {
      up = s === 'reachable';
      opts.onStatus?.(s);
      for (const l of [...listeners]) l(s);
    },
  });
  // Its own connection, failing fast: asking what is advertised never waits for Redis to come back.
  const advertsRedis = new Redis({ ...redisOptions(opts.settings.url), maxRetriesPerRequest: 1 });
  advertsRedis.on('error', () => {});
  const engines = createEngineDirectory(advertsRedis, opts.settings.prefix, { ownsConnection: true, ...(opts.advertsCacheMs !== undefined ? { cacheMs: opts.advertsCacheMs } : {}) });
  // No fair ordinals: the CPU lane's jobs are short. What feeds a card (the prompt, the script)
  // goes first, then what follows one (the title, the watermark, the MP3), each in arrival order.
  const cpuLane = createBullMqLane({ url: opts.settings.url, prefix: opts.settings.prefix, lane: 'cpu', fair: false, priorityOf: (t) => (feedsEngine(t.stage) ? 1 : 2), ...(opts.pollMs ? { pollMs: opts.pollMs } : {}) });
  const remote = { gpu: lane, cpu: cpuLane, cpuWorkers: () => engines.servesLane('cpu') };
  return {
    lane,
    cpuLane,
    engines,
    reachable: () => up,
    forStudent: (student) => studentLanes(remote, student, () => up, listeners),
    close: async () => {
      await engines.close();
      await lane.close();
      await cpuLane.close();
    },
  };
}

interface RemoteLanes {
  gpu: BullMqLane;
  cpu: BullMqLane;
  /** Whether a CPU worker is advertised now (adverts.ts, cached). */
  cpuWorkers(): Promise<boolean>;
}

function studentLanes(lanes: RemoteLanes, student: string, reachable: () => boolean, listeners: Set<StatusListener>): StudentLanes {
  const lane = lanes.gpu;
  /** Lane keys of the GPU stages each run is waiting for right now. */
  const waiting = new Map<string, Set<string>>();
  /**
   * The runs whose cancel is already hooked to each signal: a run calls lanesFor once per pass
   * (each approval resumes it) with the same signal, and one listener per pass piled up on it
   * (Node warned at the eleventh).
   */
  const hooked = new WeakMap<AbortSignal, Set<string>>();
  return {
    lanesFor(runId, sizes, signal, notify) {
      const local = createInProcessLanes(sizes);
      const remote = remoteStageExec({ lane, student, runId });
      const remoteCpu = remoteStageExec({ lane: lanes.cpu, student, runId });
      /**
       * Whether this pass's CPU stages that can leave go to the CPU workers: decided once, at its
       * first such job, by whether a CPU worker is advertised then (none: on the bot, as without Redis).
       */
      let cpuOut: Promise<boolean> | undefined;
      let cpuOutNow = false;
      const decideCpu = (): Promise<boolean> => (cpuOut ??= lanes.cpuWorkers().catch(() => false).then((out) => (cpuOutNow = out)));
      const keys = new Set<string>();
      const tell: StatusListener = (st) => notify?.(st === 'unreachable' ? QUEUE.unreachable() : QUEUE.reachable());
      if (signal) {
        const runs = hooked.get(signal) ?? new Set<string>();
        hooked.set(signal, runs);
        if (!runs.has(runId)) {
          runs.add(runId);
          signal.addEventListener('abort', () => void lane.cancelRun(student, runId).catch(() => 0), { once: true });
        }
      }
      const exec = {
        async run(stage: { id: string; input: unknown; key: string }, sig: AbortSignal) {
          const k = laneKey(stage.key);
          keys.add(k);
          waiting.set(runId, keys);
          // While this run waits on the queue, it hears when the queue goes away and comes back.
          if (!listeners.has(tell)) {
            listeners.add(tell);
            if (!reachable()) tell('unreachable');
          }
          try {
            return await remote.run(stage, sig);
          } finally {
            keys.delete(k);
            if (keys.size === 0) listeners.delete(tell);
            if (keys.size === 0 && waiting.get(runId) === keys) waiting.delete(runId);
          }
        },
        stored: remote.stored!.bind(remote),
      };
      const goesOut = (laneOf: Lane, id: string | undefined): boolean => laneOf === 'gpu' && id !== undefined && isRemoteStage(id);
      const mayGoOutCpu = (laneOf: Lane, id: string | undefined): boolean => laneOf === 'cpu' && id !== undefined && isRemoteStage(id) && remoteLaneOf(id) === 'cpu';
      return {
        sizes,
        // The shared queue is the GPU slot: such a job starts its closure now and waits there. A
        // CPU stage that goes to the CPU workers takes no local slot either.
        run: (job) => {
          if (goesOut(job.lane, job.stage?.id)) return Promise.resolve().then(job.run);
          if (!mayGoOutCpu(job.lane, job.stage?.id)) return local.run(job);
          return decideCpu().then((out) => (out ? job.run() : local.run(job)));
        },
        hold: () => local.hold(),
        exec: (laneOf, id) => (goesOut(laneOf, id) ? exec : mayGoOutCpu(laneOf, id) && cpuOutNow ? remoteCpu : undefined),
      };
    },
    async statusLine(runId) {
      const keys = [...(waiting.get(runId) ?? [])];
      if (keys.length === 0) return undefined;
      if (!reachable()) return QUEUE.unreachable();
      let best: string | undefined;
      let bestPos = Infinity;
      for (const key of keys) {
        const p = await lane.position({ student, key }).catch(() => undefined);
        if (p?.state === 'active') return QUEUE.running();
        if (p?.state === 'waiting' && p.position < bestPos) {
          bestPos = p.position;
          best = QUEUE.position(p.position, p.etaMs);
        }
      }
      return best;
    },
  };
}
