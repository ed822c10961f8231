/**
 * The toolbox: the notebook, the five tools of docs/design.md §3 and the dispatcher, built once per process
 * and shared by every caller (CLI, agent, bot) so all of them take the same code path.
 */
import type { Config } from '../config.js';
import { openNotebook } from '../store/index.js';
import type { Notebook } from '../store/index.js';
import type { DryRun, IdempotencyStore, ObjectSchema, PermissionPolicy, StageRunner, ToolCall, ToolDefinition, ToolResult } from './contract.js';
import { createBuscarNotas } from './buscar_notas.js';
import { createCrearTarjetas } from './crear_tarjetas.js';
import { createCardProposals, type CardProposals } from '../domain/cards/proposals.js';
import { createProponerTarjetas } from './proponer_tarjetas.js';
import { createDispatcher, type DispatchOptions, type Proposal } from './dispatcher.js';
import type { Note, NotesReader } from '../domain/notebook.js';
import { weekOfNote, type Course } from '../domain/course/course.js';
import { DEMO_COURSE } from '../domain/course/demo.js';
import { createMediaTools } from './media-tools.js';
import { DEFAULT_POLICY } from './policy.js';
import { createRegistrarUso } from './registrar_uso.js';
import { ToolRegistry } from './registry.js';
import { openDurationRecord, type DurationRecord } from './stages/durations.js';

export interface Toolbox {
  notebook: Notebook;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool has its own args type
  tools: ReadonlyMap<string, ToolDefinition<any>>;
  /**
   * Tool params for the Messages API: {name, description, input_schema, strict: true}[] (the same
   * as notes are added: `id_nota` is checked by the dispatcher, not enumerated). `input_schema` also carries an index signature so it is assignable to
   * the SDK's `ToolParam['input_schema']` (an ObjectSchema interface alone is not).
   */
  definitionsForModel(): Array<{ name: string; description: string; input_schema: ObjectSchema & Record<string, unknown>; strict: true }>;
  /** The one code path for every caller (CLI, agent, bot): docs/design.md §3 dispatcher contract. */
  dispatch(call: ToolCall, opts?: DispatchOptions): Promise<ToolResult>;
  /** Whether the call would ask the owner, and what the question shows (see Dispatcher.proposal). */
  proposal(call: ToolCall, opts?: { redo?: boolean; input?: unknown }): Promise<Proposal | undefined>;
  /** Dry run only (what the approval shows); an invalid call gives its error result. */
  preview(call: ToolCall): Promise<DryRun | ToolResult>;
  /** How long each stage took on this machine (ETA, dry-run estimates); the runs add to it. */
  durations: DurationRecord;
  /** Cards a model proposed, waiting for the student (offered as a tool only when a model is configured). */
  proposals: CardProposals;
  /**
   * The owner's course as it is on disk now (`curso.json`, or the demo course without one). When it
   * changed since the tools were built (another process imported a course), the tools that name
   * weeks are rebuilt first, so their `semana` enum is always the owner's weeks.
   */
  course(): Promise<Course>;
}

export interface ToolboxOptions {
  config: Config;
  /**
   * Where a call's stages run when the call names no runner (scripts, tests: the scheduler's
   * createRunStageRunner). The agent's runs always name theirs (the run's lanes and timeline).
   */
  stage?: StageRunner;
  /** docs/design.md §6 store (scheduler/idempotency.ts); without it nothing is cached. */
  idempotency?: IdempotencyStore;
  /** Default DEFAULT_POLICY: buscar_notas, crear_tarjetas, registrar_uso auto; generar_portada, narrar_resumen confirmar. */
  policy?: PermissionPolicy;
  now?: () => Date;
  /** With `REDIS_URL`: whether a queue worker advertises FLUX/XTTS now (the media tools offer them then). */
  advertised?: (engine: 'flux' | 'xtts') => Promise<boolean>;
}

