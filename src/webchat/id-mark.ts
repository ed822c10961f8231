/**
 * The message ids' high-water mark, so no id is handed out twice across restarts — not even one
 * only the page saw (a message shown by the live stream just before a crash), or one whose
 * `chat.json` write was lost. Before a chat's message id passes the mark, the mark moves
 * `ID_BLOCK` ids ahead and is written at once, synchronously, to `<filesDir>/chat-ids.json`; a
 * restart continues after the mark. So a restart may skip up to `ID_BLOCK` ids (Telegram's ids
 * have gaps too, after deletions) and the mark costs one tiny write per `ID_BLOCK` messages.
 *
 * A mark that cannot be read is like a lost history: ids continue after the current Unix time in
 * seconds, above any id this chat could have reached, and one Spanish line says so.
 */
import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../lib/atomic.js';
import { S } from '../strings/server.js';
import type { LogLine } from './persist.js';
import { CHAT_STATE } from '../strings/console.js';

export const ID_MARK_FILE = 'chat-ids.json';

/** Ids reserved by one write of the mark: at most this many are skipped by a restart. */
export const ID_BLOCK = 100;

/** The last reserved message id of each chat (by chat id). */
export type IdMarks = Record<string, number>;

/**
 * Reads the mark. Missing: {} (first start, or a chat from before the mark: `chat.json`'s own ids
 * hold). Damaged: moved aside, one line through `log`, and 'damaged'.
 */
export function loadIdMarks(dir: string, log: LogLine, now: () => Date = () => new Date()): IdMarks | 'damaged' {
  const file = path.join(dir, ID_MARK_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    log(S.idMarkDamaged(file, (e as NodeJS.ErrnoException).code ?? (e as Error).message));
    return 'damaged';
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(CHAT_STATE.marksNotObject);
    for (const [k, v] of Object.entries(parsed)) {
      if (!Number.isSafeInteger(Number(k)) || !Number.isSafeInteger(v) || (v as number) < 0) throw new Error(CHAT_STATE.markOf(k));
    }
    return parsed as IdMarks;
  } catch (e) {
    try {
      renameSync(file, `${file}.corrupto-${now().toISOString().replace(/[:.]/g, '-')}`);
    } catch {
      // left where it is: the next write of the mark replaces it
    }
    log(S.idMarkDamaged(file, (e as Error).message));
    return 'damaged';
  }
}

/** Keeps the mark ahead of every id handed out (ChatState calls `cover` before using an id). */
export class IdMark {
  private readonly marks = new Map<number, number>();

  constructor(private readonly file: string, start: IdMarks, private readonly log: LogLine) {
    for (const [k, v] of Object.entries(start)) this.marks.set(Number(k), v);
  }

  /** The reserved mark of a chat (restart continues after it). */
  of(chatId: number): number {
    return this.marks.get(chatId) ?? 0;
  }

  /** Called before `id` is handed out in `chatId`: moves and writes the mark when `id` passes it. */
  cover(chatId: number, id: number): void {
    if (id <= this.of(chatId)) return;
    this.marks.set(chatId, id + ID_BLOCK - 1);
    try {
      writeFileAtomicSync(this.file, JSON.stringify(Object.fromEntries(this.marks)));
    } catch (e) {
      // Written again at the next block; the chat goes on (it is a convenience copy, not the notebook).
      this.marks.set(chatId, id - 1);
      this.log(S.chatSaveFailed(this.file, (e as NodeJS.ErrnoException).code ?? (e as Error).message));
    }
  }
}
