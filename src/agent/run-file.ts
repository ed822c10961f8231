/**
 * The shape of a run on disk: ONE file per run, `<dataDir>/runs/<runId>/run.json` (version 4), and
 * the loader of every earlier layout. The file holds the whole durable value of the run
 * (docs/design.md §37): the request (`task`), the conversation and its turn ledger (`messages`,
 * `results`), the calls of the turn in flight (`pending`) and its interruptions (`approvals`; a
 * question back is the conversation's last assistant message), the owner's answers (`decisions`,
 * a no still waiting for its reason included), the effects journal (`journal`: "started" markers
 * and real results), how it ended (`finished`), and what its owner has been shown of it (`delivery`,
 * delivery-facts.ts: the files sent as they were made, the question back asked and answered, the
 * spans it waited for the owner, the closing steps done, whether its outcome was delivered). Its format
 * is a DocumentFormat (store/document.ts): the version, the JSON schema (ajv) checked on every read
 * and write through the one describer (store/schema-problem.ts), the migrations; read and written
 * through that format's adapter, only by RunStore (run-state.ts). The stage artifacts of calls in flight stay files
 * (`<dataDir>/trabajo/`).
 *
 * Earlier layouts are read ONCE, as a migration, by the run's writer (RunStore's first read): `run.json`
 * version 3 (the same without `delivery`: the bot kept those facts in its own state, and carries them
 * over once, bot/runs.ts) through the format's migration, and `checkpoint.json` version 1 (no
 * approvals) or 2, beside `decisions.json` and `journal.json` (version 1 each), through
 * readLegacyFolder. Either is read as one version-4 value with empty delivery facts, written back as
 * `run.json` at once, and only then are the three old files removed. While `run.json` exists it is
 * the truth: leftovers beside it (a kill between the write and the removal) are ignored and removed
 * at the next first read.
 * The loader never resets silently: a cut, unparsable, misshapen or unknown-version file is
 * refused with a StateFileError saying what to do.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { setOwn } from '../lib/own.js';
import { stateSchema } from '../lib/state-schemas.js';
import type { DecisionState, Verdict } from '../store/decision.js';
import { DocumentAdapter, schemaCheck, type DocumentFormat } from '../store/document.js';
import { CHECKPOINT } from '../strings/agent.js';
import type { DryRun, NotApprovedReason, Persona, ToolResult } from '../tools/contract.js';
import type { MessageParam, ToolUseBlock } from './model/types.js';

/** Why a run stopped, kept in its state on disk (`finished`); agent/types.ts re-exports it for the layers above. */
export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'refusal'
  | 'max_iteraciones'
  | 'presupuesto'
  | 'cancelado'
  | 'error'
  /** Paused, not finished: approvals wait for the owner (RunOutcome.awaiting); resume after deciding. */
  | 'awaiting_approval'
  /** Paused, not finished: the model asked the owner something (RunOutcome.question); resume after `answer`. */
  | 'awaiting_answer';

const STOP_REASONS: readonly StopReason[] = ['end_turn', 'max_tokens', 'refusal', 'max_iteraciones', 'presupuesto', 'cancelado', 'error', 'awaiting_approval', 'awaiting_answer'];

/** The version `run.json` is written with. */
export const RUN_STATE_VERSION = 4;
/** Versions of `run.json` the loader reads: 3 is migrated to 4 (empty delivery facts). */
const RUN_FILE_VERSIONS: readonly number[] = [3, RUN_STATE_VERSION];

/**
 * The closing of a finished run, in order: its status message gets the outcome line (`estado`), the
 * chart's data is kept for the closing buttons (`cierre`), the files not sent yet and the report are
 * sent (`informe`). Each is recorded in the run's delivery facts once done.
 */
export const CLOSING_STEPS = ['estado', 'cierre', 'informe'] as const;
export type ClosingStep = (typeof CLOSING_STEPS)[number];

/** A span the run waited for its owner's answer, ms since the run's start (the bot's clock). */
export interface WaitSpan {
  from: number;
  to: number;
}

/**
 * What the run's owner has been shown of it (docs/design.md §37: facts of the run, in the run's one
 * file). Written only through RunStore.recordDelivery with a DeliveryFact (delivery-facts.ts).
 */
