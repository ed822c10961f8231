/**
 * Seeded randomness for the simulation, tests and benchmarks: the same seed gives the same weeks
 * and the same graphs on every machine, so a figure in a report can be reproduced.
 */
import type { Lane } from '../tools/contract.js';
import type { TaskNode } from './dag.js';
import { mulberry32 } from '../lib/prng.js';

/** Seeded PRNG (mulberry32): same seed, same sequence on every platform. */
export const seededRandom = mulberry32;

export interface LayeredDagOptions {
  tasks: number;
  layers: number;
  /** Average number of dependencies per task (on earlier layers), capped by what exists. */
  avgDeps: number;
  /** Durations are uniform integers in [1, maxDuration]; 0 makes every task zero-duration. */
  maxDuration: number;
  /** Share of tasks on the GPU lane (0 = CPU only). */
  gpuShare?: number;
  /** How many layers back a dependency may reach (default: any earlier layer). */
  reach?: number;
}

/**
 * A random layered DAG: tasks spread over layers, each depending on random tasks of earlier
 * layers (so it is acyclic by construction). Ids are `t0`, `t1`, … in declaration order.
 */
export function randomLayeredDag(rand: () => number, o: LayeredDagOptions): TaskNode[] {
  const layerOf: number[] = [];
  for (let i = 0; i < o.tasks; i++) layerOf.push(Math.min(o.layers - 1, Math.floor((i * o.layers) / o.tasks)));
  const firstOfLayer: number[] = [];
  for (let i = 0; i < o.tasks; i++) if (firstOfLayer[layerOf[i]!] === undefined) firstOfLayer[layerOf[i]!] = i;
  const out: TaskNode[] = [];
  for (let i = 0; i < o.tasks; i++) {
    const layer = layerOf[i]!;
    const lo = layer === 0 ? 0 : firstOfLayer[Math.max(0, layer - (o.reach ?? o.layers))]!;
    const hi = layer === 0 ? 0 : firstOfLayer[layer]!; // candidates: [lo, hi)
    const deps = new Set<number>();
    if (hi > lo) {
      // 1 + a binomial-ish spread around avgDeps, so some tasks have one dependency and some many.
      const want = Math.min(hi - lo, Math.max(1, Math.round(o.avgDeps * 2 * rand())));
      while (deps.size < want) deps.add(lo + Math.floor(rand() * (hi - lo)));
    }
    const lane: Lane = o.gpuShare && rand() < o.gpuShare ? 'gpu' : 'cpu';
    out.push({ id: `t${i}`, duration: o.maxDuration === 0 ? 0 : 1 + Math.floor(rand() * o.maxDuration), deps: [...deps].map((d) => `t${d}`), lane });
  }
  return out;
}

/** The benchmark family: 18 tasks in 6 layers of 3, ~2.2 deps each on the previous layer. */
export const BENCH_FAMILY: Readonly<LayeredDagOptions> = Object.freeze({ tasks: 18, layers: 6, avgDeps: 2.5, maxDuration: 10, reach: 1 });
