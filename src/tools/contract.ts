/**
 * The tool contract: what every tool declares (schema, effect level, lanes, approval) and the small
 * interfaces the dispatcher needs injected (idempotency store, stage runner). An approval is a
 * value (`ApprovalDecision`) the caller recorded before the call runs — never a callback that waits.
 *
 * Tools never import the scheduler, the agent or the bot: those layers hand in implementations of
 * the interfaces below (the scheduler's StageRunner, the file idempotency store).
 */
import type { ErrorCode } from '../errors.js';
import type { Artifact, Lane, ToolOutput } from '../domain/artifacts.js';
import type { Course } from '../domain/course/course.js';
import type { Week } from '../domain/notebook.js';

export type { Artifact, Lane, ToolOutput };

/** docs/design.md §3: 1 read, 2 local write, 3 sensitive. Level 4 does not exist as a tool. */
export type EffectLevel = 1 | 2 | 3;
/** Permission policy per tool; a tool absent from the policy is denied. */
export type Permission = 'auto' | 'confirmar' | 'denegar';
export type PermissionPolicy = Readonly<Record<string, Permission>>;

/** JSON Schema subset used by tool input schemas (all properties required, no extras). */
export interface ObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
}

/** The chat action a person sees while a stage makes media ("sending photo…", "recording voice…"). */
export type ChatAction = 'upload_photo' | 'record_voice';

/**
 * One stage of a tool as the stage catalogue declares it (tools/stages/catalogue.ts), with its lane
 * resolved for the call's engine. The catalogue is the only place stages are written down: the
 * tools, `plan --etapas`, the week's plan and the progress all read it.
 */
export interface StageSpec {
  /** Catalogue id, unique across tools: `portada.imagen`, `narracion.voz`. */
  id: string;
  /** Short name within the call: `imagen`, `voz`. */
  name: string;
  /** Spanish label for progress/Gantt, e.g. "Idea de la portada" (strings/tools.ts STAGE_LABELS). */
  label: string;
  lane: Lane;
  /** Expected duration in milliseconds (planning, priorities, ETA, dry-run estimates). */
  estimateMs: number;
  /** Names of this call's stages that must finish first. */
  deps: readonly string[];
  /** What the chat shows while it runs, for media stages. */
  chatAction?: ChatAction;
}

/**
 * One stage of one call, ready to run: its spec, its JSON-serialisable input, its own idempotency
 * key, and the named stage function bound to it. `run` gets the outputs of its dependencies (by
 * stage name) and returns its own JSON-serialisable output; its files live where its input says.
 */
export interface StageTask extends StageSpec {
  input: unknown;
  key: string;
  /** `exec`: where the stage's catalogue function runs, when the lane runs it elsewhere (default here). */
  run(prev: Readonly<Record<string, unknown>>, signal: AbortSignal, exec?: StageExec): Promise<unknown>;
}

/**
 * Runs a catalogue stage function somewhere else (another process, another machine) with its full
 * JSON input; `stored` is told once the caller has kept the output (its checkpoint is on disk).
 */
export interface StageExec {
  run(stage: { id: string; input: unknown; key: string }, signal: AbortSignal): Promise<unknown>;
  stored?(stage: { id: string; key: string }): Promise<void>;
}

/**
 * Runs one call's stage graph and resolves with every stage's output by name; rejects with the
 * first failure (after retries) or a CancelledError. The scheduler supplies the one runner
 * (scheduler/turn.ts: its executor, lanes shared by the calls of a turn); there is no other.
 */
export type StageRunner = (stages: readonly StageTask[], signal: AbortSignal) => Promise<Record<string, unknown>>;

/** A one-stage tool's work through the runner: its output. */
export async function runSingleStage<T>(ctx: Pick<ToolContext, 'stage' | 'signal'>, spec: StageSpec, input: unknown, key: string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const out = await ctx.stage([{ ...spec, input, key, run: (_prev, signal) => fn(signal) }], ctx.signal);
  return out[spec.name] as T;
}

export interface ToolContext {
  signal: AbortSignal;
  stage: StageRunner;
  now: () => Date;
  /** tool_use id of the call when the agent made it (journal key). */
  callId?: string;
  /** A deliberate redo ("rehaga la portada"): store a new version (`-v2`) instead of the cached result. */
  redo?: boolean;
  /**
   * The call's idempotency key (with its `-vN` for a redo). A tool writes it next to its output so
   * a resumed run recognises an effect that completed before the store recorded it.
   */
  key?: string;
}


