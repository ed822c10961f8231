/**
 * SPEC §5's week as seven tasks (toy durations in seconds), summed from the stage catalogue
 * (tools/stages/catalogue.ts): each task is the stages the catalogue assigns to it, its duration
 * their estimates added up, its lane the engine's. The cover (FLUX) and the narration (XTTS) share
 * the single GPU; with the CPU engines (`maqueta`, `juguete`) they run on the CPU and the week
 * returns to its 23 s critical path. Only the order between the week's turns is written here.
 */
import type { Lane } from '../tools/contract.js';
import { STAGE_CATALOGUE, WEEK_REPORT_ESTIMATE_MS, WEEK_TASK_LABELS, type WeekTaskId } from '../tools/stages/catalogue.js';
import type { TaskNode } from './dag.js';

export type ImageEngineName = 'flux' | 'maqueta';
export type SpeechEngineName = 'xtts' | 'juguete';

/** Which lane a task with this engine needs. */
export function engineLane(engine: ImageEngineName | SpeechEngineName): Lane {
  return engine === 'flux' || engine === 'xtts' ? 'gpu' : 'cpu';
}

/** What each week task waits for: the search feeds the three tools; the report waits for them all. */
const WEEK_DEPS: Readonly<Record<WeekTaskId, readonly WeekTaskId[]>> = {
  T1: [], T2: ['T1'], T3: ['T1'], T4: ['T1'], T5: ['T4'], T6: ['T3'], T7: ['T2', 'T5', 'T6'],
};

/**
 * The week graph in declaration order (order matters: Kahn's FIFO order follows it).
 * Defaults are the GPU engines, as in SPEC §5's "33 s with one GPU".
 */
export function weekTasks(engines: { image?: ImageEngineName; speech?: SpeechEngineName } = {}): TaskNode[] {
  const motor: Record<string, Lane> = { generar_portada: engineLane(engines.image ?? 'flux'), narrar_resumen: engineLane(engines.speech ?? 'xtts') };
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
 * One turn's stage graph as the executor runs it: every call's stages from the catalogue, task ids
 * the catalogue ids (`portada.imagen`), durations in seconds. Default: the standard week's second
 * turn with its CPU engines (maqueta, juguete), as `/semana` runs it.
 */
export function turnStageTasks(
  tools: readonly string[] = WEEK_TURN2_TOOLS,
  engines: { image?: ImageEngineName; speech?: SpeechEngineName } = { image: 'maqueta', speech: 'juguete' },
  estimateMs: (id: string) => number | undefined = () => undefined,
): TaskNode[] {
  const motor: Record<string, Lane> = { generar_portada: engineLane(engines.image ?? 'maqueta'), narrar_resumen: engineLane(engines.speech ?? 'juguete') };
  // A second call of the same tool in the turn gets `#2` on its stage ids, as the executor numbers it.
  const calls = new Map<string, number>();
  return tools.flatMap((tool) => {
    const n = (calls.get(tool) ?? 0) + 1;
    calls.set(tool, n);
    const numbered = (id: string) => (n === 1 ? id : `${id}#${n}`);
    const stages = STAGE_CATALOGUE.filter((s) => s.tool === tool);
    const idOf = new Map(stages.map((s) => [s.name, numbered(s.id)]));
    return stages.map((s) => ({
      id: numbered(s.id),
      label: s.label,
      duration: (estimateMs(s.id) ?? s.estimateMs) / 1000,
      deps: s.deps.map((d) => idOf.get(d)!),
      lane: s.lane === 'motor' ? motor[tool] ?? 'cpu' : s.lane,
    }));
  });
}
