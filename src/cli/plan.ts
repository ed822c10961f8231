/**
 * `plan [--grafo FILE] [--gpu N] [--cpu N] [--json] [--gantt OUT.png] [--etapas]`: docs/design.md §5's model
 * of the week (its seven tasks, summed from the stage catalogue), or any graph, planned — order,
 * levels, times and slack, critical path, makespans (sequential, ideal, with N GPU lanes and
 * unlimited CPU, level by level). A bad graph file is refused with one clear message and exit code 2.
 * `--etapas` adds the live model: the week's second turn as the run executes it — the same turn graph
 * (scheduler/turn.ts `turnNodes`), the same lanes (`--cpu`, default the run's CPU_LANES; `--gpu`)
 * and the same priorities as the executor (the `etapas` field in `--json`).
 */
import { readFile } from 'node:fs/promises';
import type { CliIO } from './common.js';
import { EXIT, liveLanes, parseOptions } from './common.js';
import { isCuadernoError } from '../errors.js';
import { ganttFromPlan, renderGantt } from '../scheduler/gantt.js';
import { parseGraphFile, planGraph, type PlanReport } from '../scheduler/plan.js';
import { turnStageTasks, weekTasks } from '../scheduler/week.js';
import { writeOutput } from '../store/outputs.js';
import { CLI_LINES } from '../strings/console.js';
import { DEFAULT_LANES } from '../scheduler/executor.js';
import { PLAN } from '../strings/cli.js';

const USAGE = 'Uso: plan [--grafo FICHERO] [--gpu N] [--cpu N] [--json] [--gantt SALIDA.png] [--etapas]';

const s = (x: number): string => `${Number(x.toFixed(3))} s`;

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function renderText(r: PlanReport, gpu: number): string {
  const out: string[] = [];
  out.push(PLAN.order(r.orden), PLAN.levels);
  for (const [lv, ids] of Object.entries(r.niveles)) out.push(`  ${lv}: ${ids.join(' ')}`);
  const w = Math.max(5, ...r.tareas.map((t) => `${t.id} ${t.nombre}`.length));
  const C = PLAN.columns;
  out.push('', `${pad(C.task, w)}  ${pad(C.lane, 6)}  ${pad(C.length, 9, true)}  ${pad(C.start, 8, true)}  ${pad(C.end, 8, true)}  ${pad(C.slack, 8, true)}`);
  for (const t of r.tareas) {
    const critical = r.ruta_critica.includes(t.id) ? PLAN.critical : '';
    out.push(`${pad(`${t.id} ${t.nombre}`, w)}  ${pad(t.carril, 6)}  ${pad(s(t.duracion), 9, true)}  ${pad(s(t.inicio), 8, true)}  ${pad(s(t.fin), 8, true)}  ${pad(s(t.holgura), 8, true)}${critical}`);
  }
  const m = r.makespan;
  out.push(
    '',
    PLAN.criticalPath(r.ruta_critica, s(m.paralelo)),
    PLAN.weekLength,
    `  ${pad(PLAN.sequential, 23)}${pad(s(m.secuencial), 9, true)}`,
    `  ${pad(PLAN.idealParallel, 23)}${pad(s(m.paralelo), 9, true)}  ${PLAN.saving(r.ahorro_pct.toFixed(1))}`,
    `  ${pad(PLAN.withGpus(gpu), 23)}${pad(s(m.gpu), 9, true)}`,
    `  ${pad(PLAN.byLevels, 23)}${pad(s(m.por_niveles), 9, true)}`,
  );
  return `${out.join('\n')}\n`;
}

/** The stage graph of the week's second turn, planned: what `--etapas` prints. */
export interface StagesReport {
  turno: number;
  /** The lanes the turn was scheduled on (the run's). */
  carriles: { cpu: number; gpu: number };
  tareas: Array<{ id: string; nombre: string; carril: string; deps: string[]; estimacion_s: number; inicio: number; fin: number; holgura: number }>;
  ruta_critica: string[];
  duracion_s: number;
}