export interface RunDelivery {
  /** Files already sent to the chat as they were made (their paths): never sent again. */
  files: string[];
  /** Steps of the closing already done (a restart in the middle of it does only the rest). */
  closed: ClosingStep[];
  /** Its outcome was delivered in full: the run is over (a restart only forgets it). */
  outcomeDelivered: boolean;
  /** Spans it waited for the owner (not counted as work; drawn on the chart). */
  waits: WaitSpan[];
  /** When the current wait for the owner began (ms since the run's start); absent while it works. */
  waitingSince?: number;
  /** The question back asked at model turn `turn` (asked once, also across a restart), and whether it was answered. */
  question?: { turn: number; answered?: true };
  /**
   * The answers whose question's message shows them (edited, its buttons gone), by `shownKey`: a
   * kill between an answer and that edit leaves its key out, and the next start edits it.
   */
  decisionsShown?: string[];
}

/**
 * What the question's message must show of an answer: its approval id once the answer is final, a
 * key of its own while a no waits for its reason (shown again once the reason question closes).
 */
export function shownKey(d: Pick<RecordedDecision, 'approvalId' | 'awaitingNote'>): string {
  return d.awaitingNote ? `${d.approvalId}#motivo` : d.approvalId;
}

/** The delivery facts of a run nothing has been shown of yet. */
export const emptyDelivery = (): RunDelivery => ({ files: [], closed: [], outcomeDelivered: false, waits: [] });
/** The one file of a run, in its folder. */
export const RUN_FILE = 'run.json';
/** The files of the layouts before version 3 (read, migrated, then removed). */
export const LEGACY_FILES = { checkpoint: 'checkpoint.json', decisions: 'decisions.json', journal: 'journal.json' } as const;
/** Versions of a legacy `checkpoint.json` the loader reads: 1 is upgraded in memory (it had no approvals). */
const LEGACY_CHECKPOINT_VERSIONS: readonly number[] = [1, 2];

export interface RunTask {
  runId: string;
  text: string;
  /** `herramienta`: one call the owner typed (`call`), no model (agent/model/one-call.ts). */
  mode: 'agente' | 'semana' | 'herramienta';
  week?: number;
  /** The one call of a `herramienta` run, with its tool_use id. */
  call?: ToolUseBlock;
  /** Decided once from the owner's words ("rehaga…"): side-effecting calls store a new version. */
  redo: boolean;
  /** Who asked (the chat user or the page's persona): named on every audit line of the run's calls. Absent: the terminal, or a run begun before it was kept. */
  persona?: Persona;
  maxIterations: number;
  tokenBudget: number;
  startedAt: string;
}

/** One way the owner may run a proposed call: the proposal itself or a schema-derived alternative. */
export interface ApprovalOption {
  args: Record<string, unknown>;
  /** argsHash(args): what a button binds to, so a stale button can never approve other arguments. */
  hash: string;
  preview: DryRun;
  /** Which owner-changeable field differs from the proposal, and its new value (alternatives only). */
  change?: { field: string; value: unknown };
}

/**
 * A confirmation call of the current turn waiting for (or having had) the owner's decision. Recorded
 * in the run's state before anyone is asked; the call runs only once its decision is on disk.
 */
export interface PendingApproval {
  /** Opaque, unique id (fits Telegram callback data). */
  id: string;
  callId: string;
  tool: string;
  /** The proposal as the model made it (validated) — `options[0]`. */
  proposal: ApprovalOption;
  /** Schema-derived alternatives for the fields the owner may change. */
  alternatives: ApprovalOption[];
  askedAt: string;
}

/** The owner's answer to one PendingApproval, as kept in the run's `decisions`. */
export interface RecordedDecision {
  approvalId: string;
  callId: string;
  approved: boolean;
  /** Hash of the exact arguments approved (the proposal's or an alternative's); absent for a no. */
  hash?: string;
  reason?: NotApprovedReason;
  /** The owner's optional reason for a no; the model receives it. */
  note?: string;
  /**
   * A no whose optional reason the owner is being asked for (the bot's Rechazar): the decision
   * stands (never asked again), but the call waits until `completeNote` closes it — with the
   * reason, or without one. A pause on disk like any other (docs/design.md §35).
   */
  awaitingNote?: true;
  by?: string;
  /** Who decided (id and name), written to the audit with the call's result; absent for an expiry. */
  persona?: Persona;
  at: string;
}

