/**
 * Pick-rule study for issue 4 (`npx tsx bench/pick-order.ts [graphs]`): on the benchmark's family of
 * random layered DAGs, compares ready-task priorities on the pure list schedule (same semantics as
 * the executor) against two references computed exactly by search:
 *  - `mejor_lista`: the best makespan ANY pick rule can reach (best non-delay schedule: a free lane
 *    never idles while a task is ready — what our executor and every list scheduler do);
 *  - `optimo`: the true optimum (lanes may be left idle on purpose).
 * Both ÷ the lower bound `max(critical path, work / lanes)` show how much of the gap to
 * 1.0 belongs to the bound itself and not to the scheduler.
 */
import { analyze, buildGraph, lowerBound, type Graph } from '../src/scheduler/dag.js';
import { BENCH_FAMILY, randomLayeredDag, seededRandom } from '../src/scheduler/random.js';
import { listSchedule, type PickOrder } from '../src/scheduler/schedule.js';

type Lanes = { cpu: number; gpu: number };

/**
 * Best makespan over schedules by depth-first branch and bound. At each instant with more ready
 * tasks than free slots it tries every choice of which to start; `idle` also allows starting fewer
 * (true optimum). Exponential, fine for ~20 tasks.
 */
function bestMakespan(g: Graph, lanes: Lanes, idle: boolean, incumbent: number): number {
  const a = analyze(g);
  const rank = a.upwardRank;
  const n = g.n;
  const waiting = new Int32Array(n);
  for (let i = 0; i < n; i++) waiting[i] = g.predStart[i + 1]! - g.predStart[i]!;
  let best = incumbent;
  const totalWork: Lanes = { cpu: 0, gpu: 0 };
  for (let v = 0; v < n; v++) totalWork[g.lanes[v]!] += g.duration[v]!;
  // State: ready list, running [v, finish], unstarted work per lane.
  const rec = (now: number, ready: number[], running: Array<[number, number]>, left: Lanes): void => {
    // Bound: paths still to run and remaining work per lane from now.
    let lb = now;
    for (const v of ready) lb = Math.max(lb, now + rank[v]!);
    const busy: Lanes = { cpu: 0, gpu: 0 };
    for (const [v, f] of running) {
      lb = Math.max(lb, f + rank[v]! - g.duration[v]!);
      busy[g.lanes[v]!] += f - now;
    }
    for (const l of ['cpu', 'gpu'] as const) if (left[l] + busy[l] > 0) lb = Math.max(lb, now + (left[l] + busy[l]) / lanes[l]);
    if (lb >= best - 1e-9) return;
    if (ready.length === 0 && running.length === 0) {
      best = now;
      return;
    }
    const free: Lanes = { cpu: lanes.cpu, gpu: lanes.gpu };
    for (const [v] of running) free[g.lanes[v]!]--;
    const byLane: Record<'cpu' | 'gpu', number[]> = { cpu: [], gpu: [] };
    for (const v of ready) byLane[g.lanes[v]!].push(v);
    const options = (l: 'cpu' | 'gpu'): number[][] => {
      const r = byLane[l].sort((x, y) => rank[y]! - rank[x]!);
      const k = Math.min(free[l], r.length);
      const out: number[][] = [];
      const pick = (from: number, acc: number[], size: number): void => {
        if (acc.length === size) return void out.push([...acc]);
        for (let i = from; i < r.length; i++) pick(i + 1, [...acc, r[i]!], size);
      };
      for (let size = k; size >= (idle ? 0 : k); size--) pick(0, [], size);
      return out;
    };
    for (const cpu of options('cpu')) {
      for (const gpu of options('gpu')) {
        const started = [...cpu, ...gpu];
        if (started.length === 0 && running.length === 0) continue; // idling with nothing running never ends
        const set = new Set(started);
        const run2: Array<[number, number]> = [...running, ...started.map((v): [number, number] => [v, now + g.duration[v]!])];
        // If we idle a lane on purpose, only useful until the next finish: advance to it.
        let next = Infinity;
        for (const [, f] of run2) next = Math.min(next, f);
        const still: Array<[number, number]> = [];
        const rel: number[] = [];
        for (const [v, f] of run2) {
          if (f <= next + 1e-12) {
            for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) if (--waiting[g.succ[q]!]! === 0) rel.push(g.succ[q]!);
          } else still.push([v, f]);
        }
        const left2: Lanes = { cpu: left.cpu, gpu: left.gpu };
        for (const v of started) left2[g.lanes[v]!] -= g.duration[v]!;
        rec(next, [...ready.filter((v) => !set.has(v)), ...rel], still, left2);
        for (const [v, f] of run2) if (f <= next + 1e-12) for (let q = g.succStart[v]!; q < g.succStart[v + 1]!; q++) waiting[g.succ[q]!]!++;
      }
    }
  };
  const roots: number[] = [];
  for (let v = 0; v < n; v++) if (waiting[v] === 0) roots.push(v);
  rec(0, roots, [], totalWork);
  return best;
}

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const p99 = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.ceil(0.99 * xs.length) - 1]!;
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

function main(): void {
  const graphs = Number(process.argv[2] ?? 2000);
  const exact = !process.argv.includes('--sin-busqueda');
  const rules: PickOrder[] = ['critical-path', 'upward-rank', 'fifo'];
  const lanes = { cpu: 2, gpu: 1 };
  // Same stream as bench/scheduler.ts: a CPU-only graph, then a GPU variant, per step.
  const rand = seededRandom(2026);
  const ratios: Record<string, number[]> = {};
  const gpuRatios: Record<string, number[]> = {};
  const worse: Record<string, number> = {};
  const push = (m: Record<string, number[]>, k: string, x: number): void => void (m[k] ??= []).push(x);
  for (let i = 0; i < graphs; i++) {
    for (const gpuShare of [0, 0.25]) {
      const g = buildGraph(randomLayeredDag(rand, { ...BENCH_FAMILY, gpuShare }));
      const a = analyze(g);
      const lb = lowerBound(g, lanes, a);
      const into = gpuShare ? gpuRatios : ratios;
      const ms: Record<string, number> = {};
      for (const r of rules) push(into, r, (ms[r] = listSchedule(g, lanes, r, a).makespan) / lb);
      // p-graph's rule as documented by the issue: priority = duration, ties by id order.
      push(into, 'duracion', listSchedule(g, lanes, 'fifo', a, g.duration.slice()).makespan / lb);
      if (!gpuShare) for (const r of rules) if (ms[r]! > ms.fifo! + 1e-9) worse[r] = (worse[r] ?? 0) + 1;
      if (exact) {
        const inc = Math.min(...Object.values(ms)) + 1e-9;
        const list = bestMakespan(g, lanes, false, inc);
        push(into, 'mejor_lista', Math.min(list, inc) / lb);
        push(into, 'optimo', Math.min(bestMakespan(g, lanes, true, Math.min(list, inc) + 1e-9), list, inc) / lb);
      }
    }
  }
  const rows = Object.keys(ratios).map((k) => ({
    regla: k, media: r4(mean(ratios[k]!)), p99: r4(p99(ratios[k]!)), peor_que_fifo: k in worse || rules.includes(k as PickOrder) ? r4((worse[k] ?? 0) / graphs) : null, gpu_media: r4(mean(gpuRatios[k]!)),
  }));
  console.table(rows);
}

main();
