/**
 * One driver per run, with a mailbox (issue 23, item 3). Every event for a run is a letter posted to
 * its mailbox — a p-queue of concurrency 1 — and handled there one at a time:
 * - `open` (a fresh run, or one taken up from disk after a restart): starts its first pass;
 * - `decide` (a tap, an expiry), `note` (a no's reason, or going on without one), `answer` (the reply
 *   to a question back): the answer is written to the run's files first (service.ts), then the run
 *   is woken — a pass in progress gets the in-process hint (loop.ts `Waker`) and picks it up from
 *   disk, an idle (paused) run gets a new pass from disk;
 * - `cancel`: the run's AbortController fires at once; the letter wakes a paused run so it closes;
 * - the end of a pass (posted by the pass itself): paused again, woken again (a letter came while it
 *   ran), or finished.
 * Who posts: the bot (taps, replies, reasons, /cancelar, restart) and each pass. Who subscribes: the
 * one listener given to `open` (the bot), which is told, in mailbox order, what the owner must see:
 * `pasada` (a pass begins), `aprobaciones` (ask these now; the turn's other calls start once shown),
 * `decidida` / `motivo` (show this answer on its question), `pausa` (paused: each interruption on
 * screen), `fin` (the outcome: the listener's promise settling means delivered) and `fallo`; plus the
 * progress events of a pass (`tarea`, `herramienta`, `aviso`) as they happen. Nothing here awaits a
 * person: a paused run is only its files, and its driver holds no pass.
 * On disk, always before anything is shown or resumed: the decision / reason / answer in the run's
 * own file (run-state.ts), and what the owner was shown of it (`delivered`, delivery-facts.ts); the
 * bot keeps only which message shows which interruption (bot/state.ts).
 * Status: `running | paused{interruptions} | finished{outcome, delivered}`; a driver is dropped once
 * its outcome is delivered, so a restart re-delivers nothing delivered and resumes every paused run.
 */
import PQueue from 'p-queue';
import { createAdmission, type Admission, type AdmissionTicket } from './admission.js';
import type { DeliveryFact } from './delivery-facts.js';
import type { Waker } from './loop.js';
import { channel } from 'node:diagnostics_channel';
import type { RunDelivery } from './run-file.js';
import type { AnswerResult, DecideResult, DecisionInput, NoteResult, PendingApproval, RecordedDecision, RunEvent, RunOutcome, RunRequest } from './types.js';

/**
 * The moment a written answer wakes its run, published on a `node:diagnostics_channel` channel so an
 * observer in the same thread can mark it without the driver knowing who listens (nobody, in
 * production: a channel without subscribers is not published to). The file-count trace
 * (scripts/trace-files.ts) subscribes to split a tap's own path from the run's life after it: a
 * subscriber runs synchronously inside `publish`, before the run takes another step.
 */
export const RUN_WOKEN_CHANNEL = 'cuaderno:corrida:despierta';
/** What is published: the run, and whether a pass was running (it then picks the answer up from disk). */
export interface RunWoken { runId: string; passRunning: boolean }
const runWoken = channel(RUN_WOKEN_CHANNEL);

/** What the owner must see, in the order the driver handles it. */
export type DriverEvent =
  | RunEvent
  /** A pass begins (`resume`: from disk); the listener's promise settles before it runs. */
  | { type: 'pasada'; resume: boolean }
  /** An answer to one approval was written: show it on its question (and ask a no's reason). */
  | { type: 'decidida'; approval: PendingApproval; decision: RecordedDecision }
  /** A no's reason question was closed (with the reason, or none). */
  | { type: 'motivo'; approvalId: string; decision: RecordedDecision }
  /** Paused: waiting for approvals (`awaiting`) or for the answer to a question (`question`). */
  | { type: 'pausa'; outcome: RunOutcome }
  /** Ended: deliver the outcome; the listener's promise settling means it is delivered. */
  | { type: 'fin'; outcome: RunOutcome }
  /** A pass threw something that is not one of ours: the run is over, unfinished. */
  | { type: 'fallo'; error: unknown };

/** The bot's side: may return a promise, which the driver waits for before its next letter. */
export type RunListener = (event: DriverEvent) => unknown;

export type RunStatus =
  | { kind: 'running' }
  | { kind: 'paused'; interruptions: { approvals: PendingApproval[]; question?: string } }
  /** `outcome` absent: a pass failed (the listener heard `fallo`). */
  | { kind: 'finished'; outcome?: RunOutcome; delivered: boolean };

/** A run to drive: what `service.run` needs, without what the driver itself supplies. */
export type DriveRequest = Omit<RunRequest, 'onEvent' | 'signal' | 'resume'> & { resume?: boolean };

/** The disk side the driver works with (agent/service.ts). */
export interface DriverBackend {
  run(req: RunRequest, waker?: Waker): Promise<RunOutcome>;
  decide(runId: string, approvalId: string, answer: DecisionInput): Promise<DecideResult>;
  answer(runId: string, text: string): Promise<AnswerResult>;
  giveNote(runId: string, approvalId: string, note: string | undefined): Promise<NoteResult>;
  delivered(runId: string, fact: DeliveryFact): Promise<RunDelivery>;
  /** The run's driver is dropped (its outcome delivered, or its pass failed): what it kept in memory may go. */
  closed?(runId: string): void;
}