/** What a side-effecting call would do, without doing it — this is what the approval shows. */
export interface DryRun {
  /** One or two Spanish sentences, e.g. "Generaría la portada de la semana 3 con el motor maqueta (CPU)". */
  summary: string;
  /** Paths that would be written. */
  writes: string[];
  engine?: string;
  lane?: Lane;
  /** Expected seconds. */
  estimateS?: number;
  /** True when the idempotency store already holds the result (nothing would be generated). */
  cached: boolean;
  /** Preconditions that fail (e.g. consent missing, FLUX_URL not set): the call would be refused. */
  problems?: string[];
  /** How many of the week's own notes the call would work from (a cover or narration of a week). */
  notes?: number;
  /**
   * The call has nothing to work on, whatever the owner might pick instead (a narration of a week
   * with no notes): it is not put to the owner, and ends with this error without running — asking
   * permission for what cannot be done only to fail after the yes is what this prevents.
   */
  unworkable?: { code: ErrorCode; message: string };
}

/**
 * A tool's definition: `A` its validated arguments, `D` the data of a done call (what the journal
 * keeps and its `report` reads).
 */
export interface ToolDefinition<A = Record<string, unknown>, D = unknown> {
  name: string;
  description: string;
  input_schema: ObjectSchema;
  /** Always true (docs/design.md §3). */
  strict: true;
  effect: EffectLevel;
  /**
   * Numeric bounds the dispatcher checks but the model's schema does not carry (strict tool use
   * takes no `minimum`/`maximum`): `{ tokens_entrada: { maximum: 60000 } }`.
   */
  internalLimits?: Readonly<Record<string, { minimum?: number; maximum?: number }>>;
  /**
   * Arguments that must name something that exists now (`id_nota`: a note), checked by the
   * dispatcher right after the schema; each returns the Spanish refusal («la nota 999 no existe»)
   * or undefined. Not an enum in the schema: the ids change with every import, and the model's
   * cached prompt must not.
   */
  references?: Readonly<Record<string, (value: unknown) => Promise<string | undefined>>>;
  /** The permission this tool gets in the default policy. */
  defaultPermission: Permission;
  /**
   * Fields the owner may change when approving (the cover's engine, the narration's voice): the
   * alternatives offered are the other values the schema allows for each of them.
   */
  ownerChoices?: readonly string[];
  /** Stages a call with these (valid) args will run, in order, for planning and the Gantt chart. */
  stages(args: A): StageSpec[];
  /**
   * docs/design.md §6 key that depends on *what* is asked, not *when*: `portada-2026-S3`. Absent for tools
   * whose repetition is harmless (reads) — the dispatcher then never caches.
   */
  idempotencyKey?(args: A, ctx: { now: Date; callId?: string }): string | Promise<string>;
  /**
   * The key names the call itself (its tool_use id): every call is its own key, so a deliberate
   * redo means nothing for it, and a call resumed in a redo run is re-run through its key like in any
   * other run (registrar_uso, crear_tarjetas).
   */
  keyPerCall?: true;
  /** Side-effecting tools describe what they would do (paths, engine, estimate, cached). */
  dryRun?(args: A, ctx: ToolContext): Promise<DryRun>;
  execute(args: A, ctx: ToolContext): Promise<ToolOutput<D>>;
  /**
   * How this tool's calls show in the run's closing report and outcome (docs/design.md §4). The
   * tool owns it: the core (agent/report.ts, agent/outcome.ts) reads no tool's data. Absent: the
   * tool has no line of its own (its calls still count as done or not done).
   */
  report?: ToolReport<A, D>;
}

/** One call of a tool and its typed outcome, as the report reads it. */
export interface ReportedCall<A = Record<string, unknown>, D = unknown> {
  name: string;
  /** What the tool accepted; empty for a refused call (its input named nothing real: agent/report.ts `callRecord`). */
  input: Readonly<Partial<A>>;
  result: ToolResult<D>;
}

/** What every tool's line may read besides its own calls. */
export interface ReportContext {
  course: Course;
  /** The week the run was asked for, when it was one. */
  asked?: Week;
  /** That week, else the week the run's calls were about (a cover's, a narration's: `ToolReport.week`). */
  week?: Week;
  /** The owner's search words, when the planner searched for them. */
  query?: string;
  /** Every call of the run, for a line that depends on another tool's (the cards when a search found no note). */
  calls: readonly ReportedCall[];
}

/** What a done call adds to the run's outcome (the deck's cards the chat then shows). */
export interface CallFacts {
  /** Deck ids made or found made by the call. */
  cards?: readonly number[];
  /** Of those, the ones that were already in the deck. */
  reusedCards?: readonly number[];
  /** The note it was asked for gave no card at all (none made, none already there), and why. */
  cardless?: { note: number; why?: string };
}

