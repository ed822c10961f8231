/**
 * What the agent offers the layers above it (bot, CLI): start a run, watch its events, get its
 * outcome. The bot never reaches below this file's types except tools/contract (Approver, Artifact).
 */
import type { Approver, Artifact, ToolCall, ToolResult } from '../tools/contract.js';
import type { TaskEvent } from '../scheduler/events.js';

export type RunEvent =
  | { type: 'iteracion'; n: number }
  | { type: 'texto'; text: string }
  | { type: 'herramienta'; call: ToolCall; result: ToolResult }
  | { type: 'tarea'; event: TaskEvent }
  | { type: 'aviso'; text: string };

export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'refusal'
  | 'max_iteraciones'
  | 'presupuesto'
  | 'cancelado'
  | 'error';

export interface RunRequest {
  /** Stable id for this run (checkpoint, journal and approval ids derive from it). */
  runId: string;
  /** The owner's sentence ("prepare la semana 3"); ignored by the deterministic workflow. */
  text: string;
  /** `agente`: the model interprets; `semana`: the deterministic week graph, no model, zero tokens. */
  mode: 'agente' | 'semana';
  week?: number;
  approver: Approver;
  onEvent?: (event: RunEvent) => void;
  signal?: AbortSignal;
  /** Resume the unfinished run with this runId from its checkpoint instead of starting afresh. */
  resume?: boolean;
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
   * Stage labels ("Recuperar notas", "Portada") of every call that completed — this process's and
   * those done before a restart — in call order. `taskEvents` only hold this process's stages.
   */
  finished?: string[];
  /** True when no real model ran: the tokens are the offline planner's ~4 chars/token estimate. */
  usageEstimated?: boolean;
  /** Deck ids of the cards crear_tarjetas made (or found already made) in this run, in call order. */
  cards?: number[];
}
