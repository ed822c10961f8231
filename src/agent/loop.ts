/**
 * The agent loop (docs/design.md §4 + §7): call the model, append its whole content, run every tool_use of
 * the turn concurrently through the dispatcher, return all results in one user message, repeat —
 * within the iteration cap and the token budget, checkpointing at point A and point B and keeping
 * the effects journal, so a run killed at any moment resumes without repeating a side effect.
 * Every decision is `step.ts`; this file only performs them.
 */
import { MAX_OUTPUT_TOKENS, type Config } from '../config.js';
import { StateFileError } from '../errors.js';
import type { Toolbox } from '../tools/index.js';
import type { ApprovalDecision, StageSpec, ToolResult } from '../tools/contract.js';
import type { PlannedCall, RunStageRunner } from '../scheduler/turn.js';
import type { Proposal } from '../tools/dispatcher.js';
import { renderForModel } from '../tools/render.js';
import { alternativeArgs, argsHash, newApprovalId, toDecision } from './approval.js';
import type { CrashPoints } from './crash.js';
import { estimateRequestTokens } from './model/estimate.js';
import { billedUsage } from './model/usage.js';
import type { Model, ModelRequest, ToolResultBlock, ToolUseBlock } from './model/types.js';
import { reasonsForPrompt, systemPrompt } from './prompt.js';
import { courseForPrompt } from '../domain/course/course.js';
import { reconcile, redoApplies, type Reconciled, type ToolFacts } from './reconcile.js';
import { summarize, typedResult, type LoopResult } from './outcome.js';
import type { ApprovalOption, Checkpoint, PendingApproval, RunStore } from './run-state.js';
import { afterResponse, beforeCall, type Next } from './step.js';
import { AGENT, usageNotWritten } from '../strings/agent.js';
import type { RunEvent, StopReason } from './types.js';
import { ESTIMATED_TASK_PREFIX } from '../store/index.js';
import { setOwn } from '../lib/own.js';

/** What the loop needs from the toolbox (tools/index.ts). */
export type AgentToolbox = Pick<Toolbox, 'definitionsForModel' | 'dispatch' | 'proposal' | 'tools' | 'notebook' | 'course'>;

/**
 * An in-process hint that a decision for this run may have been written, so a turn that is still
 * running other calls starts an approved one at once. Only a hint: decisions are read from disk.
 */
export interface Waker {
  /** Resolves at the next notify(). */
  wait(): Promise<void>;
  /** Forget earlier notifications (called right before the decisions are read). */
  clear(): void;
}

export interface LoopDeps {
  model: Model;
  toolbox: AgentToolbox;
  store: RunStore;
  /** The run's stage runner: each turn's calls run as one graph on it (`turn`). */
  stage: RunStageRunner;
  crash: CrashPoints;
  prices: Config['prices'];
  onEvent?: (event: RunEvent) => unknown;
  signal?: AbortSignal;
  /** A turn that ends asking the owner something pauses (`awaiting_answer`) instead of ending. */
  questions?: boolean;
  /** Output cap per model call, in tokens (default 4096). */
  maxOutputTokens?: number;
  waker?: Waker;
}

export type { LoopResult } from './outcome.js';

const DEFAULT_MAX_OUTPUT = MAX_OUTPUT_TOKENS;

/**
 * Runs (or resumes) the loop from `cp`; `cp` is updated and checkpointed as it goes. Returns at the
 * end of the run, or paused (`awaiting_approval`) when a turn's confirmation calls have no decision
 * on disk yet: the caller records decisions (agent/service.ts `decide`) and resumes from disk.
 */
