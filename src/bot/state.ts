/**
 * The bot's own durable state, `<dataDir>/bot/estado.json`: only which message shows what — which
 * chat each run not yet delivered belongs to (who asked, its status message, the message of its
 * question back), where each approval of a paused run is shown (chat, message, who may decide, the
 * reason question of a no) — its decision is the run's, never copied here — and which message carried
 * each file to each chat (`sent`). The run's own facts — request, conversation, approvals, the
 * decisions that count, the effects journal, how it ended, and what its owner was shown of it (the
 * files sent as they were made, the question asked and answered, the waits for the owner, the
 * closing steps, whether its outcome was delivered) — are the agent's one file per run
 * (`runs/<id>/run.json`, agent/run-file.ts), written through the run's driver.
 *
 * A file written before the delivery facts moved holds them on its run records (`LegacyRunFacts`):
 * they are still read (and checked), carried into each run's file once at start-up and then dropped
 * from here (runs.ts `carryLegacyFacts`).
 *
 * Versioned like the agent's checkpoints: an unknown version or a cut file is refused with a
 * message saying what to do, never replaced by an empty state. Writes are atomic and serialised.
 */
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { isChatId, isUserId } from '../lib/ids.js';
import { CLOSING_STEPS, type ClosingStep, type RunDelivery } from '../agent/delivery-facts.js';
import { DurableDocument, type DocumentFormat, type WriteText, type ShapeCheck } from '../store/document.js';
import { BOT_CHECK, STATE } from '../strings/console.js';
import { dropDecisionCopies } from './legacy-decisions.js';

/** Why a second bot on the same data dir does not start. */
const S_BUSY = (file: string) => STATE.botBusy(path.dirname(path.dirname(file)));

export const BOT_STATE_VERSION = 2;

/**
 * Who may answer and where the message lives. Its decision is the run's (run.json's `decisions`,
 * written through the run's driver): the record keeps no copy (version 1 did; `dropDecisionCopies`).
 */
export interface ApprovalRecord {
  /** Short opaque id used in callback data. */
  id: string;
  runId: string;
  /** tool_use id of the call: a resumed run re-asks the same call, which maps to this record. */
  callId: string;
  tool: string;
  chatId: number;
  ownerId: number;
  /** Where it was asked (informative): in every chat type only the owner may press (access.ts mayDecide). */
  group: boolean;
  messageId?: number;
  /** The message text as sent, so the decision can be appended to it. */
  text: string;
  /**
   * The buttons' options: the proposal's args hash first, then each alternative with its words.
   * `blocked`: its dry run found a precondition that fails (no consent, no engine), so approving it
   * could not work and it gets no button.
   */
  options?: Array<{ hash: string; label?: string; blocked?: boolean }>;
  createdAt: number;
  expiresAt: number;
  /**
   * The student's time zone when the question was asked (student-clock.ts): the decision's time is
   * shown in it, so a tap reads no settings of its own. Absent in records kept before it was.
   */
  zone?: string;
  /**
   * The optional reason for a no, asked with force_reply once the no is written: the question's
   * message (only a reply to it counts) and when the run stops waiting for it.
   */
  reasonAsk?: { messageId?: number; expiresAt: number };
  /** The week the call is about, when it names one: a no's reason that asks for another cover offers that week's again. */
  week?: number;
  /**
   * How long the call takes, in seconds, as its question said («Tardará unos 2 s», the dry run's
   * figure for the engine it names): the status's «cuando respondas» line gives the same one.
   */
  estimateS?: number;
}

export interface RunRecord {
  runId: string;
  chatId: number;
  ownerId: number;
  /** The asker's name as the chat showed it when the run began (the audit names who asked). */
  ownerName?: string;
  group: boolean;
  mode: 'agente' | 'semana';
  week?: number;
  text: string;
  startedAt: number;
  /** The run's status message, so a restarted bot can retire it instead of leaving it frozen. */
  statusMessageId?: number;
  /** The chat message that asked for it (absent: a button or an older file); see `BotState.taken`. */
  requestMessageId?: number;
  /**
   * The message that carries the run's question back of model turn `turn` (whether it was asked
   * and answered is the run's own fact, in its file).
   */
  question?: { turn: number; messageId?: number };
}

