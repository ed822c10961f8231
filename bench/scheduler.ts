/**
 * Scheduler benchmark (issue 4). Ratios measured in one process, contenders' order rotated per
 * repetition (whatever runs first in a process pays for the JIT warm-up):
 *  1. the week with real timers at 100 ms per toy second vs the ideal (2.30 s / 3.30 s) and vs a
 *     bare-timer chain that hard-codes the same schedule (the scheduler's own share);
 *  2. a 10,000-task / ~50,000-edge random DAG of zero-duration tasks: analysis time, execution
 *     overhead per task, heap, timers used, scaling when the graph doubles, vs p-graph;
 *  3. ≥ 2,000 random layered DAGs on 2 CPU lanes (simulated clock): makespan ÷ lower bound for
 *     critical-path-first, FIFO and p-graph (priority = duration), plus a GPU lane variant.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGraph } from 'p-graph';
import { createVirtualClock } from '../src/scheduler/clock.js';
import { analyze, buildGraph, lowerBound, type TaskNode } from '../src/scheduler/dag.js';
import { executeGraph, type GraphTask } from '../src/scheduler/executor.js';
import { BENCH_FAMILY, randomLayeredDag, seededRandom } from '../src/scheduler/random.js';
import type { PickOrder } from '../src/scheduler/schedule.js';
import { weekTasks } from '../src/scheduler/week.js';

const MS_PER_TOY_SECOND = 100;
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Runs each contender `reps` times, rotating who goes first; returns the per-contender samples. */
async function rotated<K extends string>(reps: number, contenders: Record<K, () => Promise<number>>): Promise<Record<K, number[]>> {
  const names = Object.keys(contenders) as K[];
  const out = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (let rep = 0; rep < reps; rep++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + rep) % names.length]!;
      out[name].push(await contenders[name]());
    }
  }
  return out;
}

// ── 1. The week with real timers ────────────────────────────────────────────────────────────────
async function weekBench(): Promise<Record<string, unknown>> {
  const tasks = (gpu: boolean): GraphTask[] =>
    weekTasks(gpu ? {} : { image: 'maqueta', speech: 'juguete' }).map((t) => ({ ...t, estimateMs: t.duration * 1000, run: () => sleep(t.duration * MS_PER_TOY_SECOND) }));
  const d = (id: string): number => weekTasks().find((t) => t.id === id)!.duration * MS_PER_TOY_SECOND;
  const timed = async (fn: () => Promise<unknown>): Promise<number> => {
    const t0 = performance.now();
    await fn();
    return (performance.now() - t0) / 1000;
  };
  // The same schedules written by hand with bare timers: what any implementation pays for timers.
  const bareParallel = async (): Promise<void> => {
    await sleep(d('T1'));
    await Promise.all([sleep(d('T2')), sleep(d('T3')).then(() => sleep(d('T6'))), sleep(d('T4')).then(() => sleep(d('T5')))]);
    await sleep(d('T7'));
  };
  const bareGpu = async (): Promise<void> => {
    await sleep(d('T1'));
    const t2 = sleep(d('T2'));
    const t3 = sleep(d('T3'));
    await sleep(d('T4'));
    await sleep(d('T5')); // the GPU: cover first (ready at 4), then the narration
    await t3;
    await sleep(d('T6'));
    await t2;
    await sleep(d('T7'));
  };
  const lanes = { cpu: 8, gpu: 1 };
  const s = await rotated(3, {
    paralelo: () => timed(() => executeGraph(tasks(false), { lanes })),
    gpu: () => timed(() => executeGraph(tasks(true), { lanes })),
    bare_paralelo: () => timed(bareParallel),
    bare_gpu: () => timed(bareGpu),
  });
  const row = (key: 'paralelo' | 'gpu', ideal: number) => {
    const medido = median(s[key]);
    const bare = median(s[`bare_${key}`]);
    return { medido_s: r4(medido), ideal_s: ideal, ratio: r4(medido / ideal), timers_desnudos_s: r4(bare), sobrecoste_ms: r4((medido - bare) * 1000), muestras_s: s[key].map(r4) };
  };
  return { paralelo: row('paralelo', 2.3), gpu: row('gpu', 3.3) };
}

// ── 2. 10,000 tasks / ~50,000 edges ─────────────────────────────────────────────────────────────
function bigDag(tasks: number, seed: number): TaskNode[] {
  return randomLayeredDag(seededRandom(seed), { tasks, layers: 100, avgDeps: 5, maxDuration: 0 });
}

