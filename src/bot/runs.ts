/**
 * Runs, one in progress per chat (others may still be delivering their outcome: runs are
 * independent, each found by its id), as the chat shows them. Each run is driven by its driver in
 * the agent (agent/driver.ts): the bot opens it, hands every reply and /cancelar to its mailbox (taps
 * and reasons: run-answers.ts) and returns; what the owner must see comes back as the driver's events (a pass begins,
 * ask these approvals, show this answer, paused, the outcome to deliver). A paused run holds no
 * promise: its approvals are values on disk, shown as buttons (docs/design.md §35). Each run has one
 * status message and a chat-action pulse; its chat is recorded in the bot state so a restarted bot
 * takes it up again (`resume: true`) in the same chat. What the owner was shown of a run (files sent,
 * question asked, waits, closing steps, the outcome delivered) is reported to its driver as facts,
 * written into the run's own file (agent/delivery-facts.ts): a restart reads them from there.
 */
import { randomBytes } from 'node:crypto';
import type { RecordedDecision, RunEvent, RunOutcome } from '../agent/types.js';
import type { DriverEvent, RunDrivers, RunListener } from '../agent/driver.js';
import { applyFact, emptyDelivery, type DeliveryFact, type RunDelivery } from '../agent/delivery-facts.js';
import { RunAnswers } from './run-answers.js';
import type { User } from 'grammy/types';
import type { TaskView } from './format.js';
import { ChatActionPulse, StatusMessage } from './progress.js';
import { BotStateFile, type RunRecord } from './state.js';
import { workMs, type ActiveRun } from './active-run.js';
import { deliverClosing, deliverFilesNow, type ClosingContext } from './run-closing.js';
import { carryLegacyFacts } from './legacy-facts.js';
import { endWait, scopeOf, showApprovalPause, showQuestionBack, type InterruptionContext } from './run-interruptions.js';
import { statusText, StatusTicks, withTaskEvent } from './run-status.js';
import { S } from '../strings/chat.js';
import { isCuadernoError } from '../errors.js';
import type { RunManagerDeps, StartRequest, StartResult } from './run-types.js';
import { LOG } from '../strings/log.js';
export type { RunManagerDeps, RunService, StartRequest, StartResult } from './run-types.js';

/** Seconds between status refreshes when nothing happens, so the elapsed time keeps moving. */
export const STATUS_TICK_MS = 5_000;

export class RunManager {
  /** The owner's answers to the runs' approvals: taps, reasons, expiries (run-answers.ts). */
  readonly answers: RunAnswers;
  /**
   * Runs in progress (executing or paused for the owner), by run id: runs are independent, and
   * after a restart one chat may hold a paused run next to one that only delivers its outcome.
   */
  private readonly active = new Map<string, ActiveRun>();
  /**
   * Runs whose outcome is known and that are only delivering it (report, chart): the chat is free
   * for a new request meanwhile — the owner who read the report may ask again at once.
   */
  private readonly finishing = new Set<ActiveRun>();
  private readonly now: () => number;
  /** What the closing of a run (run-closing.ts) and the showing of its pauses (run-interruptions.ts) use of this. */
  private readonly closing: ClosingContext;
  private readonly interruptions: InterruptionContext;

  constructor(private readonly deps: RunManagerDeps) {
    this.now = deps.now ?? Date.now;
    const report = (run: ActiveRun, fact: DeliveryFact) => this.report(run, fact);
    this.closing = {
      api: deps.api, media: deps.media, registry: deps.registry, sent: deps.state, log: deps.log, now: this.now, report,
      ...(deps.charts ? { charts: deps.charts } : {}), ...(deps.afterRun ? { afterRun: deps.afterRun } : {}),
    };
    this.interruptions = { api: deps.api, registry: deps.registry, state: deps.state, now: this.now, report, refresh: (run) => { this.refresh(run); } };
    this.answers = new RunAnswers({ registry: deps.registry, drivers: () => this.drivers, api: deps.api, log: deps.log, flush: () => deps.state.flush() });
  }

