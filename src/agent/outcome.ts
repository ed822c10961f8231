/**
 * A run's outcome from its conversation and its calls' typed results (docs/design.md §4): what was
 * made, what was not and why, the cards and the files, the report, the usage and its cost. The
 * agent loop (loop.ts) calls it when a run ends or pauses; it decides nothing.
 */
import { costUsd, type Config } from '../config.js';
import type { Artifact, ToolReport, ToolResult } from '../tools/contract.js';
import type { Toolbox } from '../tools/index.js';
import type { Course } from '../domain/course/course.js';
import type { Model } from './model/types.js';
import { buildReport, callRecord, notDone, notDoneLine, type CallRecord, type ReportBook } from './report.js';
import type { Checkpoint, RunStore } from './run-state.js';
import type { RunOutcome, StopReason } from './types.js';
import { AGENT } from '../strings/agent.js';
import { own } from '../lib/own.js';

/** What the loop knows of a run: the outcome without the service's parts (id, task events). */
export type LoopResult = Omit<RunOutcome, 'runId' | 'taskEvents'> & Required<Pick<RunOutcome, 'toolCalls' | 'finished' | 'usageEstimated'>>;

/** What summing up a run reads: the journal, the model's billing, the prices, the tools' stages. */
export interface SummaryDeps {
  store: Pick<RunStore, 'entry'>;
  model: Pick<Model, 'usageIsEstimate' | 'pricedAs'>;
  prices: Config['prices'];
  toolbox: Pick<Toolbox, 'tools'>;
}

/** A tool's part as the core reads it: any tool's, whatever its arguments and data. */
type AnyReport = ToolReport<Record<string, unknown>, unknown>;

/** The outcome from the conversation and the typed results: this process's, then the journal's. */
export function summarize(
  cp: Checkpoint,
  ledger: Map<string, ToolResult>,
  deps: SummaryDeps,
  usage: { input: number; output: number },
  stopReason: StopReason,
  detail: string | undefined,
  course: Course,
): LoopResult {
  const calls: Array<{ name: string; input: unknown; result?: ToolResult }> = [];
  for (const m of cp.messages) {
    if (m.role !== 'assistant') continue;
    for (const b of m.content) {
      if (b.type !== 'tool_use') continue;
      calls.push({ name: b.name, input: b.input, result: ledger.get(b.id) ?? typedResult(cp, deps.store, b.id) });
    }
  }
  const records: CallRecord[] = calls.flatMap((c) => (c.result ? [callRecord(c.name, c.input, c.result)] : []));
  const artifacts: Artifact[] = [];
  const notDoneLines: string[] = [];
  const finished: string[] = [];
  const cards: number[] = [];
  const reused: string[] = [];
  const reusedCards: number[] = [];
  const cardless: Array<{ note: number; why?: string }> = [];
  const reports = reportBook(deps.toolbox);
  records.forEach((call, i) => {
    const { name, input, result } = call;
    const report = reports.get(name) as AnyReport | undefined;
    if (result.kind === 'ok' || result.kind === 'cache') {
      artifacts.push(...(result.artifacts ?? []));
      // Made before (a repeat): the chat points at it instead of sending it again.
      if (result.kind === 'cache') for (const a of result.artifacts ?? []) if (!reused.includes(a.path)) reused.push(a.path);
      const facts = report?.facts?.(call) ?? {};
      for (const id of facts.reusedCards ?? []) if (!reusedCards.includes(id)) reusedCards.push(id);
      for (const id of facts.cards ?? []) if (!cards.includes(id)) cards.push(id);
      if (facts.cardless) cardless.push(facts.cardless);
      for (const label of stageLabels(deps.toolbox, name, { ...input, ...result.ranWith })) if (!finished.includes(label)) finished.push(label);
    }
    // Done later by another call of the same tool about the same thing (the same note or week, a
    // corrected call): nothing is missing. Cards of note 5 that failed are not hidden by note 6's.
    const subject = (c: CallRecord) => report?.subject?.(c.input);
    const laterOk = records.slice(i + 1).some((r) => r.name === name && sameSubject(subject(r), subject(call)) && !notDone(r.result));
    if (laterOk || !notDone(result)) return;
    notDoneLines.push(AGENT.notDone(name, notDoneLine(result), input));
  });
  const last = cp.messages.at(-1);
  const modelText = last?.role === 'assistant' ? last.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('\n').trim() : '';
  const estimated = deps.model.usageIsEstimate;
  const built = buildReport(records, course, { week: cp.task.week as never, billed: !estimated, reports });
  // A cancelled run has no final word from the model by design: the owner stopped it, so saying
  // "the model gave none" would blame the wrong party.
  const report = (stopReason === 'end_turn' || stopReason === 'awaiting_answer') && modelText ? modelText : stopReason === 'cancelado' || stopReason === 'awaiting_approval' ? built : `${AGENT.noReport}\n${built}`;
  return {
    stopReason,
    iterations: cp.turns,
    tokens: { ...usage },
    costUsd: costUsd(deps.model.pricedAs, usage.input, usage.output, deps.prices),
    report,
    artifacts,
    notDone: notDoneLines,
    toolCalls: calls.length,
    calls: records.map(({ name, result }) => ({ tool: name, kind: result.kind, ...(result.notApproved ? { notApproved: result.notApproved.reason } : {}) })),
    finished,
    usageEstimated: estimated,
    cards,
    ...(reused.length > 0 ? { reused } : {}),
    ...(reusedCards.length > 0 ? { reusedCards } : {}),
    ...(cardless.length > 0 ? { cardless } : {}),
    ...(detail ? { detail } : {}),
  };
}

/**
 * A call's typed result from the run state: the checkpoint's ledger (written with the messages at
 * point B), else the effects journal (a checkpoint written before the ledger was kept).
 */
export function typedResult(cp: Checkpoint, store: Pick<RunStore, 'entry'>, id: string): ToolResult | undefined {
  return (cp.results ? own(cp.results, id) : undefined) ?? store.entry(id)?.result;
}

/**
 * Whether two calls of one tool are about the same thing (the tool's `report.subject`: a note, a
 * week). A refused call's record keeps no input, so it has no subject and matches any later call.
 */
function sameSubject(a: string | number | undefined, b: string | number | undefined): boolean {
  return a === undefined || b === undefined || a === b;
}

/** Each tool's part in the report, from the toolbox's own definitions. */
function reportBook(toolbox: Pick<Toolbox, 'tools'>): ReportBook {
  const book = new Map<string, ToolReport<never, never>>();
  for (const [name, tool] of toolbox.tools) if (tool.report) book.set(name, tool.report as ToolReport<never, never>);
  return book;
}

/** The progress labels of a completed call («Idea de la portada», «Portada»); none if unknown. */
function stageLabels(toolbox: Pick<Toolbox, 'tools'>, name: string, input: unknown): string[] {
  const tool = toolbox.tools.get(name);
  if (!tool || !input || typeof input !== 'object') return [];
  try {
    return tool.stages(input as never).map((s) => s.label);
  } catch {
    return []; // a call recorded by an older version whose arguments no longer fit: nothing to show
  }
}
