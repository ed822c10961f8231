/**
 * Keeps the local chat across restarts, as Telegram keeps a chat's history: after Ctrl+C or a
 * crash the bot resumes its pending approval, so the page must still show that message and its
 * buttons must still produce a `callback_query`. Saved in `<filesDir>/chat.json`: messages in their
 * current (edited) state, message and update id counters (never reused), the uploaded files'
 * index (the bytes already live under `filesDir`), and — as Telegram keeps them for the bot — the
 * updates the bot has not confirmed and the button presses it has not answered: the chat server
 * dies with the bot in local-chat mode, and a question typed just before must still reach it.
 *
 * This is a convenience store for the local demo page, not the owner's data (notes, runs and
 * approvals live in the bot's own files). So a file that cannot be understood does not stop
 * start-up: it is moved aside to `chat.json.corrupto-<timestamp>` (never erased), one Spanish
 * line says so, and the chat starts empty.
 */
import { readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BotCommand, Chat, Message, Update } from 'grammy/types';
import { CuadernoError } from '../errors.js';
import { writeFileAtomic } from '../lib/atomic.js';
import type { ChatStateSnapshot } from './chat-state.js';
import { FILE_PATH_RE, type FileStoreSnapshot, type StoredFileRecord } from './files.js';
import { S } from '../strings/server.js';
import { CHAT_STATE } from '../strings/console.js';

export const CHAT_FILE = 'chat.json';
export const CHAT_FILE_VERSION = 1;

/**
 * The history is read whole at start: a larger file (grown by hand, not by the page, which keeps
 * 1,000 messages a chat and archives the rest) is set aside like a damaged one.
 */
export const CHAT_FILE_MAX_BYTES = 32 * 2 ** 20;

/**
 * Milliseconds a change no request waits on (one typed in-process) waits before it is written, so a
 * burst is one write. A change a request waits on is written before the answer (ChatSaver.settle).
 */
export const SAVE_DELAY_MS = 250;

export interface ChatFile {
  version: typeof CHAT_FILE_VERSION;
  /** ISO time of the write (for people reading the file). */
  savedAt: string;
  /** The id the next update gets. */
  nextUpdateId: number;
  state: ChatStateSnapshot;
  files: FileStoreSnapshot;
  /** Updates the bot has not confirmed yet, in order (absent in files written before they were kept). */
  pending?: Update[];
  /** Button presses the bot has not answered yet. */
  queries?: Array<{ id: string; chatId: number }>;
}

/** Where one line for the person running the server goes (default console.warn). */
export type LogLine = (line: string) => void;

/** Parses and checks a chat file; throws an Error whose message says in Spanish what is wrong. */
export function parseChatFile(text: string): ChatFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(CHAT_STATE.notJson((e as Error).message));
  }
  const f = obj(raw, CHAT_STATE.theFile);
  if (f.version !== CHAT_FILE_VERSION) throw new Error(CHAT_STATE.version(String(JSON.stringify(f.version)), CHAT_FILE_VERSION));
  const state = obj(f.state, 'state');
  const files = obj(f.files, 'files');
  const chats = arr(state.chats, 'state.chats').map((c, i) => checkChat(c, `state.chats[${i}]`));
  const messages = arr(state.messages, 'state.messages').map((m, i) => {
    const o = obj(m, `state.messages[${i}]`);
    int(o.message_id, `state.messages[${i}].message_id`, 1);
    checkChat(o.chat, `state.messages[${i}].chat`);
    int(o.date, `state.messages[${i}].date`, 0);
    return o as unknown as Message;
  });
  const lastMessageId = obj(state.lastMessageId, 'state.lastMessageId');
  for (const [k, v] of Object.entries(lastMessageId)) {
    int(Number(k), CHAT_STATE.keyOf('state.lastMessageId', k), -Infinity);
    int(v, `state.lastMessageId.${k}`, 0);
  }
  const commands = arr(state.commands, 'state.commands').map((c, i) => {
    const o = obj(c, `state.commands[${i}]`);
    if (typeof o.command !== 'string' || typeof o.description !== 'string') throw new Error(CHAT_STATE.notCommand(`state.commands[${i}]`));
    return { command: o.command, description: o.description } as BotCommand;
  });
  const records = arr(files.files, 'files.files').map((r, i) => checkRecord(r, `files.files[${i}]`));
  const pending = f.pending === undefined ? [] : arr(f.pending, 'pending').map((u, i) => {
    const o = obj(u, `pending[${i}]`);
    int(o.update_id, `pending[${i}].update_id`, 1);
    return o as unknown as Update;
  });
  const queries = f.queries === undefined ? [] : arr(f.queries, 'queries').map((q, i) => {
    const o = obj(q, `queries[${i}]`);
    if (typeof o.id !== 'string') throw new Error(`queries[${i}].id falta`);
    return { id: o.id, chatId: int(o.chatId, `queries[${i}].chatId`, -Infinity) };
  });
  return {
    version: CHAT_FILE_VERSION,
    savedAt: typeof f.savedAt === 'string' ? f.savedAt : '',
    nextUpdateId: int(f.nextUpdateId, 'nextUpdateId', 1),
    state: { chats, messages, lastMessageId: lastMessageId as Record<string, number>, commands },
    files: { counter: int(files.counter, 'files.counter', 0), files: records },
    pending,
    queries,
  };
}

/**
 * Reads `<dir>/chat.json`. Missing: undefined (first start). Not understood: moved aside, one
 * Spanish line through `log`, undefined. Unreadable (permissions…): CuadernoError('CORRUPT_STATE')
 * with a Spanish message, since moving it would not work either. File index entries whose bytes
 * are gone from disk are dropped, so the page answers "no existe" instead of a broken stream.
 */
