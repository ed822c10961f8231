/**
 * Runs, one per chat, started detached from the update handler that asked for them: the handler
 * returns at once, the run lives in `execute`, and its approvals are answered by later updates.
 * Each run has an AbortController (/cancelar), one status message and a chat-action pulse; its
 * chat is recorded in the bot state so a restarted bot resumes it (`resume: true`) in the same chat.
 */
import { randomBytes } from 'node:crypto';
import type { Api } from 'grammy';
import type { RunEvent, RunOutcome, RunRequest } from '../agent/types.js';
import type { Approver } from '../tools/contract.js';
import type { ApprovalRegistry } from './approvals.js';
import { DELIVERY_S, deliverOutcome, isAnswerOnly, type DeliveryDeps, type DeliveryMedia, type OwnerWait } from './delivery.js';
import type { RunCharts } from './files.js';
import { applyTaskEvent, chatActionFor, renderProgress, type TaskView } from './format.js';
import { ChatActionPulse, StatusMessage } from './progress.js';
import type { BotStateFile, RunRecord } from './state.js';
import { S } from './strings.js';

/** What the bot needs from the agent; `AgentService` (agent/service.ts) satisfies it structurally. */
export interface RunService {
  run(req: RunRequest): Promise<RunOutcome>;
  /** Runs with a checkpoint that did not reach the end (crash, kill, restart). */
  unfinished(): Promise<ReadonlyArray<{ runId: string; text: string }>>;
}

export interface StartRequest {
  chatId: number;
  ownerId: number;
  group: boolean;
  mode: 'agente' | 'semana';
  text: string;
  week?: number;
}

export type StartResult =
  | { kind: 'started'; runId: string }
  | { kind: 'busy'; text: string; elapsedS: number }
  | { kind: 'budget'; spent: number; limit: number };

interface ActiveRun {
  record: RunRecord;
  controller: AbortController;
  tasks: TaskView[];
  waiting: number;
  lastNotice?: string;
  status?: StatusMessage;
  pulse: ChatActionPulse;
  done: Promise<void>;
  /** Spans waiting for the owner's answer, ms since the run's start (the chart's labelled band). */
  waits: OwnerWait[];
}

/** Seconds between status refreshes when nothing happens, so the elapsed time keeps moving. */
export const STATUS_TICK_MS = 5_000;

export interface RunManagerDeps {
  api: Api;
  service: RunService;
  registry: ApprovalRegistry;
  state: BotStateFile;
  media: DeliveryMedia;
  /** Looks cards up by id for the report's card list (delivery.ts). */
  cards?: DeliveryDeps['cards'];
  /** This month's spend and the monthly cap; absent = no cap. Checked before agent runs only. */
  budget?: () => Promise<{ spent: number; limit: number }>;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
  /** Where finished runs leave their chart for «Ver cronograma» and /cronograma. */
  charts?: RunCharts;
}

export class RunManager {
  private readonly active = new Map<number, ActiveRun>();
  private readonly now: () => number;

