/**
 * The shapes the chat's runs are driven through (bot/runs.ts): what the bot needs of the agent, a
 * request to start a run and its answer, and the RunManager's dependencies.
 */
import type { Api } from 'grammy';
import type { RunDrivers } from '../agent/driver.js';
import type { RunView } from '../agent/status.js';
import type { ApprovalRegistry } from './approvals.js';
import type { DeliveryMedia } from './delivery.js';
import type { RunCharts } from './files.js';
import type { BotStateFile } from './state.js';

/** What the bot needs from the agent; `AgentService` (agent/service.ts) satisfies it structurally. */
export interface RunService {
  /** One driver per run: open, post answers and /cancelar to its mailbox, hear what to show. */
  readonly drivers: RunDrivers;
  /** Runs with a checkpoint that did not reach the end (crash, kill, restart). */
  unfinished(): Promise<ReadonlyArray<{ runId: string; text: string }>>;
  /** The run's status and delivery facts from its file (agent/status.ts); undefined: no readable state. */
  status(runId: string): Promise<RunView | undefined>;
  /** `/estado`: where the run's GPU work stands in the shared queue (`REDIS_URL`), if it waits there. */
  gpuStatus?(runId: string): Promise<string | undefined>;
}

export interface StartRequest {
  chatId: number;
  ownerId: number;
  group: boolean;
  mode: 'agente' | 'semana';
  text: string;
  week?: number;
  /** The asker's name as the chat shows it (with ownerId: who the audit names). */
  ownerName?: string;
  /** The chat message that asks (absent for a button): a redelivered one is not taken twice. */
  messageId?: number;
  /** The tools the request will run, as its reading says (the first estimate counts them all). */
  planned?: readonly string[];
}

export type StartResult =
  | { kind: 'started'; runId: string }
  | { kind: 'busy'; runId: string; text: string; elapsedS: number }
  | { kind: 'budget'; spent: number; limit: number }
  /** The same request message again (Telegram redelivers what a killed bot had not confirmed): already a run. */
  | { kind: 'duplicate' };

export interface RunManagerDeps {
  api: Api;
  service: RunService;
  registry: ApprovalRegistry;
  state: BotStateFile;
  media: DeliveryMedia;
  /** This month's spend and the monthly cap; absent = no cap. Checked before agent runs only. */
  budget?: () => Promise<{ spent: number; limit: number }>;
  /** After a run's outcome is delivered: what else waits for the chat (cards a model proposed). */
  afterRun?: (chatId: number) => Promise<void>;
  /** Where finished runs leave what their closing message's buttons show (and /cronograma). */
  charts?: RunCharts;
  /** A stage's expected duration on this machine, ms, by catalogue id (the progress's ETA). */
  estimateMs?: (stageId: string) => number;
  /** Lane slots (the ETA divides each lane's remaining work by them). */
  lanes?: { cpu: number; gpu: number };
  log: (message: string, error?: unknown) => void;
  now?: () => number;
  /**
   * Least ms between two edits of a run's status message (Telegram's pace for editing one message;
   * default STATUS_EDIT_MIN_INTERVAL_MS). A run's closing waits it out before its last edit.
   */
  statusEditIntervalMs?: number;
}
