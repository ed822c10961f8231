/**
 * How a run's pauses for the owner are shown (docs/design.md §35): its open approvals on screen, in
 * order, each once (a decision the bot state missed shown first), or the model's question back sent
 * once — recorded as asked in the run's file before it is sent — and the span of waiting for the
 * owner begun and ended in the run's file, so the clock counts work only, across restarts.
 */
import type { Api } from 'grammy';
import type { DeliveryFact } from '../agent/delivery-facts.js';
import type { RunOutcome } from '../agent/types.js';
import { S } from '../strings/chat.js';
import type { ActiveRun } from './active-run.js';
import type { ApprovalRegistry } from './approvals.js';
import { fitMessage } from '../lib/message-pack.js';
import { BotStateFile } from './state.js';

/** What showing a pause needs of the RunManager (bot/runs.ts). */
export interface InterruptionContext {
  api: Api;
  registry: Pick<ApprovalRegistry, 'show' | 'decided' | 'askReason' | 'decisionOf'>;
  state: Pick<BotStateFile, 'update'>;
  now: () => number;
  report: (run: ActiveRun, fact: DeliveryFact) => Promise<void>;
  /** Brings the run's status message up to date. */
  refresh: (run: ActiveRun) => void;
}

/** Where the run's questions go: its chat, its owner. */
export function scopeOf(run: ActiveRun) {
  const { record } = run;
  return { runId: record.runId, chatId: record.chatId, ownerId: record.ownerId, group: record.group };
}

/** Paused: every open question is on screen (sent once, in order), the status says so. */
export async function showApprovalPause(ctx: InterruptionContext, run: ActiveRun, outcome: RunOutcome): Promise<void> {
  await beginWait(ctx, run);
  for (const a of outcome.awaiting ?? []) {
    // A decision on disk that the bot state missed (killed in between) is shown first, so a no
    // waiting for its reason gets its question even after a restart.
    const written = outcome.decisions?.find((d) => d.approval.id === a.id)?.decision;
    const rec = await ctx.registry.show(scopeOf(run), a, written);
    if (written && !ctx.registry.decisionOf(rec)) {
      await ctx.registry.decided(rec, written);
      if (written.awaitingNote) await ctx.registry.askReason(rec);
    }
  }
  run.pulse.stop();
  ctx.refresh(run);
}

/**
 * Paused on a question back: the model's question is sent once (recorded as asked, by its turn, in
 * the run's file before it is sent, so a restart does not ask it again; the bot keeps only the
 * message that shows it); the status says the next message is the answer.
 */
export async function showQuestionBack(ctx: InterruptionContext, run: ActiveRun, outcome: RunOutcome): Promise<void> {
  const { record } = run;
  const turn = outcome.iterations;
  const shown = record.question?.turn === turn && record.question.messageId !== undefined;
  // Asked at this turn already (before a restart) and its message known: it is not sent again.
  // Killed between recording it as asked and keeping its message: it is sent now.
  if (run.facts.question?.turn !== turn || !shown) {
    await ctx.report(run, { kind: 'asked', turn });
    await ctx.state.update((s) => { const r = BotStateFile.run(s, record.runId); if (r) r.question = { turn }; });
    const sent = await ctx.api.sendMessage(record.chatId, fitMessage(outcome.question ?? outcome.report));
    await ctx.state.update((s) => { const r = BotStateFile.run(s, record.runId); if (r) r.question = { turn, messageId: sent.message_id }; });
  }
  await beginWait(ctx, run);
  run.pulse.stop();
  run.lastNotice = S.waitingAnswer;
  ctx.refresh(run);
}

/** The run starts waiting for the owner (unless it already was). */
async function beginWait(ctx: Pick<InterruptionContext, 'report' | 'now'>, run: ActiveRun): Promise<void> {
  if (run.facts.waitingSince === undefined) await ctx.report(run, { kind: 'waitBegins', at: ctx.now() - run.record.startedAt });
}

/** The pause for the owner (perhaps begun before a restart: it is in the run's file) ends as a pass begins. */
export async function endWait(ctx: Pick<InterruptionContext, 'report' | 'now'>, run: ActiveRun): Promise<void> {
  if (run.facts.waitingSince === undefined) return;
  await ctx.report(run, { kind: 'waitEnds', at: ctx.now() - run.record.startedAt });
}
