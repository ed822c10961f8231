/**
 * The owner's answers to a run's approvals, as the chat brings them: a tap on a question's button,
 * «Seguir sin motivo», the reply that gives a no its reason, and the expiries of both. Each is
 * checked here (only the person who started the run decides) and handed to the run's mailbox
 * (agent/driver.ts), which writes it to the run's file, has it shown, and only then wakes the run.
 * Nothing here waits for the run or holds it: this is all a tap runs of the bot (docs/architecture.md,
 * «A tap's path»).
 */
import type { User } from 'grammy/types';
import type { RunDrivers } from '../agent/driver.js';
import type { DecisionInput } from '../agent/types.js';
import type { ApprovalRegistry, TapHandler, TapResult } from './approvals.js';
import type { ApprovalTap } from './keyboards.js';
import type { RunManagerDeps } from './run-types.js';
import { personaOf } from './access.js';
import { redoKeyboard } from './keyboards.js';
import { asksForAnother } from '../agent/understand.js';
import { S } from '../strings/chat.js';
import { LOG } from '../strings/log.js';

/** Longest reason for a no that is kept (characters): a reason, not a document. */
export const REASON_MAX_CHARS = 500;

export interface RunAnswersDeps {
  registry: ApprovalRegistry;
  drivers: () => RunDrivers;
  api: Pick<RunManagerDeps['api'], 'sendMessage'>;
  log: RunManagerDeps['log'];
  /** Resolves once the bot state's writes in flight are done (the state is written before memory changes). */
  flush: () => Promise<void>;
}

export class RunAnswers implements TapHandler {
  constructor(private readonly deps: RunAnswersDeps) {
    deps.registry.onExpire = (rec) => {
      void this.post(rec.id, { approved: false, reason: 'expirado' }).catch((e: unknown) => { deps.log(LOG.expiryRecord, e); });
    };
    deps.registry.onReasonExpire = (rec) => {
      void this.closeReason(rec.id, undefined).catch((e: unknown) => { deps.log(LOG.reasonQuestionClose, e); });
    };
  }

  /**
   * A button press: only the person who started the run decides; the decision is written first.
   * `answered` (the toast) is called once it is written and shown, before the run is woken.
   */
  async tap(tap: ApprovalTap, from: User, answered?: (r: TapResult) => Promise<void>): Promise<TapResult> {
    const rec = this.deps.registry.find(tap.approvalId);
    if (!rec) return 'unknown';
    if (!this.deps.registry.mayDecide(rec, from)) return 'forbidden';
    // Decided already (its run's answer, as its question shows it): a cancelled run's button is stale
    // at once, not only after the run is forgotten a moment later; any other is «ya estaba decidido».
    const standing = this.deps.registry.decisionOf(rec);
    if (standing) return standing.reason === 'cancelado' ? 'stale' : 'already';
    // Who pressed, for the audit: the Telegram user, or the local page's persona (its own user id).
    const persona = personaOf(from);
    const by = persona.nombre;
    // A no is written at once (a restart never asks again); its optional reason is asked afterwards.
    const answer: DecisionInput = tap.approved ? { approved: true, hash: tap.hash ?? '', by, persona } : { approved: false, reason: 'rechazado', by, persona, askNote: true };
    return this.post(tap.approvalId, answer, answered);
  }

  /** «Seguir sin motivo»: only the run's starter; the no goes on without a reason. */
  async noReason(approvalId: string, from: User): Promise<TapResult> {
    const rec = this.deps.registry.find(approvalId);
    if (!rec) return 'unknown';
    if (!this.deps.registry.mayDecide(rec, from)) return 'forbidden';
    return this.closeReason(approvalId, undefined);
  }

  /**
   * A text message in a chat where a no waits for its reason. A reply to that exact question, from
   * the run's starter, is the reason (true: the message is used up) — unless it reads as a message of
   * its own (`ownMessage`: a question, a command, a request; the page and Telegram's apps make the
   * next message a reply to a force_reply question, so «qué tengo sobre el cubismo?» arrives as one):
   * then it is handled as itself and the question stays answerable (false). Any other message from
   * them closes the question without a reason and is handled as usual (false).
   */
  async reasonMessage(chatId: number, from: User, text: string, replyTo: number | undefined, ownMessage: () => Promise<boolean>): Promise<boolean> {
    // The question's message is in memory once its write is done (written first): a quick reply waits for it.
    await this.deps.flush();
    const { registry } = this.deps;
    const asked = replyTo === undefined ? undefined : registry.reasonAskedIn(chatId, replyTo);
    const mine = asked !== undefined && registry.mayDecide(asked, from);
    const waiting = registry.waitingReasons(chatId).filter((rec) => registry.mayDecide(rec, from));
    if ((!mine && waiting.length === 0) || await ownMessage()) return false;
    if (asked && mine) {
      await this.closeReason(asked.id, Array.from(text.trim()).slice(0, REASON_MAX_CHARS).join(''));
      // «quiero otra portada», «cambia la portada»: the reason asks for another cover, so one tap proposes it again.
      const again = asked.tool === 'generar_portada' && asked.week !== undefined && asksForAnother(text) ? asked.week : undefined;
      const reply = again === undefined ? this.deps.api.sendMessage(chatId, S.reasonThanks()) : this.deps.api.sendMessage(chatId, S.reasonAnotherCover(again), { reply_markup: redoKeyboard('imagen', again) });
      await reply.catch((e: unknown) => { this.deps.log(LOG.reasonThanks, e); });
      return true;
    }
    for (const rec of waiting) await this.closeReason(rec.id, undefined);
    return false;
  }

  /** Hands the close of a no's reason question to the run's mailbox (it shows it, then resumes). */
  private async closeReason(approvalId: string, note: string | undefined): Promise<TapResult> {
    const rec = this.deps.registry.find(approvalId);
    if (!rec) return 'unknown';
    const r = await this.deps.drivers().giveNote(rec.runId, approvalId, note);
    return r.kind === 'ok' ? 'ok' : r.kind;
  }

  /**
   * Hands an answer (tap, expiry) to the run's mailbox and returns once it is written and shown:
   * the driver wakes the run itself. Two quick taps are answered in the order they came.
   */
  private async post(approvalId: string, answer: DecisionInput, answered?: (r: TapResult) => Promise<void>): Promise<TapResult> {
    const rec = this.deps.registry.find(approvalId);
    if (!rec) return 'unknown';
    const r = await this.deps.drivers().decide(rec.runId, approvalId, answer, answered && ((d) => answered(d.kind)));
    return r.kind;
  }
}
