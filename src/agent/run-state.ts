/**
 * Durable run state (docs/design.md §7): ONE versioned value per run, `<dataDir>/runs/<runId>/run.json`
 * (run-file.ts says its shape and how every earlier layout is read), and its one writer per run
 * and process, RunStore. Everything the run must remember goes through it, one write at a time:
 *   - the checkpoint part, saved whole by the loop at point A (response arrived, pending calls
 *     recorded), when a turn's approvals are asked (they are values here, docs/design.md §35), at
 *     point B (all results appended with their typed ledger, pending and approvals cleared) and
 *     when the run ends (`finished`);
 *   - the owner's decisions, keyed by approval id: who, when, and the hash of the exact arguments
 *     approved — written before the run resumes, read by it from the store (the first answer wins);
 *   - the effects journal keyed by tool_use_id: "started" markers written just before a call is
 *     dispatched, so a resume can tell "never started" from "outcome unknown", and a call's real
 *     result, written only AFTER it succeeded.
 * The file goes through its DocumentFormat's adapter (run-file.ts, store/document.ts): each read
 * parses, migrates and checks it; each write checks the state and replaces the whole file
 * atomically (temporary file, fsync, rename), and the state in memory takes it only once it is on
 * disk, so memory never runs ahead of the file. The batching (group commit, a change refused alone)
 * stays here, over that adapter. A run found in an earlier layout (`run.json` version 3, or
 * checkpoint.json + decisions.json + journal.json) is migrated ONCE, at the store's first read: it is
 * written back as `run.json` then, and the old files are removed only after that.
 * The loader never resets silently: a missing, unparsable, misshapen or unknown-version file is
 * refused with a message saying what to do.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { own, setOwn } from '../lib/own.js';
import { removeReplaced } from '../store/replaced.js';
import { CHECKPOINT } from '../strings/agent.js';
import { STORE } from '../strings/console.js';
import type { ToolResult } from '../tools/contract.js';
import { applyFact, type DeliveryFact } from './delivery-facts.js';
import { stillPending } from '../store/decision.js';
import { approvalState, checkpointOf, emptyDelivery, hasLegacyFiles, LEGACY_FILES, readLegacyFolder, readRunFolder, runAdapter, RUN_FILE, RUN_STATE_VERSION, runDir, runStateProblem, type Checkpoint, type JournalEntry, type RecordedDecision, type RunDelivery, type RunStateV4 } from './run-file.js';

export { parseCheckpoint, runDir, RUN_FILE, RUN_STATE_VERSION } from './run-file.js';
export type { ApprovalOption, Checkpoint, JournalEntry, PendingApproval, RecordedDecision, RunDelivery, RunStateV4, RunTask, StopReason } from './run-file.js';

/** A deep copy through JSON: what the file holds (own keys only, `__proto__` included, as data). */
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A change waiting for its batch's write (RunStore.mutate). */
interface Pending {
  change: (copy: RunStateV4 | undefined) => { next?: RunStateV4; value: unknown };
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
}

/** The state of one run and its one writer in this process (service.ts keeps one per run). */
export class RunStore {
  readonly dir: string;
  /** The run's one file. */
  readonly file: string;
  /** The state as it is on disk once the queue is drained; undefined: the run has none (yet). */
  private state: RunStateV4 | undefined;
  private loaded = false;
  /** The file's one reader and writer: run.json's format (run-file.ts) over store/document.ts's adapter. */
  private readonly doc: ReturnType<typeof runAdapter>;
  /**
   * How many times this store has written the run's file: a class's cost per week is counted in
   * these (bench:clase), and group commit (mutate) is what keeps it small.
   */
  writes = 0;
  /** Every read-modify-write of this run, one at a time, in the order asked. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string, readonly runId: string) {
    this.dir = runDir(dataDir, runId);
    this.file = path.join(this.dir, RUN_FILE);
    this.doc = runAdapter(this.file);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    // Anything queued after a batch that is still gathering closes it: a change asked later must
    // not land before this (mutate).
    this.gathering = undefined;
    this.inFlight += 1;
    const next = this.queue.then(fn);
    this.queue = next.catch(() => undefined).finally(() => { this.inFlight -= 1; });
    return next;
  }

  /** Reads and writes asked and not yet done. */
  private inFlight = 0;

