/**
 * The agent loop (SPEC §4 + §7): call the model, append its whole content, run every tool_use of
 * the turn concurrently through the dispatcher, return all results in one user message, repeat —
 * within the iteration cap and the token budget, checkpointing at point A and point B and keeping
 * the effects journal, so a run killed at any moment resumes without repeating a side effect.
 * Every decision is `step.ts`; this file only performs them.
 */
import { costUsd, MAX_OUTPUT_TOKENS, type Config } from '../config.js';
import { StateFileError } from '../errors.js';
import type { Toolbox } from '../tools/index.js';
import type { Approver, Artifact, StageRunner, ToolResult } from '../tools/contract.js';
import type { CrashPoints } from './crash.js';
import { estimateRequestTokens } from './model/estimate.js';
import { LocalPlanner, seenCalls } from './model/local.js';
import type { Model, ModelRequest, ToolResultBlock, ToolUseBlock } from './model/types.js';
import { SYSTEM_PROMPT } from './prompt.js';
import { reconcile, type Reconciled } from './reconcile.js';
import { buildReport, cardIdsOf, isRejection, NOT_APPROVED, notApprovedKind } from './report.js';
import type { CheckpointV1, RunStore } from './run-state.js';
import { afterResponse, beforeCall, type Next } from './step.js';
import { AGENT } from './strings.js';
import type { RunEvent, RunOutcome, StopReason } from './types.js';
import { ESTIMATED_TASK_PREFIX } from '../store/index.js';

/** What the loop needs from the toolbox (tools/index.ts). */
export type AgentToolbox = Pick<Toolbox, 'definitionsForModel' | 'dispatch' | 'tools' | 'notebook'>;

export interface LoopDeps {
  model: Model;
  toolbox: AgentToolbox;
  store: RunStore;
  stage: StageRunner;
  approver: Approver;
  crash: CrashPoints;
  prices: Config['prices'];
  onEvent?: (event: RunEvent) => void;
  signal?: AbortSignal;
  /** Output cap per model call, in tokens (default 4096). */
  maxOutputTokens?: number;
}

/** What the loop knows of a run: the outcome without the service's parts (id, task events). */
export type LoopResult = Omit<RunOutcome, 'runId' | 'taskEvents'> & Required<Pick<RunOutcome, 'toolCalls' | 'finished' | 'usageEstimated'>>;

const DEFAULT_MAX_OUTPUT = MAX_OUTPUT_TOKENS;

