/**
 * Durable run state (SPEC §7) under `<dataDir>/runs/<runId>/`:
 *   checkpoint.json  `{version: 2, task, turns, tokensUsed, messages, pending, approvals, ...}`,
 *                    written atomically at point A (response arrived, pending calls recorded), when
 *                    a turn's approvals are asked (they are values here, CONVENTIONS §15), and at
 *                    point B (all results appended, pending and approvals cleared); version 1
 *                    files (no approvals) still load;
 *   decisions.json   the owner's answers, keyed by approval id: who, when, and the hash of the
 *                    exact arguments approved — written before the run resumes, read from disk by it;
 *   journal.json     the effects journal keyed by tool_use_id: a call's real result, written only
 *                    AFTER it succeeded; plus "started" markers written just before a turn's calls
 *                    are dispatched, so a resume can tell "never started" from "outcome unknown".
 * The loader never resets silently: a missing, unparsable or unknown-version file is refused with a
 * message saying what to do.
 */
import { own, setOwn } from '../lib/own.js';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { writeFileAtomic } from '../store/atomic.js';
import type { DryRun, NotApprovedReason, Persona, ToolResult } from '../tools/contract.js';
import type { MessageParam, ToolUseBlock } from './model/types.js';
import { CHECKPOINT } from '../strings/agent.js';

/** Why a run stopped, kept in its state on disk (`finished`); agent/types.ts re-exports it for the layers above. */
export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'refusal'
  | 'max_iteraciones'
  | 'presupuesto'
  | 'cancelado'
  | 'error'
  /** Paused, not finished: approvals wait for the owner (RunOutcome.awaiting); resume after deciding. */
  | 'awaiting_approval'
  /** Paused, not finished: the model asked the owner something (RunOutcome.question); resume after `answer`. */
  | 'awaiting_answer';

export const CHECKPOINT_VERSION = 2;
/** Versions the loader reads: 1 is upgraded in memory (it had no approvals). */
const READABLE_VERSIONS: readonly number[] = [1, 2];

export interface RunTask {
  runId: string;
  text: string;
  /** `herramienta`: one call the owner typed (`call`), no model (agent/model/one-call.ts). */
  mode: 'agente' | 'semana' | 'herramienta';
  week?: number;
  /** The one call of a `herramienta` run, with its tool_use id. */
  call?: ToolUseBlock;
  /** Decided once from the owner's words ("rehaga…"): side-effecting calls store a new version. */
  redo: boolean;
  /** Who asked (the chat user or the page's persona): named on every audit line of the run's calls. Absent: the terminal, or a run begun before it was kept. */
  persona?: Persona;
  maxIterations: number;
  tokenBudget: number;
  startedAt: string;
}

/** One way the owner may run a proposed call: the proposal itself or a schema-derived alternative. */
export interface ApprovalOption {
  args: Record<string, unknown>;
  /** argsHash(args): what a button binds to, so a stale button can never approve other arguments. */
  hash: string;
  preview: DryRun;
  /** Which owner-changeable field differs from the proposal, and its new value (alternatives only). */
  change?: { field: string; value: unknown };
}

/**
 * A confirmation call of the current turn waiting for (or having had) the owner's decision. Recorded
 * in the checkpoint before anyone is asked; the call runs only once its decision is on disk.
 */
export interface PendingApproval {
  /** Opaque, unique id (fits Telegram callback data). */
  id: string;
  callId: string;
  tool: string;
  /** The proposal as the model made it (validated) — `options[0]`. */
  proposal: ApprovalOption;
  /** Schema-derived alternatives for the fields the owner may change. */
  alternatives: ApprovalOption[];
  askedAt: string;
}

/** The owner's answer to one PendingApproval, as written in `decisions.json`. */
export interface RecordedDecision {
  approvalId: string;
  callId: string;
  approved: boolean;
  /** Hash of the exact arguments approved (the proposal's or an alternative's); absent for a no. */
  hash?: string;
  reason?: NotApprovedReason;
  /** The owner's optional reason for a no; the model receives it. */
  note?: string;
  /**
   * A no whose optional reason the owner is being asked for (the bot's Rechazar): the decision
   * stands (never asked again), but the call waits until `completeNote` closes it — with the
   * reason, or without one. A pause on disk like any other (CONVENTIONS §15).
   */
  awaitingNote?: true;
  by?: string;
  /** Who decided (id and name), written to the audit with the call's result; absent for an expiry. */
  persona?: Persona;
  at: string;
}
export interface DecisionsV1 {
  version: 1;
  decisions: Record<string, RecordedDecision>;
}

