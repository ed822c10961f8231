/**
 * Pure list scheduling under lane capacities — what the executor does, computed instead of run:
 * every task becomes ready the instant its last dependency finishes, and a free lane slot takes the
 * ready task with the highest priority (pick.ts: critical path first, refined by a bounded search
 * on small graphs; or FIFO). Used for the plan's "with the GPU lane" makespan, the Gantt of a plan
 * and as the reference in tests.
 */
import type { Lane } from '../tools/contract.js';
import { analyze, type Analysis, type Graph } from './dag.js';
import { BinaryHeap } from './heap.js';
import { pickPriority, type PickOrder } from './pick.js';
import { FAULT } from '../strings/log.js';

export { pickPriority, type PickOrder } from './pick.js';

export interface Schedule {
  start: Float64Array;
  finish: Float64Array;
  makespan: number;
}

interface Ready {
  v: number;
  prio: number;
  seq: number;
}

/**
 * Simulates the run with `lanes` slots per lane (Infinity allowed). Ties between equal priorities
 * go to the task released first (p-queue keeps FIFO among equal priorities, so does this). `prio`
 * overrides the priorities `pick` would give (one number per task, higher first).
 */
export function listSchedule(
  g: Graph,
  lanes: Readonly<Record<Lane, number>>,
  pick: PickOrder = 'critical-path',
  a: Analysis = analyze(g),
  prio: Float64Array = pickPriority(g, a, pick, lanes),
): Schedule {
  const n = g.n;
  const start = new Float64Array(n);
  const finish = new Float64Array(n);
  const waiting = new Int32Array(n);
  for (let i = 0; i < n; i++) waiting[i] = g.predStart[i + 1]! - g.predStart[i]!;
  const byPrio = (x: Ready, y: Ready): number => y.prio - x.prio || x.seq - y.seq;
  const ready: Record<Lane, BinaryHeap<Ready>> = { cpu: new BinaryHeap(byPrio), gpu: new BinaryHeap(byPrio) };
  const free: Record<Lane, number> = { cpu: lanes.cpu, gpu: lanes.gpu };
  const running = new BinaryHeap<{ v: number; at: number; seq: number }>((x, y) => x.at - y.at || x.seq - y.seq);
  let seq = 0;
  const release = (batch: number[]): void => {
    // Like the executor: critical-path-first enqueues each released batch in descending rank;
    // FIFO keeps release order (declaration order within a batch).
    batch.sort((x, y) => prio[y]! - prio[x]!);
    for (const v of batch) ready[g.lanes[v]!].push({ v, prio: prio[v]!, seq: seq++ });
  };
  const roots: number[] = [];
  for (let i = 0; i < n; i++) if (waiting[i] === 0) roots.push(i);
  release(roots);
  let now = 0;
  let done = 0;
  const launch = (): void => {
    for (const lane of ['cpu', 'gpu'] as const) {
      while (free[lane] > 0 && ready[lane].size > 0) {
        const { v } = ready[lane].pop()!;
        free[lane]--;
        start[v] = now;
        finish[v] = now + g.duration[v]!;
        running.push({ v, at: finish[v]!, seq: seq++ });
      }
    }
  };
  launch();
  while (running.size > 0) {
    const first = running.pop()!;
    now = first.at;
    // Everything ending at this instant frees its slot and releases its successors before any pick.
    const ended = [first.v];
    while (running.size > 0 && running.peek()!.at <= now) ended.push(running.pop()!.v);
    for (const v of ended) {
      done++;
      free[g.lanes[v]!]++;
      const batch: number[] = [];
      for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) {
        const s = g.succ[q]!;
        if (--waiting[s]! === 0) batch.push(s);
      }
      release(batch);
    }
    launch();
  }
  if (done !== n) throw new Error(FAULT.neverRan(n - done));
  let makespan = 0;
  for (let i = 0; i < n; i++) if (finish[i]! > makespan) makespan = finish[i]!;
  return { start, finish, makespan };
}