export async function runLoop(cp: Checkpoint, deps: LoopDeps): Promise<LoopResult> {
  const emit = (e: RunEvent): void => { void Promise.resolve(deps.onEvent?.(e)).catch(() => undefined); };
  // The offline planner's usage is an estimate: logged (so budgets work) but never counted as spend.
  const estimated = deps.model.usageIsEstimate;
  const ledger = new Map<string, ToolResult>();
  // The owner's course first: it rebuilds the week tools if it changed, and the prompt carries it.
  const course = await deps.toolbox.course();
  const tools = deps.toolbox.definitionsForModel();
  const usage = cp.usage ?? { input: 0, output: 0 };
  // The reasons of the owner's earlier noes: in the prompt for a model, typed for the offline planner.
  // A file that cannot be read costs the run nothing but that memory.
  const reasons = await deps.toolbox.notebook.reasons.list().catch(() => []);
  const system = systemPrompt(courseForPrompt(course), reasonsForPrompt(reasons));
  const request = (): ModelRequest => ({ system, tools, messages: cp.messages, maxTokens: deps.maxOutputTokens ?? DEFAULT_MAX_OUTPUT, results: typedLedger(cp, deps.store), reasons });
  const state = () => ({ turns: cp.turns, tokensUsed: cp.tokensUsed, maxIterations: cp.task.maxIterations, tokenBudget: cp.task.tokenBudget });

  const finish = async (next: Next): Promise<LoopResult> => {
    const { stopReason, detail } = describe(next);
    const resumable = stopReason === 'error' || stopReason === 'awaiting_approval' || stopReason === 'awaiting_answer';
    if (!resumable) await deps.store.saveCheckpoint({ ...cp, usage, finished: { stopReason, at: new Date().toISOString(), ...(detail ? { detail } : {}) } });
    const decided = await deps.store.decisions();
    const r = summarize(cp, ledger, deps, usage, stopReason, detail, course);
    const decisions = [...closed, ...cp.approvals].map((approval) => ({ approval, ...(decided[approval.id] ? { decision: decided[approval.id] } : {}) }));
    return {
      ...r, decisions,
      ...(next.type === 'awaiting_approval' ? { awaiting: cp.approvals.filter((a) => next.approvalIds.includes(a.id)) } : {}),
      ...(next.type === 'awaiting_answer' ? { question: next.question } : {}),
    };
  };

  // Approvals of turns this pass completed (point B clears them from the checkpoint).
  const closed: PendingApproval[] = [];

  // A run that had ended (its outcome not yet delivered when the process died): its outcome again,
  // from disk — nothing runs, nothing is asked.
  if (cp.finished) return { ...summarize(cp, ledger, deps, usage, cp.finished.stopReason, cp.finished.detail, course), decisions: [] };
  const runTurn = (calls: ToolUseBlock[], resuming: boolean) =>
    runCalls(calls, resuming, { cp, deps, ledger, emit, closed, save: () => deps.store.saveCheckpoint({ ...cp, usage }) });

  // Resume: finish the interrupted turn first, or end if the final answer had already arrived.
  if (cp.pending.length > 0) {
    emit({ type: 'iteracion', n: cp.turns });
    const waiting = await runTurn(cp.pending, true);
    if (waiting.length > 0) return finish({ type: 'awaiting_approval', approvalIds: waiting });
  }
  else if (cp.messages.at(-1)?.role === 'assistant') {
    // Ended, or paused on a question back that has no answer yet (a cancelled one ends here).
    const last = afterResponse({ content: cp.messages.at(-1)?.content as [], stop_reason: cp.lastStopReason ?? 'end_turn' }, { questions: deps.questions });
    return finish(last.type === 'awaiting_answer' && deps.signal?.aborted ? { type: 'final', stopReason: 'cancelado' } : last);
  }

  for (;;) {
    if (deps.signal?.aborted) return finish({ type: 'final', stopReason: 'cancelado' });
    let next = beforeCall(state(), 0);
    let counted = 0;
    if (next.type === 'call_model') next = beforeCall(state(), (counted = await inputTokens(deps, request(), emit)));
    switch (next.type) {
      case 'stopped':
      case 'final':
      case 'awaiting_approval':
      case 'awaiting_answer':
        return finish(next);
      case 'run_tools':
        throw new Error('unreachable: beforeCall never asks to run tools');
      case 'call_model': {
        emit({ type: 'iteracion', n: cp.turns + 1 });
        let response;
        try {
          response = await deps.model.create(request(), deps.signal);
        } catch (e) {
          if (deps.signal?.aborted) return finish({ type: 'final', stopReason: 'cancelado' });
          const r = await finish({ type: 'final', stopReason: 'error' });
          return { ...r, detail: (e as Error).message };
        }
        cp.turns += 1;
        const req = request();
        const billed = billedUsage(response.usage, { maxOutput: req.maxTokens, inputEstimate: Math.max(counted, estimateRequestTokens(req)) });
        if (billed.problems.length > 0) emit({ type: 'aviso', text: AGENT.usageEstimated(billed.problems) });
        usage.input += billed.input;
        usage.output += billed.output;
        cp.tokensUsed += billed.input + billed.output;
        // No model ran (deterministic workflow): nothing to log.
        if (billed.input + billed.output > 0) try {
          // Keyed by run and turn: a process killed after this row and before point A calls the
          // model again for the same turn on resume, and the row is not written twice.
          const clave = `${cp.task.runId}@${cp.task.startedAt}#iteracion-${cp.turns}`;
          await deps.toolbox.notebook.usage.append({ tarea: `${estimated ? ESTIMATED_TASK_PREFIX : 'agente:'}iteracion-${cp.turns}`, modelo: deps.model.pricedAs, tokens_entrada: billed.input, tokens_salida: billed.output, origen: estimated ? 'estimado' : 'facturado', clave });
        } catch (e) {
          emit({ type: 'aviso', text: usageNotWritten((e as Error).message) });
        }
        cp.messages.push({ role: 'assistant', content: response.content });
        for (const b of response.content) if (b.type === 'text' && b.text.trim()) emit({ type: 'texto', text: b.text });
        const after = afterResponse(response, { questions: deps.questions });
        cp.pending = after.type === 'run_tools' ? after.calls : [];
        cp.approvals = [];
        cp.lastStopReason = response.stop_reason;
        await deps.store.saveCheckpoint({ ...cp, usage });
        deps.crash.hit('after-checkpoint-a');
        if (after.type !== 'run_tools') return finish(after);
        const waiting = await runTurn(after.calls, false);
        if (waiting.length > 0) return finish({ type: 'awaiting_approval', approvalIds: waiting });
        break;
      }
    }
  }
}