export interface RunDrivers {
  /** Takes a run in (fresh, or `resume` from disk) and starts its first pass; no-op if it is open. */
  open(req: DriveRequest, listener: RunListener): void;
  /**
   * Posts an answer to one approval; settles once written and shown (`decidida`). `answered`, when
   * given, is awaited after that and before the run is woken: the tap's toast reaches the person
   * before the run takes its next step (and before a pass competes with it for the thread).
   */
  decide(runId: string, approvalId: string, answer: DecisionInput, answered?: (r: DecideResult) => Promise<void>): Promise<DecideResult>;
  /** Posts the answer to a question back; settles once written. */
  answer(runId: string, text: string): Promise<AnswerResult>;
  /** Posts the close of a no's reason question; settles once written and shown (`motivo`). */
  giveNote(runId: string, approvalId: string, note: string | undefined): Promise<NoteResult>;
  /**
   * Reports what the owner was shown of the run (a file sent, a closing step done, the outcome
   * delivered, a wait begun or ended, a question asked): written into the run's one file through
   * its one store, after every write of the run asked before it; settles once on disk with the
   * facts that stand. Not a letter of its own: the listener reports facts while it handles the
   * letter that made them (a new letter would wait for that one), and a pass's files are reported
   * as they are sent; the run's store keeps every write of the run one at a time.
   */
  delivered(runId: string, fact: DeliveryFact): Promise<RunDelivery>;
  /** Aborts the run now and posts the letter that closes it; false if it is not open or already cancelled. */
  cancel(runId: string): boolean;
  /**
   * Lets a paused run go, with nothing in hand: its files stay, and a later `open` takes it up from
   * disk as after a restart (the terminal, whose answer to a question back comes with its next
   * command). False unless it was paused and idle.
   */
  release(runId: string): boolean;
  cancelled(runId: string): boolean;
  status(runId: string): RunStatus | undefined;
  /** Settles when no run has a pass or a letter in hand (a paused run holds none). */
  idle(): Promise<void>;
}

/** The in-process hint a letter gives a pass in progress (decisions are still read from disk). */
function createWaker(): Waker & { notify(): void } {
  const resolvers: Array<() => void> = [];
  // Notified since the pass last read its decisions: the next wait returns at once.
  let notified = false;
  return {
    wait: () => (notified ? Promise.resolve() : new Promise<void>((r) => resolvers.push(r))),
    clear: () => { notified = false; },
    notify: () => {
      notified = true;
      for (const r of resolvers.splice(0)) r();
    },
  };
}

class RunDriver {
  private readonly mailbox = new PQueue({ concurrency: 1 });
  readonly controller = new AbortController();
  private readonly waker = createWaker();
  /** The pass in progress, until its end is handled in the mailbox. */
  private pass: Promise<unknown> | undefined;
  /** A letter came while a pass ran: the run goes on from disk once that pass returns. */
  private dirty = false;
  private resumeNext: boolean;
  status: RunStatus = { kind: 'running' };
  /**
   * The driver's place for its first pass (admission.ts), taken when it is opened: the pass plans
   * once admitted, and leaves once its approvals are on screen or the pass ends.
   */
  private ticket: AdmissionTicket | undefined;

  constructor(private readonly req: DriveRequest, private readonly backend: DriverBackend, readonly listener: RunListener, private readonly done: () => void, admission?: Admission) {
    this.resumeNext = req.resume === true;
    this.ticket = admission?.enter(this.controller.signal);
  }

  post<T>(letter: () => Promise<T>): Promise<T> {
    return this.mailbox.add(letter);
  }

  busy(): boolean {
    return this.pass !== undefined || this.mailbox.size + this.mailbox.pending > 0;
  }

  async settled(): Promise<void> {
    while (this.busy()) {
      await this.pass?.catch(() => undefined);
      await this.mailbox.onIdle();
    }
  }

  /** In the mailbox: a written answer resumes the run (or reaches the pass in progress). */
  async wake(): Promise<void> {
    if (runWoken.hasSubscribers) runWoken.publish({ runId: this.req.runId, passRunning: this.pass !== undefined } satisfies RunWoken);
    if (this.pass) {
      this.dirty = true;
      this.waker.notify();
      return;
    }
    if (this.status.kind === 'finished') return;
    await this.startPass();
  }

  /** In the mailbox: the listener hears of the pass, then it runs outside the mailbox. */
  async startPass(): Promise<void> {
    this.dirty = false;
    this.status = { kind: 'running' };
    const resume = this.resumeNext;
    this.resumeNext = true;
    try {
      await this.listener({ type: 'pasada', resume });
    } catch (error) {
      await this.passFailed(error);
      return;
    }
    const { resume: _first, ...req } = this.req;
    const run = () => this.backend.run({
      ...req,
      ...(resume ? { resume: true } : {}),
      signal: this.controller.signal,
      onEvent: (e) => this.onEvent(e),
    }, this.waker);
    const ticket = this.ticket;
    const pass = ticket ? ticket.admitted.then(run).finally(() => this.leave()) : run();
    this.pass = pass;
    pass.then(
      (outcome) => { void this.post(() => this.passEnded(outcome)).catch(() => undefined); },
      (error: unknown) => { void this.post(() => this.passFailed(error)).catch(() => undefined); },
    );
  }

