/**
 * The closing report (docs/design.md §4), built from the typed outcomes of the calls (docs/design.md
 * §33) — by the offline planner (as its final text), by the deterministic workflow, and by the loop
 * when the model gave none. It says plainly what was NOT done (rejected, failed, unknown) so the owner
 * never assumes it was. Each tool's line is the tool's own (`ToolDefinition.report`): this file puts
 * the lines in order and reads no tool's data, and names no tool.
 */
import type { ReportContext, ReportedCall, ToolReport, ToolResult } from '../tools/contract.js';
import type { Week } from '../domain/notebook.js';
import type { Course } from '../domain/course/course.js';
import { AGENT } from '../strings/agent.js';
import { NOT_APPROVED, notDone, shortReason } from '../tools/reports/outcome-words.js';
import { SHIPPED_REPORTS } from '../tools/reports/index.js';

export { NOT_APPROVED, notDone } from '../tools/reports/outcome-words.js';

/**
 * One call and its typed outcome. `input` is what the tool accepted; a refused call's input is empty
 * (build records with `callRecord`, never by hand).
 */
export type CallRecord = ReportedCall;

/** Each tool's part in the report, by tool name (the toolbox's definitions' `report`). */
export type ReportBook = ReadonlyMap<string, ToolReport<never, never>>;

/**
 * The one way to record a call for the report: its input is kept only when the tool accepted it. A
 * refused call's input is whatever the model wrote (`semana: 9` in a four-week course), so it is
 * dropped here, once, and nothing downstream can read a week, a note or an engine from it — only the
 * refusal itself is reported.
 */
export function callRecord(name: string, input: unknown, result: ToolResult): CallRecord {
  const accepted = inputWasValid(result) && typeof input === 'object' && input !== null && !Array.isArray(input);
  return { name, input: accepted ? (input as Record<string, unknown>) : {}, result };
}

/** The «No se hizo» line of a call that was not done. */
export function notDoneLine(r: ToolResult): string {
  const note = r.notApproved?.reason === 'rechazado' ? r.notApproved.note?.trim() : undefined;
  if (r.kind === 'rechazado') return note ? AGENT.rejectedWhy(note) : NOT_APPROVED[r.notApproved?.reason ?? 'rechazado'].line;
  if (r.kind === 'denegado') return AGENT.denied;
  return AGENT.failed((r.message ?? '').split('\n')[0] ?? '');
}

/** Whether a call's input passed the tool's schema (and its policy): not refused before it ran. */
export function inputWasValid(r: ToolResult): boolean {
  return !(r.kind === 'error' && r.code === 'VALIDATION') && r.kind !== 'denegado';
}

/** A tool's part as the core reads it: any tool's, whatever its arguments and data. */
type AnyReport = ToolReport<Record<string, unknown>, unknown>;

/**
 * The report's lines, one per tool that has one, in the tools' order (`reports`: the toolbox's; default
 * the shipped tools'). `week` may be absent (cards of
 * one note). `billed: false` (a run no one pays for: the offline planner, the deterministic week)
 * leaves out the lines only a paid run has (the usage: «anotado; el coste va abajo» over a cost of
 * nothing says nothing).
 */
export function buildReport(calls: readonly CallRecord[], course: Course, opts: { week?: Week; query?: string; billed?: boolean; reports?: ReportBook } = {}): string {
  const parts = [...(opts.reports ?? SHIPPED_REPORTS)].map(([name, report]) => ({ name, report: report as unknown as AnyReport, calls: calls.filter((c) => c.name === name) }))
    .filter((p) => p.report.line !== undefined)
    .sort((a, b) => (a.report.order ?? 0) - (b.report.order ?? 0));
  // The run's week, else the week its last calls were about, in the tools' order (the cover's first).
  const callsWeek = parts.map((p) => { const last = p.calls.at(-1); return last && p.report.week?.(last); }).find((w) => w !== undefined);
  const ctx: ReportContext = {
    course, calls, ...(opts.week !== undefined ? { asked: opts.week } : {}), ...(opts.query !== undefined ? { query: opts.query } : {}),
    ...((opts.week ?? callsWeek) !== undefined ? { week: opts.week ?? callsWeek } : {}),
  };
  const lines: Array<{ text: string; group?: string; reason?: string }> = [];
  for (const p of parts) {
    if (p.report.billedOnly && opts.billed === false) continue;
    const text = p.report.line!(p.calls, ctx);
    if (text === undefined) continue;
    const last = p.calls.at(-1);
    lines.push({ text, ...(p.report.together ? { group: p.report.together.group } : {}), ...(last && notDone(last.result) ? { reason: shortReason(last.result) } : {}) });
  }
  // A group whose every tool was called and not done for one reason: one line, not the same words twice.
  for (const p of parts) {
    const together = p.report.together;
    if (!together || !lines.some((l) => l.group === together.group)) continue;
    const members = parts.filter((q) => q.report.together?.group === together.group);
    const theirs = lines.filter((l) => l.group === together.group);
    const reason = theirs[0]?.reason;
    if (reason === undefined || theirs.length !== members.length || members.some((m) => m.calls.length === 0) || theirs.some((l) => l.reason !== reason)) continue;
    lines.splice(lines.indexOf(theirs[0]!), theirs.length, { text: together.line(reason) });
  }
  return lines.map((l) => l.text).join('\n');
}