interface TurnContext {
  cp: Checkpoint;
  deps: LoopDeps;
  ledger: Map<string, ToolResult>;
  emit: (e: RunEvent) => void;
  closed: PendingApproval[];
  save: () => Promise<void>;
}

/**
 * One turn's calls (docs/design.md §4: concurrently, all results in one user message), as ONE graph on the
 * executor: every call that may run is planned up front from its stages, so the lanes serve the
 * turn's critical path first; each call hands its stages in when the dispatcher runs it. A call that needs the
 * owner is recorded as a PendingApproval in the checkpoint first (all of a turn's at once, in
 * tool_use order) and runs only once its decision is on disk; the others run meanwhile, and each
 * approved call starts as soon as its decision is read. Returns the ids of the approvals still
 * undecided when nothing is left running ([] = the turn is complete and at point B).
 */
/** What reconcile and the redo rule need to know of a tool. */
function toolFacts(toolbox: AgentToolbox, name: string): ToolFacts {
  const tool = toolbox.tools.get(name);
  return { effect: tool?.effect, idempotent: Boolean(tool?.idempotencyKey), keyPerCall: tool?.keyPerCall === true };
}

async function runCalls(calls: ToolUseBlock[], resuming: boolean, t: TurnContext): Promise<string[]> {
  const facts = (name: string) => toolFacts(t.deps.toolbox, name);
  const plan = new Map<string, Reconciled>(calls.map((c) => [c.id, resuming ? reconcile(c, t.deps.store.entry(c.id), facts(c.name), t.cp.task.redo) : { type: 'run', redo: t.cp.task.redo, why: 'no-iniciada' }]));
  const graph = t.deps.stage.turn(plannedCalls(calls.filter((c) => plan.get(c.id)!.type === 'run'), t.deps.toolbox));
  try {
    return await runTurnGraph(calls, plan, graph, t);
  } finally {
    await graph.close();
  }
}

/** The stages each call would run, from its tool's catalogue entry (a call that names no tool plans none). */
function plannedCalls(calls: readonly ToolUseBlock[], toolbox: AgentToolbox): PlannedCall[] {
  return calls.flatMap((c) => {
    const tool = toolbox.tools.get(c.name);
    let stages: StageSpec[] = [];
    try {
      stages = tool && c.input && typeof c.input === 'object' ? tool.stages(c.input as never) : [];
    } catch {
      // arguments the tool cannot plan with are refused by the dispatcher: nothing to plan
    }
    return stages.length > 0 ? [{ id: c.id, stages }] : [];
  });
}