/** Runs (or resumes) the loop from `cp`; `cp` is updated and checkpointed as it goes. */
export async function runLoop(cp: CheckpointV1, deps: LoopDeps): Promise<LoopResult> {
  const emit = (e: RunEvent) => deps.onEvent?.(e);
  // The offline planner's usage is an estimate: logged (so budgets work) but never counted as spend.
  const estimated = deps.model instanceof LocalPlanner;
  const ledger = new Map<string, ToolResult>();
  const tools = deps.toolbox.definitionsForModel();
  const usage = cp.usage ?? { input: 0, output: 0 };
  const request = (): ModelRequest => ({ system: SYSTEM_PROMPT, tools, messages: cp.messages, maxTokens: deps.maxOutputTokens ?? DEFAULT_MAX_OUTPUT });
  const state = () => ({ turns: cp.turns, tokensUsed: cp.tokensUsed, maxIterations: cp.task.maxIterations, tokenBudget: cp.task.tokenBudget });

  const finish = async (next: Next): Promise<LoopResult> => {
    const { stopReason, detail } = describe(next);
    const resumable = stopReason === 'error';
    if (!resumable) await deps.store.saveCheckpoint({ ...cp, usage, finished: { stopReason, at: new Date().toISOString(), ...(detail ? { detail } : {}) } });
    return summarize(cp, ledger, deps, usage, stopReason, detail);
  };

  const runTurn = async (calls: ToolUseBlock[], resuming: boolean): Promise<void> => {
    const decisions: Reconciled[] = calls.map((c) =>
      resuming
        ? reconcile(c, deps.store.entry(c.id), { effect: deps.toolbox.tools.get(c.name)?.effect, idempotent: Boolean(deps.toolbox.tools.get(c.name)?.idempotencyKey) }, cp.task.redo)
        : { type: 'run', redo: cp.task.redo, why: 'no-iniciada' },
    );
    const toStart = calls.filter((_, i) => decisions[i]?.type === 'run' || decisions[i]?.type === 'run_keyed');
    if (toStart.length > 0) {
      try {
        await deps.store.markStarted(toStart);
      } catch (e) {
        // Nothing has run yet: stop here (resumable) rather than act without a record.
        throw new StateFileError('CORRUPT_STATE', deps.store.journalFile, AGENT.journalStartFailed((e as Error).message));
      }
      deps.crash.hit('after-intent-write');
    }
    const gated = orderedApprovals(calls, deps.toolbox, deps.approver);
    const results = await Promise.all(
      calls.map(async (c, i): Promise<ToolResult> => {
        const d = decisions[i] as Reconciled;
        let result: ToolResult;
        if (d.type === 'reuse' || d.type === 'unknown') gated.done(i); // never asks: do not hold later questions
        if (d.type === 'reuse') result = d.result;
        else if (d.type === 'unknown') {
          result = d.result;
          await deps.store.recordResult(c.id, c.name, result).catch(() => undefined);
        } else {
          const redo = d.type === 'run' && d.redo && (deps.toolbox.tools.get(c.name)?.effect ?? 1) > 1;
          try {
            result = await deps.toolbox.dispatch({ id: c.id, name: c.name, input: c.input }, { stage: deps.stage, signal: deps.signal, redo, approver: gated.approverFor(i) }).finally(() => gated.done(i));
          } catch (e) {
            // Not journalled: the effect's state is unknown, so a resume treats it as such.
            result = { content: AGENT.failed((e as Error).message), is_error: true, outcome: 'error', code: 'INTERNAL' };
            ledger.set(c.id, result);
            emit({ type: 'herramienta', call: { id: c.id, name: c.name, input: c.input }, result });
            return result;
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
        }
        ledger.set(c.id, result);
        emit({ type: 'herramienta', call: { id: c.id, name: c.name, input: c.input }, result });
        return result;
      }),
    );
    const blocks: ToolResultBlock[] = calls.map((c, i) => ({ type: 'tool_result', tool_use_id: c.id, content: results[i]?.content ?? '', is_error: results[i]?.is_error ?? true }));
    cp.messages.push({ role: 'user', content: blocks });
    cp.pending = [];
    await deps.store.saveCheckpoint({ ...cp, usage });
    deps.crash.hit('after-checkpoint-b');
  };

  // Resume: finish the interrupted turn first, or end if the final answer had already arrived.
  if (cp.pending.length > 0) {
    emit({ type: 'iteracion', n: cp.turns });
    await runTurn(cp.pending, true);
  }
  else if (cp.messages.at(-1)?.role === 'assistant') return finish(afterResponse({ content: cp.messages.at(-1)?.content as [], stop_reason: cp.lastStopReason ?? 'end_turn' }));

  for (;;) {
    if (deps.signal?.aborted) return finish({ type: 'final', stopReason: 'cancelado' });
    let next = beforeCall(state(), 0);
    if (next.type === 'call_model') next = beforeCall(state(), await inputTokens(deps, request(), emit));
    switch (next.type) {
      case 'stopped':
      case 'final':
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
        const tin = response.usage.input_tokens + (response.usage.cache_creation_input_tokens ?? 0) + (response.usage.cache_read_input_tokens ?? 0);
        usage.input += tin;
        usage.output += response.usage.output_tokens;
        cp.tokensUsed += tin + response.usage.output_tokens;
        // No model ran (deterministic workflow): nothing to log.
        if (tin + response.usage.output_tokens > 0) try {
          await deps.toolbox.notebook.usage.append({ tarea: `${estimated ? ESTIMATED_TASK_PREFIX : 'agente:'}iteracion-${cp.turns}`, modelo: deps.model.pricedAs, tokens_entrada: tin, tokens_salida: response.usage.output_tokens, origen: estimated ? 'estimado' : 'facturado' });
        } catch (e) {
          emit({ type: 'aviso', text: `No se pudo escribir el registro de uso: ${(e as Error).message}` });
        }
        cp.messages.push({ role: 'assistant', content: response.content });
        for (const b of response.content) if (b.type === 'text' && b.text.trim()) emit({ type: 'texto', text: b.text });
        const after = afterResponse(response);
        cp.pending = after.type === 'run_tools' ? after.calls : [];
        cp.lastStopReason = response.stop_reason;
        await deps.store.saveCheckpoint({ ...cp, usage });
        deps.crash.hit('after-checkpoint-a');
        if (after.type !== 'run_tools') return finish(after);
        await runTurn(after.calls, false);
        break;
      }
    }
  }
}

/**
 * The calls of one turn run concurrently, but their approval questions are asked one at a time in
 * tool_use order, so the owner (and a terminal answering line by line) always sees the same order.
 * A call that may ask (its tool's default is `confirmar`) holds the later questions until it has
 * been answered or has finished without asking (cached, invalid).
 */