/** What an answer makes of an approval (store/decision.ts): a yes, a no (a cancelled run's calls too), an expiry. */
export function verdictOf(answer: { approved: boolean; reason?: NotApprovedReason }): Verdict {
  return answer.approved ? 'aceptada' : answer.reason === 'expirado' ? 'caducada' : 'rechazada';
}

/** Where an approval stands, from its recorded answer (none: pending). */
export function approvalState(d: RecordedDecision | undefined): DecisionState {
  return d ? verdictOf(d) : 'pendiente';
}

/** One call in the effects journal, keyed by its tool_use id. */
export interface JournalEntry {
  name: string;
  /** Present once the call returned; absent = started, outcome unknown. */
  result?: ToolResult;
  startedAt: string;
  finishedAt?: string;
}

/**
 * The part of a run's state the loop carries in memory and saves whole (docs/design.md §7's checkpoint: at
 * point A, when a turn's approvals are asked, at point B, and when the run ends).
 */
export interface Checkpoint {
  task: RunTask;
  /** Model calls made so far. */
  turns: number;
  /** input + output tokens of every response so far (the budget's running total). */
  tokensUsed: number;
  messages: MessageParam[];
  /** tool_use blocks of the last response still without a result (point A); [] at point B. */
  pending: ToolUseBlock[];
  /** Split of tokensUsed, for the cost. */
  usage?: { input: number; output: number };
  /** stop_reason of the last response. */
  lastStopReason?: string;
  updatedAt?: string;
  /** Set when the run ended for good (not resumable); absent = unfinished. */
  finished?: { stopReason: StopReason; at: string; detail?: string };
  /** Approvals of the current turn (pending calls), in tool_use order; [] at point B. */
  approvals: PendingApproval[];
  /**
   * The typed result of every call answered in `messages`, by tool_use id, written with them at
   * point B (the planners' ledger). Absent in runs written before it: the journal holds them.
   */
  results?: Record<string, ToolResult>;
}

/** A legacy `checkpoint.json` (version 1 is read as 2). */
export type CheckpointV2 = Checkpoint & { version: 2 };

/** Everything durable about one run: `run.json`. */
export interface RunStateV4 extends Checkpoint {
  version: typeof RUN_STATE_VERSION;
  /** The owner's answers, by approval id: the first answer written stands. */
  decisions: Record<string, RecordedDecision>;
  /** The effects journal, by tool_use id: "started" before a call is dispatched, its result after. */
  journal: Record<string, JournalEntry>;
  /** What the owner has been shown of the run (new in version 4). */
  delivery: RunDelivery;
}

/** The keys of a Checkpoint: what `saveCheckpoint` takes from the loop's value, and nothing else. */
const CHECKPOINT_KEYS = ['task', 'turns', 'tokensUsed', 'messages', 'pending', 'usage', 'lastStopReason', 'updatedAt', 'finished', 'approvals', 'results'] as const satisfies ReadonlyArray<keyof Checkpoint>;

/** The Checkpoint fields of `from` (a loop's value, a legacy file): unknown keys are left behind. */
export function checkpointOf(from: Checkpoint): Checkpoint {
  const out: Record<string, unknown> = {};
  for (const k of CHECKPOINT_KEYS) if (from[k] !== undefined) out[k] = from[k];
  return out as unknown as Checkpoint;
}

export function runDir(dataDir: string, runId: string): string {
  return path.join(dataDir, 'runs', runId);
}

const str = { type: 'string' } as const;
const int = { type: 'integer', minimum: 0 } as const;
const obj = { type: 'object' } as const;
const PERSONA = { type: 'object', required: ['id', 'nombre'], properties: { id: { type: 'integer' }, nombre: str } } as const;
const TOOL_USE = { type: 'object', required: ['type', 'id', 'name'], properties: { type: { const: 'tool_use' }, id: str, name: str } } as const;
const TOOL_RESULT = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: ['ok', 'cache', 'simulacro', 'rechazado', 'denegado', 'error'] }, message: str, artifacts: { type: 'array', items: obj } },
} as const;
const OPTION = { type: 'object', required: ['args', 'hash', 'preview'], properties: { args: obj, hash: str, preview: obj } } as const;

