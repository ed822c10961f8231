/**
 * docs/design.md §5's week as seven tasks (toy durations in seconds), summed from the stage catalogue
 * (tools/stages/catalogue.ts): each task is the stages the catalogue assigns to it, its duration
 * their estimates added up, its lane the engine's. The cover (FLUX) and the narration (XTTS) share
 * the single GPU; with the CPU engines (`maqueta`, `juguete`) they run on the CPU and the week
 * returns to its 23 s critical path. Only the order between the week's turns is written here.
 */
import type { Lane } from '../tools/contract.js';
import { STAGE_CATALOGUE, stagesOf, WEEK_REPORT_ESTIMATE_MS, WEEK_TASK_LABELS, type WeekTaskId } from '../tools/stages/catalogue.js';
import { turnNodes, type TurnNode } from './turn.js';
import type { TaskNode } from './dag.js';

export type ImageEngineName = 'flux' | 'maqueta';
export type SpeechEngineName = 'xtts' | 'juguete';

/** Which lane a task with this engine needs. */
export function engineLane(engine: ImageEngineName | SpeechEngineName): Lane {
  return engine === 'flux' || engine === 'xtts' ? 'gpu' : 'cpu';
}

/**
 * What each week task waits for, read off the graph the live run builds (not written a second
 * time): each of the standard week's turns (WEEK_TURNS) made one stage graph by the function the
 * run's turn uses (turn.ts `turnNodes`, the catalogue's stages of each call), a turn's first stages
 * waiting for the last ones of the turn before; a task waits for the tasks its stages wait for.
 */
function weekDeps(): Record<WeekTaskId, WeekTaskId[]> {
  const taskOf = new Map(STAGE_CATALOGUE.map((s) => [s.id, s.week]));
  const deps = new Map<WeekTaskId, Set<WeekTaskId>>((Object.keys(WEEK_TASK_LABELS) as WeekTaskId[]).map((id) => [id, new Set()]));
  let before: TurnNode[] = [];
  for (const tools of WEEK_TURNS) {
    const nodes = turnNodes(tools.map((tool, i) => ({ id: `${tool}-${i}`, stages: stagesOf(tool) })));
    for (const n of nodes) {
      const task = taskOf.get(n.spec.id)!;
      const waits = n.deps.length > 0 ? nodes.filter((m) => n.deps.includes(m.id)) : before;
      for (const w of waits) if (taskOf.get(w.spec.id) !== task) deps.get(task)!.add(taskOf.get(w.spec.id)!);
    }
    const waitedFor = new Set(nodes.flatMap((n) => n.deps));
    before = nodes.filter((n) => !waitedFor.has(n.id));
  }
  return Object.fromEntries([...deps].map(([id, d]) => [id, [...d].sort()])) as Record<WeekTaskId, WeekTaskId[]>;
}

/**
 * The week graph in declaration order (order matters: Kahn's FIFO order follows it), as the live
 * run makes it (weekDeps): the chart, `plan`, `simular` and the benchmark read this one.
 * Defaults are the GPU engines, as in docs/design.md §5's "33 s with one GPU".
 */
export function weekTasks(engines: { image?: ImageEngineName; speech?: SpeechEngineName } = {}): TaskNode[] {
  const motor: Record<string, Lane> = { generar_portada: engineLane(engines.image ?? 'flux'), narrar_resumen: engineLane(engines.speech ?? 'xtts') };
  const WEEK_DEPS = weekDeps();
  return (Object.keys(WEEK_DEPS) as WeekTaskId[]).map((id) => {
    const stages = STAGE_CATALOGUE.filter((s) => s.week === id);
    const ms = stages.reduce((sum, s) => sum + s.estimateMs, id === 'T7' ? WEEK_REPORT_ESTIMATE_MS : 0);
    // A task's lane: its engine's when one of its stages needs the engine, else the CPU.
    const lane = stages.find((s) => s.lane === 'motor') ? motor[stages[0]!.tool]! : 'cpu';
    return { id, label: WEEK_TASK_LABELS[id], duration: Math.round(ms) / 1000, deps: WEEK_DEPS[id], lane };
  });
}

/** How many notes the week's search brings back (`buscar_notas` k): each gets its own cards call. */
export const WEEK_SEARCH_K = 3;

/**
 * The calls of the standard week's second turn (agent/workflow.ts): the cards of each note the
 * search found, the cover and the narration, all at once.
 */
export const WEEK_TURN2_TOOLS = [...Array<string>(WEEK_SEARCH_K).fill('crear_tarjetas'), 'generar_portada', 'narrar_resumen'] as const;

/**
 * The standard week's turns as the live run makes them (agent/workflow.ts, agent/model/local.ts):
 * the search; the cards of each note found, the cover and the narration at once; the usage row
 * (the report that follows is the program's, no call).
 */
export const WEEK_TURNS: readonly (readonly string[])[] = [['buscar_notas'], WEEK_TURN2_TOOLS, ['registrar_uso']];

/**
 * One turn's stage graph as the live run builds it: every call's stages from the catalogue
 * (`stagesOf`, as each tool's `stages(args)` gives them), made one graph by the very function the
 * run's turn uses (turn.ts `turnNodes`); durations in seconds. Default: the standard week's second
 * turn with its CPU engines (maqueta, juguete), as `/semana` runs it.
 */
export function turnStageTasks(
  tools: readonly string[] = WEEK_TURN2_TOOLS,
  engines: { image?: ImageEngineName; speech?: SpeechEngineName } = { image: 'maqueta', speech: 'juguete' },
  estimateMs: (id: string) => number | undefined = () => undefined,
): TaskNode[] {
  const motor: Record<string, Lane> = { generar_portada: engineLane(engines.image ?? 'maqueta'), narrar_resumen: engineLane(engines.speech ?? 'juguete') };
  const calls = tools.map((tool, i) => ({ id: `${tool}-${i}`, stages: stagesOf(tool, motor[tool] ?? 'cpu', (d) => estimateMs(d.id) ?? d.estimateMs) }));
  return turnNodes(calls).map((n) => ({ id: n.id, label: n.spec.label, duration: n.spec.estimateMs / 1000, deps: n.deps, lane: n.spec.lane }));
}
