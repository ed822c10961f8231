/**
 * How much of the local chat is kept on disk, and why. The chat is a convenience copy of a
 * conversation — the notebook's own data (notes, covers, narrations, reports) lives in the bot's
 * folder and is never touched here — so every part of it is bounded:
 *
 * - `chat.json` keeps the newest `messagesPerChat` messages of each chat (it is rewritten before
 *   every answer, so its size is the cost of each message);
 * - older messages go to `chat-archivo.jsonl`, one JSON message per line; past `archiveBytes` that
 *   file becomes `chat-archivo.1.jsonl` (replacing the previous one) and a new one starts: at most
 *   about twice `archiveBytes` of old conversation;
 * - the files sent in the chat (the person's uploads, the bot's photos and audio: every cover
 *   redone is one more) keep the newest `fileBytes` in all; older ones are deleted, except those
 *   saved in the last `fileMinAgeMs` (Telegram promises a file's download link for an hour, and the
 *   bot fetches what the person sends at once). A message whose file was deleted says so on the page.
 */
import { appendFile, rename, stat } from 'node:fs/promises';
import { S } from '../strings/server.js';

export interface Retention {
  messagesPerChat: number;
  archiveBytes: number;
  fileBytes: number;
  fileMinAgeMs: number;
}

export const RETENTION: Readonly<Retention> = Object.freeze({
  /** A year of a weekly course's conversation many times over; chat.json stays a few hundred KB. */
  messagesPerChat: 1_000,
  /** Tens of thousands of old messages: enough to look something up, small next to any disk. */
  archiveBytes: 8 * 2 ** 20,
  /** A course's covers and narrations sent in the chat fit several times (a narration is a few MB). */
  fileBytes: 512 * 2 ** 20,
  /** Telegram's own promise for a file's download link. */
  fileMinAgeMs: 60 * 60 * 1000,
});

/** Where messages rotated out of `chat.json` are appended, one JSON message per line. */
export const CHAT_ARCHIVE_FILE = 'chat-archivo.jsonl';

/** The archive's previous generation (replaced at each rotation). */
export const CHAT_ARCHIVE_OLD_FILE = 'chat-archivo.1.jsonl';

/**
 * Appends lines to the archive, rotating it once it passes `maxBytes` (see the module comment).
 * Appends run one after another; `append` never rejects (a failure is logged).
 */
export class ChatArchive {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly file: string, private readonly previous: string, private readonly maxBytes: number, private readonly log: (line: string) => void) {}

  /** Settles once every append so far has landed (or failed and was logged). */
  get settled(): Promise<void> {
    return this.chain;
  }

  append(lines: string): Promise<void> {
    this.chain = this.chain.then(async () => {
      const size = await stat(this.file).then((s) => s.size, () => 0);
      if (size > 0 && size + Buffer.byteLength(lines) > this.maxBytes) await rename(this.file, this.previous);
      await appendFile(this.file, lines);
    }).catch((e: unknown) => {
      this.log(S.chatArchiveFailed(this.file, e instanceof Error ? e.message : String(e)));
    });
    return this.chain;
  }
}
