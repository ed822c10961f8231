/**
 * Approvals as buttons. The run's approver (called from inside a detached run) sends the message
 * and waits on a promise; the callback-query handler only settles that promise and returns at once.
 * A handler never awaits a future tap — grammY processes a chat's updates in order, so it would
 * deadlock (CONVENTIONS §9).
 *
 * Records are persisted (state.ts) before their message is sent, keyed by (runId, callId): after a
 * restart, a resumed run that re-asks the same call finds the same record — already decided (the tap
 * arrived while the run was catching up) or still pending on the same message — so nothing is asked
 * twice and no decision is lost. Unanswered approvals expire at `expiresAt` and count as rejection.
 */
import { randomBytes } from 'node:crypto';
import { Composer, type Api, type Context } from 'grammy';
import type { User } from 'grammy/types';
import type { ApprovalDecision, ApprovalRequest } from '../tools/contract.js';
import { mayDecide } from './access.js';
import { approvalText, clockTime, truncate, TELEGRAM_TEXT_MAX } from './format.js';
import { approvalKeyboard, noKeyboard, parseApprovalCallback } from './keyboards.js';
import type { ApprovalRecord, BotStateFile } from './state.js';
import { S } from './strings.js';

/** Where an approval belongs: the run, its chat and who may decide. */
export interface ApprovalScope {
  runId: string;
  chatId: number;
  ownerId: number;
  group: boolean;
}

export type TapResult =
  | { kind: 'unknown' }
  | { kind: 'forbidden' }
  | { kind: 'already'; record: ApprovalRecord }
  | { kind: 'ok'; record: ApprovalRecord; done: Promise<void> };

type Settlement = NonNullable<ApprovalRecord['decision']>;

export interface ApprovalRegistryOptions {
  state: BotStateFile;
  api: Api;
  /** `config.limits.approvalTimeoutS`: seconds until an unanswered approval counts as rejection. */
  timeoutS: number;
  /** For showing written paths relative to the data dir. */
  dataDir?: string;
  now?: () => number;
  /** Users allowed to use the bot (ALLOWED_USER_IDS); an approval's owner must still be one of them. */
  allowedUserIds: readonly number[];
  /** Logs failures that must not reach the chat (an edit that Telegram refused). */
  log?: (message: string, error?: unknown) => void;
}

export class ApprovalRegistry {
  private readonly waiters = new Map<string, (d: ApprovalDecision) => void>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly now: () => number;
  private closed = false;
  private readonly allowed: ReadonlySet<number>;

  constructor(private readonly opts: ApprovalRegistryOptions) {
    this.now = opts.now ?? Date.now;
    this.allowed = new Set(opts.allowedUserIds);
  }

