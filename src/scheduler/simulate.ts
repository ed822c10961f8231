/**
 * docs/design.md §6's experiment on a simulated clock: 1,000 weeks, each call failing with probability p,
 * errors drawn from the mix of docs/design.md §6, retries per the one policy (`classify`, `backoffMs`), a failed
 * attempt costing half the task's duration, waits added to the clock. Week latency is the week run
 * on the lanes as the executor runs it (schedule.ts: the same lane sizes, the same priorities, planned
 * from the estimates before anything fails) with the effective durations — so the GPU and the CPU
 * slots are shared as in a live run, not assumed unlimited. Runs in milliseconds; the seed makes it
 * repeatable.
 */
import { CuadernoError, type ErrorCode } from '../errors.js';
import type { Lane } from '../tools/contract.js';
import { analyze, buildGraph, type Graph, type TaskNode } from './dag.js';
import { DEFAULT_LANES } from './executor.js';
import { listSchedule, pickPriority } from './schedule.js';
import { seededRandom } from './random.js';
import { backoffMs, classify, pSuccess, pWeekFailure, RETRY_POLICY, type RetryPolicy } from './retry.js';
import { weekTasks, type ImageEngineName, type SpeechEngineName } from './week.js';

/** The error keys of the report, as the issue names them. */
export type ErrorKey = '429' | '500' | '529' | 'red' | '400';

/** docs/design.md §6 mix: 40 % 429, 20 % 500, 10 % 529, 20 % network, 10 % 400. */
export const ERROR_MIX: ReadonlyArray<{ key: ErrorKey; code: ErrorCode; share: number }> = [
  { key: '429', code: 'RATE_LIMITED', share: 0.4 },
  { key: '500', code: 'SERVER_ERROR', share: 0.2 },
  { key: '529', code: 'OVERLOADED', share: 0.1 },
  { key: 'red', code: 'NETWORK', share: 0.2 },
  { key: '400', code: 'BAD_REQUEST', share: 0.1 },
];

export interface SimulationOptions {
  weeks?: number;
  /** Failure probability per call (attempt). */
  p?: number;
  seed?: number;
  policy?: Pick<RetryPolicy, 't0Ms' | 'tMaxMs' | 'maxAttempts'>;
  /** The week's tasks; default docs/design.md §5's seven with `engines`. */
  tasks?: readonly TaskNode[];
  /** Engines of the default week: default the live run's (maqueta, juguete: CPU lanes). */
  engines?: { image?: ImageEngineName; speech?: SpeechEngineName };
  /** Slots per lane the weeks run on (Infinity allowed: the ideal critical path); default DEFAULT_LANES. */
  lanes?: Readonly<Record<Lane, number>>;
}

/** Live-run engines: what `/semana` and the offline planner use unless told otherwise. */
export const LIVE_ENGINES = { image: 'maqueta', speech: 'juguete' } as const;

/** Exactly the `simular --json` document. Times in seconds. */
export interface SimulationReport {
  semanas: number;
  completas: number;
  p50: number;
  p95: number;
  max: number;
  errores: Record<ErrorKey, { ocurrencias: number; definitivos: number }>;
  espera_total: number;
  teoria: { fallo_tarea: number; fallo_semana: number };
}

/** What the text output adds: the observed rates and how close they are to theory. */
export interface SimulationComparison {
  tasksRun: number;
  tasksFailed: number;
  /** Theory's expected count of tasks whose K attempts all failed with retryable errors. */
  expectedRetryableFinal: number;
  weekFailure: Interval;
  taskFailure: Interval;
}

export interface Interval {
  observed: number;
  /** Wilson score interval at 95 %. */
  low: number;
  high: number;
}

