/**
 * What the agent offers the layers above it (bot, CLI): start a run, watch its events, get its
 * outcome. The bot never reaches below this file's types except tools/contract (Artifact, …).
 * A run that needs the owner pauses on disk and returns (`awaiting_approval`); the caller asks in
 * its own way (buttons, the terminal), records the answer with `decide`, and resumes the run.
 */
import type { Artifact, NotApprovedReason, Persona, ToolCall, ToolResult } from '../tools/contract.js';
import type { TaskEvent } from '../scheduler/events.js';
import type { PendingApproval, RecordedDecision, StopReason } from './run-state.js';
import type { UsageMonth } from '../store/index.js';

export type { ApprovalOption, PendingApproval, RecordedDecision, StopReason } from './run-state.js';

export type RunEvent =
  | { type: 'iteracion'; n: number }
  | { type: 'texto'; text: string }
  | { type: 'herramienta'; call: ToolCall; result: ToolResult }
  | { type: 'tarea'; event: TaskEvent }
  | { type: 'aviso'; text: string }
  /** A turn's approvals were recorded in the checkpoint (in tool_use order): ask the owner now. */
  | { type: 'aprobaciones'; approvals: PendingApproval[] };

export interface RunRequest {
  /** Stable id for this run (checkpoint, journal and approval ids derive from it). */
  runId: string;
  /** The owner's sentence ("prepare la semana 3"); ignored by the deterministic workflow. */
  text: string;
  /**
   * `agente`: the model interprets; `semana`: the deterministic week graph, no model, zero tokens;
   * `herramienta`: the one call in `call`, no model (the tools CLI).
   */
  mode: 'agente' | 'semana' | 'herramienta';
  week?: number;
  /** With `herramienta`: the call to make (its id becomes the tool_use id and journal key). */
  call?: ToolCall;
  /** A deliberate redo («rehaga…», `--rehacer`); default read from `text` for `agente`. */
  redo?: boolean;
  /**
   * Told of what happens. For `aprobaciones` it may return a promise: the turn's other calls start
   * once it settles (the questions are on screen), so no write of the run lands between a question
   * being sent and the caller recording where it was sent.
   */
  onEvent?: (event: RunEvent) => unknown;
  signal?: AbortSignal;
  /** Resume the unfinished run with this runId from its checkpoint instead of starting afresh. */
  resume?: boolean;
  /** Who asked (a fresh run keeps it in its checkpoint; a resumed run reads it from there). */
  persona?: Persona;
  /**
   * The caller delivers the owner's answer to a question back (the bot: the next message in the
   * chat): a turn that ends asking something pauses at `awaiting_answer`. Without it, it ends.
   */
  questions?: boolean;
}

export interface RunOutcome {
  runId: string;
  stopReason: StopReason;
  iterations: number;
  tokens: { input: number; output: number };
  costUsd: number;
  /** The five-line report (model text, or built by the program when the model gave none). */
  report: string;
  /** Files produced by approved, successful calls (cover PNG, narration WAV). */
  artifacts: Artifact[];
  /** Spanish lines for what was not done and why (rejected, expired, failed). */
  notDone: string[];
  /** Recorded task events of the run, for the Gantt chart. */
  taskEvents: TaskEvent[];
  /** Human-readable detail when stopReason is a limit or error. */
  detail?: string;
  /**
   * Tool calls the model proposed in the whole run (0 = it only answered, e.g. asked which week).
   * Optional so older producers still type-check; absent = unknown.
   */
  toolCalls?: number;
  /**
   * Every call that has a result — this process's and those done before a restart — in call order,
   * as typed facts: the tool, its result's kind and, for a no, why. The bot's final summary reads it.
   */
  calls?: CallOutcome[];
  /**
   * Stage labels ("Recuperar notas", "Portada") of every call that completed — this process's and
   * those done before a restart — in call order. `taskEvents` only hold this process's stages.
   */
  finished?: string[];
  /**
   * What this run spent, read from the usage file's rows of this run with the same function as
   * /gasto (UsageLog.ofRun); absent when it could not be read (the report falls back to `tokens`).
   */
  spend?: UsageMonth;
  /** True when no real model ran: the tokens are the offline planner's ~4 chars/token estimate. */
  usageEstimated?: boolean;
  /** Deck ids of the cards the run's calls made (or found already made), in call order (each tool's `report.facts`). */
  cards?: number[];
  /** Paths of `artifacts` that already existed (cached results of an earlier run): not new. */
  reused?: string[];
  /**
   * The notes a call was asked to card that gave no card at all (none made, none already in the
   * deck), with the tool's reason: the closing message says so instead of a bare «✅ Tarjetas».
   */
  cardless?: Array<{ note: number; why?: string }>;
  /** Of `cards`, those that were already in the deck before this run. */
  reusedCards?: number[];
  /** With `awaiting_answer`: the model's question, as it asked it. */
  question?: string;
  /** With `awaiting_approval`: the approvals still without a decision, in tool_use order. */
  awaiting?: PendingApproval[];
  /** Every approval of the run's current turn with its decision so far (audit, /estado). */
  decisions?: Array<{ approval: PendingApproval; decision?: RecordedDecision }>;
}

/** One call of a run as its outcome says it: which tool, how it ended (ToolResult kind), why not approved. */
export interface CallOutcome {
  tool: string;
  kind: ToolResult['kind'];
  notApproved?: NotApprovedReason;
}

/** What deciding an approval did: written now, already decided before, unknown id, or a stale button. */
export type DecideResult =
  | { kind: 'ok'; decision: RecordedDecision; approval: PendingApproval }
  | { kind: 'already'; decision: RecordedDecision; approval: PendingApproval }
  | { kind: 'unknown' }
  | { kind: 'stale'; approval: PendingApproval };

/** The owner's answer, as a caller hands it in: approve the option with this hash, or say no. */
export type DecisionInput =
  | { approved: true; hash: string; by?: string; persona?: Persona }
  | { approved: false; reason?: 'rechazado' | 'expirado' | 'cancelado'; note?: string; by?: string; persona?: Persona; askNote?: boolean };

/** What handing in an answer to a question back did: written (resume the run now), or no run asking. */
export type AnswerResult = { kind: 'ok' } | { kind: 'unknown' };

/** What closing a no's reason question did: closed now (with or without a reason), or nothing to close. */
export type NoteResult =
  | { kind: 'ok'; decision: RecordedDecision }
  | { kind: 'already'; decision: RecordedDecision }
  | { kind: 'unknown' };