function analysisMs(nodes: TaskNode[]): number {
  const samples: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const g = buildGraph(nodes);
    analyze(g);
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

async function oursOn(nodes: TaskNode[], cpu: number, sampleHeap?: { peak: number; base: number }): Promise<number> {
  const done = (): Promise<void> => Promise.resolve();
  const tasks: GraphTask[] = nodes.map((t) => ({ id: t.id, lane: 'cpu', deps: t.deps, estimateMs: t.duration, run: done }));
  let k = 0;
  const onEvent = sampleHeap ? () => {
    if (++k % 2000 === 0) sampleHeap.peak = Math.max(sampleHeap.peak, process.memoryUsage().heapUsed - sampleHeap.base);
  } : undefined;
  const t0 = performance.now();
  const r = await executeGraph(tasks, { lanes: { cpu, gpu: 1 }, onEvent });
  const ms = performance.now() - t0;
  if (!r.ok) throw new Error('bench: executor run failed');
  return ms;
}

async function pgraphOn(nodes: TaskNode[], cpu: number): Promise<number> {
  const t0 = performance.now();
  const map = new Map(nodes.map((t) => [t.id, { run: () => Promise.resolve(), priority: t.duration }]));
  const deps: [string, string][] = [];
  for (const t of nodes) for (const d of t.deps) deps.push([d, t.id]);
  await new PGraph(map, deps).run({ concurrency: cpu });
  return performance.now() - t0;
}

export async function dagBench(): Promise<Record<string, unknown>> {
  const cpu = 8;
  const small = bigDag(10_000, 11);
  const large = bigDag(20_000, 12);
  const edges = small.reduce((s, t) => s + t.deps.length, 0);
  // Timers: the executor must never wake the next task through one.
  let timers = 0;
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => (timers++, realSetTimeout(...args))) as typeof setTimeout;
  await oursOn(small, cpu);
  globalThis.setTimeout = realSetTimeout;
  gc();
  const heap = { peak: 0, base: process.memoryUsage().heapUsed };
  await oursOn(small, cpu, heap);
  const s = await rotated(5, {
    nuestro: () => oursOn(small, cpu),
    pgraph: () => pgraphOn(small, cpu),
    nuestro_doble: () => oursOn(large, cpu),
  });
  const ours = median(s.nuestro);
  const par = median(s.pgraph);
  const plan10 = analysisMs(small);
  const plan20 = analysisMs(large);
  return {
    tareas: small.length,
    aristas: edges,
    plan_ms: r4(plan10),
    plan_doble_ms: r4(plan20),
    us_por_tarea: r4((ours * 1000) / small.length),
    ms_total: r4(ours),
    heap_mb: r4(heap.peak / 2 ** 20),
    temporizadores: timers,
    doble_ratio: r4(median(s.nuestro_doble) / ours),
    plan_doble_ratio: r4(plan20 / plan10),
    frente_a_par: r4(ours / par),
    par: { nombre: 'p-graph', us_por_tarea: r4((par * 1000) / small.length), ms_total: r4(par) },
  };
}

// ── 3. Pick order on random layered DAGs ────────────────────────────────────────────────────────
const FAMILY = BENCH_FAMILY;

async function simulatedRun(nodes: TaskNode[], lanes: { cpu: number; gpu: number }, pick: PickOrder): Promise<number> {
  const clock = createVirtualClock();
  const r = await executeGraph(nodes.map((t) => ({ id: t.id, lane: t.lane ?? 'cpu', deps: t.deps, estimateMs: t.duration, run: (s: AbortSignal) => clock.sleep(t.duration, s) })), {
    lanes, pick, clock, retry: false,
  });
  return r.makespanMs;
}

async function pgraphSimulated(nodes: TaskNode[], concurrency: number): Promise<number> {
  const clock = createVirtualClock();
  const map = new Map(nodes.map((t) => [t.id, { run: () => clock.sleep(t.duration), priority: t.duration }]));
  const deps: [string, string][] = [];
  for (const t of nodes) for (const d of t.deps) deps.push([d, t.id]);
  await new PGraph(map, deps).run({ concurrency });
  return clock.now();
}