/** Wilson score interval for `k` successes in `n` trials (z = 1.96): sane even near 0 %. */
export function wilson(k: number, n: number, z = 1.96): Interval {
  if (n === 0) return { observed: 0, low: 0, high: 1 };
  const ph = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (ph + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((ph * (1 - ph)) / n + (z * z) / (4 * n * n))) / denom;
  return { observed: ph, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export function simulateWeeks(options: SimulationOptions = {}): { report: SimulationReport; comparison: SimulationComparison } {
  const weeks = options.weeks ?? 1000;
  const p = options.p ?? 0.1;
  const policy = options.policy ?? RETRY_POLICY;
  const rand = seededRandom(options.seed ?? 2026);
  const g = buildGraph(options.tasks ?? weekTasks(options.engines ?? LIVE_ENGINES));
  const planned = analyze(g);
  const order = planned.order;
  const lanes = options.lanes ?? DEFAULT_LANES;
  // The executor ranks the week once, from its estimates: a failure it cannot foresee changes durations, not the order.
  const prio = pickPriority(g, planned, 'critical-path', lanes);
  const errores = Object.fromEntries(ERROR_MIX.map((m) => [m.key, { ocurrencias: 0, definitivos: 0 }])) as SimulationReport['errores'];
  // Real error objects, so the decision goes through the one `classify`.
  const errors = ERROR_MIX.map((m) => new CuadernoError(m.code, `simulado ${m.key}`));
  const latencies: number[] = [];
  let waitTotal = 0;
  let tasksRun = 0;
  let tasksFailed = 0;
  const effective = new Float64Array(g.n);
  const failed = new Uint8Array(g.n);

  for (let w = 0; w < weeks; w++) {
    failed.fill(0);
    let weekFailed = false;
    for (const v of order) {
      // A failed task stops its dependants (they never call anything).
      let blocked = false;
      for (let q = g.predStart[v]!; q < g.predStart[v + 1]!; q++) if (failed[g.pred[q]!]) blocked = true;
      if (blocked) {
        failed[v] = 1;
        continue;
      }
      tasksRun++;
      const d = g.duration[v]!;
      let cost = 0;
      for (let k = 0; k < policy.maxAttempts; k++) {
        if (rand() >= p) {
          cost += d;
          break;
        }
        const u = rand();
        let m = 0;
        for (let acc = ERROR_MIX[0]!.share; u >= acc && m < ERROR_MIX.length - 1; acc += ERROR_MIX[++m]!.share);
        errores[ERROR_MIX[m]!.key].ocurrencias++;
        cost += d / 2;
        if (classify(errors[m]) === 'fail' || k === policy.maxAttempts - 1) {
          errores[ERROR_MIX[m]!.key].definitivos++;
          failed[v] = 1;
          break;
        }
        const wait = backoffMs(k, rand(), policy) / 1000;
        cost += wait;
        waitTotal += wait;
      }
      effective[v] = cost;
      if (failed[v]) {
        tasksFailed++;
        weekFailed = true;
      }
    }
    if (!weekFailed) {
      const run: Graph = { ...g, duration: effective };
      latencies.push(listSchedule(run, lanes, 'critical-path', planned, prio).makespan);
    }
  }
  latencies.sort((a, b) => a - b);
  const r = ERROR_MIX.filter((m) => classify(errors[ERROR_MIX.indexOf(m)]) === 'fail').reduce((s, m) => s + m.share, 0);
  const report: SimulationReport = {
    semanas: weeks,
    completas: latencies.length,
    p50: round3(percentile(latencies, 0.5)),
    p95: round3(percentile(latencies, 0.95)),
    max: round3(latencies.at(-1) ?? 0),
    errores,
    espera_total: round3(waitTotal),
    teoria: { fallo_tarea: round6(1 - pSuccess(p, r, policy.maxAttempts)), fallo_semana: round6(pWeekFailure(p, r, policy.maxAttempts, g.n)) },
  };
  // A retryable error ends a task only after K retryable failures in a row: (p(1−r))^K per task.
  const expectedRetryableFinal = tasksRun * (p * (1 - r)) ** policy.maxAttempts;
  return {
    report,
    comparison: { tasksRun, tasksFailed, expectedRetryableFinal, weekFailure: wilson(weeks - latencies.length, weeks), taskFailure: wilson(tasksFailed, tasksRun) },
  };
}