function orderedApprovals(calls: readonly ToolUseBlock[], toolbox: AgentToolbox, approver: Approver) {
  const asks = calls.map((c) => toolbox.tools.get(c.name)?.defaultPermission === 'confirmar');
  const gates = calls.map(() => {
    let open!: () => void;
    const promise = new Promise<void>((r) => (open = r));
    return { promise, open };
  });
  return {
    approverFor(i: number): Approver {
      return async (request, signal) => {
        await Promise.all(gates.slice(0, i).filter((_, j) => asks[j]).map((g) => g.promise));
        try {
          return await approver(request, signal);
        } finally {
          gates[i]?.open();
        }
      };
    },
    done(i: number): void {
      gates[i]?.open();
    },
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
    default:
      return { stopReason: 'error' };
  }
}

/** The outcome from the conversation, this process's results and the journal (earlier processes). */
function summarize(
  cp: CheckpointV1,
  ledger: Map<string, ToolResult>,
  deps: Pick<LoopDeps, 'store' | 'model' | 'prices' | 'toolbox'>,
  usage: { input: number; output: number },
  stopReason: StopReason,
  detail: string | undefined,
): LoopResult {
  const seen = seenCalls(cp.messages);
  const inMessages = new Map<string, ToolResultBlock>();
  for (const m of cp.messages) if (m.role === 'user' && typeof m.content !== 'string') for (const b of m.content) if (b.type === 'tool_result') inMessages.set(b.tool_use_id, b);
  const results: Array<{ name: string; input: unknown; result?: ToolResult }> = [];
  for (const m of cp.messages) {
    if (m.role !== 'assistant') continue;
    for (const b of m.content) {
      if (b.type !== 'tool_use') continue;
      const s = inMessages.get(b.id);
      const fromMessage = s ? ({ content: s.content, is_error: s.is_error, outcome: s.is_error ? 'error' : isRejection(s) ? 'rechazado' : 'ok' } as ToolResult) : undefined;
      results.push({ name: b.name, input: b.input, result: ledger.get(b.id) ?? deps.store.entry(b.id)?.result ?? fromMessage });
    }
  }
  const artifacts: Artifact[] = [];
  const notDone: string[] = [];
  const finished: string[] = [];
  const cards: number[] = [];
  results.forEach(({ name, input, result }, i) => {
    if (!result) return;
    if (result.outcome === 'ok' || result.outcome === 'cache') {
      artifacts.push(...(result.artifacts ?? []));
      if (name === 'crear_tarjetas') for (const id of cardIdsOf(result.content)) if (!cards.includes(id)) cards.push(id);
      for (const label of stageLabels(deps.toolbox, name, input)) if (!finished.includes(label)) finished.push(label);
    }
    const laterOk = results.slice(i + 1).some((r) => r.name === name && r.result && !r.result.is_error && r.result.outcome !== 'rechazado' && r.result.outcome !== 'denegado');
    if (laterOk) return;
    if (result.outcome === 'rechazado') notDone.push(AGENT.notDone(name, NOT_APPROVED[notApprovedKind(result.content)].line));
    else if (result.outcome === 'denegado') notDone.push(AGENT.notDone(name, AGENT.denied));
    else if (result.is_error) notDone.push(AGENT.notDone(name, AGENT.failed(result.content.split('\n')[0] ?? '')));
  });
  const last = cp.messages.at(-1);
  const modelText = last?.role === 'assistant' ? last.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('\n').trim() : '';
  const built = buildReport(seen, { week: cp.task.week as never });
  // A cancelled run has no final word from the model by design: the owner stopped it, so saying
  // "the model gave none" would blame the wrong party.
  const report = stopReason === 'end_turn' && modelText ? modelText : stopReason === 'cancelado' ? built : `${AGENT.noReport}\n${built}`;
  return {
    stopReason,
    iterations: cp.turns,
    tokens: { ...usage },
    costUsd: costUsd(deps.model.pricedAs, usage.input, usage.output, deps.prices),
    report,
    artifacts,
    notDone,
    toolCalls: results.length,
    finished,
    usageEstimated: deps.model instanceof LocalPlanner,
    cards,
    ...(detail ? { detail } : {}),
  };
}

/** The progress labels of a completed call («Prompt de portada», «Portada»); none if unknown. */
function stageLabels(toolbox: AgentToolbox, name: string, input: unknown): string[] {
  const tool = toolbox.tools.get(name);
  if (!tool || !input || typeof input !== 'object') return [];
  try {
    return tool.stages(input as never).map((s) => s.label);
  } catch {
    return []; // a call recorded by an older version whose arguments no longer fit: nothing to show
  }
}