export async function randomBench(graphs = 2000): Promise<Record<string, unknown>> {
  const rand = seededRandom(2026);
  const cp: number[] = [];
  const rank: number[] = [];
  const fifo: number[] = [];
  const par: number[] = [];
  const gpu: number[] = [];
  let worse = 0;
  let rankWorse = 0;
  const gpuRank: number[] = [];
  for (let i = 0; i < graphs; i++) {
    const nodes = randomLayeredDag(rand, FAMILY);
    const lb = lowerBound(buildGraph(nodes), { cpu: 2, gpu: 1 });
    const runs = await rotated(1, {
      cp: () => simulatedRun(nodes, { cpu: 2, gpu: 1 }, 'critical-path'),
      rank: () => simulatedRun(nodes, { cpu: 2, gpu: 1 }, 'upward-rank'),
      fifo: () => simulatedRun(nodes, { cpu: 2, gpu: 1 }, 'fifo'),
      par: () => pgraphSimulated(nodes, 2),
    });
    cp.push(runs.cp[0]! / lb);
    rank.push(runs.rank[0]! / lb);
    fifo.push(runs.fifo[0]! / lb);
    if (runs.rank[0]! > runs.fifo[0]! + 1e-9) rankWorse++;
    par.push(runs.par[0]! / lb);
    if (runs.cp[0]! > runs.fifo[0]! + 1e-9) worse++;
    const withGpu = randomLayeredDag(rand, { ...FAMILY, gpuShare: 0.25 });
    const gpuLb = lowerBound(buildGraph(withGpu), { cpu: 2, gpu: 1 });
    gpu.push((await simulatedRun(withGpu, { cpu: 2, gpu: 1 }, 'critical-path')) / gpuLb);
    gpuRank.push((await simulatedRun(withGpu, { cpu: 2, gpu: 1 }, 'upward-rank')) / gpuLb);
  }
  const p99of = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.ceil(0.99 * xs.length) - 1]!;
  const p99 = p99of(cp);
  return {
    grafos: graphs,
    familia: FAMILY,
    cp_primero: r4(mean(cp)),
    fifo: r4(mean(fifo)),
    par: r4(mean(par)),
    cp_p99: r4(p99),
    peor_que_fifo: r4(worse / graphs),
    con_gpu: r4(mean(gpu)),
    frente_a_par: r4(mean(cp) / mean(par)),
    // The plain longest-remaining-path rule, for comparison (the rule before the bounded search).
    rango_ascendente: { media: r4(mean(rank)), p99: r4(p99of(rank)), peor_que_fifo: r4(rankWorse / graphs), con_gpu: r4(mean(gpuRank)) },
  };
}

function table(title: string, rows: Array<[string, string, string]>): void {
  console.log(`\n${title}`);
  const w = Math.max(...rows.map((r) => r[0].length));
  for (const [k, v, target] of rows) console.log(`  ${k.padEnd(w)}  ${v.padStart(12)}   ${target}`);
}

export async function run(): Promise<Record<string, unknown>> {
  const semana = await weekBench();
  const dag10k = await dagBench();
  const aleatorios = await randomBench();
  const sp = semana.paralelo as Record<string, number>;
  const sg = semana.gpu as Record<string, number>;
  const d = dag10k as Record<string, number> & { par: Record<string, number> };
  const a = aleatorios as Record<string, number>;
  const ra = aleatorios.rango_ascendente as Record<string, number>;
  table('Semana, 100 ms por segundo de juguete (temporizadores reales)', [
    ['paralelo medido (s)', String(sp.medido_s), `ideal 2.30 · objetivo ≤ 2.310 (ratio ${sp.ratio})`],
    ['  sobre temporizadores (ms)', String(sp.sobrecoste_ms), `objetivo ≤ 3 (cadena desnuda ${sp.timers_desnudos_s} s)`],
    ['1 GPU medido (s)', String(sg.medido_s), `ideal 3.30 · objetivo ≤ 3.310 (ratio ${sg.ratio})`],
    ['  sobre temporizadores (ms)', String(sg.sobrecoste_ms), `objetivo ≤ 3 (cadena desnuda ${sg.timers_desnudos_s} s)`],
  ]);
  table(`DAG de ${d.tareas} tareas / ${d.aristas} aristas (duración 0)`, [
    ['análisis (ms)', String(d.plan_ms), 'objetivo ≤ 20'],
    ['análisis, grafo doble (×)', String(d.plan_doble_ratio), 'objetivo ≤ 2.5'],
    ['ejecución (µs/tarea)', String(d.us_por_tarea), 'objetivo ≤ 15'],
    ['p-graph (µs/tarea)', String(d.par.us_por_tarea), ''],
    ['nuestro ÷ p-graph', String(d.frente_a_par), 'objetivo ≤ 0.5'],
    ['ejecución, grafo doble (×)', String(d.doble_ratio), 'objetivo ≤ 2.5'],
    ['heap (MB)', String(d.heap_mb), 'objetivo ≤ 30'],
    ['setTimeout usados', String(d.temporizadores), 'objetivo 0'],
  ]);
  table(`${a.grafos} DAG aleatorios por capas, 2 carriles CPU (makespan ÷ cota inferior)`, [
    ['ruta crítica primero', String(a.cp_primero), 'objetivo ≤ 1.05'],
    ['FIFO', String(a.fifo), 'referencia ≈ 1.13'],
    ['p-graph (prioridad = duración)', String(a.par), ''],
    ['nuestro ÷ p-graph', String(a.frente_a_par), 'objetivo ≤ 1.01'],
    ['p99 ruta crítica primero', String(a.cp_p99), 'objetivo ≤ 1.18'],
    ['peor que FIFO (fracción)', String(a.peor_que_fifo), 'objetivo ≤ 0.01'],
    ['con carril GPU (2 CPU + 1 GPU)', String(a.con_gpu), 'objetivo ≤ 1.12'],
    ['solo rango ascendente: media', String(ra.media), `p99 ${ra.p99} · peor que FIFO ${ra.peor_que_fifo} · GPU ${ra.con_gpu}`],
  ]);
  return { semana, dag10k, aleatorios };
}
