/**
 * The agent as a service for the bot and the CLI: `run(req)` starts (or resumes) one run with its
 * own model, stage runner (lanes) and state — one file, `<dataDir>/runs/<runId>/run.json` (run-state.ts);
 * `decide(runId, approvalId, answer)` writes the owner's answer to a paused run's approval to disk
 * (first answer wins, bound to the arguments' hash); `drivers` (driver.ts) is how the bot drives a
 * run: one mailbox per run that writes each answer with these functions and resumes the run;
 * `unfinished()` lists runs a crash or restart left behind, so they can be resumed; `status(runId)`
 * says from its file whether a run runs, is paused, or finished (delivered or not: status.ts), and
 * `delivered(runId, fact)` writes what its owner was shown (delivery-facts.ts).
 *
 * Every kind of run (the agent's week, /semana N, "rehaga…", "narre…") goes through this one path:
 * the loop pauses at `awaiting_approval`, a decision is written, the run resumes from disk.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { ConfigError, isCuadernoError } from '../errors.js';
import type { LaneBackend } from '../scheduler/lanes.js';
import { createRunStageRunner } from '../scheduler/turn.js';
import { createFileIdempotencyStore } from '../scheduler/idempotency.js';
import { withRetries, type RetryOptions } from '../scheduler/retry.js';
import { optionFor } from './approval.js';
import type { Week } from '../domain/notebook.js';
import { AGENT } from '../strings/agent.js';
import { hasWeek, notesOfWeek, weekRange, type Course } from '../domain/course/course.js';
import { createToolbox, type Toolbox } from '../tools/index.js';
import { createCrashPoints, type CrashLabel, type CrashPoints } from './crash.js';
import { asksForRedo } from './intent.js';
import { createRunDrivers, type RunDrivers } from './driver.js';
import type { Admission } from './admission.js';
import { runLoop, type Waker } from './loop.js';
import { afterResponse } from './step.js';
import type { ToolUseBlock } from './model/types.js';
import { createModel, type Model, type RetryRunner } from './model/index.js';
import { OneCallModel } from './model/one-call.js';
import { listUnfinished, pruneFinishedRuns, RunStore, type Checkpoint, type PendingApproval, type RecordedDecision, type RunDelivery } from './run-state.js';
import type { DeliveryFact } from './delivery-facts.js';
import { statusOf, type RunView } from './status.js';
import { refusedSubject } from '../store/index.js';
import type { AnswerResult, DecideResult, DecisionInput, NoteResult, RunOutcome, RunRequest } from './types.js';
import { weekWorkflow } from './workflow.js';
import { SETTINGS } from '../strings/console.js';
import { weekRequest } from '../strings/model.js';

/** Where the dispatcher's idempotency store lives in the data dir (shared with the tools CLI). */
export const IDEMPOTENCY_DIRNAME = 'idempotencia';

export interface AgentServiceOptions {
  config: Config;
  /** `CRASH_AFTER=<label>:<n>` as read by main/cli (docs/design.md §7 crash points). */
  crashAfter?: string;
  /** What a crash point does; the CLI passes a hard exit with 137. Default: throw SimulatedCrash. */
  onCrash?: (label: CrashLabel, n: number) => never;
  /** Hears every crash point as it is reached (testing: the CLI's `CRASH_TRACE=1`). */
  onCrashPoint?: (label: CrashLabel) => void;
  /** Model factory override (tests); default from `config.model`. */
  createModel?: (runId: string) => Promise<Model>;
  /** Retry policy options for model calls (tests inject a fast clock). */
  retry?: RetryOptions;
  /** A shared toolbox (the bot builds one per process); default: built here. */
  toolbox?: Toolbox;
  /** Output cap per model call, tokens. */
  maxOutputTokens?: number;
  /**
   * The lanes of each run (`REDIS_URL`: the GPU stages on the shared queue, lanes/routed.ts);
   * default in-process lanes of `config.lanes`. `signal` is the run's (/cancelar); `notify` says a
   * sentence in the run's chat.
   */
  lanesFor?: (runId: string, sizes: Readonly<Config['lanes']>, signal?: AbortSignal, notify?: (text: string) => void) => LaneBackend;
  /** `/estado`'s line about a run's GPU work on the shared queue (with `lanesFor`). */
  gpuStatus?: (runId: string) => Promise<string | undefined>;
  /** Whether a queue worker advertises FLUX/XTTS now (with `lanesFor`): offered without an address here. */
  advertised?: (engine: 'flux' | 'xtts') => Promise<boolean>;
  /**
   * Where fresh runs wait their turn to plan (admission.ts): one for the whole process, so a class's
   * students (a service each) plan in the order they asked; default one of this service's own.
   */
  admission?: Admission;
}