  /** Settles once every read and write asked so far is done. */
  async settled(): Promise<void> {
    await this.queue;
  }

  /** Nothing asked is still to be done: the store holds nothing the file does not, and may be let go (service.ts: a finished run's). */
  get idle(): boolean {
    return this.inFlight === 0;
  }

  private async ensureLoaded(): Promise<void> {
    if (this.loaded) return;
    this.state = await this.readFolder();
    this.loaded = true;
  }

  /**
   * The run's first read: `run.json` through its format (a version 3 migrated), else the layout
   * before it (readLegacyFolder). What was read through a migration is written back at once, as it
   * was read (its `updatedAt` too): the readers of old layouts run once per run, not at every start.
   * The old layout's files go only once `run.json` is on disk; leftovers of a kill in between are
   * removed here too (while run.json exists they are ignored).
   */
  private async readFolder(): Promise<RunStateV4 | undefined> {
    const read = await this.doc.readDocument();
    const state = read.doc ?? (await readLegacyFolder(this.dir));
    if (!state) return undefined;
    if (read.migrated || !read.doc) await this.write(state);
    // Best effort: a leftover that cannot be removed now is ignored and tried again at the next first read.
    if (await hasLegacyFiles(this.dir)) await removeReplaced(this.dir, Object.values(LEGACY_FILES)).catch(() => false);
    return state;
  }

  /** A fresh (non-resume) run clears the previous state (and any file of an earlier layout). */
  clear(): Promise<void> {
    return this.serial(async () => {
      // The old layout's files first: while run.json exists they are ignored, so a kill in between
      // can never bring an older state back.
      for (const f of Object.values(LEGACY_FILES)) await rm(path.join(this.dir, f), { force: true });
      await rm(this.file, { force: true });
      this.state = undefined;
      this.loaded = true;
    });
  }

  /**
   * Saves the loop's checkpoint part; the decisions, the journal and the delivery facts on disk are
   * kept as they are, but for `fact`, applied in the same write (an answer and its being answered).
   */
  saveCheckpoint(cp: Checkpoint, fact?: DeliveryFact): Promise<void> {
    // Copied now: the loop goes on changing its value while the write waits its turn.
    const snap = clone(checkpointOf(cp));
    return this.mutate((s) => {
      const delivery = s?.delivery ?? emptyDelivery();
      return { next: { version: RUN_STATE_VERSION, ...snap, decisions: s?.decisions ?? {}, journal: s?.journal ?? {}, delivery: fact ? applyFact(delivery, fact) : delivery }, value: undefined };
    });
  }

  /**
   * Writes one delivery fact (what the owner was shown of the run); returns the facts that stand
   * after it. A fact that changes nothing (applied before) writes nothing.
   */
  recordDelivery(fact: DeliveryFact): Promise<RunDelivery> {
    return this.mutate((s) => {
      const state = this.existing(s);
      const next = applyFact(state.delivery, fact);
      if (JSON.stringify(next) === JSON.stringify(state.delivery)) return { value: next };
      state.delivery = next;
      return { next: state, value: clone(next) };
    });
  }

  /** The whole state as on disk (after every write asked before this call); undefined: none. */
  read(): Promise<RunStateV4 | undefined> {
    return this.serial(async () => {
      await this.ensureLoaded();
      return this.state ? clone(this.state) : undefined;
    });
  }

  /** Reads the run from disk (whatever its layout) for a resume; refuses anything it cannot trust. */
  load(): Promise<Checkpoint> {
    return this.serial(async () => {
      const state = await this.readFolder();
      if (!state) throw new StateFileError('NOT_FOUND', this.file, CHECKPOINT.missing(this.file));
      this.state = state;
      this.loaded = true;
      return clone(checkpointOf(state));
    });
  }

  /** The owner's decisions so far, as on disk (after every write asked before this call). */
  decisions(): Promise<Record<string, RecordedDecision>> {
    return this.serial(async () => {
      await this.ensureLoaded();
      return clone(this.state?.decisions ?? {});
    });
  }

