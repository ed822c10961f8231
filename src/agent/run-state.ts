/**
 * Durable run state (SPEC §7) under `<dataDir>/runs/<runId>/`:
 *   checkpoint.json  `{version: 1, task, turns, tokensUsed, messages, pending, ...}`, written
 *                    atomically at point A (response arrived, pending calls recorded) and point B
 *                    (all results appended, pending cleared);
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
import type { ToolResult } from '../tools/contract.js';
import type { MessageParam, ToolUseBlock } from './model/types.js';
import { CHECKPOINT } from './strings.js';
import type { StopReason } from './types.js';

export const CHECKPOINT_VERSION = 1;

export interface RunTask {
  runId: string;
  text: string;
  mode: 'agente' | 'semana';
  week?: number;
  /** Decided once from the owner's words ("rehaga…"): side-effecting calls store a new version. */
  redo: boolean;
  maxIterations: number;
  tokenBudget: number;
  startedAt: string;
}

export interface CheckpointV1 {
  version: 1;
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

/** Checks a parsed checkpoint; exported so the frozen v1 fixture is tested through it. */
export function parseCheckpoint(file: string, text: string): CheckpointV1 {
  if (text.trim() === '') throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.corrupt(file, 'archivo vacío'));
  const data = parseJson(file, text) as Partial<CheckpointV1> | null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.badShape(file, 'no es un objeto'));
  if (data.version !== CHECKPOINT_VERSION) throw new StateFileError('UNSUPPORTED_VERSION', file, CHECKPOINT.badVersion(file, data.version));
  const problems: string[] = [];
  if (!data.task || typeof data.task !== 'object' || typeof data.task.runId !== 'string' || typeof data.task.text !== 'string') problems.push('task');
  if (!Number.isInteger(data.turns)) problems.push('turns');
  if (typeof data.tokensUsed !== 'number') problems.push('tokensUsed');
  if (!Array.isArray(data.messages)) problems.push('messages');
  if (!Array.isArray(data.pending)) problems.push('pending');
  if (problems.length > 0) throw new StateFileError('CORRUPT_STATE', file, CHECKPOINT.badShape(file, `faltan o están mal: ${problems.join(', ')}`));
  return data as CheckpointV1;
}

/** The files of one run; one instance per run (journal writes are serialised through it). */
export class RunStore {
  readonly dir: string;
  readonly checkpointFile: string;
  readonly journalFile: string;
  private journal: JournalV1 = { version: 1, entries: {} };
  private journalWrites: Promise<void> = Promise.resolve();

  constructor(dataDir: string, readonly runId: string) {
    this.dir = runDir(dataDir, runId);
    this.checkpointFile = path.join(this.dir, 'checkpoint.json');
    this.journalFile = path.join(this.dir, 'journal.json');
  }

  /** A fresh (non-resume) run clears the previous checkpoint and journal. */
  async clear(): Promise<void> {
    await rm(this.checkpointFile, { force: true });
    await rm(this.journalFile, { force: true });
    this.journal = { version: 1, entries: {} };
  }

  async saveCheckpoint(cp: CheckpointV1): Promise<void> {
    await writeFileAtomic(this.checkpointFile, JSON.stringify({ ...cp, updatedAt: new Date().toISOString() }, null, 1));
  }

  /** Loads the checkpoint and the journal for a resume; refuses anything it cannot trust. */
  async load(): Promise<CheckpointV1> {
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
    return data as JournalV1;
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
