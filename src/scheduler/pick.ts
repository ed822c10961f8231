/**
 * Which ready task a free lane slot takes — computed once per graph as one number per task (higher
 * goes first), so the pure schedule (schedule.ts) and the executor (p-queue priorities) follow the
 * very same rule.
 *
 * Why not just "longest remaining path first": on the benchmark's random layered DAGs with two
 * lanes, upward rank lands at ≈1.066 × the lower bound, while the best order any list scheduler
 * can follow lands at ≈1.047 (bench/pick-order.ts computes both exactly). The gap is lane
 * contention, which a path length cannot see. So `critical-path` is:
 *  1. a static order: upward rank, ties to more immediate successor work, then more successors,
 *     then declaration order (all O(tasks + edges));
 *  2. on graphs of up to SEARCH_MAX_TASKS tasks (the week has 7), a depth-first branch and bound
 *     over the choices a list scheduler faces (which ready tasks take the free slots), explored in
 *     the static order first — so its first plan IS the static one — and bounded by
 *     `max(paths still to run, work left per lane ÷ slots)`, under a budget of SEARCH_BUDGET nodes.
 *     The best plan found becomes the priority: earlier planned start first.
 * With exact durations the executor reproduces the plan (it never idles a slot while a task is
 * ready, and the plan never does either); with estimates it follows the planned order.
 */
import type { Lane } from '../tools/contract.js';
import type { Analysis, Graph } from './dag.js';

export type PickOrder = 'critical-path' | 'upward-rank' | 'fifo';

/** Above this many tasks the search is skipped (its state is copied per node) and the static order is used. */
export const SEARCH_MAX_TASKS = 64;
/** Search nodes (instants with a choice) per graph: bounds planning at a few ms whatever the graph. */
export const SEARCH_BUDGET = 2000;

/** Static order: upward rank, then immediate successor work, then successor count, then declaration. */
export function staticPriority(g: Graph, a: Analysis): Float64Array {
  const n = g.n;
  const succWork = new Float64Array(n);
  for (let v = 0; v < n; v++) for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) succWork[v] = succWork[v]! + g.duration[g.succ[q]!]!;
  const rank = a.upwardRank;
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((x, y) => rank[y]! - rank[x]! || succWork[y]! - succWork[x]!
    || (g.succStart[y + 1]! - g.succStart[y]!) - (g.succStart[x + 1]! - g.succStart[x]!) || x - y);
  return positions(idx);
}

/** Priority n for the first of `idx`, 1 for the last: a strict order p-queue can use as is. */
function positions(idx: readonly number[]): Float64Array {
  const p = new Float64Array(idx.length);
  idx.forEach((v, i) => (p[v] = idx.length - i));
  return p;
}

/**
 * The priority of each task under `pick` with these lane sizes (Infinity allowed). `fifo`: all
 * equal (release order); `upward-rank`: the plain longest remaining path.
 */
export function pickPriority(g: Graph, a: Analysis, pick: PickOrder, lanes: Readonly<Record<Lane, number>>): Float64Array {
  if (pick === 'fifo') return new Float64Array(g.n);
  if (pick === 'upward-rank') return a.upwardRank.slice();
  const base = staticPriority(g, a);
  if (g.n > SEARCH_MAX_TASKS || g.n === 0) return base;
  const start = searchPlan(g, a, lanes, base);
  if (!start) return base;
  const idx = Array.from({ length: g.n }, (_, i) => i);
  idx.sort((x, y) => start[x]! - start[y]! || base[y]! - base[x]!);
  return positions(idx);
}

/**
 * Best non-delay plan found within the budget; returns its start times, or null when the static
 * order's plan was not beaten (or no lane is ever contended).
 */
function searchPlan(g: Graph, a: Analysis, lanes: Readonly<Record<Lane, number>>, prio: Float64Array): Float64Array | null {
  const n = g.n;
  const rank = a.upwardRank;
  const dur = g.duration;
  const waiting = new Int32Array(n);
  for (let v = 0; v < n; v++) waiting[v] = g.predStart[v + 1]! - g.predStart[v]!;
  const start = new Float64Array(n);
  let bestStart: Float64Array | null = null;
  let best = Infinity;
  let firstLeaf = true;
  let nodes = 0;
  const byPrio = (x: number, y: number): number => prio[y]! - prio[x]!;
  const eps = 1e-9 * Math.max(1, a.makespan);

  const visit = (now: number, ready: number[], running: number[], left: Record<Lane, number>): void => {
    let lb = now;
    for (const v of ready) if (now + rank[v]! > lb) lb = now + rank[v]!;
    const busy: Record<Lane, number> = { cpu: 0, gpu: 0 };
    for (const v of running) {
      const f = start[v]! + dur[v]!;
      if (f + rank[v]! - dur[v]! > lb) lb = f + rank[v]! - dur[v]!;
      busy[g.lanes[v]!] += f - now;
    }
    for (const l of ['cpu', 'gpu'] as const) if (lanes[l] !== Infinity) lb = Math.max(lb, now + (left[l] + busy[l]) / lanes[l]);
    if (lb >= best - eps) return;
    if (ready.length === 0 && running.length === 0) {
      best = now;
      // The first plan is the static order's own: only a better one is worth returning.
      if (!firstLeaf) bestStart = start.slice();
      firstLeaf = false;
      return;
    }
    if (++nodes > SEARCH_BUDGET) return;
    const choices: Record<Lane, number[][]> = { cpu: [], gpu: [] };
    for (const l of ['cpu', 'gpu'] as const) {
      let free = lanes[l];
      for (const v of running) if (g.lanes[v] === l) free--;
      const r = ready.filter((v) => g.lanes[v] === l).sort(byPrio);
      choices[l] = subsets(r, Math.min(free, r.length));
    }
    for (const cpu of choices.cpu) {
      for (const gpu of choices.gpu) {
        const started = cpu.concat(gpu);
        for (const v of started) start[v] = now;
        const active = running.concat(started);
        let next = Infinity;
        for (const v of active) next = Math.min(next, start[v]! + dur[v]!);
        const still: number[] = [];
        const ended: number[] = [];
        for (const v of active) (start[v]! + dur[v]! <= next ? ended : still).push(v);
        const released: number[] = [];
        for (const v of ended) for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) if (--waiting[g.succ[q]!]! === 0) released.push(g.succ[q]!);
        const taken = new Set(started);
        const left2 = { ...left };
        for (const v of started) left2[g.lanes[v]!] -= dur[v]!;
        visit(next, ready.filter((v) => !taken.has(v)).concat(released), still, left2);
        for (const v of ended) for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) waiting[g.succ[q]!]!++;
      }
    }
  };

  const roots: number[] = [];
  const work: Record<Lane, number> = { cpu: 0, gpu: 0 };
  for (let v = 0; v < n; v++) {
    if (waiting[v] === 0) roots.push(v);
    work[g.lanes[v]!] += dur[v]!;
  }
  visit(0, roots, [], work);
  return bestStart;
}

/** Every `k`-subset of `items`, in lexicographic order of positions (so the first is the top k). */
function subsets(items: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const acc: number[] = [];
  const rec = (from: number): void => {
    if (acc.length === k) return void out.push(acc.slice());
    for (let i = from; i <= items.length - (k - acc.length); i++) {
      acc.push(items[i]!);
      rec(i + 1);
      acc.pop();
    }
  };
  rec(0);
  return out;
}
