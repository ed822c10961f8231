/**
 * Approvals as buttons, with nothing held in memory (docs/design.md §35). A paused run's approvals are
 * values in its checkpoint; this registry only shows them: it keeps, in the bot state, which chat
 * and message each one lives in and who may decide, sends each question once (persisting the record
 * before sending), edits it when decided, and arms each expiry timer from the record's `expiresAt`
 * (re-armed after a restart). A tap is handed to the RunManager, which posts it to the run's
 * mailbox (agent/driver.ts): the driver writes the decision into the run's state, has it shown here
 * (`decided`) and only then resumes the run from disk.
 *
 * The button's callback data carries the approval id and the hash of the exact arguments it
 * approves (the proposal's, or an alternative's), so a stale button can never approve other ones.
 */
import { fitMessage } from '../lib/message-pack.js';
import type { Course } from '../domain/course/course.js';
import { Composer, type Api, type Context } from 'grammy';
import type { User } from 'grammy/types';
import type { PendingApproval, RecordedDecision } from '../agent/types.js';
import { shownKey, type DeliveryFact, type RunDelivery } from '../agent/delivery-facts.js';
import { choiceInWords } from '../strings/tools.js';
import { mayDecide } from './access.js';
import { answeredApprovalText, approvalText, clockTime, clockTimeIn } from './format.js';
import { CALLBACKS, type ApprovalTap } from './callbacks.js';
import { approvalKeyboard, noKeyboard, noReasonKeyboard } from './keyboards.js';
import { BotStateFile, type ApprovalRecord } from './state.js';
import { editFailure, logEditFailure } from './telegram-errors.js';
import { S } from '../strings/chat.js';
import { setLongTimeout, type LongTimer } from '../lib/timers.js';
import { LOG } from '../strings/log.js';
import { approvalState } from '../agent/run-file.js';
import type { DecisionState } from '../store/decision.js';
import { DECISION } from '../strings/decisions.js';

/**
 * The runs' own files, as far as the questions' messages need them: a decision lives once, in its
 * run's file (written through the run's driver); whether its question's message shows it is a fact
 * of the run too (delivery-facts.ts `decisionShown`), so a kill between the two is repaired at start.
 */
export interface RunFileView {
  /** The run's answers and what its owner was shown; undefined when it has no state (or none readable). */
  read(runId: string): Promise<{ decisions: Record<string, RecordedDecision>; delivery: RunDelivery } | undefined>;
  /** Records what the run's owner was shown: here, that a question's message shows its answer (`decisionShown`). */
  delivered(runId: string, fact: DeliveryFact): Promise<unknown>;
}

/** Where an approval belongs: the run, its chat and who started it (the only one who may decide). */
export interface ApprovalScope {
  runId: string;
  chatId: number;
  ownerId: number;
  group: boolean;
}

export interface ApprovalRegistryOptions {
  state: BotStateFile;
  /** The runs' files: their decisions, and what their questions' messages show of them. */
  runs: RunFileView;
  api: Api;
  /** `config.limits.approvalTimeoutS`: seconds until an unanswered approval counts as rejection. */
  timeoutS: number;
  now?: () => number;
  /** Users allowed to use the bot (ALLOWED_USER_IDS); an approval's owner must still be one of them. */
  allowedUserIds: readonly number[];
  /** Logs failures that must not reach the chat (an edit that Telegram refused). */
  log?: (message: string, error?: unknown) => void;
  /** The owner's course, so the question names the week's topic («Semana 12 (mitosis)»). */
  course?: () => Promise<Course>;
  /** The reason the owner gave the last time they said no to this very thing (store/reasons.ts), shown in the question. */
  lastReason?: (tool: string, args: Readonly<Record<string, unknown>>) => Promise<string | undefined>;
  /**
   * The student's time zone (student-clock.ts): «Aprobado … a las 21:40» beside their own clock.
   * Read when a question is asked and kept on its record. Default the machine's.
   */
  timeZone?: () => Promise<string>;
}