/** The JSON schema of `run.json`: every field of the run is typed; inside a message, a tool's data or a preview only the frame is. */
const SPAN = { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: { type: 'number' }, to: { type: 'number' } } } as const;
const DELIVERY = {
  type: 'object',
  required: ['files', 'closed', 'outcomeDelivered', 'waits'],
  additionalProperties: false,
  properties: {
    files: { type: 'array', items: str },
    closed: { type: 'array', items: { enum: CLOSING_STEPS } },
    outcomeDelivered: { type: 'boolean' },
    waits: { type: 'array', items: SPAN },
    waitingSince: { type: 'number' },
    question: { type: 'object', required: ['turn'], additionalProperties: false, properties: { turn: int, answered: { const: true } } },
    decisionsShown: { type: 'array', items: str },
  },
} as const;

const SCHEMA = {
  type: 'object',
  required: ['version', 'task', 'turns', 'tokensUsed', 'messages', 'pending', 'approvals', 'decisions', 'journal', 'delivery'],
  additionalProperties: false,
  properties: {
    version: { const: RUN_STATE_VERSION },
    delivery: DELIVERY,
    task: {
      type: 'object',
      required: ['runId', 'text', 'mode', 'redo', 'maxIterations', 'tokenBudget', 'startedAt'],
      properties: {
        runId: str, text: str, mode: { enum: ['agente', 'semana', 'herramienta'] }, week: { type: 'integer' }, call: TOOL_USE,
        redo: { type: 'boolean' }, persona: PERSONA, maxIterations: int, tokenBudget: { type: 'number' }, startedAt: str,
      },
    },
    turns: int,
    tokensUsed: { type: 'number' },
    messages: {
      type: 'array',
      items: { type: 'object', required: ['role', 'content'], properties: { role: { enum: ['user', 'assistant'] }, content: { anyOf: [str, { type: 'array', items: { type: 'object', required: ['type'], properties: { type: str } } }] } } },
    },
    pending: { type: 'array', items: TOOL_USE },
    usage: { type: 'object', required: ['input', 'output'], properties: { input: { type: 'number' }, output: { type: 'number' } } },
    lastStopReason: str,
    updatedAt: str,
    finished: { type: 'object', required: ['stopReason', 'at'], properties: { stopReason: { enum: STOP_REASONS }, at: str, detail: str } },
    approvals: {
      type: 'array',
      items: { type: 'object', required: ['id', 'callId', 'tool', 'proposal', 'alternatives', 'askedAt'], properties: { id: str, callId: str, tool: str, proposal: OPTION, alternatives: { type: 'array', items: OPTION }, askedAt: str } },
    },
    results: { type: 'object', additionalProperties: TOOL_RESULT },
    decisions: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['approvalId', 'callId', 'approved', 'at'],
        properties: {
          approvalId: str, callId: str, approved: { type: 'boolean' }, hash: str, reason: { enum: ['rechazado', 'expirado', 'cancelado'] },
          note: str, awaitingNote: { const: true }, by: str, persona: PERSONA, at: str,
        },
      },
    },
    journal: { type: 'object', additionalProperties: { type: 'object', required: ['name', 'startedAt'], properties: { name: str, result: TOOL_RESULT, startedAt: str, finishedAt: str } } },
  },
} as const;

// Compiled on first use (or ahead of it, while the bot waits), not at import.
const validator = stateSchema(SCHEMA);

function parseJson(file: string, text: string): unknown {
  if (text.trim() === '') throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.corrupt(file, 'archivo vacío'));
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.corrupt(file, (e as Error).message));
  }
}

const checkRun = schemaCheck<RunStateV4>(validator);

/** What the schema finds wrong in a run's state, as one Spanish phrase (the one describer); undefined when it fits. */
export function runStateProblem(data: unknown): string | undefined {
  const checked = checkRun(data);
  return checked.ok ? undefined : checked.problem;
}

