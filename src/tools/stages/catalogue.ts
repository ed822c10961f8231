/**
 * THE stage catalogue: every stage of every tool, declared once — id, tool, lane, label, chat
 * action, estimate, dependencies, whether it runs off the main thread, and which of docs/design.md §5's seven
 * week tasks it belongs to. The tools build their calls' stage graphs from it, the scheduler's week
 * (`plan`, `simular`, the benchmark) is summed from it, `plan --etapas` prints it, and the progress
 * reads labels, chat actions and estimates from it.
 *
 * Estimates are docs/design.md §5's toy durations split across each task's stages (their sum is the task's
 * duration: the cover's 12 s are image + title + critique + provenance). The rolling record of
 * durations measured on this machine (durations.ts) refines them for ETAs and dry runs.
 */
import type { ChatAction, Lane, StageSpec } from '../contract.js';
import { STAGE_LABELS } from '../../strings/tools.js';
import { own } from '../../lib/own.js';
import { WEEK_TASKS } from '../../strings/cli.js';

/** `motor`: the lane of the call's engine (GPU for flux/xtts, CPU for maqueta/juguete). */
export type LaneDecl = Lane | 'motor';

export interface StageDecl {
  id: string;
  tool: string;
  name: string;
  label: string;
  lane: LaneDecl;
  estimateMs: number;
  /**
   * What the stage takes with the CPU engines (maqueta, juguete) on an ordinary two-core machine,
   * measured: the estimate a call on the CPU shows before this machine has measured the stage
   * itself. The toy `estimateMs` of docs/design.md §6 is the GPU engines' — 15–20 s for what the CPU does in 1–2.
   */
  localMs?: number;
  deps: readonly string[];
  chatAction?: ChatAction;
  /** CPU work that can take over ~20 ms: run in the worker pool (pool.ts), never on the event loop. */
  offThread: boolean;
  /**
   * The engines (the call's `engine`) with which this stage is a request to a server and its answer
   * kept as it came: no CPU work to speak of, so it runs on the event loop whatever `offThread` says
   * (which holds for its CPU engines). A pool thread is never held idle while a card works, and a
   * card never waits for a thread that other runs' CPU work keeps busy.
   */
  serverEngines?: readonly string[];
  /** docs/design.md §5 week task this stage is part of (T1–T7). */
  week: WeekTaskId;
  /**
   * Input fields that name files, for a stage that may run in another process (its lane's shared
   * queue: the GPU's engine stages, and the CPU work a class would otherwise queue on the bot — the
   * cover's prompt and title, the narration's script, watermark and MP3; `out: []` for one that is
   * JSON in, JSON out): `out` the stage writes, `in` it reads
   * (`imagen.raw`: the field `raw` of the dependency `imagen`'s output). Their bytes travel with the job.
   */
  files?: { out: readonly string[]; in?: readonly string[] };
}

export type WeekTaskId = 'T1' | 'T2' | 'T3' | 'T4' | 'T5' | 'T6' | 'T7';

const D = (d: StageDecl): StageDecl => Object.freeze(d);