/**
 * What a bot state written before the delivery facts moved into the run's file (26bbfae and after)
 * may hold on a run record besides RunRecord: read, carried into the run's file once, then dropped.
 */
export interface LegacyRunFacts {
  delivered?: string[];
  question?: { turn: number; messageId?: number; answered?: boolean };
  closed?: ClosingStep[];
  outcomeDelivered?: boolean;
  waits?: Array<{ from: number; to: number }>;
  waitingSince?: number;
}

/** The delivery facts of a legacy run record, in the run file's words; undefined when it holds none. */
export function legacyFactsOf(r: RunRecord): Partial<RunDelivery> | undefined {
  const o = r as RunRecord & LegacyRunFacts;
  const facts: Partial<RunDelivery> = {
    ...(o.delivered ? { files: o.delivered } : {}),
    ...(o.closed ? { closed: o.closed } : {}),
    ...(o.outcomeDelivered ? { outcomeDelivered: true } : {}),
    ...(o.waits ? { waits: o.waits } : {}),
    ...(o.waitingSince !== undefined ? { waitingSince: o.waitingSince } : {}),
    ...(o.question ? { question: { turn: o.question.turn, ...(o.question.answered ? { answered: true as const } : {}) } } : {}),
  };
  // A question is carried every time (a no-op once the run's file has it): which turn was asked is
  // the run's fact, the message that shows it the bot's.
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/** Drops the legacy delivery facts of a run record in place (the message of its question stays). */
export function dropLegacyFacts(r: RunRecord): void {
  const o = r as RunRecord & LegacyRunFacts;
  delete o.delivered;
  delete o.closed;
  delete o.outcomeDelivered;
  delete o.waits;
  delete o.waitingSince;
  if (o.question) {
    delete o.question.answered;
    if (o.question.messageId === undefined) delete o.question;
  }
}

export { CLOSING_STEPS, type ClosingStep };

/** A file the chat already has: the message that carried it, so a repeat can point at it. */
export interface SentRecord {
  chatId: number;
  /** The artifact's path (its identity: a redo writes a new version under a new name). */
  path: string;
  messageId: number;
}

/** How many sent files each chat remembers (oldest forgotten first: such a file is just sent again). */
export const SENT_MAX_PER_CHAT = 64;

export interface BotState {
  version: typeof BOT_STATE_VERSION;
  runs: RunRecord[];
  approvals: ApprovalRecord[];
  /** Optional so files of this version written before it still load. */
  sent?: SentRecord[];
  /**
   * Per chat, the newest message taken up as a run's request. After a kill, Telegram hands the bot
   * again the updates it had not confirmed: a request already recorded as a run is not a new one.
   */
  taken?: TakenRequest[];
}

/** The newest request message of a chat that became a run (message ids only grow within a chat). */
export interface TakenRequest {
  chatId: number;
  messageId: number;
}

/** The bot's state file as a durable document (store/document.ts): checked, one process at a time. */
const botFormat = (file: string): DocumentFormat<BotState> => ({
  version: BOT_STATE_VERSION,
  empty: () => ({ version: BOT_STATE_VERSION, runs: [], approvals: [] }),
  check: checkBotState,
  // Version 1 kept a copy of each decision: carried into its run's file (if it lacks it), then dropped.
  migrations: { 1: (old) => dropDecisionCopies(path.dirname(path.dirname(file)), old) },
  recovery: '',
  lock: { kind: 'lifetime', busy: S_BUSY(file) },
  refuse: (f) => (kind, problem, found) => {
    switch (kind) {
      case 'unreadable': return new StateFileError('CORRUPT_STATE', f, STATE.botUnreadable(f, problem));
      case 'not-json': return new StateFileError('CORRUPT_STATE', f, STATE.botNotJson(f));
      case 'version': return new StateFileError('UNSUPPORTED_VERSION', f, STATE.botVersion(f, found, BOT_STATE_VERSION));
      case 'shape': return new StateFileError('CORRUPT_STATE', f, problem === NO_LISTS ? STATE.botLists(f) : STATE.botDamaged(f, problem));
    }
  },
});

export class BotStateFile {
  readonly file: string;
  readonly #doc: DurableDocument<BotState>;

  /** `write`: how the file is written (default writeFileAtomic; a test counts or fails the writes through it). */
  constructor(dataDir: string, write?: WriteText) {
    this.file = path.join(dataDir, 'bot', 'estado.json');
    this.#doc = new DurableDocument(this.file, botFormat(this.file), write);
  }

  private get state(): BotState {
    return this.#doc.data;
  }

  /**
   * Takes the file's inter-process lock for this process's lifetime (one bot per data dir: the
   * state lives in memory and is rewritten whole, so a second bot would clobber the first's
   * approvals), then loads the file (absent = empty state). Throws StateFileError for a cut or
   * foreign file, or BUSY when another live bot holds the data dir. `close()` releases it.
   */
  async load(): Promise<void> {
    await this.#doc.open();
  }

  /** Records `record` as a run of this chat, with the message that asked for it (see `taken`); call inside `update`. */
  static addRun(s: BotState, record: RunRecord): void {
    s.runs.push(record);
    if (record.requestMessageId !== undefined) s.taken = [...(s.taken ?? []).filter((t) => t.chatId !== record.chatId), { chatId: record.chatId, messageId: record.requestMessageId }];
  }

  /** The run record `runId` of `s` (for a change: records are looked up in the document changed, never held). */
  static run(s: BotState, runId: string): RunRecord | undefined {
    return s.runs.find((r) => r.runId === runId);
  }

  /** The approval record `id` of `s` (for a change, like `run`). */
  static approval(s: BotState, id: string): ApprovalRecord | undefined {
    return s.approvals.find((a) => a.id === id);
  }

  /** True when `messageId` of `chatId` was already taken up as a run's request (a redelivered update). */
  requestTaken(chatId: number, messageId: number): boolean {
    const newest = this.state.taken?.find((t) => t.chatId === chatId)?.messageId;
    return newest !== undefined && messageId <= newest;
  }

  /** The message that carried `path` to `chatId`, if the chat has it. */
  sentMessage(chatId: number, path: string): number | undefined {
    return this.state.sent?.find((s) => s.chatId === chatId && s.path === path)?.messageId;
  }

  /** The files `chatId` has, oldest first (a redo's newer version comes after the one it replaced). */
  sentTo(chatId: number): readonly SentRecord[] {
    return (this.state.sent ?? []).filter((s) => s.chatId === chatId);
  }

  /** Remembers the message that carried `path` to `chatId` (the newest wins). */
  rememberSent(chatId: number, path: string, messageId: number): Promise<void> {
    return this.update((s) => {
      const others = (s.sent ?? []).filter((x) => !(x.chatId === chatId && x.path === path));
      const mine = others.filter((x) => x.chatId === chatId);
      const drop = new Set(mine.slice(0, Math.max(0, mine.length + 1 - SENT_MAX_PER_CHAT)));
      s.sent = [...others.filter((x) => !drop.has(x)), { chatId, path, messageId }];
    });
  }

  get runs(): readonly RunRecord[] {
    return this.state.runs;
  }

  get approvals(): readonly ApprovalRecord[] {
    return this.state.approvals;
  }

  /**
   * Writes `change` first, then makes it in memory (store/document.ts `mutate`): the promise
   * settles once a file holding the change is on disk (atomic, fsynced) and memory has it; if that
   * write fails, the change is on neither. `change` runs on a copy, then on memory: it finds the
   * records it changes in the state it is given (`BotStateFile.run`, `.approval`) and uses only
   * values computed before the call.
   *
   * Changes made while a write is in flight share the next one: a run's changes come in bursts
   * (its record, its status message, its approvals shown and decided), and each was a whole
   * rewrite with its fsync, queued behind the one before.
   */
  update(change: (s: BotState) => void): Promise<void> {
    return this.#doc.mutate(change);
  }

  /** Waits for pending writes (shutdown). */
  async flush(): Promise<void> {
    await this.#doc.flush();
  }

  /** Writes what is pending and lets the next bot on this data dir take the file. */
  async close(): Promise<void> {
    await this.#doc.close();
  }
}

/** The problem phrase of a file without its two lists (told with a sentence of its own). */
const NO_LISTS = '\0sin listas';

/** The bot state's shape, checked field by field (its phrases name the run or approval by position). */
const checkBotState: ShapeCheck<BotState> = (data) => {
  const o = data as Partial<BotState>;
  if (!Array.isArray(o.runs) || !Array.isArray(o.approvals)) return { ok: false, problem: NO_LISTS };
  const sent = o.sent ?? [];
  const taken = o.taken ?? [];
  const bad = o.runs.map((r, i) => badRun(r, i + 1)).find(Boolean) ?? o.approvals.map((a, i) => badApproval(a, i + 1)).find(Boolean)
    ?? (Array.isArray(sent) ? sent.map((x, i) => badFields(x, () => BOT_CHECK.sent(i + 1), { chatId: 'chatId', path: 'string', messageId: 'int' })).find(Boolean) : BOT_CHECK.notList('sent'))
    ?? (Array.isArray(taken) ? taken.map((x, i) => badFields(x, () => BOT_CHECK.taken(i + 1), { chatId: 'chatId', messageId: 'int' })).find(Boolean) : BOT_CHECK.notList('taken'));
  if (bad) return { ok: false, problem: bad };
  return { ok: true, value: { version: BOT_STATE_VERSION, runs: o.runs as RunRecord[], approvals: o.approvals as ApprovalRecord[], sent: sent as SentRecord[], taken: taken as TakenRequest[] } };
};

type FieldKind = 'int' | 'userId' | 'chatId' | 'number' | 'string' | 'boolean';
const isKind = (v: unknown, k: FieldKind) =>
  k === 'int' ? Number.isSafeInteger(v) : k === 'userId' ? isUserId(v) : k === 'chatId' ? isChatId(v)
    : k === 'number' ? typeof v === 'number' && Number.isFinite(v) : typeof v === k;

/** The first field of `o` that is missing or of the wrong kind, as a Spanish phrase; undefined if all fit. */
function badFields(o: unknown, what: () => string, required: Record<string, FieldKind>, optional: Record<string, FieldKind> = {}): string | undefined {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return BOT_CHECK.notObject(what());
  const r = o as Record<string, unknown>;
  for (const [k, kind] of Object.entries(required)) if (!isKind(r[k], kind)) return BOT_CHECK.wrong(what(), k, r[k], kind);
  for (const [k, kind] of Object.entries(optional)) if (r[k] !== undefined && !isKind(r[k], kind)) return BOT_CHECK.wrong(what(), k, r[k], kind);
  return undefined;
}

function badRun(r: unknown, n: number): string | undefined {
  // Labels are built only for a problem: a valid state (every write) reads no sentence.
  const what = () => BOT_CHECK.run(n);
  const bad = badFields(r, what, { runId: 'string', chatId: 'chatId', ownerId: 'userId', group: 'boolean', mode: 'string', text: 'string', startedAt: 'number' }, { week: 'int', statusMessageId: 'int', waitingSince: 'number', ownerName: 'string', requestMessageId: 'int' });
  if (bad) return bad;
  const waits = (r as { waits?: unknown }).waits;
  if (waits !== undefined) {
    if (!Array.isArray(waits)) return BOT_CHECK.notListField(what(), 'waits', waits);
    const badWait = waits.map((w, i) => badFields(w, () => BOT_CHECK.wait(i + 1, n), { from: 'number', to: 'number' })).find(Boolean);
    if (badWait) return badWait;
  }
  const closed = (r as { closed?: unknown }).closed;
  if (closed !== undefined && !(Array.isArray(closed) && closed.every((c) => (CLOSING_STEPS as readonly unknown[]).includes(c)))) {
    return BOT_CHECK.badClosed(what(), closed);
  }
  const mode = (r as { mode: string }).mode;
  return mode === 'agente' || mode === 'semana' ? undefined : BOT_CHECK.badMode(what(), mode);
}

function badApproval(a: unknown, n: number): string | undefined {
  const what = () => BOT_CHECK.approval(n);
  const bad = badFields(a, what,
    { id: 'string', runId: 'string', callId: 'string', tool: 'string', chatId: 'chatId', ownerId: 'userId', group: 'boolean', text: 'string', createdAt: 'number', expiresAt: 'number' },
    { messageId: 'int', zone: 'string' });
  // `zone` is a text: whether this system knows the zone is asked where a time is shown (format.ts,
  // clockTimeIn), which falls back to the process's clock — a zone database can change under a file.
  return bad;
}