/**
 * The format of `run.json` (`file`: the run's, named in every refusal): version 4, the schema, and
 * the migration of version 3. No lock: a run has one writer (docs/design.md §37) — the process
 * that owns it (the bot, under its state's lifetime lock, or the command that started it).
 */
export function runFormat(file: string): DocumentFormat<RunStateV4> {
  return {
    version: RUN_STATE_VERSION,
    // A run without state is "none" (RunStore keeps undefined): the adapter never asks for an empty one.
    empty: () => {
      throw new StateFileError('NOT_FOUND', file, CHECKPOINT.missing(file));
    },
    check: checkRun,
    migrations: {
      // Version 3 had no delivery facts (the bot kept them): a field of that name is not version 3.
      3: (old) => {
        if ('delivery' in (old as object)) throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.badShape(file, CHECKPOINT.unknownDelivery));
        return { ...(old as object), version: RUN_STATE_VERSION, delivery: emptyDelivery() };
      },
    },
    // A file that is not an object has no version to migrate from: the check refuses it as a whole.
    versionOf: (raw) => {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return RUN_STATE_VERSION;
      const v = (raw as { version?: unknown }).version;
      return typeof v === 'number' ? v : undefined;
    },
    recovery: '',
    refuse: () => (kind, problem, found) => {
      if (kind === 'version') return new StateFileError('UNSUPPORTED_VERSION', file, CHECKPOINT.badVersion(file, found, RUN_FILE_VERSIONS));
      return new StateFileError('CORRUPT_STATE', file, kind === 'shape' ? CHECKPOINT.badShape(file, problem) : CHECKPOINT.corrupt(file, problem));
    },
    serialize: (doc) => JSON.stringify(doc, null, 1),
  };
}

/** The adapter of a run's file: its one read (parse, migrate, check) and its one write (check, atomic write). */
export const runAdapter = (file: string): DocumentAdapter<RunStateV4> => new DocumentAdapter(file, runFormat(file));

/** Checks a legacy `checkpoint.json` (v1 is upgraded to v2); exported so the frozen fixtures are tested through it. */
export function parseCheckpoint(file: string, text: string): CheckpointV2 {
  const data = parseJson(file, text) as (Omit<Partial<CheckpointV2>, 'version'> & { version?: unknown }) | null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.badShape(file, CHECKPOINT.notObject));
  if (!LEGACY_CHECKPOINT_VERSIONS.includes(data.version as number)) throw new StateFileError('UNSUPPORTED_VERSION', file, CHECKPOINT.badVersion(file, data.version, LEGACY_CHECKPOINT_VERSIONS));
  if (data.version === 1) data.approvals = [];
  const problems: string[] = [];
  if (!data.task || typeof data.task !== 'object' || typeof data.task.runId !== 'string' || typeof data.task.text !== 'string') problems.push('task');
  if (!Number.isInteger(data.turns)) problems.push('turns');
  if (typeof data.tokensUsed !== 'number') problems.push('tokensUsed');
  if (!Array.isArray(data.messages)) problems.push('messages');
  if (!Array.isArray(data.pending)) problems.push('pending');
  if (!Array.isArray(data.approvals)) problems.push('approvals');
  if (data.results !== undefined && (typeof data.results !== 'object' || data.results === null || Array.isArray(data.results))) problems.push('results');
  if (problems.length > 0) throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.badShape(file, CHECKPOINT.wrongFields(problems)));
  return { ...(data as CheckpointV2), version: 2 };
}

/** A legacy side file's text, or undefined when it does not exist (any other read error is thrown as is). */
async function readIfThere(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.corrupt(file, (e as NodeJS.ErrnoException).code ?? (e as Error).message));
  }
}

/** A legacy `{version: 1, <key>: {...}}` side file's map; absent file = empty. */
async function legacyMap<T>(file: string, key: 'decisions' | 'entries'): Promise<Record<string, T>> {
  const text = await readIfThere(file);
  if (text === undefined) return {};
  const data = parseJson(file, text) as { version?: unknown } & Record<string, unknown> | null;
  const map = data?.[key];
  if (!data || data.version !== 1 || typeof map !== 'object' || map === null || Array.isArray(map)) {
    throw new StateFileError('UNSUPPORTED_VERSION', file, CHECKPOINT.badVersion(file, data?.version, [1]));
  }
  return map as Record<string, T>;
}