  private onEvent(e: RunEvent): unknown {
    // Asked in mailbox order: no answer is written between a question being sent and where it went
    // being recorded, so a kill there cannot ask it twice.
    if (e.type === 'aprobaciones') return this.post(async () => this.listener(e)).finally(() => this.leave());
    return this.listener(e);
  }

  /** The first pass's place is given up: the next run waiting to plan goes on. */
  private leave(): void {
    this.ticket?.leave();
    this.ticket = undefined;
  }

  private async passEnded(outcome: RunOutcome): Promise<void> {
    this.pass = undefined;
    const paused = outcome.stopReason === 'awaiting_approval' || outcome.stopReason === 'awaiting_answer';
    if (paused && (this.dirty || this.controller.signal.aborted)) {
      // An answer (or /cancelar) came while the pass was returning: go on from disk.
      await this.startPass();
      return;
    }
    if (paused) {
      this.status = { kind: 'paused', interruptions: { approvals: outcome.awaiting ?? [], ...(outcome.question ? { question: outcome.question } : {}) } };
      try {
        await this.listener({ type: 'pausa', outcome });
      } catch (error) {
        await this.passFailed(error);
      }
      return;
    }
    this.status = { kind: 'finished', outcome, delivered: false };
    try {
      await this.listener({ type: 'fin', outcome });
      this.status = { kind: 'finished', outcome, delivered: true };
    } finally {
      this.done();
    }
  }

  private async passFailed(error: unknown): Promise<void> {
    this.pass = undefined;
    this.leave();
    this.status = { kind: 'finished', delivered: false };
    try {
      await this.listener({ type: 'fallo', error });
    } finally {
      this.done();
    }
  }
}

/**
 * `admission`: where runs wait their turn to plan (admission.ts), shared by every service of the
 * process (a class: one per student); default one of this set of drivers' own.
 */
export function createRunDrivers(backend: DriverBackend, admission: Admission = createAdmission()): RunDrivers {
  const drivers = new Map<string, RunDriver>();

  return {
    open(req, listener) {
      if (drivers.has(req.runId)) return;
      const d: RunDriver = new RunDriver(req, backend, listener, () => {
        if (drivers.get(req.runId) !== d) return;
        drivers.delete(req.runId);
        backend.closed?.(req.runId);
      }, admission);
      drivers.set(req.runId, d);
      void d.post(() => d.startPass()).catch(() => undefined);
    },

    decide(runId, approvalId, answer, answered) {
      const d = drivers.get(runId);
      // Not open in this process (a restart has not taken it up yet): written, read when it resumes.
      if (!d) return backend.decide(runId, approvalId, answer);
      return d.post(async () => {
        const r = await backend.decide(runId, approvalId, answer);
        if (r.kind !== 'ok' && r.kind !== 'already') return r;
        await d.listener({ type: 'decidida', approval: r.approval, decision: r.decision });
        // The caller reports its own failure (a toast Telegram refused): the run is woken all the same.
        await answered?.(r).catch(() => undefined);
        // A no waiting for its reason keeps the run paused until the reason question closes.
        if (r.kind === 'ok' && !r.decision.awaitingNote) await d.wake();
        return r;
      });
    },

    answer(runId, text) {
      const d = drivers.get(runId);
      if (!d || d.controller.signal.aborted) return Promise.resolve({ kind: 'unknown' });
      return d.post(async () => {
        const r = await backend.answer(runId, text);
        if (r.kind === 'ok') await d.wake();
        return r;
      });
    },

    giveNote(runId, approvalId, note) {
      const d = drivers.get(runId);
      if (!d) return backend.giveNote(runId, approvalId, note);
      return d.post(async () => {
        const r = await backend.giveNote(runId, approvalId, note);
        if (r.kind === 'unknown') return r;
        await d.listener({ type: 'motivo', approvalId, decision: r.decision });
        if (r.kind === 'ok') await d.wake();
        return r;
      });
    },

    delivered: (runId, fact) => backend.delivered(runId, fact),

    cancel(runId) {
      const d = drivers.get(runId);
      if (!d || d.controller.signal.aborted) return false;
      d.controller.abort();
      void d.post(() => d.wake()).catch(() => undefined);
      return true;
    },

    release(runId) {
      const d = drivers.get(runId);
      if (!d || d.status.kind !== 'paused' || d.busy()) return false;
      drivers.delete(runId);
      return true;
    },

    cancelled: (runId) => drivers.get(runId)?.controller.signal.aborted ?? false,
    status: (runId) => drivers.get(runId)?.status,

    async idle() {
      for (;;) {
        const busy = [...drivers.values()].filter((d) => d.busy());
        if (busy.length === 0) return;
        await Promise.allSettled(busy.map((d) => d.settled()));
      }
    },
  };
}