export function stagesReport(gpu: number, cpu: number = DEFAULT_LANES.cpu): StagesReport {
  const tasks = turnStageTasks();
  const p = planGraph(tasks, gpu, cpu);
  const deps = new Map(tasks.map((t) => [t.id, [...t.deps]]));
  // Start and finish as the executor would run them on these lanes; slack from the ideal plan.
  const start = new Map(p.graph.ids.map((id, v) => [id, Number(p.gpuSchedule.start[v]!.toFixed(9))]));
  const finish = new Map(p.graph.ids.map((id, v) => [id, Number(p.gpuSchedule.finish[v]!.toFixed(9))]));
  return {
    turno: 2,
    carriles: { cpu, gpu },
    tareas: p.report.tareas.map((t) => ({ id: t.id, nombre: t.nombre, carril: t.carril, deps: deps.get(t.id)!, estimacion_s: t.duracion, inicio: start.get(t.id)!, fin: finish.get(t.id)!, holgura: t.holgura })),
    ruta_critica: p.report.ruta_critica,
    duracion_s: p.report.makespan.gpu,
  };
}

function renderStages(r: StagesReport): string {
  const out: string[] = ['', PLAN.stagesHead(r.turno, r.carriles.cpu, r.carriles.gpu)];
  const w = Math.max(...r.tareas.map((t) => t.id.length));
  for (const t of r.tareas) {
    const critical = r.ruta_critica.includes(t.id) ? PLAN.critical : '';
    out.push(`  ${pad(t.id, w)}  ${pad(t.carril, 4)}  ${pad(s(t.estimacion_s), 9, true)}  ${pad(`${s(t.inicio)} → ${s(t.fin)}`, 19)}  ${t.deps.length ? PLAN.after(t.deps) : PLAN.atStart}${critical}`);
  }
  out.push(PLAN.turnCritical(r.ruta_critica, s(r.duracion_s)));
  return `${out.join('\n')}\n`;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const values = parseOptions(io, argv, { grafo: { type: 'string' }, gpu: { type: 'string' }, cpu: { type: 'string' }, json: { type: 'boolean' }, gantt: { type: 'string' }, etapas: { type: 'boolean' } }, USAGE);
  if (!values) return EXIT.misuse;
  const gpu = values.gpu === undefined ? 1 : Number(values.gpu);
  if (!Number.isInteger(gpu) || gpu < 1) {
    io.stderr.write(`${PLAN.badGpu(values.gpu)}\n`);
    return 2;
  }
  const cpu = values.cpu === undefined ? liveLanes(io.env).cpu : Number(values.cpu);
  if (!Number.isInteger(cpu) || cpu < 1) {
    io.stderr.write(`${PLAN.badCpu(values.cpu)}\n`);
    return 2;
  }
  let tasks = weekTasks();
  if (values.grafo !== undefined) {
    let text: string;
    try {
      text = await readFile(values.grafo, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      io.stderr.write(`${CLI_LINES.graphUnreadable(values.grafo, code === 'ENOENT' ? CLI_LINES.graphMissing : code ?? String(e))}\n`);
      return 2;
    }
    try {
      tasks = parseGraphFile(text);
    } catch (e) {
      io.stderr.write(`${CLI_LINES.graphInvalid(values.grafo, e instanceof Error ? e.message : String(e))}\n`);
      return 2;
    }
  }
  let plan;
  try {
    plan = planGraph(tasks, gpu);
  } catch (e) {
    if (!isCuadernoError(e)) throw e;
    io.stderr.write(`${CLI_LINES.graphInvalid(values.grafo ?? CLI_LINES.weekGraph, e.message)}\n`);
    return 2;
  }
  if (values.gantt !== undefined) {
    const title = PLAN.ganttTitle(values.grafo !== undefined, gpu);
    await writeOutput(values.gantt, renderGantt(ganttFromPlan(plan.graph, plan.gpuSchedule, plan.analysis, title)));
  }
  const etapas = values.etapas ? stagesReport(gpu, cpu) : undefined;
  if (values.json) io.stdout.write(`${JSON.stringify(etapas ? { ...plan.report, etapas } : plan.report)}\n`);
  else {
    io.stdout.write(renderText(plan.report, gpu));
    if (etapas) io.stdout.write(renderStages(etapas));
    if (values.gantt !== undefined) io.stdout.write(`${CLI_LINES.ganttSaved(values.gantt)}\n`);
  }
  return 0;
}