/** What is on disk for one run: its state, and whether files of an earlier layout are still there. */
export interface RunFolder {
  state: RunStateV4;
  /** Files of the layouts before version 3 lie in the folder (the source of `state`, or leftovers). */
  legacy: boolean;
}

/** Whether files of the layouts before version 3 lie in `dir`. */
export async function hasLegacyFiles(dir: string): Promise<boolean> {
  const there = await Promise.all(Object.values(LEGACY_FILES).map((f) => access(path.join(dir, f)).then(() => true, () => false)));
  return there.some(Boolean);
}

/**
 * Reads the run in `dir` without writing anything (the scans of `runs/`: what is unfinished, what may
 * be pruned): `run.json` when it exists (a version 3 migrated in memory), else the legacy three files
 * as one version-4 value. Undefined when the folder holds no run at all. Throws StateFileError for
 * anything it cannot trust — never falls back from a damaged `run.json` to older files. The run's
 * writer reads through RunStore, which writes a migrated run back once.
 */
export async function readRunFolder(dir: string): Promise<RunFolder | undefined> {
  const { doc } = await runAdapter(path.join(dir, RUN_FILE)).readDocument();
  if (doc) return { state: doc, legacy: await hasLegacyFiles(dir) };
  const state = await readLegacyFolder(dir);
  return state && { state, legacy: true };
}

/**
 * The legacy three files of `dir` (no `run.json`) as one version-4 value with empty delivery facts;
 * undefined when there is no `checkpoint.json`. The reader of the layouts before version 3: run once
 * per run, as a migration (RunStore writes what it returns as `run.json`).
 */
export async function readLegacyFolder(dir: string): Promise<RunStateV4 | undefined> {
  const legacyCheckpoint = path.join(dir, LEGACY_FILES.checkpoint);
  const cpText = await readIfThere(legacyCheckpoint);
  if (cpText === undefined) return undefined;
  const cp = parseCheckpoint(legacyCheckpoint, cpText);
  const decisions = await legacyMap<RecordedDecision>(path.join(dir, LEGACY_FILES.decisions), 'decisions');
  const journal: Record<string, JournalEntry> = {};
  for (const [id, e] of Object.entries(await legacyMap<JournalEntry>(path.join(dir, LEGACY_FILES.journal), 'entries'))) {
    setOwn(journal, id, e.result ? { ...e, result: upgradeResult(e.result) } : e);
  }
  return { version: RUN_STATE_VERSION, ...checkpointOf(cp), decisions, journal, delivery: emptyDelivery() };
}

/**
 * A journal entry written before outcomes were typed: `{content, is_error, outcome}` with the model's
 * text. Its JSON text is the data; its outcome the kind. Kept only so old runs still resume.
 */
function upgradeResult(r: ToolResult | { content?: unknown; outcome?: unknown; is_error?: unknown; code?: ToolResult['code']; artifacts?: ToolResult['artifacts'] }): ToolResult {
  if ('kind' in r && typeof r.kind === 'string') return r as ToolResult;
  const old = r as { content?: unknown; outcome?: unknown; code?: ToolResult['code']; artifacts?: ToolResult['artifacts'] };
  const text = typeof old.content === 'string' ? old.content : '';
  const kind = (['ok', 'cache', 'rechazado', 'denegado', 'error', 'simulacro'] as const).find((k) => k === old.outcome) ?? 'error';
  if (kind === 'error' || kind === 'denegado') return { kind, code: old.code ?? 'INTERNAL', message: text };
  if (kind === 'rechazado') return { kind, notApproved: { reason: 'rechazado' } };
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // plain text stays text
  }
  // An old layout kept no dry run as data of its own: a `simulacro` is read as the text it held.
  if (kind === 'simulacro') return { kind, data: data as never };
  return { kind, data, ...(old.artifacts ? { artifacts: old.artifacts } : {}) };
}