export class ApprovalRegistry {
  private readonly timers = new Map<string, LongTimer>();
  /**
   * The answers the questions of this process show, as their runs' files hold them (never written
   * here: the run's file is the truth; filled as each is shown, and at start from those files).
   */
  private readonly answers = new Map<string, RecordedDecision>();
  /**
   * The bot state's records by id — the same objects the state holds, kept beside it as this
   * registry adds and drops them (nothing else changes the list): a tap finds its record here.
   */
  private byId: Map<string, ApprovalRecord> | undefined;
  private readonly now: () => number;
  private closed = false;
  /** Called when an approval's time is up (the RunManager posts `expirado` to the run's mailbox). */
  onExpire: (rec: ApprovalRecord) => void = () => undefined;
  /** Called when the wait for a no's optional reason is over (the run goes on without one). */
  onReasonExpire: (rec: ApprovalRecord) => void = () => undefined;

  private readonly allowed: ReadonlySet<number>;

  constructor(private readonly opts: ApprovalRegistryOptions) {
    this.now = opts.now ?? Date.now;
    this.allowed = new Set(opts.allowedUserIds);
  }

  /** The run's answer to `rec`, as shown (undefined: none yet). */
  decisionOf(rec: ApprovalRecord): RecordedDecision | undefined {
    return this.answers.get(rec.id);
  }

  /** Where `rec` stands, from its run's answer. */
  stateOf(rec: ApprovalRecord): DecisionState {
    return approvalState(this.answers.get(rec.id));
  }

  /** Who may decide: only the user who started the run, in every chat type, and only while allowed. */
  mayDecide(rec: ApprovalRecord, from: Pick<User, 'id'>): boolean {
    return mayDecide(rec, from, this.allowed);
  }

  /**
   * Makes sure the owner sees this approval: creates its record (persisted before sending), sends
   * the question with its buttons unless it was sent already, and arms its expiry. Idempotent: a
   * resumed run shows the same approval again and nothing is sent twice.
   */
  async show(scope: ApprovalScope, a: PendingApproval, written?: RecordedDecision): Promise<ApprovalRecord> {
    let rec = this.find(a.id);
    const answered = () => written ?? this.answers.get(a.id);
    if (rec && rec.messageId !== undefined && !answered() && (await this.messageGone(rec))) {
      // The chat lost the question (the local chat's history was damaged and set aside): ask again.
      const id = rec.id;
      await this.opts.state.update((s) => { const r = BotStateFile.approval(s, id); if (r) delete r.messageId; });
    }
    if (!rec) {
      const course = await this.opts.course?.().catch(() => undefined);
      const lastNo = await this.opts.lastReason?.(a.tool, a.proposal.args).catch(() => undefined);
      // Read once, here: the decision's time is shown in it, and a tap need not read the student's settings.
      const zone = await this.opts.timeZone?.().catch(() => undefined);
      const now = this.now();
      const fresh: ApprovalRecord = {
        id: a.id,
        runId: scope.runId,
        callId: a.callId,
        tool: a.tool,
        chatId: scope.chatId,
        ownerId: scope.ownerId,
        group: scope.group,
        text: approvalText(a, { timeoutS: this.opts.timeoutS, ...(course ? { course } : {}), ...(lastNo ? { lastNo } : {}) }),
        options: [a.proposal, ...a.alternatives].map((o) => ({
          hash: o.hash,
          ...(o.change ? { label: choiceInWords(a.tool, o.change.field, o.change.value) } : {}),
          ...((o.preview.problems?.length ?? 0) > 0 ? { blocked: true } : {}),
        })),
        createdAt: now,
        expiresAt: now + this.opts.timeoutS * 1000,
        ...(zone ? { zone } : {}),
        ...(typeof a.proposal.args.semana === 'number' ? { week: a.proposal.args.semana } : {}),
        ...(a.proposal.preview.estimateS !== undefined ? { estimateS: a.proposal.preview.estimateS } : {}),
      };
      rec = fresh;
      // Persist before sending: a button whose record is missing could never be honoured.
      await this.opts.state.update((s) => { s.approvals.push(fresh); });
      this.records().set(fresh.id, fresh);
    }
    // Already decided on disk (the bot state missed it): nothing to ask.
    if (rec.messageId === undefined && !answered()) {
      // Not sent yet — or the process died between saving the record and recording the message.
      // At worst, a crash right after sending shows the question twice; both carry the same id.
      const pending = rec;
      const msg = await this.opts.api.sendMessage(pending.chatId, pending.text, { reply_markup: approvalKeyboard(pending.id, pending.options ?? []) });
      await this.opts.state.update((s) => { const r = BotStateFile.approval(s, pending.id); if (r) r.messageId = msg.message_id; });
    }
    if (!this.answers.get(rec.id)) {
      if (!written) this.arm(rec);
    } else if (this.answers.get(rec.id)!.awaitingNote) await this.askReason(rec);
    return rec;
  }

