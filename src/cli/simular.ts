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

const USAGE = 'Uso: simular [--semanas 1000] [--p 0.1] [--semilla 2026] [--cpu N] [--gpu N] [--vivos] [--motores cpu|gpu] [--json]';
/** docs/design.md §6's experiment: a CPU slot for each of the week's seven tasks (none ever waits for one). */
const REFERENCE_CPU_SLOTS = 7;

const pct = (x: number, digits = 2): string => `${(x * 100).toFixed(digits)} %`;

function verdict(theory: number, i: Interval): string {
  const inside = theory >= i.low && theory <= i.high;
  const diff = (i.observed - theory) * 100;
  return `${pct(i.observed)} (IC 95 % ${pct(i.low)}–${pct(i.high)}); teoría ${pct(theory)}; diferencia ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} puntos → ${inside ? 'la teoría cae dentro del intervalo' : 'la teoría queda FUERA del intervalo'}`;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const values = parseOptions(io, argv, { semanas: { type: 'string' }, p: { type: 'string' }, semilla: { type: 'string' }, cpu: { type: 'string' }, gpu: { type: 'string' }, vivos: { type: 'boolean' }, motores: { type: 'string' }, json: { type: 'boolean' } }, USAGE);
  if (!values) return EXIT.misuse;
  const weeks = values.semanas === undefined ? 1000 : Number(values.semanas);
  const p = values.p === undefined ? 0.1 : Number(values.p);
  const seed = values.semilla === undefined ? 2026 : Number(values.semilla);
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 10_000_000) {
    io.stderr.write(`--semanas debe ser un entero entre 1 y 10000000, no "${values.semanas}".\n`);
    return 2;
  }
  if (!Number.isFinite(p) || p < 0 || p >= 1) {
    io.stderr.write(`--p debe ser una probabilidad en [0, 1), no "${values.p}".\n`);
    return 2;
  }
  if (!Number.isInteger(seed)) {
    io.stderr.write(`--semilla debe ser un entero, no "${values.semilla}".\n`);
    return 2;
  }
  const live = liveLanes(io.env);
  const lanes = { cpu: values.cpu === undefined ? (values.vivos ? live.cpu : REFERENCE_CPU_SLOTS) : Number(values.cpu), gpu: values.gpu === undefined ? live.gpu : Number(values.gpu) };
  for (const lane of ['cpu', 'gpu'] as const) {
    if (!Number.isInteger(lanes[lane]) || lanes[lane] < 1) {
      io.stderr.write(`--${lane} debe ser un entero positivo (huecos de ${lane.toUpperCase()}), no "${values[lane]}".\n`);
      return 2;
    }
  }
  const motores = values.motores ?? 'cpu';
  if (motores !== 'cpu' && motores !== 'gpu') {
    io.stderr.write(`--motores debe ser cpu o gpu, no "${motores}".\n`);
    return 2;
  }
  const engines = motores === 'gpu' ? { image: 'flux', speech: 'xtts' } as const : LIVE_ENGINES;
  const { report: r, comparison: c } = simulateWeeks({ weeks, p, seed, lanes, engines });
  if (values.json) {
    io.stdout.write(`${JSON.stringify(r)}\n`);
    return 0;
  }
  const out: string[] = [
    `Simulación: ${r.semanas} semanas, p = ${p} por llamada, semilla ${seed} (reloj simulado)`,
    `Carriles: ${values.cpu === undefined && !values.vivos ? 'un hueco de CPU por tarea (el experimento de referencia)' : `${lanes.cpu} CPU`} y ${lanes.gpu} GPU, con la prioridad del ejecutor; motores ${motores === 'gpu' ? 'de GPU (imagen y voz comparten la GPU)' : 'de CPU (maqueta y voz sintética)'}`,
    `Semanas completas: ${r.completas} de ${r.semanas}`,
    `Latencia de las semanas completas: p50 ${r.p50} s · p95 ${r.p95} s · máx ${r.max} s`,
    `Espera total en reintentos: ${r.espera_total} s`,
    '',
    'Código  Ocurrencias  Definitivos',
  ];
  for (const [key, e] of Object.entries(r.errores)) out.push(`${key.padEnd(6)}  ${String(e.ocurrencias).padStart(11)}  ${String(e.definitivos).padStart(11)}`);
  const retryableFinal = Object.entries(r.errores).filter(([k, e]) => k !== '400' && e.definitivos > 0);
  out.push(
    retryableFinal.length === 0
      ? 'Ningún error reintentable llegó a ser definitivo.'
      : `Errores reintentables que agotaron los intentos: ${retryableFinal.map(([k, e]) => `${k}×${e.definitivos}`).join(', ')}.`,
    `(La teoría espera ${c.expectedRetryableFinal.toFixed(2)} tareas con sus ${RETRY_POLICY.maxAttempts} intentos fallidos por errores reintentables en esta simulación.)`,
    '',
    `Fallo por tarea: ${verdict(r.teoria.fallo_tarea, c.taskFailure)} (${c.tasksFailed} de ${c.tasksRun} tareas ejecutadas)`,
    `Fallo por semana: ${verdict(r.teoria.fallo_semana, c.weekFailure)}`,
  );
  io.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
