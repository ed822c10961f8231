/**
 * A run's closing, once its outcome is known (docs/design.md §35): the decisions the run wrote
 * itself shown on their questions, the status message's last line, the closing message's buttons
 * kept on disk, the report with what was made, what else waits for the chat. Each step is recorded
 * in the run's own file once done (`closingStep`), so a restart in the middle sends only the rest.
 * Also the files a call made while the run goes on (`deliverFilesNow`).
 */
import type { Api } from 'grammy';
import type { ClosingStep, DeliveryFact } from '../agent/delivery-facts.js';
import type { RunOutcome } from '../agent/types.js';
import type { Artifact } from '../tools/contract.js';
import { S } from '../strings/chat.js';
import { waitsOf, workMs, type ActiveRun } from './active-run.js';
import type { ApprovalRegistry } from './approvals.js';
import { deliverArtifact, deliverOutcome, isAnswerOnly, type DeliveryDeps, type DeliveryMedia } from './delivery.js';
import type { RunCharts } from './files.js';
import { summarizeCalls } from './format.js';
import { StatusMessage } from './progress.js';
import { LOG } from '../strings/log.js';

/** What the closing needs of the RunManager (bot/runs.ts). */
export interface ClosingContext {
  api: Api;
  media: DeliveryMedia;
  registry: Pick<ApprovalRegistry, 'find' | 'decided' | 'decisionOf'>;
  /** Which message carried each file (the bot state): a repeat replies to it. */
  sent: NonNullable<DeliveryDeps['sent']>;
  charts?: Pick<RunCharts, 'remember'>;
  afterRun?: (chatId: number) => Promise<void>;
  log: (message: string, error?: unknown) => void;
  now: () => number;
  /** Reports a delivery fact into the run's file (memory takes what stands on disk). */
  report: (run: ActiveRun, fact: DeliveryFact) => Promise<void>;
}

/** Delivers the ended run's outcome, each step once. Throws what a step throws (the caller says so in the chat). */
export async function deliverClosing(ctx: ClosingContext, run: ActiveRun, outcome: RunOutcome): Promise<void> {
  const { record } = run;
  await showDecisions(ctx, outcome);
  // The status message ends with the outcome in one line; what was made is the closing message's
  // (below the cover and the episode). A run that made nothing because of a no says so, no ✅.
  const summary = summarizeCalls(outcome.calls ?? []);
  const header = isAnswerOnly(outcome) ? S.progressQuestion(record.text)
    : outcome.stopReason === 'end_turn' ? (summary.nothingMade ? S.progressNothingDone(record.text, summary.nothingMade) : `${S.progressDone(record.text)} — ${S.progressSeeClosing}`)
      : `${outcome.stopReason === 'cancelado' ? S.progressCancelled(record.text) : S.progressStopped(record.text)} — ${S.progressSeeClosing}`;
  await closingStep(ctx, run, 'estado', async () => {
    // Taken in after a restart: the previous process's status message gets the outcome line.
    if (!run.status && record.statusMessageId !== undefined) run.status = new StatusMessage(ctx.api, record.chatId, record.statusMessageId, '', ctx.log, 0);
    await run.status?.finish(header);
  });
  // The chart and the report cover every pass of the run, not only the one after the last answer.
  const whole: RunOutcome = run.events.length > 0 ? { ...outcome, taskEvents: run.events } : outcome;
  // Written to disk before the closing message shows its buttons: they answer after a restart too.
  await closingStep(ctx, run, 'cierre', () => ctx.charts?.remember(record.runId, { chatId: record.chatId, events: whole.taskEvents, waits: waitsOf(run), cards: outcome.cards ?? [] })
    .catch((e: unknown) => { ctx.log(LOG.closingSave, e); }));
  await run.sending.catch(() => undefined);
  const work = { workMs: workMs(run, ctx.now()), waited: waitsOf(run).length > 0, request: record.text };
  await closingStep(ctx, run, 'informe', () => deliverOutcome({ api: ctx.api, media: ctx.media, log: ctx.log, waits: waitsOf(run), sent: ctx.sent }, record.chatId, whole, run.delivered, work,
    async (a) => { run.delivered.add(a); await ctx.report(run, { kind: 'files', paths: [a] }); }));
  await ctx.afterRun?.(record.chatId).catch((e: unknown) => { ctx.log(LOG.afterRun, e); });
  // Delivered: a restart from here on only forgets the run (a kill before this delivers again).
  await ctx.report(run, { kind: 'outcome' });
}

/** Does one step of the run's closing unless a previous process did it (its file says so); records it once done. */
async function closingStep(ctx: ClosingContext, run: ActiveRun, step: ClosingStep, fn: () => Promise<unknown> | undefined): Promise<void> {
  if (run.facts.closed.includes(step)) return;
  await fn();
  await ctx.report(run, { kind: 'closing', step });
}

/** Decisions the run wrote itself (a cancellation) shown on their questions too. */
async function showDecisions(ctx: ClosingContext, outcome: RunOutcome): Promise<void> {
  for (const { approval, decision } of outcome.decisions ?? []) {
    const rec = ctx.registry.find(approval.id);
    if (rec && decision && !ctx.registry.decisionOf(rec)) await ctx.registry.decided(rec, decision);
  }
}

/**
 * A finished call's files sent now, while the run goes on (the cover while the narration's question
 * is still open), in order, once each — recorded in the run's file, so a restart does not resend.
 */
export function deliverFilesNow(ctx: ClosingContext, run: ActiveRun, artifacts: readonly Artifact[], reused: boolean): void {
  const fresh = artifacts.filter((a) => !run.delivered.has(a.path));
  if (fresh.length === 0) return;
  for (const a of fresh) run.delivered.add(a.path);
  const { record } = run;
  const deps = { api: ctx.api, media: ctx.media, log: ctx.log, waits: waitsOf(run), sent: ctx.sent };
  run.sending = run.sending.catch(() => undefined).then(async () => {
    for (const a of fresh) await deliverArtifact(deps, record.chatId, a, { reused });
    await ctx.report(run, { kind: 'files', paths: fresh.map((a) => a.path) });
  }).catch((err: unknown) => { ctx.log(LOG.fileDeliver, err); });
}