export const STAGE_CATALOGUE: readonly StageDecl[] = Object.freeze([
  D({ id: 'notas.busqueda', tool: 'buscar_notas', name: 'busqueda', label: STAGE_LABELS['notas.busqueda'], lane: 'cpu', estimateMs: 1_000, deps: [], offThread: false, week: 'T1' }),
  D({ id: 'tarjetas.crear', tool: 'crear_tarjetas', name: 'tarjetas', label: STAGE_LABELS['tarjetas.crear'], lane: 'cpu', estimateMs: 6_000, deps: [], offThread: false, week: 'T2' }),
  D({ id: 'narracion.guion', tool: 'narrar_resumen', name: 'guion', label: STAGE_LABELS['narracion.guion'], lane: 'cpu', estimateMs: 5_000, localMs: 50, deps: [], offThread: false, week: 'T3', files: { out: [] } }),
  D({ id: 'portada.prompt', tool: 'generar_portada', name: 'prompt', label: STAGE_LABELS['portada.prompt'], lane: 'cpu', estimateMs: 3_000, localMs: 50, deps: [], offThread: false, week: 'T4', files: { out: [] } }),
  D({ id: 'portada.imagen', tool: 'generar_portada', name: 'imagen', label: STAGE_LABELS['portada.imagen'], lane: 'motor', estimateMs: 11_400, localMs: 600, deps: ['prompt'], chatAction: 'upload_photo', offThread: true, serverEngines: ['flux'], week: 'T5', files: { out: ['raw'] } }),
  D({ id: 'portada.titulo', tool: 'generar_portada', name: 'titulo', label: STAGE_LABELS['portada.titulo'], lane: 'cpu', estimateMs: 200, localMs: 400, deps: ['imagen'], chatAction: 'upload_photo', offThread: true, week: 'T5' }),
  D({ id: 'portada.critica', tool: 'generar_portada', name: 'critica', label: STAGE_LABELS['portada.critica'], lane: 'cpu', estimateMs: 100, localMs: 50, deps: ['titulo'], chatAction: 'upload_photo', offThread: true, week: 'T5' }),
  D({ id: 'portada.procedencia', tool: 'generar_portada', name: 'procedencia', label: STAGE_LABELS['portada.procedencia'], lane: 'cpu', estimateMs: 300, localMs: 150, deps: ['critica', 'prompt'], chatAction: 'upload_photo', offThread: true, week: 'T5' }),
  D({ id: 'narracion.voz', tool: 'narrar_resumen', name: 'voz', label: STAGE_LABELS['narracion.voz'], lane: 'motor', estimateMs: 13_000, localMs: 1_500, deps: ['guion'], chatAction: 'record_voice', offThread: true, serverEngines: ['xtts'], week: 'T6', files: { out: ['raw'], in: ['sampleFile'] } }),
  D({ id: 'narracion.marca', tool: 'narrar_resumen', name: 'marca', label: STAGE_LABELS['narracion.marca'], lane: 'cpu', estimateMs: 200, localMs: 100, deps: ['voz'], chatAction: 'record_voice', offThread: true, week: 'T6', files: { out: ['wav'], in: ['voz.raw'] } }),
  D({ id: 'narracion.codificar', tool: 'narrar_resumen', name: 'codificar', label: STAGE_LABELS['narracion.codificar'], lane: 'cpu', estimateMs: 1_800, localMs: 500, deps: ['marca'], chatAction: 'record_voice', offThread: true, week: 'T6', files: { out: ['mp3'], in: ['marca.wav'] } }),
  D({ id: 'uso.registro', tool: 'registrar_uso', name: 'registro', label: STAGE_LABELS['uso.registro'], lane: 'cpu', estimateMs: 100, deps: [], offThread: false, week: 'T7' }),
]);

/** docs/design.md §5's names of the week's seven tasks (the first stage's label of each, and the report). */
export const WEEK_TASK_LABELS: Readonly<Record<WeekTaskId, string>> = WEEK_TASKS;

/**
 * What each tool's call is to the owner in a run's final summary: `hecho` makes something for them
 * (cards, the cover, the narration), `consulta` looks something up for them (their notes), `interno`
 * is the program's own bookkeeping (the usage row), left out of what the owner reads at the end.
 */
export type ToolRole = 'hecho' | 'consulta' | 'interno';

const TOOL_ROLES: Readonly<Record<string, ToolRole>> = Object.freeze({
  buscar_notas: 'consulta', crear_tarjetas: 'hecho', proponer_tarjetas: 'hecho', generar_portada: 'hecho', narrar_resumen: 'hecho', registrar_uso: 'interno',
});

/** The tool's role for the owner; a tool not in the catalogue is never shown (`interno`). */
export function toolRole(tool: string): ToolRole {
  return own(TOOL_ROLES, tool) ?? 'interno';
}

/** The weekly report is written by the program after the usage row: with it, T7's 2 s. */
export const WEEK_REPORT_ESTIMATE_MS = 1_900;

const byId = new Map(STAGE_CATALOGUE.map((s) => [s.id, s]));

export function stageDecl(id: string): StageDecl {
  const d = byId.get(id);
  if (!d) throw new Error(`etapa desconocida: ${id}`);
  return d;
}

/** A tool's stages in declared order, their lanes resolved for the call's engine lane. */
export function stagesOf(tool: string, engineLane: Lane = 'cpu', estimate: (d: StageDecl, engineLane: Lane) => number = (d) => d.estimateMs): StageSpec[] {
  return STAGE_CATALOGUE.filter((d) => d.tool === tool).map((d) => ({
    id: d.id, name: d.name, label: d.label, lane: d.lane === 'motor' ? engineLane : d.lane, estimateMs: estimate(d, engineLane), deps: d.deps,
    ...(d.chatAction ? { chatAction: d.chatAction } : {}),
  }));
}

/** The one spec of a one-stage tool. */
export function singleStage(tool: string): StageSpec {
  return stagesOf(tool)[0]!;
}

/** The chat action of a stage by its catalogue id (progress pulses), if it makes media. */
export function chatActionOf(id: string): ChatAction | undefined {
  return byId.get(id)?.chatAction;
}