  /** A text message where a no waits for its reason (run-answers.ts). */
  reasonMessage(...args: Parameters<RunAnswers['reasonMessage']>): Promise<boolean> {
    return this.answers.reasonMessage(...args);
  }

  /**
   * A text message in a chat whose run is paused on a question back: from the run's starter, it is
   * the answer (written into the run's state, then the run resumes from disk) — true: used up.
   */
  async answerMessage(chatId: number, from: User, text: string): Promise<boolean> {
    const run = this.inChat(chatId);
    const question = run?.facts.question;
    if (!run || !question || question.answered || from.id !== run.record.ownerId || this.drivers.cancelled(run.record.runId)) return false;
    // Into the run's mailbox: written to its state with its being answered (one write), then the
    // run goes on from disk. `unknown`: the run asks nothing now (its file says so).
    const r = await this.drivers.answer(run.record.runId, text);
    if (r.kind !== 'ok') return false;
    run.facts = { ...run.facts, question: { ...question, answered: true } };
    if (run.lastNotice === S.waitingAnswer) run.lastNotice = undefined;
    return true;
  }

  private get drivers(): RunDrivers {
    return this.deps.service.drivers;
  }

  /**
   * The run in progress in this chat, for /estado and the busy message: `elapsedS` since it started,
   * `workS` of it at work (waiting for the owner is not work), `waiting` while it only waits for them.
   */
  current(chatId: number): { runId: string; ownerId: number; text: string; elapsedS: number; workS: number; waiting: boolean; tasks: readonly TaskView[] } | undefined {
    const run = this.inChat(chatId);
    if (!run) return undefined;
    const { record } = run;
    return {
      runId: record.runId, ownerId: record.ownerId, text: record.text, elapsedS: this.elapsedS(run),
      workS: Math.round(workMs(run, this.now()) / 1000), waiting: run.facts.waitingSince !== undefined, tasks: run.tasks,
    };
  }

  /**
   * Starts a run for the chat unless one is running (or the monthly budget is spent) and returns
   * without waiting for it. The chat's slot is taken synchronously, so two quick messages cannot
   * both start a run.
   */
  async start(req: StartRequest): Promise<StartResult> {
    if (req.messageId !== undefined && this.deps.state.requestTaken(req.chatId, req.messageId)) return { kind: 'duplicate' };
    const running = this.inChat(req.chatId);
    if (running) return { kind: 'busy', runId: running.record.runId, text: running.record.text, elapsedS: this.elapsedS(running) };
    const record: RunRecord = {
      runId: newRunId(req.chatId),
      chatId: req.chatId,
      ownerId: req.ownerId,
      ...(req.ownerName ? { ownerName: req.ownerName } : {}),
      group: req.group,
      mode: req.mode,
      ...(req.week !== undefined ? { week: req.week } : {}),
      text: req.text,
      startedAt: this.now(),
      ...(req.messageId !== undefined ? { requestMessageId: req.messageId } : {}),
    };
    const run = this.reserve(record, emptyDelivery());
    if (req.planned) run.planned = req.planned;
    if (req.mode === 'agente' && this.deps.budget) {
      try {
        const { spent, limit } = await this.deps.budget();
        if (spent >= limit) {
          this.active.delete(record.runId);
          return { kind: 'budget', spent, limit };
        }
      } catch (e) {
        this.active.delete(record.runId);
        throw e;
      }
    }
    this.open(run, false);
    return { kind: 'started', runId: record.runId };
  }

  /**
   * Aborts the chat's run (tasks not started are dropped, running ones aborted). A paused run is
   * resumed to close: its open approvals are answered `cancelado` on disk, then it ends.
   */
  cancel(chatId: number): boolean {
    const run = this.inChat(chatId);
    return run ? this.drivers.cancel(run.record.runId) : false;
  }