async function runTurnGraph(calls: ToolUseBlock[], plan: Map<string, Reconciled>, graph: ReturnType<RunStageRunner['turn']>, t: TurnContext): Promise<string[]> {
  const { cp, deps, ledger, emit } = t;
  const results = new Map<string, ToolResult>();
  const running = new Map<string, Promise<void>>();
  const settle = (c: ToolUseBlock, result: ToolResult) => {
    results.set(c.id, result);
    ledger.set(c.id, result);
    emit({ type: 'herramienta', call: { id: c.id, name: c.name, input: c.input }, result });
  };
  const redoOf = (c: ToolUseBlock) => {
    const d = plan.get(c.id);
    return d?.type === 'run' && redoApplies(toolFacts(deps.toolbox, c.name), d.redo);
  };

  for (const c of calls) {
    const d = plan.get(c.id)!;
    if (d.type === 'reuse') settle(c, d.result);
    else if (d.type === 'unknown') {
      await deps.store.recordResult(c.id, c.name, d.result).catch(() => undefined);
      settle(c, d.result);
    }
  }

  // A failure to write a "started" mark: nothing of that call ran; the turn stops (resumable).
  let fatal: unknown;
  const start = (c: ToolUseBlock, decision?: ApprovalDecision) => {
    const work = (async () => {
      try {
        await deps.store.markStarted([c]);
      } catch (e) {
        // Nothing has run yet: stop here (resumable) rather than act without a record.
        throw new StateFileError('CORRUPT_STATE', deps.store.file, AGENT.journalStartFailed((e as Error).message));
      }
      deps.crash.hit('after-intent-write');
      let result: ToolResult;
      try {
        result = await deps.toolbox.dispatch({ id: c.id, name: c.name, input: c.input }, { stage: graph.forCall(c.id), signal: deps.signal, redo: redoOf(c), ...(decision ? { decision } : {}), ...(cp.task.persona ? { persona: cp.task.persona } : {}) });
      } catch (e) {
        // Not journalled: the effect's state is unknown, so a resume treats it as such.
        settle(c, { kind: 'error', code: 'INTERNAL', message: AGENT.failed((e as Error).message) });
        return;
      } finally {
        graph.end(c.id);
      }
      let journalled = true;
      try {
        await deps.store.recordResult(c.id, c.name, result);
      } catch (e) {
        // The effect happened: telling the model "error" would make it retry and duplicate it.
        journalled = false;
        emit({ type: 'aviso', text: AGENT.journalFailed(c.name, (e as Error).message) });
      }
      if (journalled) deps.crash.hit('after-effect-write');
      settle(c, result);
    })().catch((e: unknown) => { fatal ??= e; }).finally(() => running.delete(c.id));
    running.set(c.id, work);
  };

  for (;;) {
    // A call that failed fatally (a crash point, a journal that cannot be written) stops the turn:
    // nothing else starts — not even that call again.
    if (fatal) break;
    deps.waker?.clear();
    const decided = await deps.store.decisions();
    const fresh: PendingApproval[] = [];
    // Calls that need no one start after this turn's new questions are on screen (below).
    const free: ToolUseBlock[] = [];
    for (const c of calls) {
      if (results.has(c.id) || running.has(c.id)) continue;
      const approval = cp.approvals.find((a) => a.callId === c.id);
      if (approval) {
        let rec = decided[approval.id];
        // A cancelled run answers its open questions itself, on disk like any answer.
        if (!rec && deps.signal?.aborted) rec = await deps.store.recordDecision({ approvalId: approval.id, callId: c.id, approved: false, reason: 'cancelado', at: new Date().toISOString() });
        // A no whose optional reason is still being asked for waits (paused on disk) until the
        // owner gives it or goes on without one, so the model reads the reason with the no.
        if (rec?.awaitingNote && !deps.signal?.aborted) continue;
        if (rec) start(c, toDecision(approval, rec));
        continue;
      }
      if (deps.signal?.aborted) {
        start(c, { approved: false, reason: 'cancelado' });
        continue;
      }
      const proposal = await deps.toolbox.proposal({ id: c.id, name: c.name, input: c.input }, { redo: redoOf(c) });
      if (!proposal) free.push(c);
      else fresh.push(await pendingApproval(c, proposal, redoOf(c), deps.toolbox));
    }
    if (fresh.length > 0) {
      cp.approvals.push(...fresh);
      await t.save();
      deps.crash.hit('after-approval-write');
      // Asked first, then the work that needs no one: the caller records where each question went
      // before any other write of this run can happen (a kill in between would ask it twice).
      await Promise.resolve(deps.onEvent?.({ type: 'aprobaciones', approvals: fresh })).catch(() => undefined);
    }
    for (const c of free) start(c);
    if (fatal) break;
    if (running.size === 0) break;
    await Promise.race([...running.values(), ...(deps.waker ? [deps.waker.wait()] : [])]);
  }
  if (fatal) {
    await Promise.allSettled(running.values());
    throw fatal;
  }

  const waiting = cp.approvals.filter((a) => !results.has(a.callId)).map((a) => a.id);
  if (calls.some((c) => !results.has(c.id))) return waiting;
  const blocks: ToolResultBlock[] = calls.map((c) => ({ type: 'tool_result', tool_use_id: c.id, ...renderForModel(c.name, results.get(c.id)!) }));
  cp.messages.push({ role: 'user', content: blocks });
  // The typed results go with the text the model reads, in the same write: the planners' ledger.
  cp.results = { ...cp.results, ...Object.fromEntries(calls.map((c) => [c.id, results.get(c.id)!])) };
  cp.pending = [];
  t.closed.push(...cp.approvals);
  cp.approvals = [];
  await t.save();
  deps.crash.hit('after-checkpoint-b');
  return [];
}