  /**
   * Asks for the optional reason of a no that is written already: one message with force_reply
   * (persisted before sending, like the question), and a timer after which the run goes on without
   * one. Idempotent: a restart asks only if the question never reached the chat.
   */
  async askReason(rec: ApprovalRecord): Promise<void> {
    if (!this.answers.get(rec.id)?.awaitingNote) return;
    if (!rec.reasonAsk) {
      const ask = { expiresAt: this.now() + this.opts.timeoutS * 1000 };
      await this.opts.state.update((s) => { const r = BotStateFile.approval(s, rec.id); if (r) r.reasonAsk = ask; });
    }
    const ask = rec.reasonAsk!;
    if (ask.messageId === undefined) {
      const msg = await this.opts.api.sendMessage(rec.chatId, S.reasonAsk(), {
        reply_markup: { force_reply: true, input_field_placeholder: S.reasonPlaceholder, selective: true },
        ...(rec.messageId !== undefined ? { reply_parameters: { message_id: rec.messageId, allow_sending_without_reply: true } } : {}),
      });
      await this.opts.state.update((s) => { const r = BotStateFile.approval(s, rec.id); if (r?.reasonAsk) r.reasonAsk.messageId = msg.message_id; });
    }
    this.armReason(rec);
  }

  /** The no whose reason question is the message `messageId` of this chat, while it waits for one. */
  reasonAskedIn(chatId: number, messageId: number): ApprovalRecord | undefined {
    return this.opts.state.approvals.find((a) => a.chatId === chatId && a.reasonAsk?.messageId === messageId && this.answers.get(a.id)?.awaitingNote);
  }

  /** The noes of this chat still waiting for their optional reason. */
  waitingReasons(chatId: number): ApprovalRecord[] {
    return this.opts.state.approvals.filter((a) => a.chatId === chatId && this.answers.get(a.id)?.awaitingNote === true);
  }

  /** Shows that a no's reason question is closed (`closed`: the run's answer after it, with the reason or none). */
  async reasonClosed(rec: ApprovalRecord, closed: RecordedDecision): Promise<void> {
    this.clearTimer(`${rec.id}#motivo`);
    if (!this.answers.get(rec.id)?.awaitingNote || closed.awaitingNote) return;
    this.answers.set(rec.id, closed);
    await this.showDecision(rec, closed);
    const note = closed.note;
    // The question itself no longer asks: its instructions (reply, or tap «Seguir sin motivo») are
    // replaced by what came of it.
    const ask = rec.reasonAsk?.messageId;
    if (ask !== undefined) {
      await this.opts.api.editMessageText(rec.chatId, ask, note ? S.reasonAskAnswered(note) : S.reasonAskSkipped())
        .catch(logEditFailure((m, err) => this.opts.log?.(m, err), LOG.reasonQuestionClose));
    }
  }

  find(id: string): ApprovalRecord | undefined {
    return this.records().get(id);
  }

  private records(): Map<string, ApprovalRecord> {
    return (this.byId ??= new Map(this.opts.state.approvals.map((a) => [a.id, a])));
  }

  /**
   * True when the chat no longer has the question's message: re-applying its own keyboard is refused
   * as `gone` (telegram-errors.ts). Any other answer («not modified», a network error) means it is
   * there, or that we cannot tell.
   */
  private async messageGone(rec: ApprovalRecord): Promise<boolean> {
    try {
      await this.opts.api.editMessageReplyMarkup(rec.chatId, rec.messageId!, { reply_markup: approvalKeyboard(rec.id, rec.options ?? []) });
      return false;
    } catch (e) {
      return editFailure(e) === 'gone';
    }
  }

