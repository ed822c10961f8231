/**
 * How a call that was not done is told to the owner, the same for every tool: whether it was done at
 * all, and why not in a few words — the approval's kind, or the error's first line. The closing
 * report (agent/report.ts) and each tool's line (this folder) read it; nothing here reads wording.
 */
import type { NotApprovedReason, ToolResult } from '../contract.js';
import { AGENT, NOT_APPROVED_WORDS, REPORT } from '../../strings/agent.js';

/** The call did not happen: rejected, denied or failed. */
export function notDone(r: ToolResult): boolean {
  return r.kind === 'rechazado' || r.kind === 'denegado' || r.kind === 'error';
}

/**
 * The owner-facing reason for each kind (tú), in the two places the report uses it: the short
 * five-line report («Portada: no se hizo — …») and the «No se hizo» list («Generar la portada…: …»).
 * Kept here, next to the only code that picks between them.
 */
export const NOT_APPROVED: Readonly<Record<NotApprovedReason, { short: string; line: string }>> = Object.freeze({
  rechazado: { short: REPORT.notApproved, line: AGENT.rejected },
  expirado: NOT_APPROVED_WORDS.expirado,
  cancelado: NOT_APPROVED_WORDS.cancelado,
});

/** Why a call was not done, short, for the owner: the approval's kind, or the error's first line. */
export function shortReason(r: ToolResult): string {
  if (r.kind === 'rechazado') return NOT_APPROVED[r.notApproved?.reason ?? 'rechazado'].short;
  const first = (r.message ?? '').split('\n')[0] ?? '';
  return first.length > 140 ? `${first.slice(0, 137)}…` : first;
}

/** The integers of a list read from a result's data; anything else holds none. */
export function idsIn(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
}