export interface AgentService {
  /** Runs until the run ends or pauses; `waker`: a decision written while the run is busy (driver.ts) resumes it at once. */
  run(req: RunRequest, waker?: Waker): Promise<RunOutcome>;
  /** One driver per run, with its mailbox: every answer, cancel and restart of a bot's run goes there. */
  readonly drivers: RunDrivers;
  /** Records the owner's answer to one approval of a paused (or running) run, durably, once. */
  decide(runId: string, approvalId: string, answer: DecisionInput): Promise<DecideResult>;
  /**
   * Hands in the owner's answer to a run paused on a question back (`awaiting_answer`): appended to
   * its conversation on disk, durably, before the caller resumes it. `unknown`: no run asks now.
   */
  answer(runId: string, text: string): Promise<AnswerResult>;
  /** Closes the reason question of a no recorded with `askNote`: with the owner's reason, or none. */
  giveNote(runId: string, approvalId: string, note: string | undefined): Promise<NoteResult>;
  unfinished(): Promise<Array<{ runId: string; text: string; updatedAt: string }>>;
  /**
   * The run's status and delivery facts as its file says them (status.ts); undefined when it has no
   * state or its state cannot be read (listed by `unfinished` for the owner to look at).
   */
  status(runId: string): Promise<RunView | undefined>;
  /**
   * Writes one delivery fact into the run's file (delivery-facts.ts); returns the facts that stand.
   * The bot goes through `drivers.delivered`, which calls this in the run's turn.
   */
  delivered(runId: string, fact: DeliveryFact): Promise<RunDelivery>;
  /** Throws away a run's state — only on the owner's explicit word (docs/design.md §7). */
  discard(runId: string): Promise<void>;
  /** Where the run's GPU work stands in the shared queue (`REDIS_URL`); absent in-process. */
  gpuStatus?(runId: string): Promise<string | undefined>;
  readonly toolbox: Toolbox;
}