  /**
   * After a restart: resumes every recorded run the agent still has unfinished, in its chat; tells
   * the chat about recorded runs that are no longer resumable. Returns how many were resumed.
   */
  async resumeUnfinished(): Promise<number> {
    await this.deps.registry.showUnshownDecisions();
    await carryLegacyFacts(this.deps.state, this.deps.service, (runId) => this.forget(runId));
    const unfinished = new Set((await this.deps.service.unfinished()).map((u) => u.runId));
    let resumed = 0;
    // Every recorded run on its own, from its own file, whatever order they finished in and
    // whichever chat they share: a paused run next to one that only delivers its outcome keeps its
    // pending questions.
    for (const record of [...this.deps.state.runs]) {
      if (this.active.has(record.runId) || [...this.finishing].some((r) => r.record.runId === record.runId)) continue;
      const view = await this.deps.service.status(record.runId);
      const facts = view?.delivery ?? emptyDelivery();
      if (view?.status.kind === 'finished' && view.status.delivered) {
        // Delivered in full before the process died, only not forgotten yet: nothing to say.
        await this.forget(record.runId);
      } else if (unfinished.has(record.runId)) {
        // Unfinished: it goes on.
        this.open(this.reserve(record, facts), true);
        resumed++;
      } else if (view?.status.kind === 'finished') {
        // Ended but not delivered: its outcome is read from disk and what the chat lacks is sent.
        this.open(this.reserve(record, facts, true), true);
        resumed++;
      } else {
        await this.deps.api.sendMessage(record.chatId, S.lostRun(record.text)).catch((e: unknown) => { this.deps.log(LOG.lostRunNotice, e); });
        await this.forget(record.runId);
      }
    }
    return resumed;
  }

  /** Aborts every run in progress (tests' teardown; an operator stopping everything on purpose). */
  cancelAll(): void {
    for (const run of [...this.active.values()]) this.drivers.cancel(run.record.runId);
  }

  /**
   * Resolves when no run is executing and no file is on its way: each run has ended and been
   * delivered, or is paused waiting for the owner with what it made already in the chat and marked
   * sent, its status message showing the pause (tests, shutdown). A paused run may still be sending the cover it made before pausing: a
   * stop that did not wait for it would leave the cover unmarked, and the next start send it again.
   */
  async idle(): Promise<void> {
    for (;;) {
      await this.drivers.idle();
      const sending = [...this.active.values(), ...this.finishing].map((r) => r.sending);
      await Promise.allSettled(sending);
      // A paused run's last status edit («en pausa hasta que respondas») is part of its pause.
      await Promise.allSettled([...this.active.values(), ...this.finishing].map((r) => r.status?.settled()));
      const again = [...this.active.values(), ...this.finishing].map((r) => r.sending);
      if (again.every((p, i) => p === sending[i]) && again.length === sending.length) return;
    }
  }

  /** Stops timers without aborting runs: a process that exits now resumes them on the next start. */
  shutdown(): void {
    for (const run of [...this.active.values(), ...this.finishing]) {
      run.pulse.stop();
      run.status?.abandon();
    }
  }

  /** The chat's run in progress (not one only delivering its outcome): at most one per chat. */
  private inChat(chatId: number): ActiveRun | undefined {
    for (const run of this.active.values()) if (run.record.chatId === chatId) return run;
    return undefined;
  }

  /** Takes the run into memory with its delivery facts: in progress, or (`ended`) only delivering its outcome. */
  private reserve(record: RunRecord, facts: RunDelivery, ended = false): ActiveRun {
    const run: ActiveRun = {
      record,
      tasks: [],
      pulse: new ChatActionPulse(this.deps.api, record.chatId, this.deps.log),
      events: [],
      passes: 0,
      facts,
      delivered: new Set(facts.files),
      sending: Promise.resolve(),
      ended,
    };
    if (ended) this.finishing.add(run);
    else this.active.set(record.runId, run);
    return run;
  }

  /** Hands the run to its driver (agent/driver.ts); what the chat must show comes back as events. */
  private open(run: ActiveRun, resume: boolean): void {
    const { record } = run;
    this.drivers.open({
      runId: record.runId,
      text: record.text,
      mode: record.mode,
      ...(record.week !== undefined ? { week: record.week } : {}),
      persona: { id: record.ownerId, nombre: record.ownerName ?? String(record.ownerId) },
      questions: true,
      resume,
    }, this.listener(run));
  }