/** Opens the notebook in `config.dataDir` and builds the tools. Throws StateFileError if notas.json is broken. */
export async function createToolbox(opts: ToolboxOptions): Promise<Toolbox> {
  const { config } = opts;
  const now = opts.now ?? (() => new Date());
  const notebook = await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir });
  const notes: NotesReader = notebook;
  const durations = openDurationRecord(notebook.dataDir);
  let course = await readCourse(notebook);
  let courseText = JSON.stringify(course);
  const mediaTools = (c: Course) => createMediaTools({ dataDir: notebook.dataDir, notes, course: c, media: config.media, now, estimate: durations.estimate, ...(opts.advertised ? { advertised: opts.advertised } : {}) });
  const media = mediaTools(course);
  const proposals = createCardProposals({ dataDir: notebook.dataDir, notes, cards: notebook.cards, audit: notebook.audit, weekOf: (n) => weekOfNote(course, n), now });
  // A model writes its own cards for the student to review; the offline planner keeps the generated ones.
  const proposing = config.model.kind !== 'local';
  const noteExists = (id: number) => notebook.index.has(id);

  await migrateNoteWeeks(notebook, course);
  const registry = new ToolRegistry();
  // docs/design.md §3 table order: what the model reads.
  registry.register(createBuscarNotas(notebook.index));
  // id_nota is a plain integer (no enum of ids): the dispatcher checks that the note exists.
  registry.register(createCrearTarjetas({ notes, cards: notebook.cards, file: notebook.files.cards, noteExists, weekOf: (n) => weekOfNote(course, n) }));
  if (proposing) registry.register(createProponerTarjetas({ notes, proposals, noteExists }));
  registry.register(media.generar_portada);
  registry.register(media.narrar_resumen);
  registry.register(createRegistrarUso({ usage: notebook.usage, file: notebook.files.usage, prices: config.prices, maxInputTokens: config.limits.tokenBudget }));

  /** Rebuilds the tools that name weeks when `curso.json` changed on disk (CLI import, another process). */
  const followCourse = async (): Promise<Course> => {
    const current = await readCourse(notebook);
    const text = JSON.stringify(current);
    if (text === courseText) return course;
    course = current;
    courseText = text;
    const m = mediaTools(current);
    registry.register(m.generar_portada);
    registry.register(m.narrar_resumen);
    return course;
  };

  const dispatcher = createDispatcher({
    registry,
    policy: opts.policy ?? DEFAULT_POLICY,
    ...(opts.stage ? { stage: opts.stage } : {}),
    idempotency: opts.idempotency,
    audit: notebook.audit,
    now,
    // Another process (CLI) may have set a course since: follow the file on disk.
    beforeCall: async () => {
      await followCourse();
    },
  });

  return {
    notebook,
    tools: registry.definitions,
    definitionsForModel: () =>
      [...registry.definitions.values()].map((d) => ({ name: d.name, description: d.description, input_schema: structuredClone(d.input_schema) as ObjectSchema & Record<string, unknown>, strict: true as const })),
    dispatch: (call, o) => dispatcher.dispatch(call, o),
    preview: (call) => dispatcher.preview(call),
    proposal: (call, o) => dispatcher.proposal(call, o),
    durations,
    proposals,
    course: followCourse,
  };
}

/** The course of the data folder: its `curso.json`, or the demo course when it has none. */
export async function readCourse(notebook: { course: { read(): Promise<Course | null> } }): Promise<Course> {
  return (await notebook.course.read()) ?? DEMO_COURSE;
}

/**
 * Notes of a version-1 `notas.json` carry no week: they take their topic's week in the course (a
 * demo topic its demo week, any other topic none), written once as a version-2 file. Returns the notes.
 */
export async function migrateNoteWeeks(notebook: Notebook, course: Course): Promise<Note[]> {
  const all = await notebook.notes.list();
  if (all.every((n) => n.semana !== undefined)) return all;
  return notebook.notes.setWeeks((n) => (n.semana === undefined ? weekOfNote(course, n) : undefined));
}

export { DEFAULT_POLICY, permissionFor, policyFromTools } from './policy.js';
export { ToolRegistry } from './registry.js';
export { compileValidator, MAX_STRING_CHARS, ValidationError } from './validate.js';
export type { ValidationProblem } from './validate.js';
export { createDispatcher } from './dispatcher.js';
export type { DispatchOptions, Dispatcher, Proposal } from './dispatcher.js';