  /**
   * Writes a decision durably unless one is already recorded for that approval (the first wins).
   * Returns the decision that stands.
   */
  recordDecision(d: RecordedDecision): Promise<RecordedDecision> {
    return this.mutate((s) => {
      const state = this.existing(s);
      const standing = own(state.decisions, d.approvalId);
      // The one transition's table (store/decision.ts): only a pending approval takes an answer.
      if (stillPending({ estado: approvalState(standing) })) return { value: standing! };
      setOwn(state.decisions, d.approvalId, d);
      return { next: state, value: d };
    });
  }

  /**
   * Closes the reason question of a recorded no (`awaitingNote`): with the owner's reason, or
   * without one. Returns the decision that stands after it; undefined when there is no such no.
   * The first close wins: a second (a late reply after «Seguir sin motivo») changes nothing.
   */
  completeNote(approvalId: string, note: string | undefined): Promise<RecordedDecision | undefined> {
    return this.mutate((s) => {
      const state = this.existing(s);
      const standing = own(state.decisions, approvalId);
      if (!standing || standing.approved || !standing.awaitingNote) return { value: standing };
      const { awaitingNote: _asked, ...rest } = standing;
      const closed: RecordedDecision = { ...rest, ...(note ? { note } : {}) };
      setOwn(state.decisions, approvalId, closed);
      return { next: state, value: closed };
    });
  }

  /** The journal's entry of a call, as last loaded or written. */
  entry(toolUseId: string): JournalEntry | undefined {
    return this.state ? own(this.state.journal, toolUseId) : undefined;
  }

  /** Marks calls as started (before dispatch): a later resume knows they may have run. */
  markStarted(calls: readonly { id: string; name: string }[]): Promise<void> {
    const at = new Date().toISOString();
    return this.mutate((s) => {
      const state = this.existing(s);
      for (const c of calls) setOwn(state.journal, c.id, { name: c.name, startedAt: own(state.journal, c.id)?.startedAt ?? at });
      return { next: state, value: undefined };
    });
  }

  /** Records a call's real result — only after it returned. */
  recordResult(id: string, name: string, result: ToolResult): Promise<void> {
    return this.mutate((s) => {
      const state = this.existing(s);
      setOwn(state.journal, id, { name, startedAt: own(state.journal, id)?.startedAt ?? new Date().toISOString(), result: clone(result), finishedAt: new Date().toISOString() });
      return { next: state, value: undefined };
    });
  }

  /** A change of a run that has no state: refused, never written as a state without its request. */
  private existing(s: RunStateV4 | undefined): RunStateV4 {
    if (!s) throw new StateFileError('NOT_FOUND', this.file, CHECKPOINT.missing(this.file));
    return s;
  }