export interface CheckpointV2 {
  version: 2;
  task: RunTask;
  /** Model calls made so far. */
  turns: number;
  /** input + output tokens of every response so far (the budget's running total). */
  tokensUsed: number;
  messages: MessageParam[];
  /** tool_use blocks of the last response still without a result (point A); [] at point B. */
  pending: ToolUseBlock[];
  /** Split of tokensUsed, for the cost. */
  usage?: { input: number; output: number };
  /** stop_reason of the last response. */
  lastStopReason?: string;
  updatedAt?: string;
  /** Set when the run ended for good (not resumable); absent = unfinished. */
  finished?: { stopReason: StopReason; at: string; detail?: string };
  /** Approvals of the current turn (pending calls), in tool_use order; [] at point B. */
  approvals: PendingApproval[];
  /**
   * The typed result of every call answered in `messages`, by tool_use id, written with them at
   * point B (the planners' ledger). Absent in checkpoints written before it: the journal holds them.
   */
  results?: Record<string, ToolResult>;
}


export interface JournalEntry {
  name: string;
  /** Present once the call returned; absent = started, outcome unknown. */
  result?: ToolResult;
  startedAt: string;
  finishedAt?: string;
}
export interface JournalV1 {
  version: 1;
  entries: Record<string, JournalEntry>;
}

export function runDir(dataDir: string, runId: string): string {
  return path.join(dataDir, 'runs', runId);
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.corrupt(file, (e as Error).message));
  }
}

/** Checks a parsed checkpoint (v1 is upgraded to v2); exported so the frozen fixtures are tested through it. */
export function parseCheckpoint(file: string, text: string): CheckpointV2 {
  if (text.trim() === '') throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.corrupt(file, 'archivo vacío'));
  const data = parseJson(file, text) as (Omit<Partial<CheckpointV2>, 'version'> & { version?: unknown }) | null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.badShape(file, 'no es un objeto'));
  if (!READABLE_VERSIONS.includes(data.version as number)) throw new StateFileError('UNSUPPORTED_VERSION', file, CHECKPOINT.badVersion(file, data.version));
  if (data.version === 1) data.approvals = [];
  const problems: string[] = [];
  if (!data.task || typeof data.task !== 'object' || typeof data.task.runId !== 'string' || typeof data.task.text !== 'string') problems.push('task');
  if (!Number.isInteger(data.turns)) problems.push('turns');
  if (typeof data.tokensUsed !== 'number') problems.push('tokensUsed');
  if (!Array.isArray(data.messages)) problems.push('messages');
  if (!Array.isArray(data.pending)) problems.push('pending');
  if (!Array.isArray(data.approvals)) problems.push('approvals');
  if (data.results !== undefined && (typeof data.results !== 'object' || data.results === null || Array.isArray(data.results))) problems.push('results');
  if (problems.length > 0) throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.badShape(file, `faltan o están mal: ${problems.join(', ')}`));
  // A v1 journal stored results as model text: those entries are upgraded when the journal loads.
  return { ...(data as CheckpointV2), version: CHECKPOINT_VERSION };
}

/** The files of one run; one instance per run (journal writes are serialised through it). */
export class RunStore {
  readonly dir: string;
  readonly checkpointFile: string;
  readonly journalFile: string;
  readonly decisionsFile: string;
  private journal: JournalV1 = { version: 1, entries: {} };
  private journalWrites: Promise<void> = Promise.resolve();

  constructor(dataDir: string, readonly runId: string) {
    this.dir = runDir(dataDir, runId);
    this.checkpointFile = path.join(this.dir, 'checkpoint.json');
    this.journalFile = path.join(this.dir, 'journal.json');
    this.decisionsFile = path.join(this.dir, 'decisions.json');
  }

