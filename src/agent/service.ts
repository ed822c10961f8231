/**
 * The agent as a service for the bot and the CLI: `run(req)` starts (or resumes) one run with its
 * own model, stage runner (lanes), checkpoint and journal under `<dataDir>/runs/<runId>/`;
 * `unfinished()` lists runs a crash or restart left behind, so they can be resumed.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { ConfigError, isCuadernoError } from '../errors.js';
import { createLaneStageRunner } from '../scheduler/executor.js';
import { createFileIdempotencyStore } from '../scheduler/idempotency.js';
import { withRetries, type RetryOptions } from '../scheduler/retry.js';
import type { Approver } from '../tools/contract.js';
import { WEEKS, type Week } from '../tools/domain.js';
import { createToolbox, type Toolbox } from '../tools/index.js';
import { createCrashPoints, type CrashLabel, type CrashPoints } from './crash.js';
import { asksForRedo } from './intent.js';
import { runLoop } from './loop.js';
import { createModel, type Model, type RetryRunner } from './model/index.js';
import { listUnfinished, RunStore, type CheckpointV1 } from './run-state.js';
import type { RunOutcome, RunRequest } from './types.js';
import { weekWorkflow } from './workflow.js';

/** Where the dispatcher's idempotency store lives in the data dir (shared with the tools CLI). */
export const IDEMPOTENCY_DIRNAME = 'idempotencia';

export interface AgentServiceOptions {
  config: Config;
  /** Used when a request carries no approver of its own; default: reject (never assume yes). */
  approver?: Approver;
  /** `CRASH_AFTER=<label>:<n>` as read by main/cli (SPEC §7 crash points). */
  crashAfter?: string;
  /** What a crash point does; the CLI passes a hard exit with 137. Default: throw SimulatedCrash. */
  onCrash?: (label: CrashLabel, n: number) => never;
  /** Model factory override (tests); default from `config.model`. */
  createModel?: (runId: string) => Promise<Model>;
  /** Retry policy options for model calls (tests inject a fast clock). */
  retry?: RetryOptions;
  /** A shared toolbox (the bot builds one per process); default: built here. */
  toolbox?: Toolbox;
  /** Output cap per model call, tokens. */
  maxOutputTokens?: number;
}

export interface AgentService {
  run(req: RunRequest): Promise<RunOutcome>;
  unfinished(): Promise<Array<{ runId: string; text: string; updatedAt: string }>>;
  /** Throws away a run's checkpoint and journal — only on the owner's explicit word (SPEC §7). */
  discard(runId: string): Promise<void>;
  readonly toolbox: Toolbox;
}

const rejectAll: Approver = async () => ({ approved: false, reason: 'rechazado' });

export async function createAgentService(opts: AgentServiceOptions): Promise<AgentService> {
  const { config } = opts;
  const crash: CrashPoints = createCrashPoints(opts.crashAfter, opts.onCrash);
  const toolbox =
    opts.toolbox ??
    (await createToolbox({ config, approver: opts.approver ?? rejectAll, idempotency: createFileIdempotencyStore(path.join(config.dataDir, IDEMPOTENCY_DIRNAME)) }));
  const retry: RetryRunner = (fn, signal) => withRetries(() => fn(signal ?? new AbortController().signal), { ...opts.retry, signal });

  async function run(req: RunRequest): Promise<RunOutcome> {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(req.runId)) throw new ConfigError(`runId no válido: «${req.runId}» (solo letras, números, _ y -).`);
    const store = new RunStore(config.dataDir, req.runId);
    let cp: CheckpointV1;
    if (req.resume) {
      try {
        cp = await store.load();
      } catch (e) {
        // A checkpoint we cannot trust is reported, never replaced: the owner decides what to do.
        if (isCuadernoError(e)) return failed(req.runId, e.message);
        throw e;
      }
    } else {
      await store.clear();
      const week = req.mode === 'semana' ? checkWeek(req.week) : undefined;
      cp = {
        version: 1,
        task: {
          runId: req.runId,
          text: req.text,
          mode: req.mode,
          ...(week ? { week } : {}),
          redo: req.mode === 'agente' && asksForRedo(req.text),
          maxIterations: config.limits.maxIterations,
          tokenBudget: config.limits.tokenBudget,
          startedAt: new Date().toISOString(),
        },
        turns: 0,
        tokensUsed: 0,
        messages: [{ role: 'user', content: req.mode === 'semana' ? `prepare la semana ${week}` : req.text }],
        pending: [],
      };
      await store.saveCheckpoint(cp);
    }
    // Seeds the offline planners' tool_use ids: unique per fresh run (the CLI reuses its runId),
    // identical on resume — tools keyed by call id (cards, usage) depend on both.
    const seed = `${req.runId}@${cp.task.startedAt}`;
    const model =
      cp.task.mode === 'semana'
        ? weekWorkflow(seed, checkWeek(cp.task.week))
        : opts.createModel
          ? await opts.createModel(req.runId)
          : await createModel(config, { runId: seed, retry });
    const stage = createLaneStageRunner({ lanes: config.lanes, signal: req.signal, onEvent: (event) => req.onEvent?.({ type: 'tarea', event }) });
    try {
      const r = await runLoop(cp, {
        model,
        toolbox,
        store,
        stage,
        approver: req.approver ?? opts.approver ?? rejectAll,
        crash,
        prices: config.prices,
        onEvent: req.onEvent,
        signal: req.signal,
        maxOutputTokens: opts.maxOutputTokens,
      });
      return { runId: req.runId, ...r, taskEvents: stage.events() };
    } catch (e) {
      if (!isCuadernoError(e)) throw e;
      return { ...failed(req.runId, e.message), iterations: cp.turns, tokens: { ...(cp.usage ?? { input: 0, output: 0 }) }, taskEvents: stage.events() };
    }
  }

  return { run, unfinished: () => listUnfinished(config.dataDir), discard: (runId) => new RunStore(config.dataDir, runId).clear(), toolbox };
}

function failed(runId: string, message: string): RunOutcome {
  return { runId, stopReason: 'error', iterations: 0, tokens: { input: 0, output: 0 }, costUsd: 0, report: message, artifacts: [], notDone: [], taskEvents: [], detail: message };
}

function checkWeek(week: number | undefined): Week {
  if (week === undefined || !(WEEKS as readonly number[]).includes(week)) throw new ConfigError(`La semana debe ser 1, 2, 3 o 4; se recibió ${String(week)}.`);
  return week as Week;
}
