/**
 * A plan of a task graph as data (docs/design.md §5): order, levels, per-task times and slack, critical path
 * and the four makespans. Pure; the `plan` CLI prints it and the Gantt draws it. Also parses the
 * `--grafo` file format, refusing anything malformed with one Spanish sentence.
 */
import { CuadernoError } from '../errors.js';
import { analyze, buildGraph, levelGroups, type Analysis, type Graph, type TaskNode } from './dag.js';
import { listSchedule, type Schedule } from './schedule.js';
import { GRAPH } from '../strings/cli.js';

export interface PlanReport {
  orden: string[];
  niveles: Record<string, string[]>;
  tareas: Array<{ id: string; nombre: string; carril: string; duracion: number; inicio: number; fin: number; holgura: number }>;
  ruta_critica: string[];
  makespan: { secuencial: number; paralelo: number; gpu: number; por_niveles: number };
  /** Saving of the ideal parallel plan over the sequential one, percent, one decimal. */
  ahorro_pct: number;
}

export interface Plan {
  graph: Graph;
  analysis: Analysis;
  /** The schedule with `gpu` GPU slots and `cpu` CPU slots (unlimited by default): what `makespan.gpu` measures. */
  gpuSchedule: Schedule;
  report: PlanReport;
}

/** Rounds away float noise (0.1 + 0.2) so tables and JSON show what a person would write. */
const clean = (x: number): number => Math.round(x * 1e9) / 1e9;

/**
 * `cpuLanes`: CPU slots of the schedule — unlimited for docs/design.md §5's week (its "with one GPU" figure
 * counts only the GPU), the live run's `CPU_LANES` for a turn as it runs (`plan --etapas`).
 */
export function planGraph(tasks: readonly TaskNode[], gpuLanes = 1, cpuLanes = Infinity): Plan {
  const graph = buildGraph(tasks);
  const analysis = analyze(graph);
  const gpuSchedule = listSchedule(graph, { cpu: cpuLanes, gpu: gpuLanes }, 'critical-path', analysis);
  const niveles: Record<string, string[]> = {};
  levelGroups(graph, analysis).forEach((ids, i) => (niveles[String(i)] = ids));
  const tareas = [...analysis.order].map((v) => ({
    id: graph.ids[v]!, nombre: graph.labels[v]!, carril: graph.lanes[v]!, duracion: graph.duration[v]!,
    inicio: clean(analysis.earliestStart[v]!), fin: clean(analysis.earliestFinish[v]!), holgura: clean(analysis.slack[v]!),
  }));
  const { sequential, makespan } = analysis;
  const report: PlanReport = {
    orden: [...analysis.order].map((v) => graph.ids[v]!),
    niveles,
    tareas,
    ruta_critica: analysis.criticalPath.map((v) => graph.ids[v]!),
    makespan: { secuencial: clean(sequential), paralelo: clean(makespan), gpu: clean(gpuSchedule.makespan), por_niveles: clean(analysis.byLevels) },
    ahorro_pct: sequential > 0 ? Math.round((1 - makespan / sequential) * 1000) / 10 : 0,
  };
  return { graph, analysis, gpuSchedule, report };
}

function fail(message: string): never {
  throw new CuadernoError('BAD_GRAPH', message);
}

/**
 * Parses `{"tareas":[{"id","nombre","duracion","deps","carril"}]}` into TaskNodes. Structural
 * problems are reported here; duplicates, unknown deps and cycles by `buildGraph`/`analyze`.
 */
export function parseGraphFile(text: string): TaskNode[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    fail(GRAPH.notJson(e instanceof Error ? e.message : String(e)));
  }
  const tareas = (data as { tareas?: unknown } | null)?.tareas;
  if (typeof data !== 'object' || data === null || !Array.isArray(tareas)) fail(GRAPH.notObject);
  if (tareas.length === 0) fail(GRAPH.empty);
  return tareas.map((raw, i): TaskNode => {
    const where = GRAPH.nth(i + 1);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(GRAPH.itemNotObject(where));
    const t = raw as Record<string, unknown>;
    if (typeof t.id !== 'string' || t.id.trim() === '') fail(GRAPH.needsId(where));
    const id = t.id;
    if (t.nombre !== undefined && typeof t.nombre !== 'string') fail(GRAPH.nameNotText(id));
    if (typeof t.duracion !== 'number' || !Number.isFinite(t.duracion) || t.duracion < 0) {
      fail(GRAPH.badDuration(id, JSON.stringify(t.duracion) ?? GRAPH.absent));
    }
    const deps = t.deps ?? [];
    if (!Array.isArray(deps) || deps.some((d) => typeof d !== 'string')) fail(GRAPH.depsNotList(id));
    const carril = t.carril ?? 'cpu';
    if (carril !== 'cpu' && carril !== 'gpu') fail(GRAPH.unknownLane(id, JSON.stringify(carril)));
    return { id, label: (t.nombre as string | undefined) ?? id, duration: t.duracion, deps: deps as string[], lane: carril };
  });
}