  /** A fresh (non-resume) run clears the previous checkpoint and journal. */
  async clear(): Promise<void> {
    await rm(this.checkpointFile, { force: true });
    await rm(this.journalFile, { force: true });
    await rm(this.decisionsFile, { force: true });
    this.journal = { version: 1, entries: {} };
  }

  async saveCheckpoint(cp: CheckpointV2): Promise<void> {
    await writeFileAtomic(this.checkpointFile, JSON.stringify({ ...cp, updatedAt: new Date().toISOString() }, null, 1));
  }

  /** Loads the checkpoint and the journal for a resume; refuses anything it cannot trust. */
  async load(): Promise<CheckpointV2> {
    let text: string;
    try {
      text = await readFile(this.checkpointFile, 'utf8');
    } catch {
      throw new StateFileError('NOT_FOUND', this.checkpointFile, CHECKPOINT.missing(this.checkpointFile));
    }
    const cp = parseCheckpoint(this.checkpointFile, text);
    this.journal = await this.loadJournal();
    return cp;
  }

  private async loadJournal(): Promise<JournalV1> {
    let text: string;
    try {
      text = await readFile(this.journalFile, 'utf8');
    } catch {
      return { version: 1, entries: {} };
    }
    const data = parseJson(this.journalFile, text) as Partial<JournalV1> | null;
    if (!data || data.version !== 1 || typeof data.entries !== 'object' || data.entries === null) {
      throw new StateFileError('UNSUPPORTED_VERSION', this.journalFile, CHECKPOINT.badVersion(this.journalFile, data?.version));
    }
    for (const e of Object.values(data.entries ?? {})) if (e.result) e.result = upgradeResult(e.result);
    return data as JournalV1;
  }

  /** The owner's decisions so far, from disk (another process, or a tap, may have written one). */
  async decisions(): Promise<Record<string, RecordedDecision>> {
    let text: string;
    try {
      text = await readFile(this.decisionsFile, 'utf8');
    } catch {
      return {};
    }
    const data = parseJson(this.decisionsFile, text) as Partial<DecisionsV1> | null;
    if (!data || data.version !== 1 || typeof data.decisions !== 'object' || data.decisions === null) {
      throw new StateFileError('UNSUPPORTED_VERSION', this.decisionsFile, CHECKPOINT.badVersion(this.decisionsFile, data?.version));
    }
    return data.decisions;
  }

  /**
   * Writes a decision durably unless one is already recorded for that approval (the first wins).
   * Returns the decision that stands. Serialised with the journal writes of this store; callers in
   * one process share one store per run (agent/service.ts).
   */
  recordDecision(d: RecordedDecision): Promise<RecordedDecision> {
    const next = this.journalWrites.then(async () => {
      const all = await this.decisions();
      const standing = all[d.approvalId];
      if (standing) return standing;
      await writeFileAtomic(this.decisionsFile, JSON.stringify({ version: 1, decisions: { ...all, [d.approvalId]: d } } satisfies DecisionsV1));
      return d;
    });
    this.journalWrites = next.then(() => undefined, () => undefined);
    return next;
  }

  /**
   * Closes the reason question of a recorded no (`awaitingNote`): with the owner's reason, or
   * without one. Returns the decision that stands after it; undefined when there is no such no.
   * The first close wins: a second (a late reply after «Seguir sin motivo») changes nothing.
   */
  completeNote(approvalId: string, note: string | undefined): Promise<RecordedDecision | undefined> {
    const next = this.journalWrites.then(async () => {
      const all = await this.decisions();
      const standing = all[approvalId];
      if (!standing || standing.approved || !standing.awaitingNote) return standing;
      const { awaitingNote: _asked, ...rest } = standing;
      const closed: RecordedDecision = { ...rest, ...(note ? { note } : {}) };
      await writeFileAtomic(this.decisionsFile, JSON.stringify({ version: 1, decisions: { ...all, [approvalId]: closed } } satisfies DecisionsV1));
      return closed;
    });
    this.journalWrites = next.then(() => undefined, () => undefined);
    return next;
  }

  entry(toolUseId: string): JournalEntry | undefined {
    return own(this.journal.entries, toolUseId);
  }