/** A new PendingApproval: the proposal and its schema-derived alternatives, each validated and dry-run. */
async function pendingApproval(c: ToolUseBlock, proposal: Proposal, redo: boolean, toolbox: AgentToolbox): Promise<PendingApproval> {
  const def = toolbox.tools.get(c.name);
  const alternatives: ApprovalOption[] = [];
  for (const alt of def ? alternativeArgs(def, proposal.args) : []) {
    // Re-validated with ajv and dry-run like the proposal. Not offered: one the store already holds
    // (it needs no question) and one whose dry run says it would be refused (no server, no consent).
    const p = await toolbox.proposal({ id: c.id, name: c.name, input: alt.args }, { redo });
    if (p && !p.preview.problems?.length) alternatives.push({ args: p.args, hash: argsHash(c.name, c.id, p.args), preview: p.preview, change: { field: alt.field, value: alt.value } });
  }
  return {
    id: newApprovalId(),
    callId: c.id,
    tool: proposal.tool,
    proposal: { args: proposal.args, hash: argsHash(c.name, c.id, proposal.args), preview: proposal.preview },
    alternatives,
    askedAt: new Date().toISOString(),
  };
}

/** Size of the next request: the API's count when the model offers one, else ~4 chars/token. */
async function inputTokens(deps: LoopDeps, req: ModelRequest, emit: (e: RunEvent) => void): Promise<number> {
  if (!deps.model.countTokens) return estimateRequestTokens(req);
  try {
    return await deps.model.countTokens(req, deps.signal);
  } catch (e) {
    emit({ type: 'aviso', text: AGENT.countFallback((e as Error).message) });
    return estimateRequestTokens(req);
  }
}

function describe(next: Next): { stopReason: StopReason; detail?: string } {
  switch (next.type) {
    case 'final':
      return { stopReason: next.stopReason, ...(next.stopReason === 'max_tokens' ? { detail: AGENT.maxTokens } : next.stopReason === 'cancelado' ? { detail: AGENT.cancelled } : {}) };
    case 'stopped':
      if (next.reason === 'refusal') return { stopReason: 'refusal', detail: AGENT.refusal };
      if (next.reason === 'max_iteraciones') return { stopReason: 'max_iteraciones', detail: AGENT.stopIterations(next.detail.limit) };
      return { stopReason: 'presupuesto', detail: AGENT.stopBudget(next.detail.used ?? 0, next.detail.next ?? 0, next.detail.limit) };
    case 'awaiting_approval':
      return { stopReason: 'awaiting_approval' };
    case 'awaiting_answer':
      return { stopReason: 'awaiting_answer' };
    default:
      return { stopReason: 'error' };
  }
}

/** The typed ledger of every call answered in the conversation so far (what the planners read). */
function typedLedger(cp: Checkpoint, store: Pick<RunStore, 'entry'>): Record<string, ToolResult> {
  const out: Record<string, ToolResult> = {};
  for (const m of cp.messages) {
    if (m.role !== 'user' || typeof m.content === 'string') continue;
    for (const b of m.content) {
      if (b.type !== 'tool_result') continue;
      const r = typedResult(cp, store, b.tool_use_id);
      if (r) setOwn(out, b.tool_use_id, r);
    }
  }
  return out;
}