  constructor(private readonly deps: RunManagerDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The run in progress in this chat, for /estado and the busy message. */
  current(chatId: number): { text: string; elapsedS: number; tasks: readonly TaskView[] } | undefined {
    const run = this.active.get(chatId);
    if (!run) return undefined;
    return { text: run.record.text, elapsedS: this.elapsedS(run), tasks: run.tasks };
  }

  /**
   * Starts a run for the chat unless one is running (or the monthly budget is spent) and returns
   * without waiting for it. The chat's slot is taken synchronously, so two quick messages cannot
   * both start a run.
   */
  async start(req: StartRequest): Promise<StartResult> {
    const running = this.active.get(req.chatId);
    if (running) return { kind: 'busy', text: running.record.text, elapsedS: this.elapsedS(running) };
    const record: RunRecord = {
      runId: newRunId(req.chatId),
      chatId: req.chatId,
      ownerId: req.ownerId,
      group: req.group,
      mode: req.mode,
      ...(req.week !== undefined ? { week: req.week } : {}),
      text: req.text,
      startedAt: this.now(),
    };
    const run = this.reserve(record);
    if (req.mode === 'agente' && this.deps.budget) {
      try {
        const { spent, limit } = await this.deps.budget();
        if (spent >= limit) {
          this.active.delete(req.chatId);
          return { kind: 'budget', spent, limit };
        }
      } catch (e) {
        this.active.delete(req.chatId);
        throw e;
      }
    }
    run.done = this.execute(run, false);
    return { kind: 'started', runId: record.runId };
  }

  /** Aborts the chat's run (tasks not started are dropped, running ones aborted). */
  cancel(chatId: number): boolean {
    const run = this.active.get(chatId);
    if (!run || run.controller.signal.aborted) return false;
    run.controller.abort();
    return true;
  }

  /**
   * After a restart: resumes every recorded run the agent still has unfinished, in its chat; tells
   * the chat about recorded runs that are no longer resumable. Returns how many were resumed.
   */
  async resumeUnfinished(): Promise<number> {
    const unfinished = new Set((await this.deps.service.unfinished()).map((u) => u.runId));
    let resumed = 0;
    for (const record of [...this.deps.state.runs]) {
      if ([...this.active.values()].some((r) => r.record.runId === record.runId)) continue;
      if (unfinished.has(record.runId) && !this.active.has(record.chatId)) {
        const run = this.reserve(record);
        run.done = this.execute(run, true);
        resumed++;
      } else {
        await this.deps.api.sendMessage(record.chatId, S.lostRun(record.text)).catch((e: unknown) => { this.deps.log('aviso de trabajo perdido', e); });
        await this.forget(record.runId);
      }
    }
    return resumed;
  }

  /** Aborts every run in progress (tests' teardown; an operator stopping everything on purpose). */
  cancelAll(): void {
    for (const chatId of this.active.keys()) this.cancel(chatId);
  }

  /** Resolves when every run now in progress has ended and been delivered (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active.values()].map((r) => r.done));
  }

  /** Stops timers without aborting runs: a process that exits now resumes them on the next start. */
  shutdown(): void {
    for (const run of this.active.values()) {
      run.pulse.stop();
      run.status?.abandon();
    }
  }

  private reserve(record: RunRecord): ActiveRun {
    const run: ActiveRun = {
      record,
      controller: new AbortController(),
      tasks: [],
      waiting: 0,
      pulse: new ChatActionPulse(this.deps.api, record.chatId, this.deps.log),
      done: Promise.resolve(),
      waits: [],
    };
    this.active.set(record.chatId, run);
    return run;
  }

  private async execute(run: ActiveRun, resume: boolean): Promise<void> {
    const { record } = run;
    let tick: NodeJS.Timeout | undefined;
    try {
      if (!resume) await this.deps.state.update((s) => { s.runs.push(record); });
      if (resume && record.statusMessageId !== undefined) {
        // The previous process's status message would otherwise stay at "⏳ Empiezo" forever.
        await this.deps.api.editMessageText(record.chatId, record.statusMessageId, S.statusSuperseded(record.text))
          .catch((e: unknown) => { this.deps.log('no se pudo retirar el mensaje de estado anterior', e); });
      }
      const first = resume ? S.resumed(record.text) : S.started(record.text);
      const msg = await this.deps.api.sendMessage(record.chatId, first);
      await this.deps.state.update(() => { record.statusMessageId = msg.message_id; });
      run.status = new StatusMessage(this.deps.api, record.chatId, msg.message_id, first, this.deps.log);
      tick = setInterval(() => { this.refresh(run); }, STATUS_TICK_MS);
      tick.unref?.();
      const scope = { runId: record.runId, chatId: record.chatId, ownerId: record.ownerId, group: record.group };
      const approver: Approver = async (req, signal) => {
        run.waiting++;
        this.refresh(run);
        const from = this.now() - record.startedAt;
        try {
          return await this.deps.registry.ask(scope, req, signal);
        } finally {
          run.waits.push({ from, to: this.now() - record.startedAt });
          run.waiting--;
          this.refresh(run);
        }
      };
      const outcome = await this.deps.service.run({
        runId: record.runId,
        text: record.text,
        mode: record.mode,
        ...(record.week !== undefined ? { week: record.week } : {}),
        approver,
        onEvent: (e) => { this.onEvent(run, e); },
        signal: run.controller.signal,
        ...(resume ? { resume: true } : {}),
      });
      clearInterval(tick);
      run.pulse.stop();
      if (run.tasks.length === 0) for (const e of outcome.taskEvents) run.tasks = applyTaskEvent(run.tasks, e);
      run.tasks = withEarlierWork(run.tasks, outcome.finished ?? []);
      const header = isAnswerOnly(outcome) ? DELIVERY_S.progressQuestion(record.text)
        : outcome.stopReason === 'end_turn' ? S.progressDone(record.text)
          : outcome.stopReason === 'cancelado' ? S.progressCancelled(record.text) : S.progressStopped(record.text);
      await run.status.finish(renderProgress(header, run.tasks, this.now() - record.startedAt));
      this.deps.charts?.remember(record.runId, { chatId: record.chatId, events: outcome.taskEvents, waits: run.waits });
      await deliverOutcome({ api: this.deps.api, media: this.deps.media, cards: this.deps.cards, log: this.deps.log, waits: run.waits }, record.chatId, outcome);
    } catch (e) {
      this.deps.log(`el trabajo ${record.runId} falló`, e);
      run.pulse.stop();
      run.status?.abandon();
      await this.deps.api.sendMessage(record.chatId, S.runFailed()).catch(() => undefined);
    } finally {
      if (tick) clearInterval(tick);
      if (this.active.get(record.chatId) === run) this.active.delete(record.chatId);
      await this.forget(record.runId).catch((e: unknown) => { this.deps.log('no se pudo olvidar el trabajo', e); });
    }
  }

  private onEvent(run: ActiveRun, e: RunEvent): void {
    if (e.type === 'tarea') {
      const ev = e.event;
      run.tasks = applyTaskEvent(run.tasks, ev);
      const action = chatActionFor(ev.taskId, ev.label);
      if (action && ev.type === 'started') run.pulse.hold(ev.taskId, action);
      if (action && (ev.type === 'finished' || ev.type === 'failed' || ev.type === 'cancelled')) run.pulse.release(ev.taskId);
    } else if (e.type === 'aviso') {
      run.lastNotice = `⚠️ ${e.text}`;
    } else {
      return;
    }
    this.refresh(run);
  }

  private refresh(run: ActiveRun): void {
    const note = run.waiting > 0 ? S.waitingApproval : run.lastNotice;
    run.status?.set(renderProgress(S.progressHeader(run.record.text), run.tasks, this.now() - run.record.startedAt, note));
  }

  private async forget(runId: string): Promise<void> {
    await this.deps.registry.dropRun(runId);
    await this.deps.state.update((s) => { s.runs = s.runs.filter((r) => r.runId !== runId); });
  }

  private elapsedS(run: ActiveRun): number {
    return Math.round((this.now() - run.record.startedAt) / 1000);
  }
}

/**
 * The final task list with the work finished before a restart first: a resumed run's status only
 * saw this process's stages, and must not look as if nothing had been done.
 */
export function withEarlierWork(tasks: readonly TaskView[], finished: readonly string[]): TaskView[] {
  const seen = new Set(tasks.map((t) => t.label));
  const earlier = finished.filter((l) => !seen.has(l)).map((label, i): TaskView => ({ taskId: `antes#${i + 1}`, label, state: 'hecha', attempt: 1 }));
  return [...earlier, ...tasks];
}

function newRunId(chatId: number): string {
  const chat = chatId < 0 ? `g${-chatId}` : String(chatId);
  return `tg${chat}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}