  /** Marks calls as started (before dispatch): a later resume knows they may have run. */
  markStarted(calls: readonly { id: string; name: string }[]): Promise<void> {
    const at = new Date().toISOString();
    return this.write((j) => {
      for (const c of calls) setOwn(j.entries, c.id, { name: c.name, startedAt: own(j.entries, c.id)?.startedAt ?? at });
    });
  }

  /** Records a call's real result — only after it returned. */
  recordResult(id: string, name: string, result: ToolResult): Promise<void> {
    return this.write((j) => {
      setOwn(j.entries, id, { name, startedAt: own(j.entries, id)?.startedAt ?? new Date().toISOString(), result, finishedAt: new Date().toISOString() });
    });
  }

  /** Serialised read-modify-write of the whole (small) journal, atomically replaced each time. */
  private write(change: (j: JournalV1) => void): Promise<void> {
    const next = this.journalWrites.then(async () => {
      const copy = structuredClone(this.journal);
      change(copy);
      await writeFileAtomic(this.journalFile, JSON.stringify(copy));
      this.journal = copy;
    });
    this.journalWrites = next.catch(() => undefined);
    return next;
  }
}

/**
 * A journal entry written before outcomes were typed: `{content, is_error, outcome}` with the model's
 * text. Its JSON text is the data; its outcome the kind. Kept only so old runs still resume.
 */
function upgradeResult(r: ToolResult | { content?: unknown; outcome?: unknown; is_error?: unknown; code?: ToolResult['code']; artifacts?: ToolResult['artifacts'] }): ToolResult {
  if ('kind' in r && typeof r.kind === 'string') return r as ToolResult;
  const old = r as { content?: unknown; outcome?: unknown; code?: ToolResult['code']; artifacts?: ToolResult['artifacts'] };
  const text = typeof old.content === 'string' ? old.content : '';
  const kind = (['ok', 'cache', 'rechazado', 'denegado', 'error', 'simulacro'] as const).find((k) => k === old.outcome) ?? 'error';
  if (kind === 'error' || kind === 'denegado') return { kind, code: old.code ?? 'INTERNAL', message: text };
  if (kind === 'rechazado') return { kind, notApproved: { reason: 'rechazado' } };
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // plain text stays text
  }
  return { kind, data, ...(old.artifacts ? { artifacts: old.artifacts } : {}) };
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
  let ids: string[];
  try {
    ids = await readdir(path.join(dataDir, 'runs'));
  } catch {
    return 0;
  }
  const finished: Array<{ runId: string; at: string }> = [];
  for (const runId of ids) {
    const file = path.join(runDir(dataDir, runId), 'checkpoint.json');
    try {
      const cp = parseCheckpoint(file, await readFile(file, 'utf8'));
      if (cp.finished) finished.push({ runId, at: cp.finished.at });
    } catch {
      // unreadable: not ours to remove
    }
  }
  if (finished.length <= keep) return 0;
  finished.sort((a, b) => b.at.localeCompare(a.at) || a.runId.localeCompare(b.runId));
  const old = finished.slice(keep);
  for (const { runId } of old) await rm(runDir(dataDir, runId), { recursive: true, force: true });
  return old.length;
}

/** Runs whose checkpoint is not marked finished (found at start-up so they can be resumed). */
export async function listUnfinished(dataDir: string): Promise<Array<{ runId: string; text: string; updatedAt: string }>> {
  let ids: string[];
  try {
    ids = await readdir(path.join(dataDir, 'runs'));
  } catch {
    return [];
  }
  const out: Array<{ runId: string; text: string; updatedAt: string }> = [];
  for (const runId of ids.sort()) {
    const file = path.join(runDir(dataDir, runId), 'checkpoint.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    try {
      const cp = parseCheckpoint(file, text);
      if (!cp.finished) out.push({ runId, text: cp.task.text, updatedAt: cp.updatedAt ?? cp.task.startedAt });
    } catch (e) {
      // A damaged checkpoint is still an unfinished run the owner must look at — never hidden.
      out.push({ runId, text: `(punto de control dañado: ${(e as Error).message})`, updatedAt: '' });
    }
  }
  return out;
}
