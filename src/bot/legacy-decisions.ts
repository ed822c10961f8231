/**
 * The bot state's version 1 kept a copy of each approval's decision on its record (`decision`,
 * with `shown` once its question's message showed it). A decision lives once, in its run's file
 * (agent/run-state.ts); the bot keeps only which message shows which approval. This is the one
 * migration that drops the copies (bot/state.ts `migrations`), run once under the state's lock:
 * each copy is first made sure of in its run's file — written there as the run's answer when the
 * file lacks it (a very old layout; the first answer written wins), with «shown» as a delivery
 * fact — and only then dropped. A kill before the state is written back carries them again (both
 * writes are no-ops the second time). A copy whose run has no state left is dropped with nothing
 * to keep it in: a tap on its button finds no run and is answered as a stale one.
 */
import { RunStore } from '../agent/run-state.js';
import { shownKey, type RecordedDecision } from '../agent/run-file.js';
import { isCuadernoError } from '../errors.js';

/** A version-1 record's copy of its decision (only what this migration reads of it). */
interface DecisionCopy {
  approved: boolean;
  reason?: 'rechazado' | 'expirado' | 'cancelado';
  note?: string;
  awaitingNote?: boolean;
  by?: string;
  change?: string;
  at: number;
  shown?: true;
}

interface RecordV1 {
  id: string;
  runId: string;
  callId: string;
  options?: Array<{ hash: string; label?: string }>;
  decision?: DecisionCopy;
}

/** The run's answer a copy stands for: a yes binds the option it named (its words), else the proposal. */
function answerOf(rec: RecordV1, d: DecisionCopy): RecordedDecision {
  const at = new Date(Number.isFinite(d.at) ? d.at : 0).toISOString();
  const who = d.by ? { by: d.by } : {};
  if (d.approved) {
    const hash = (d.change !== undefined ? rec.options?.find((o) => o.label === d.change) : undefined)?.hash ?? rec.options?.[0]?.hash ?? '';
    return { approvalId: rec.id, callId: rec.callId, approved: true, hash, ...who, at };
  }
  return {
    approvalId: rec.id, callId: rec.callId, approved: false, reason: d.reason ?? 'rechazado',
    ...(d.note ? { note: d.note } : d.awaitingNote ? { awaitingNote: true as const } : {}), ...who, at,
  };
}

/** Version 1 → 2: every copy carried into its run's file, then dropped from its record. */
export async function dropDecisionCopies(dataDir: string, old: unknown): Promise<unknown> {
  const doc = old as { version: number; approvals?: unknown };
  const approvals = Array.isArray(doc.approvals) ? (doc.approvals as RecordV1[]) : [];
  for (const rec of approvals) {
    const copy = typeof rec === 'object' && rec !== null ? rec.decision : undefined;
    if (!copy) continue;
    // Its own store, used before any run of this process is open (the state loads first).
    const store = new RunStore(dataDir, rec.runId);
    try {
      const standing = await store.recordDecision(answerOf(rec, copy));
      // «Shown» was said of the copy: it counts for the run's answer only if that is the same one.
      const key = shownKey({ approvalId: rec.id, ...(copy.awaitingNote ? { awaitingNote: true as const } : {}) });
      if (copy.shown && shownKey(standing) === key && standing.approved === copy.approved) await store.recordDelivery({ kind: 'decisionShown', key });
    } catch (e) {
      // No run state (gone, or never written): nothing to keep it in. A damaged one is refused
      // later, where the run is taken up; the copy would not make it readable.
      if (!isCuadernoError(e)) throw e;
    }
    delete rec.decision;
  }
  return { ...doc, version: 2 };
}