export async function loadChatFile(dir: string, log: LogLine = console.warn, now: () => Date = () => new Date(), maxBytes = CHAT_FILE_MAX_BYTES): Promise<ChatFile | 'damaged' | undefined> {
  const file = path.join(dir, CHAT_FILE);
  let text: string;
  let size: number;
  try {
    // Checked before reading: the history is read whole, so its size must never exhaust memory.
    size = (await stat(file)).size;
    text = size > maxBytes ? '' : await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CuadernoError('CORRUPT_STATE', S.chatUnreadable(file, (e as NodeJS.ErrnoException).code ?? (e as Error).message), { field: file }, { cause: e });
  }
  let saved: ChatFile;
  try {
    if (size > maxBytes) throw new Error(CHAT_STATE.tooBig(Math.ceil(size / 2 ** 20), Math.ceil(maxBytes / 2 ** 20)));
    saved = parseChatFile(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // an editor's BOM is not damage
  } catch (e) {
    const aside = `${file}.corrupto-${now().toISOString().replace(/[:.]/g, '-')}`;
    try {
      await rename(file, aside);
    } catch (renameError) {
      throw new CuadernoError('CORRUPT_STATE', S.chatCorruptStuck(file, (e as Error).message), { field: file }, { cause: renameError });
    }
    log(S.chatCorrupt(file, (e as Error).message, aside));
    return 'damaged';
  }
  const present = await Promise.all(saved.files.files.map(async (r) => {
    const size = await stat(path.join(dir, ...r.file_path.split('/'))).then((s) => s.size, () => -1);
    return size === r.size;
  }));
  saved.files.files = saved.files.files.filter((_, i) => present[i]);
  return saved;
}

/**
 * Writes the chat file whole and atomically (a temporary sibling renamed over it). Two ways in:
 * `settle()` — the Bot API and the page call it before answering a request that changed the chat,
 * so a message whose id has been answered is on disk first (a SIGKILL right after the answer finds
 * it there on restart: the bot never holds an id the restarted chat does not know) — and
 * `markDirty()`, at most once per `delayMs`, for changes no request waits on (tests typing
 * in-process). Concurrent `settle()` calls share one write: one in progress and at most one queued.
 * No fsync: this survives the death of the process (what the bot's own state must match), not a
 * power cut; the file is a convenience copy of the chat, rewritten on every answer, where an fsync
 * each time would cost more than the request. A failed write is logged once per failure and
 * retried on the next change; it never throws into the Bot API request that caused it.
 */
export class ChatSaver {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  /**
   * @param file absolute path of chat.json.
   * @param collect builds the current content (called at write time, so bursts coalesce).
   * @param before awaited before each write (the archive of rotated messages lands first).
   */
  constructor(private readonly file: string, private readonly collect: () => ChatFile,
    private readonly log: LogLine = console.warn, private readonly delayMs = SAVE_DELAY_MS,
    private readonly before: () => Promise<void> = () => Promise.resolve()) {}

  /** Something changed: schedule a write. */
  markDirty(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.settle();
    }, this.delayMs);
    this.timer.unref(); // close() flushes; the timer alone must not keep a process alive
  }

  /** Resolves once every change made before the call is on disk (or its write failed and was logged). */
  settle(): Promise<void> {
    if (!this.dirty) return this.writing;
    // A write already queued has not collected yet: it will include this change too.
    this.queued ??= this.writing = this.writing.then(() => {
      this.queued = undefined;
      return this.writeNow();
    });
    return this.queued;
  }

  /** Writes now if anything is unsaved and waits for any write in progress (server close). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.settle();
  }

  private async writeNow(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    try {
      await this.before();
      await writeFileAtomic(this.file, JSON.stringify(this.collect()), { durable: false });
    } catch (e) {
      this.dirty = true;
      this.log(S.chatSaveFailed(this.file, (e as NodeJS.ErrnoException).code ?? (e as Error).message));
    }
  }
}

function obj(v: unknown, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(CHAT_STATE.notObject(where));
  return v as Record<string, unknown>;
}

function arr(v: unknown, where: string): unknown[] {
  if (!Array.isArray(v)) throw new Error(CHAT_STATE.notList(where));
  return v;
}

function int(v: unknown, where: string, min: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw new Error(CHAT_STATE.notNumber(where));
  return v;
}

function checkChat(v: unknown, where: string): Chat {
  const o = obj(v, where);
  int(o.id, `${where}.id`, -Infinity);
  if (typeof o.type !== 'string') throw new Error(CHAT_STATE.missing(`${where}.type`));
  return o as unknown as Chat;
}

const KINDS = new Set(['photos', 'music', 'documents', 'voice']);

function checkRecord(v: unknown, where: string): StoredFileRecord {
  const o = obj(v, where);
  for (const key of ['file_id', 'file_unique_id', 'file_path', 'mime', 'filename', 'kind'] as const) {
    if (typeof o[key] !== 'string') throw new Error(CHAT_STATE.missing(`${where}.${key}`));
  }
  const m = FILE_PATH_RE.exec(o.file_path as string);
  // The path is joined to filesDir when serving: only names this server writes are accepted.
  if (!m || !KINDS.has(o.kind as string) || m[1] !== o.kind) throw new Error(CHAT_STATE.badPath(where));
  int(o.size, `${where}.size`, 0);
  return o as unknown as StoredFileRecord;
}
