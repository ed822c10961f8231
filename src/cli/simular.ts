/**
 * `simular [--semanas 1000] [--p 0.1] [--semilla 2026] [--cpu N] [--gpu N] [--vivos] [--motores cpu|gpu] [--json]`:
 * docs/design.md §6's experiment on a simulated clock — latency percentiles, errors by code (occurrences and
 * definitive failures), the total retry wait, and theory beside the simulation with a 95 % interval.
 * Each week runs on the live run's lane model with the executor's priorities and its engines
 * (`--motores`: `cpu` = maqueta and juguete, the default, as `/semana` runs; `gpu` = FLUX and XTTS
 * sharing the GPU). The lanes' sizes: by default docs/design.md §6's reference experiment — a CPU slot for every
 * task of the week, so none waits for one (p50 = the critical path, 23 s) — and the live GPU slots;
 * `--vivos` takes this machine's CPU_LANES/GPU_LANES, `--cpu`/`--gpu` any sizes.
 */
import type { CliIO } from './common.js';
import { EXIT, liveLanes, parseOptions } from './common.js';
import { RETRY_POLICY } from '../scheduler/retry.js';
import { LIVE_ENGINES, simulateWeeks, type Interval } from '../scheduler/simulate.js';
import { SIMULAR } from '../strings/cli.js';

const USAGE = 'Uso: simular [--semanas 1000] [--p 0.1] [--semilla 2026] [--cpu N] [--gpu N] [--vivos] [--motores cpu|gpu] [--json]';
/** docs/design.md §6's experiment: a CPU slot for each of the week's seven tasks (none ever waits for one). */
const REFERENCE_CPU_SLOTS = 7;

const pct = (x: number, digits = 2): string => `${(x * 100).toFixed(digits)} %`;

function verdict(theory: number, i: Interval): string {
  const inside = theory >= i.low && theory <= i.high;
  const diff = (i.observed - theory) * 100;
  return SIMULAR.verdict(pct(i.observed), pct(i.low), pct(i.high), pct(theory), `${diff >= 0 ? '+' : ''}${diff.toFixed(2)}`, inside);
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const values = parseOptions(io, argv, { semanas: { type: 'string' }, p: { type: 'string' }, semilla: { type: 'string' }, cpu: { type: 'string' }, gpu: { type: 'string' }, vivos: { type: 'boolean' }, motores: { type: 'string' }, json: { type: 'boolean' } }, USAGE);
  if (!values) return EXIT.misuse;
  const weeks = values.semanas === undefined ? 1000 : Number(values.semanas);
  const p = values.p === undefined ? 0.1 : Number(values.p);
  const seed = values.semilla === undefined ? 2026 : Number(values.semilla);
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 10_000_000) {
    io.stderr.write(`${SIMULAR.badWeeks(values.semanas)}\n`);
    return 2;
  }
  if (!Number.isFinite(p) || p < 0 || p >= 1) {
    io.stderr.write(`${SIMULAR.badP(values.p)}\n`);
    return 2;
  }
  if (!Number.isInteger(seed)) {
    io.stderr.write(`${SIMULAR.badSeed(values.semilla)}\n`);
    return 2;
  }
  const live = liveLanes(io.env);
  const lanes = { cpu: values.cpu === undefined ? (values.vivos ? live.cpu : REFERENCE_CPU_SLOTS) : Number(values.cpu), gpu: values.gpu === undefined ? live.gpu : Number(values.gpu) };
  for (const lane of ['cpu', 'gpu'] as const) {
    if (!Number.isInteger(lanes[lane]) || lanes[lane] < 1) {
      io.stderr.write(`${SIMULAR.badLane(lane, lane.toUpperCase(), values[lane])}\n`);
      return 2;
    }
  }
  const motores = values.motores ?? 'cpu';
  if (motores !== 'cpu' && motores !== 'gpu') {
    io.stderr.write(`${SIMULAR.badEngines(motores)}\n`);
    return 2;
  }
  const engines = motores === 'gpu' ? { image: 'flux', speech: 'xtts' } as const : LIVE_ENGINES;
  const { report: r, comparison: c } = simulateWeeks({ weeks, p, seed, lanes, engines });
  if (values.json) {
    io.stdout.write(`${JSON.stringify(r)}\n`);
    return 0;
  }
  const out: string[] = [
    SIMULAR.head(r.semanas, p, seed),
    SIMULAR.lanes(values.cpu === undefined && !values.vivos ? null : lanes.cpu, lanes.gpu, motores === 'gpu'),
    SIMULAR.complete(r.completas, r.semanas),
    SIMULAR.latency(r.p50, r.p95, r.max),
    SIMULAR.retryWait(r.espera_total),
    '',
    SIMULAR.errorsHead,
  ];
  for (const [key, e] of Object.entries(r.errores)) out.push(`${key.padEnd(6)}  ${String(e.ocurrencias).padStart(11)}  ${String(e.definitivos).padStart(11)}`);
  const retryableFinal = Object.entries(r.errores).filter(([k, e]) => k !== '400' && e.definitivos > 0);
  out.push(
    retryableFinal.length === 0
      ? SIMULAR.noneFinal
      : SIMULAR.someFinal(retryableFinal.map(([k, e]) => `${k}×${e.definitivos}`)),
    SIMULAR.theoryFinal(c.expectedRetryableFinal.toFixed(2), RETRY_POLICY.maxAttempts),
    '',
    SIMULAR.taskFailure(verdict(r.teoria.fallo_tarea, c.taskFailure), c.tasksFailed, c.tasksRun),
    SIMULAR.weekFailure(verdict(r.teoria.fallo_semana, c.weekFailure)),
  );
  io.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