  /** The run's driver speaks: each event is shown before the driver handles its next letter. */
  private listener(run: ActiveRun): RunListener {
    return (e: DriverEvent) => {
      switch (e.type) {
        case 'pasada': return this.passBegins(run, e.resume);
        case 'decidida': return this.showDecided(e.approval.id, e.decision);
        case 'motivo': return this.showReasonClosed(e.approvalId, e.decision);
        case 'pausa': return this.paused(run, e.outcome);
        case 'fin': return this.finish(run, e.outcome);
        case 'fallo': return this.failed(run, e.error);
        default: return this.onEvent(run, e);
      }
    };
  }

  /** A pass begins: the status message (once), the wait for the owner ends, the clock ticks. */
  private async passBegins(run: ActiveRun, resume: boolean): Promise<void> {
    // A run that only delivers its outcome keeps its status message: it says «✅ Terminado» already.
    if (!run.status && !run.ended) await this.openStatus(run, resume);
    run.passes++;
    await endWait(this.interruptions, run);
    this.startTicking(run);
  }

  /** An answer written by the driver: shown on its question (a no's reason is asked for then). */
  private async showDecided(approvalId: string, decision: RecordedDecision): Promise<void> {
    const rec = this.deps.registry.find(approvalId);
    if (!rec) return;
    await this.deps.registry.decided(rec, decision);
    if (decision.awaitingNote) await this.deps.registry.askReason(rec);
  }

  private async showReasonClosed(approvalId: string, decision: RecordedDecision): Promise<void> {
    const rec = this.deps.registry.find(approvalId);
    if (rec) await this.deps.registry.reasonClosed(rec, decision);
  }

  /** Paused for the owner: its questions are on screen; taps find it by id. */
  private async paused(run: ActiveRun, outcome: RunOutcome): Promise<void> {
    if (outcome.stopReason === 'awaiting_answer') await showQuestionBack(this.interruptions, run, outcome);
    else await showApprovalPause(this.interruptions, run, outcome);
    this.stopTicking(run);
    // Also one taken in as ended whose state says otherwise.
    run.ended = false;
    this.finishing.delete(run);
    this.active.set(run.record.runId, run);
  }

  /** A pass failed with something unexpected: said in the chat, and the run is forgotten. */
  private async failed(run: ActiveRun, error: unknown): Promise<void> {
    const { record } = run;
    this.deps.log(LOG.runFailed(record.runId), error);
    run.pulse.stop();
    run.status?.abandon();
    await this.deps.api.sendMessage(record.chatId, S.runFailed()).catch(() => undefined);
    await this.drop(run);
  }

  /** Ended: the outcome is delivered, each closing step once (a restart in the middle does the rest). */
  private async finish(run: ActiveRun, outcome: RunOutcome): Promise<void> {
    const { record } = run;
    try {
      this.stopTicking(run);
      run.pulse.stop();
      this.active.delete(record.runId);
      this.finishing.add(run);
      await deliverClosing(this.closing, run, outcome);
    } catch (e) {
      this.deps.log(LOG.runFailed(record.runId), e);
      run.pulse.stop();
      run.status?.abandon();
      await this.deps.api.sendMessage(record.chatId, S.runFailed()).catch(() => undefined);
    } finally {
      await this.drop(run);
    }
  }

  /** The run is over here: its clock stops and the bot state forgets it (its buttons go stale). */
  private async drop(run: ActiveRun): Promise<void> {
    const { record } = run;
    this.finishing.delete(run);
    this.stopTicking(run);
    if (this.active.get(record.runId) === run) this.active.delete(record.runId);
    await this.forget(record.runId).catch((e: unknown) => { this.deps.log(LOG.runForget, e); });
  }

  /**
   * Reports a delivery fact to the run's driver (into the run's file); memory takes what stands on
   * disk. A run whose file cannot be read (damaged: its outcome is the sentence saying so) still
   * gets its closing: the fact is kept in memory only, for this process.
   */
  private async report(run: ActiveRun, fact: DeliveryFact): Promise<void> {
    try {
      run.facts = await this.drivers.delivered(run.record.runId, fact);
    } catch (e) {
      if (!isCuadernoError(e)) throw e;
      this.deps.log(LOG.runDelivered(run.record.runId), e);
      run.facts = applyFact(run.facts, fact);
    }
  }