  /** Approvals of this chat still waiting for a tap (for /estado). */
  pending(chatId: number): ApprovalRecord[] {
    return this.opts.state.approvals.filter((a) => a.chatId === chatId && this.stateOf(a) === 'pendiente');
  }

  /**
   * Shows a decision (written to the run's file already, the one place it lives) on its question's
   * message; once shown, the run's file records that it is (`decisionShown`). A tap, an expiry and a
   * cancel all come here, from the run's driver.
   */
  async decided(rec: ApprovalRecord, d: RecordedDecision): Promise<void> {
    this.clearTimer(rec.id);
    if (this.answers.has(rec.id)) return;
    this.answers.set(rec.id, d);
    await this.showDecision(rec, d);
  }

  /** Forgets a finished run's approvals; any button left on screen becomes stale. */
  async dropRun(runId: string): Promise<void> {
    for (const rec of this.opts.state.approvals.filter((a) => a.runId === runId)) {
      this.clearTimer(rec.id);
      this.answers.delete(rec.id);
    }
    await this.opts.state.update((s) => { s.approvals = s.approvals.filter((a) => a.runId !== runId); });
    for (const [id, rec] of this.records()) if (rec.runId === runId) this.records().delete(id);
  }

  /** Stops timers without deciding anything (shutdown: the run resumes later, timers are re-armed). */
  close(): void {
    this.closed = true;
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
  }

  private armReason(rec: ApprovalRecord): void {
    const id = `${rec.id}#motivo`;
    if (this.closed || this.timers.has(id) || !rec.reasonAsk) return;
    // A long timer: a delay past Node's limit (≈ 24.8 days, a setting) would otherwise fire at once.
    const timer = setLongTimeout(() => {
      this.timers.delete(id);
      this.onReasonExpire(rec);
    }, Math.max(0, rec.reasonAsk.expiresAt - this.now()));
    this.timers.set(id, timer);
  }

  private arm(rec: ApprovalRecord): void {
    if (this.closed || this.timers.has(rec.id)) return;
    const timer = setLongTimeout(() => {
      this.timers.delete(rec.id);
      this.onExpire(rec);
    }, Math.max(0, rec.expiresAt - this.now()));
    this.timers.set(rec.id, timer);
  }

  /** Edits the question's message to show the run's answer `d`; once it does, the run's file says so. */
  private async showDecision(rec: ApprovalRecord, d: RecordedDecision): Promise<void> {
    if (rec.messageId === undefined) return;
    // The zone the question was asked in (a record from before it was kept: the zone now).
    const zone = rec.zone ?? await this.opts.timeZone?.().catch(() => undefined);
    const when = new Date(Date.parse(d.at) || this.now());
    const at = zone ? clockTimeIn(when, zone) : clockTime(when);
    // The alternative chosen (approved with changes), in the words its button had.
    const change = d.approved ? rec.options?.find((o) => o.hash === d.hash)?.label : undefined;
    const line = d.approved ? (change ? S.decidedChanged(d.by ?? '?', at, change) : S.decidedApproved(d.by ?? '?', at))
      : d.reason === 'expirado' ? S.decidedExpired()
        : d.reason === 'cancelado' ? S.decidedCancelled()
          : d.awaitingNote ? S.decidedRejectedAsking(d.by ?? '?', at)
            : d.note ? S.decidedRejectedWhy(d.by ?? '?', at, d.note)
              : S.decidedRejected(d.by ?? '?', at);
    const text = fitMessage(`${answeredApprovalText(rec.text, this.opts.timeoutS)}\n\n${line}`);
    // While its reason is asked for, a no keeps one button: go on without giving one. Shown again
    // after a restart, the same decision is «not modified»: nothing to say.
    // Shown: edited, already showing it («not modified»), or the message is gone (nothing left to fix).
    let shown = true;
    await this.opts.api.editMessageText(rec.chatId, rec.messageId, text, { reply_markup: d.awaitingNote ? noReasonKeyboard(rec.id) : noKeyboard() })
      .catch((e: unknown) => {
        if (editFailure(e) === 'other') shown = false;
        logEditFailure((m, err) => this.opts.log?.(m, err), LOG.approvalEdit)(e);
      });
    if (shown && this.answers.get(rec.id) === d) await this.opts.runs.delivered(rec.runId, { kind: 'decisionShown', key: shownKey(d) });
  }