/** A tool's part in the closing report (docs/design.md §4) and the run's outcome. */
export interface ToolReport<A = Record<string, unknown>, D = unknown> {
  /** Its line's place among the report's lines (notes, cards, cover, narration, usage: 1 to 5). */
  order?: number;
  /**
   * Its line over this tool's calls in the run, in call order; `calls` is empty when it was not
   * called (the line may say so). Absent, or undefined: no line.
   */
  line?(calls: readonly ReportedCall<A, D>[], ctx: ReportContext): string | undefined;
  /** The week a call was about, for a report that was asked for none. */
  week?(call: ReportedCall<A, D>): Week | undefined;
  /** Its line is only in a report someone pays for (the usage line). */
  billedOnly?: true;
  /**
   * Lines of one group said once when each was called and not done for the same reason
   * (`line(reason)`: «Portada y narración: no se hicieron — …»).
   */
  together?: { group: string; line(reason: string): string };
  /**
   * What a call is about (a note, a week): a failed call is not missing when a later call of the
   * tool about the same thing was done. Undefined (or absent): about anything of the tool's.
   */
  subject?(input: Readonly<Partial<A>>): string | number | undefined;
  /** What a done call adds to the run's outcome. */
  facts?(call: ReportedCall<A, D>): CallFacts;
}

/** Why an approval did not go ahead: the owner said no, nobody answered in time, or the run was cancelled. */
export type NotApprovedReason = 'rechazado' | 'expirado' | 'cancelado';

/**
 * The typed outcome of one call (docs/design.md §33): what the journal stores and what the report,
 * delivery and /estado read. The text the model reads is rendered from it at the edge
 * (tools/render.ts); nothing reads that text back.
 *   ok / cache   `data` is the tool's data, `artifacts` its files (cache: stored, not redone)
 *   simulacro    `data` is the dry run
 *   rechazado    `notApproved` says why (docs/design.md §3: not an error)
 *   denegado     the permission policy refused the tool
 *   error        `code` + `message` (Spanish, actionable)
 */
export type ToolResult<D = unknown> = ToolDone<D> | ToolPreviewed | ToolNotApproved | ToolFailed;

/** The fields a kind does not have, so they read as `undefined` on any result without narrowing first. */
interface NoneOf {
  data?: undefined;
  artifacts?: undefined;
  ranWith?: undefined;
  notApproved?: undefined;
  code?: undefined;
  message?: undefined;
}

export interface ToolDone<D = unknown> extends Omit<NoneOf, 'data' | 'artifacts' | 'ranWith'> {
  kind: 'ok' | 'cache';
  data: D;
  artifacts?: Artifact[];
  /** The arguments that actually ran when they differ from the proposal (approved with changes). */
  ranWith?: Record<string, unknown>;
}

export interface ToolPreviewed extends Omit<NoneOf, 'data'> {
  kind: 'simulacro';
  data: DryRun;
}

export interface ToolNotApproved extends Omit<NoneOf, 'notApproved'> {
  kind: 'rechazado';
  notApproved: { reason: NotApprovedReason; by?: string; note?: string };
}

export interface ToolFailed extends Omit<NoneOf, 'code' | 'message'> {
  kind: 'denegado' | 'error';
  code: ErrorCode;
  /** The actionable Spanish message. */
  message: string;
}

export interface ToolCall {
  /** tool_use id (or a CLI-generated one). */
  id: string;
  name: string;
  input: unknown;
}

/**
 * Who acted, for the audit: the chat user (Telegram's `from`, or the local page's persona) by id and
 * name — the same shape as the deletion entry's `persona`. A decision made by no person (an expiry,
 * the terminal, `--aprobar`) has none.
 */
export interface Persona { id: number; nombre: string }

export type ApprovalDecision =
  /** `args`: the owner's changed arguments (an alternative), already checked by the caller's hash. */
  | { approved: true; by?: string; persona?: Persona; args?: Record<string, unknown> }
  | { approved: false; by?: string; persona?: Persona; reason: NotApprovedReason; note?: string };

/** docs/design.md §6 idempotency store, injected into the dispatcher (implemented in scheduler/idempotency.ts). */
export interface IdempotencyStore {
  /** The stored result for `key`, if any. */
  get(key: string): Promise<ToolOutput | undefined>;
  /**
   * Runs `work` once per key: a stored result is returned without running; two concurrent calls
   * with the same key share one execution (single flight); a success is stored atomically.
   */
  /**
   * `acrossProcesses`: also make another process asking the same key wait and reuse this result
   * (an inter-process lock held while `work` runs) — for sensitive effects like a cover or a
   * narration, which must never be generated twice.
   */
  runOnce(key: string, work: () => Promise<ToolOutput>, opts?: { acrossProcesses?: boolean }): Promise<{ output: ToolOutput; cached: boolean }>;
  /** Next free versioned key for a deliberate redo: `portada-2026-S3` → `portada-2026-S3-v2`. */
  nextVersion(key: string): Promise<string>;
}