export async function createAgentService(opts: AgentServiceOptions): Promise<AgentService> {
  const { config } = opts;
  const crash: CrashPoints = createCrashPoints(opts.crashAfter, opts.onCrash, opts.onCrashPoint);
  const toolbox =
    opts.toolbox ??
    (await createToolbox({ config, idempotency: createFileIdempotencyStore(path.join(config.dataDir, IDEMPOTENCY_DIRNAME)), ...(opts.advertised ? { advertised: opts.advertised } : {}) }));
  // Start-up: `runs/` keeps a bounded history of finished runs (unfinished ones always stay).
  await pruneFinishedRuns(config.dataDir).catch(() => 0);
  // One store per run in this process: every write of a run (checkpoint, decision, journal) is
  // serialised through its store (its driver, driver.ts, wakes it when an answer is written).
  const stores = new Map<string, RunStore>();
  const storeOf = (runId: string) => stores.get(runId) ?? stores.set(runId, new RunStore(config.dataDir, runId)).get(runId)!;
  const retry: RetryRunner = (fn, signal) => withRetries(() => fn(signal ?? new AbortController().signal), { ...opts.retry, signal });

  /**
   * Runs until the run ends or pauses. A decision written in this process while the run was still
   * busy (waker) resumes it at once; otherwise a pause returns, and the caller resumes it after
   * recording the owner's answer (agent/answering.ts for the terminal).
   */
  async function run(req: RunRequest, waker?: Waker): Promise<RunOutcome> {
    // One stage runner for every pass of this call: the passes share the lanes and one timeline.
    const stage = stageRunner(req);
    return runOnce(req, stage, waker);
  }

  /** The run's checkpoint part, or undefined when it has no state or it cannot be read (an unknown run). */
  async function loadCheckpoint(store: ReturnType<typeof storeOf>): Promise<Checkpoint | undefined> {
    try {
      return await store.load();
    } catch (e) {
      if (isCuadernoError(e)) return undefined;
      throw e;
    }
  }

  async function decide(runId: string, approvalId: string, answer: DecisionInput): Promise<DecideResult> {
    checkRunId(runId);
    const store = storeOf(runId);
    const cp = await loadCheckpoint(store);
    if (!cp) return { kind: 'unknown' };
    const approval = cp.finished ? undefined : cp.approvals.find((a) => a.id === approvalId);
    if (!approval) return { kind: 'unknown' };
    const standing = (await store.decisions())[approvalId];
    if (standing) return { kind: 'already', decision: standing, approval };
    if (answer.approved && !optionFor(approval, answer.hash)) return { kind: 'stale', approval };
    const mine: RecordedDecision = {
      approvalId,
      callId: approval.callId,
      approved: answer.approved,
      ...(answer.approved ? { hash: answer.hash } : { reason: answer.reason ?? 'rechazado', ...(answer.note ? { note: answer.note } : answer.askNote ? { awaitingNote: true as const } : {}) }),
      ...(answer.by ? { by: answer.by } : {}),
      ...(answer.persona ? { persona: answer.persona } : {}),
      at: new Date().toISOString(),
    };
    // The store writes it unless another answer got there first; that one stands.
    const written = await store.recordDecision(mine);
    if (written === mine && !mine.approved && mine.note) await rememberReason(approval, mine.note);
    return written === mine ? { kind: 'ok', decision: written, approval } : { kind: 'already', decision: written, approval };
  }

  /**
   * Remembers a no's reason for the next time the same thing is asked (store/reasons.ts): the
   * planners and the approval read it. Best effort: the decision is on disk already, and a reason
   * that cannot be remembered never fails the owner's answer.
   */
  async function rememberReason(approval: Pick<PendingApproval, 'tool' | 'proposal'>, note: string): Promise<void> {
    await toolbox.notebook.reasons.record({ tool: approval.tool, ...refusedSubject(approval.proposal.args), motivo: note }).catch(() => undefined);
  }

  function stageRunner(req: RunRequest) {
    return createRunStageRunner({
      lanes: config.lanes,
      ...(opts.lanesFor ? { backend: opts.lanesFor(req.runId, config.lanes, req.signal, (text) => req.onEvent?.({ type: 'aviso', text })) } : {}),
      signal: req.signal,
      onEvent: (event) => req.onEvent?.({ type: 'tarea', event }),
      measured: (id, ms) => toolbox.durations.record(id, ms),
    });
  }

  async function answer(runId: string, text: string): Promise<AnswerResult> {
    checkRunId(runId);
    const store = storeOf(runId);
    const cp = await loadCheckpoint(store);
    if (!cp) return { kind: 'unknown' };
    const last = cp.messages.at(-1);
    if (cp.finished || cp.pending.length > 0 || last?.role !== 'assistant') return { kind: 'unknown' };
    if (afterResponse({ content: last.content as [], stop_reason: cp.lastStopReason ?? 'end_turn' }, { questions: true }).type !== 'awaiting_answer') return { kind: 'unknown' };
    cp.messages.push({ role: 'user', content: text });
    // The answer and its being answered in one write: a kill never leaves one without the other.
    await store.saveCheckpoint(cp, { kind: 'answered' });
    return { kind: 'ok' };
  }

  async function giveNote(runId: string, approvalId: string, note: string | undefined): Promise<NoteResult> {
    checkRunId(runId);
    const store = storeOf(runId);
    const standing = (await store.decisions())[approvalId];
    if (!standing || standing.approved) return { kind: 'unknown' };
    if (!standing.awaitingNote) return { kind: 'already', decision: standing };
    const written = await store.completeNote(approvalId, note?.trim() || undefined);
    if (written?.note && !written.awaitingNote) {
      const approval = (await loadCheckpoint(store))?.approvals.find((a) => a.id === approvalId);
      if (approval) await rememberReason(approval, written.note);
    }
    return written && !written.awaitingNote ? { kind: 'ok', decision: written } : { kind: 'unknown' };
  }

  async function runOnce(req: RunRequest, stage: ReturnType<typeof stageRunner>, waker: Waker | undefined): Promise<RunOutcome> {
    checkRunId(req.runId);
    const store = storeOf(req.runId);
    let cp: Checkpoint;
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
      const week = req.mode === 'semana' ? checkWeek(req.week, await toolbox.course()) : undefined;
      const call = req.mode === 'herramienta' ? oneCall(req) : undefined;
      cp = {
        task: {
          runId: req.runId,
          text: req.text,
          mode: req.mode,
          ...(week ? { week } : {}),
          ...(call ? { call } : {}),
          redo: req.redo ?? (req.mode === 'agente' && asksForRedo(req.text)),
          ...(req.persona ? { persona: { id: req.persona.id, nombre: req.persona.nombre } } : {}),
          maxIterations: config.limits.maxIterations,
          tokenBudget: config.limits.tokenBudget,
          startedAt: new Date().toISOString(),
        },
        turns: 0,
        tokensUsed: 0,
        messages: [{ role: 'user', content: req.mode === 'semana' ? weekRequest(week) : req.text }],
        pending: [],
        approvals: [],
      };
      await store.saveCheckpoint(cp);
    }
    // Seeds the offline planners' tool_use ids: unique per fresh run (the CLI reuses its runId),
    // identical on resume — tools keyed by call id (cards, usage) depend on both.
    const seed = `${req.runId}@${cp.task.startedAt}`;
    const course = await toolbox.course();
    const weekNotes = async (w: number) => notesOfWeek(course, await toolbox.notebook.notes.list(), w).map((n) => n.id);
    const model =
      cp.task.mode === 'semana'
        ? weekWorkflow(seed, checkWeek(cp.task.week, course), course, {}, weekNotes)
        : cp.task.mode === 'herramienta'
          ? new OneCallModel(oneCall(cp.task))
          : opts.createModel
          ? await opts.createModel(req.runId)
          : await createModel(config, { runId: seed, retry, course, weekNotes });
    try {
      const r = await runLoop(cp, {
        model,
        toolbox,
        store,
        stage,
        crash,
        ...(waker ? { waker } : {}),
        prices: config.prices,
        onEvent: req.onEvent,
        signal: req.signal,
        questions: req.questions,
        maxOutputTokens: opts.maxOutputTokens,
      });
      // What this run spent, from the usage file's rows with the same function as /gasto (every
      // pass of a run that paused shares its key); a run still paused has no report yet.
      const spend = r.stopReason === 'awaiting_approval' ? undefined : await toolbox.notebook.usage.ofRun(seed).catch(() => undefined);
      return { runId: req.runId, ...r, taskEvents: stage.events(), ...(spend ? { spend } : {}) };
    } catch (e) {
      if (!isCuadernoError(e)) throw e;
      return { ...failed(req.runId, e.message), iterations: cp.turns, tokens: { ...(cp.usage ?? { input: 0, output: 0 }) }, taskEvents: stage.events() };
    }
  }

  async function status(runId: string): Promise<RunView | undefined> {
    checkRunId(runId);
    try {
      const state = await storeOf(runId).read();
      return state ? { status: statusOf(state), delivery: state.delivery } : undefined;
    } catch (e) {
      if (isCuadernoError(e)) return undefined;
      throw e;
    }
  }

  function delivered(runId: string, fact: DeliveryFact): Promise<RunDelivery> {
    checkRunId(runId);
    return storeOf(runId).recordDelivery(fact);
  }

  /**
   * A run whose driver is done lets its store go once its last write is on disk: a class's bot kept
   * every run it ever drove in memory, the whole state of each. A later read of the run (/estado, a
   * late tap) opens a new store, which reads the file — what the old one held.
   */
  function closed(runId: string): void {
    const store = stores.get(runId);
    // Checked when it is let go, not before: a write asked meanwhile keeps it.
    void store?.settled().then(() => { if (store.idle && stores.get(runId) === store) stores.delete(runId); });
  }

  const drivers = createRunDrivers({ run, decide, answer, giveNote, delivered, closed }, opts.admission);
  return { run, drivers, decide, answer, giveNote, status, delivered, unfinished: () => listUnfinished(config.dataDir), discard, toolbox, ...(opts.gpuStatus ? { gpuStatus: opts.gpuStatus } : {}) };

  async function discard(runId: string): Promise<void> {
    checkRunId(runId);
    await storeOf(runId).clear();
    stores.delete(runId);
  }
}

function checkRunId(runId: string): void {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(runId)) throw new ConfigError(SETTINGS.runId(runId));
}

/** The one call of a `herramienta` run as a tool_use block; a request or checkpoint without one is refused. */
function oneCall(from: { call?: { id: string; name: string; input: unknown } }): ToolUseBlock {
  const c = from.call;
  if (!c || typeof c.id !== 'string' || typeof c.name !== 'string') throw new ConfigError(AGENT.oneCallMissing);
  return { type: 'tool_use', id: c.id, name: c.name, input: c.input };
}

function failed(runId: string, message: string): RunOutcome {
  return { runId, stopReason: 'error', iterations: 0, tokens: { input: 0, output: 0 }, costUsd: 0, report: message, artifacts: [], notDone: [], taskEvents: [], detail: message };
}

function checkWeek(week: number | undefined, course: Course): Week {
  if (!hasWeek(course, week)) throw new ConfigError(AGENT.badWeek(weekRange(course), week));
  return week;
}