  /**
   * The Approver body for one run: finds or creates the record, sends the buttons once, and
   * resolves on a tap, on expiry (`expirado`) or when `signal` aborts (`cancelado`).
   */
  async ask(scope: ApprovalScope, req: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return { approved: false, reason: 'cancelado' };
    let rec = this.opts.state.approvals.find((a) => a.runId === scope.runId && a.callId === req.callId);
    if (rec && rec.messageId !== undefined && !rec.decision && (await this.messageGone(rec))) {
      const lost = rec;
      await this.opts.state.update(() => { lost.messageId = undefined; });
    }
    if (!rec) {
      const now = this.now();
      const fresh: ApprovalRecord = {
        id: randomBytes(8).toString('base64url'),
        runId: scope.runId,
        callId: req.callId,
        tool: req.tool,
        chatId: scope.chatId,
        ownerId: scope.ownerId,
        group: scope.group,
        text: approvalText(req, { dataDir: this.opts.dataDir, timeoutS: this.opts.timeoutS }),
        createdAt: now,
        expiresAt: now + this.opts.timeoutS * 1000,
      };
      rec = fresh;
      // Persist before sending: a button whose record is missing could never be honoured.
      await this.opts.state.update((s) => { s.approvals.push(fresh); });
    }
    if (rec.messageId === undefined && !rec.decision) {
      // Not sent yet — or the process died between saving the record and recording the message.
      // Send (again) rather than wait for a button the owner never saw. At worst, a crash right
      // after sending shows the question twice; both buttons carry the same id and decide once.
      const pending = rec;
      const msg = await this.opts.api.sendMessage(pending.chatId, pending.text, { reply_markup: approvalKeyboard(pending.id) });
      await this.opts.state.update(() => { pending.messageId = msg.message_id; });
    }
    // Checked after sending too: a tap can land while we were still recording the message id.
    if (rec.decision) return toDecision(rec.decision);
    if (signal.aborted) {
      this.settle(rec.id, { approved: false, reason: 'cancelado', at: this.now() });
      return { approved: false, reason: 'cancelado' };
    }
    const id = rec.id;
    return new Promise<ApprovalDecision>((resolve) => {
      const onAbort = () => { this.settle(id, { approved: false, reason: 'cancelado', at: this.now() }); };
      this.waiters.set(id, (d) => {
        signal.removeEventListener('abort', onAbort);
        resolve(d);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      const delay = Math.max(0, rec.expiresAt - this.now());
      const timer = setTimeout(() => { this.settle(id, { approved: false, reason: 'expirado', at: this.now() }); }, delay);
      timer.unref?.();
      this.timers.set(id, timer);
    });
  }

  /** A button press: checks who pressed, decides once, and says whether it counted. */
  tap(approvalId: string, from: User, approved: boolean): TapResult {
    const rec = this.find(approvalId);
    if (!rec) return { kind: 'unknown' };
    if (!mayDecide(rec, from, this.allowed)) return { kind: 'forbidden' };
    if (rec.decision) return { kind: 'already', record: rec };
    const by = from.first_name || from.username || String(from.id);
    const done = this.settle(rec.id, approved
      ? { approved: true, by, at: this.now() }
      : { approved: false, reason: 'rechazado', by, at: this.now() });
    return { kind: 'ok', record: rec, done };
  }

  /**
   * True when the chat no longer has the question's message (the local chat's history was damaged
   * and set aside): re-applying its own keyboard is refused with "message to edit not found".
   * Any other answer ("not modified", a network error) means it is there, or that we cannot tell.
   */
  private async messageGone(rec: ApprovalRecord): Promise<boolean> {
    try {
      await this.opts.api.editMessageReplyMarkup(rec.chatId, rec.messageId!, { reply_markup: approvalKeyboard(rec.id) });
      return false;
    } catch (e) {
      return /message to edit not found|MESSAGE_ID_INVALID/i.test(e instanceof Error ? e.message : String(e));
    }
  }

  /** Approvals of this chat still waiting for a tap (for /estado). */
  pending(chatId: number): ApprovalRecord[] {
    return this.opts.state.approvals.filter((a) => a.chatId === chatId && !a.decision);
  }

  /** Forgets a finished run's approvals; any button left on screen becomes stale. */
  async dropRun(runId: string): Promise<void> {
    for (const rec of this.opts.state.approvals.filter((a) => a.runId === runId)) this.clearTimer(rec.id);
    await this.opts.state.update((s) => { s.approvals = s.approvals.filter((a) => a.runId !== runId); });
  }

  /** Stops timers and forgets waiters without deciding anything (shutdown: the run resumes later). */
  close(): void {
    this.closed = true;
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
    this.waiters.clear();
  }

  private find(id: string): ApprovalRecord | undefined {
    return this.opts.state.approvals.find((a) => a.id === id);
  }

  /** The one place a decision is made: memory now, disk next, then the waiter and the message. */
  private settle(id: string, decision: Settlement): Promise<void> {
    const rec = this.find(id);
    if (!rec || rec.decision || this.closed) return Promise.resolve();
    rec.decision = decision;
    this.clearTimer(id);
    return this.opts.state.update(() => undefined).then(
      async () => {
        const waiter = this.waiters.get(id);
        this.waiters.delete(id);
        waiter?.(toDecision(decision));
        await this.showDecision(rec);
      },
      (e) => { this.opts.log?.('no se pudo guardar la decisión de una aprobación', e); },
    );
  }

  private async showDecision(rec: ApprovalRecord): Promise<void> {
    if (rec.messageId === undefined || !rec.decision) return;
    const d = rec.decision;
    const at = clockTime(new Date(d.at));
    const line = d.approved ? S.decidedApproved(d.by ?? '?', at)
      : d.reason === 'expirado' ? S.decidedExpired()
        : d.reason === 'cancelado' ? S.decidedCancelled()
          : S.decidedRejected(d.by ?? '?', at);
    const text = truncate(`${rec.text}\n\n${line}`, TELEGRAM_TEXT_MAX);
    try {
      await this.opts.api.editMessageText(rec.chatId, rec.messageId, text, { reply_markup: noKeyboard() });
    } catch (e) {
      this.opts.log?.('no se pudo editar el mensaje de aprobación', e);
    }
  }

  private clearTimer(id: string): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
  }
}

function toDecision(d: Settlement): ApprovalDecision {
  return d.approved ? { approved: true, by: d.by } : { approved: false, by: d.by, reason: d.reason ?? 'rechazado' };
}

/**
 * Handles approval buttons: answers every query at once (Telegram shows a spinner until then),
 * with an alert for a stranger and "ya estaba decidido" for a second tap. Unknown ids fall through
 * to the stale-button handler registered last in index.ts.
 */
export function approvalsComposer(registry: ApprovalRegistry): Composer<Context> {
  const c = new Composer<Context>();
  c.on('callback_query:data', async (ctx, next) => {
    const tap = parseApprovalCallback(ctx.callbackQuery.data);
    if (!tap) return next();
    const r = registry.tap(tap.approvalId, ctx.from, tap.approved);
    switch (r.kind) {
      case 'unknown':
        return next();
      case 'forbidden':
        await ctx.answerCallbackQuery({ text: S.tapNotOwner(), show_alert: true });
        return;
      case 'already':
        await ctx.answerCallbackQuery({ text: S.tapAlready() });
        return;
      case 'ok':
        await ctx.answerCallbackQuery({ text: tap.approved ? S.tapApproved() : S.tapRejected() });
        await r.done;
        return;
    }
  });
  return c;
}