  /**
   * At start: the decisions saved before a kill that came before their message was edited are shown
   * now, so no answered question keeps its Aprobar / Rechazar (the run may end before anything
   * else would show them, and its records are then forgotten).
   */
  async showUnshownDecisions(): Promise<void> {
    for (const rec of [...this.opts.state.approvals]) {
      const run = await this.opts.runs.read(rec.runId);
      const d = run && Object.hasOwn(run.decisions, rec.id) ? run.decisions[rec.id] : undefined;
      if (!d) continue;
      this.answers.set(rec.id, d);
      if (rec.messageId !== undefined && !(run!.delivery.decisionsShown ?? []).includes(shownKey(d))) await this.showDecision(rec, d);
    }
  }

  private clearTimer(id: string): void {
    this.timers.get(id)?.clear();
    this.timers.delete(id);
  }
}

/** The toast for a tap's result; none for a button this handler does not claim (unknown, stale). */
function tapToast(r: TapResult, approved: boolean): { text: string; show_alert?: true } | undefined {
  switch (r) {
    case 'forbidden': return { text: S.tapNotOwner(), show_alert: true };
    case 'already': return { text: DECISION.refused('ya_decidida') };
    case 'ok': return { text: approved ? S.tapApproved() : S.tapRejected() };
    default: return undefined;
  }
}

/** What answering a tap did, for the toast. */
export type TapResult = 'unknown' | 'forbidden' | 'already' | 'stale' | 'ok';

/** The RunManager side of a tap: checks who, and hands the decision to the run's mailbox. */
export interface TapHandler {
  /** `answered`: the toast, sent once the decision is written and shown and before the run is woken. */
  tap(tap: ApprovalTap, from: User, answered?: (r: TapResult) => Promise<void>): Promise<TapResult>;
  /** «Seguir sin motivo» under a no: closes its reason question without one and resumes the run. */
  noReason(approvalId: string, from: User): Promise<TapResult>;
}

/**
 * Handles approval buttons: answers every query (Telegram shows a spinner until then), with an
 * alert for someone who did not start the run and "ya estaba decidido" for a second tap. Unknown
 * ids fall through to the stale-button handler registered last in index.ts. The handler never
 * waits for the run: handing the decision to its mailbox (written and shown) is all it does.
 */
export function approvalsComposer(runs: TapHandler): Composer<Context> {
  const c = new Composer<Context>();
  c.on('callback_query:data', async (ctx, next) => {
    const skip = CALLBACKS.noReason.parse(ctx.callbackQuery.data);
    if (skip) {
      const r = await runs.noReason(skip, ctx.from);
      if (r === 'forbidden') return void (await ctx.answerCallbackQuery({ text: S.tapNotOwner(), show_alert: true }));
      if (r === 'ok' || r === 'already') return void (await ctx.answerCallbackQuery({ text: r === 'ok' ? S.tapNoReason() : DECISION.refused('ya_decidida') }));
      return next();
    }
    const tap = CALLBACKS.approval.parse(ctx.callbackQuery.data);
    if (!tap) return next();
    // The toast goes out as soon as the decision is written and shown, before the run takes its next
    // step; a failure to send it is this update's, reported by the error boundary once the tap is done.
    let toasted = false;
    let toastError: unknown;
    const answered = async (r: TapResult) => {
      toasted = true;
      const toast = tapToast(r, tap.approved);
      if (toast) await ctx.answerCallbackQuery(toast).catch((e: unknown) => { toastError = e; });
    };
    const r = await runs.tap(tap, ctx.from, answered);
    if (toastError !== undefined) throw toastError;
    // Unknown or stale: the catch-all for buttons nobody claims answers it (index.ts).
    if (r === 'unknown' || r === 'stale') return next();
    if (!toasted) await answered(r);
    if (toastError !== undefined) throw toastError;
  });
  return c;
}