  /** The run's status message (a resumed run retires the previous process's one first). */
  private async openStatus(run: ActiveRun, resume: boolean): Promise<void> {
    const { record } = run;
    // The run and the message that asked for it, in one write: from here a redelivered request is
    // recognised (a kill before it leaves neither, and the redelivered request simply starts it).
    if (!resume) await this.deps.state.update((s) => { BotStateFile.addRun(s, record); });
    if (resume && record.statusMessageId !== undefined) {
      // The previous process's status message would otherwise stay at "⏳ Empiezo" forever.
      await this.deps.api.editMessageText(record.chatId, record.statusMessageId, S.statusSuperseded(record.text))
        .catch((e: unknown) => { this.deps.log(LOG.oldStatusRemove, e); });
    }
    const first = resume ? S.resumed(record.text) : S.started(record.text);
    const msg = await this.deps.api.sendMessage(record.chatId, first);
    await this.deps.state.update((s) => { const r = BotStateFile.run(s, record.runId); if (r) r.statusMessageId = msg.message_id; });
    run.status = new StatusMessage(this.deps.api, record.chatId, msg.message_id, first, this.deps.log, this.deps.statusEditIntervalMs);
  }

  private readonly ticks = new StatusTicks(STATUS_TICK_MS);
  private startTicking(run: ActiveRun): void {
    this.ticks.start(run, () => { this.refresh(run); });
  }
  private stopTicking(run: ActiveRun): void {
    this.ticks.stop(run);
  }

  /** Returns, for a turn's approvals, when they are on screen (the run starts its other calls then). */
  private onEvent(run: ActiveRun, e: RunEvent): Promise<void> | undefined {
    if (e.type === 'tarea') {
      withTaskEvent(run, e.event, this.now());
    } else if (e.type === 'herramienta') {
      // Delivered the moment it exists: the cover while the narration's question is still open.
      if (e.result.kind === 'ok' || e.result.kind === 'cache') deliverFilesNow(this.closing, run, e.result.artifacts ?? [], e.result.kind === 'cache');
      return;
    } else if (e.type === 'aviso') {
      run.lastNotice = `⚠️ ${e.text}`;
    } else if (e.type === 'aprobaciones') {
      // Asked at once, one message each, in tool_use order; the rest of the turn starts after. The
      // driver hands this over in mailbox order: no answer is written between a question being
      // sent and where it went being recorded, so a kill there cannot ask it twice.
      const scope = scopeOf(run);
      return (async () => {
        for (const a of e.approvals) await this.deps.registry.show(scope, a);
      })().catch((err: unknown) => { this.deps.log(LOG.approvalShow, err); }).finally(() => { this.refresh(run); });
    } else {
      return undefined;
    }
    this.refresh(run);
    return undefined;
  }

  private refresh(run: ActiveRun): void {
    // Waiting on the owner is what the approvals on screen say, not a counter kept in memory.
    const pending = this.deps.registry.pending(run.record.chatId).filter((a) => a.runId === run.record.runId);
    const reasons = this.deps.registry.waitingReasons(run.record.chatId).filter((a) => a.runId === run.record.runId).map((a) => a.tool);
    run.status?.set(statusText(run, {
      waiting: pending.map((a) => ({ tool: a.tool, ...(a.estimateS !== undefined ? { estimateS: a.estimateS } : {}) })), reasons, now: this.now(),
      ...(this.deps.estimateMs ? { estimateMs: this.deps.estimateMs } : {}), ...(this.deps.lanes ? { lanes: this.deps.lanes } : {}),
    }));
  }

  private async forget(runId: string): Promise<void> {
    await this.deps.registry.dropRun(runId);
    await this.deps.state.update((s) => { s.runs = s.runs.filter((r) => r.runId !== runId); });
  }

  private elapsedS(run: ActiveRun): number {
    return Math.round((this.now() - run.record.startedAt) / 1000);
  }
}

function newRunId(chatId: number): string {
  const chat = chatId < 0 ? `g${-chatId}` : String(chatId);
  return `tg${chat}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}