  /**
   * One read-modify-write, in turn: `change` gets a copy of the state (undefined: none yet) and
   * says what to write (`next`, or nothing) and what to answer. Memory takes `next` only once it
   * is on disk; a failed write leaves both as they were.
   *
   * Group commit: changes asked while an earlier write of this run is still on its way wait
   * together, and are applied in the order asked and written as ONE file — each caller still
   * resolves only once a write holding its change is on disk. What lands is always a state the
   * changes one by one would have written (a prefix of them, in order), so a kill at any point
   * leaves nothing a single writer could not have left; a class's runs answer several events at
   * once (a turn's calls each marked started, a fact shown beside a result) and paid a temporary
   * file, an fsync and a rename for each.
   */
  private mutate<T>(change: (copy: RunStateV4 | undefined) => { next?: RunStateV4; value: T }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const item: Pending = { change: change as Pending['change'], resolve: resolve as Pending['resolve'], reject };
      // Joins the batch that waits its turn; else a new batch takes its place in the queue.
      if (this.gathering) {
        this.gathering.push(item);
        return;
      }
      const batch: Pending[] = [item];
      void this.serial(async () => {
        if (this.gathering === batch) this.gathering = undefined;
        await this.applyBatch(batch);
      });
      this.gathering = batch;
    });
  }

  /** The batch that has not started yet: a change asked now joins it (mutate). */
  private gathering: Pending[] | undefined;

  /** A batch's changes applied in order to one copy, written once, each caller answered after. */
  private async applyBatch(batch: Pending[]): Promise<void> {
    try {
      await this.ensureLoaded();
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    let working = this.state ? clone(this.state) : undefined;
    let dirty = false;
    const answered: Array<{ p: Pending; value: unknown }> = [];
    for (const p of batch) {
      let out: { next?: RunStateV4; value: unknown };
      try {
        // Each change sees a copy of what the ones before it made: a change that throws leaves it
        // as it was. A batch's only change — the usual case — gets the batch's own copy: nothing
        // else would read it if the change threw (one deep copy of the run per write, not two).
        out = p.change(working && batch.length > 1 ? clone(working) : working);
      } catch (e) {
        p.reject(e);
        continue;
      }
      if (out.next) {
        // A state the loader would refuse is refused alone, so the batch's other changes still land:
        // with other changes in the batch it is checked here; a batch's only change is checked once,
        // by the write (the adapter's check), with the same refusal.
        const problem = batch.length > 1 ? runStateProblem({ ...out.next, updatedAt: new Date().toISOString() }) : undefined;
        if (problem) {
          p.reject(new StateFileError('CORRUPT_STATE', this.file, STORE.notSaved(this.file, problem)));
          continue;
        }
        working = out.next;
        dirty = true;
      }
      answered.push({ p, value: out.value });
    }
    if (dirty) {
      try {
        await this.commit(working!);
      } catch (e) {
        // Nothing of the batch is on disk: no caller hears a value the file does not hold.
        for (const { p } of answered) p.reject(e);
        return;
      }
    }
    for (const { p, value } of answered) p.resolve(value);
  }

  /** Writes `next` as the run's new state (applyBatch's batch): memory takes it once it is on disk. */
  private async commit(next: RunStateV4): Promise<void> {
    next.updatedAt = new Date().toISOString();
    await this.write(next);
    this.state = next;
  }

  /** The one write of the file: the format's check, then an atomic write; a state the check refuses is never written. */
  private async write(next: RunStateV4): Promise<void> {
    await this.doc.write(next);
    this.writes += 1;
  }
}

/**
 * How many FINISHED runs `runs/` keeps (the most recently finished); an unfinished run is never
 * removed — only the owner discards it.
 */
export const FINISHED_RUNS_KEPT = 200;

/**
 * Removes the folders of finished runs beyond the newest `keep` (by their `finished.at`). A damaged
 * or unreadable checkpoint counts as unfinished and stays. Returns how many it removed.
 */
export async function pruneFinishedRuns(dataDir: string, keep = FINISHED_RUNS_KEPT): Promise<number> {
  const finished: Array<{ runId: string; at: string }> = [];
  for (const { runId, state } of await readRuns(dataDir)) if (state?.finished) finished.push({ runId, at: state.finished.at });
  if (finished.length <= keep) return 0;
  finished.sort((a, b) => b.at.localeCompare(a.at) || a.runId.localeCompare(b.runId));
  const old = finished.slice(keep);
  for (const { runId } of old) await rm(runDir(dataDir, runId), { recursive: true, force: true });
  return old.length;
}

/** Runs whose state is not marked finished (found at start-up so they can be resumed). */
export async function listUnfinished(dataDir: string): Promise<Array<{ runId: string; text: string; updatedAt: string }>> {
  const out: Array<{ runId: string; text: string; updatedAt: string }> = [];
  for (const { runId, state, damage } of await readRuns(dataDir)) {
    // A damaged state is still an unfinished run the owner must look at — never hidden.
    if (damage) out.push({ runId, text: CHECKPOINT.damagedText(damage), updatedAt: '' });
    else if (state && !state.finished) out.push({ runId, text: state.task.text, updatedAt: state.updatedAt ?? state.task.startedAt });
  }
  return out;
}

/** Every run folder under `runs/`, sorted by id: its state (any layout), or why it cannot be read. */
async function readRuns(dataDir: string): Promise<Array<{ runId: string; state?: RunStateV4; damage?: string }>> {
  let ids: string[];
  try {
    ids = await readdir(path.join(dataDir, 'runs'));
  } catch {
    return [];
  }
  const out: Array<{ runId: string; state?: RunStateV4; damage?: string }> = [];
  for (const runId of ids.sort()) {
    try {
      const folder = await readRunFolder(runDir(dataDir, runId));
      if (folder) out.push({ runId, state: folder.state });
    } catch (e) {
      out.push({ runId, damage: (e as Error).message });
    }
  }
  return out;
}
