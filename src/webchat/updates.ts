/**
 * The update queue behind `getUpdates`, with Telegram's semantics: an update stays until a later
 * call confirms it with `offset` (so a bot that restarts sees what it had not confirmed), long polls
 * wait up to `timeout` seconds and are answered as soon as an update arrives. A second poller while
 * one is waiting gets 409 Conflict itself (Telegram would end the first one instead; see poll).
 */
import type { Update } from 'grammy/types';
import { BotApiError } from './params.js';

/** Telegram's bounds for `limit`. */
export const MAX_UPDATES_PER_CALL = 100;

export type UpdateBody = Omit<Update, 'update_id'>;

export interface PollOptions {
  offset?: number;
  limit?: number;
  /** Seconds to wait when nothing is pending; 0 answers at once. */
  timeoutS?: number;
  /** Update types the bot wants; remembered for later calls, as on Telegram. */
  allowedUpdates?: string[];
}

interface Waiter {
  wake: () => void;
  fail: (e: BotApiError) => void;
  /** Settles when this poll has ended (answered, aborted or failed). */
  gone: Promise<void>;
}

/**
 * How long a newcomer waits for the poll in place to end before it is refused. A bot that stops
 * aborts its poll and at once confirms its offset with one more call; its aborted connection may
 * be noticed a moment after that call arrives, and that call must not be taken for a second copy.
 */
export const CONFLICT_GRACE_MS = 500;

export class UpdateQueue {
  private pending: Update[] = [];
  private nextId = 1;
  private allowed: string[] = [];
  private waiter: Waiter | undefined;
  private closed = false;

  /** @param onPush called after each new update (persistence keeps the id counter). */
  constructor(private readonly onPush: () => void = () => {}) {}

  /**
   * The id the next update gets. Persisted and restored so ids keep increasing across restarts: a
   * bot that remembers its `offset` would otherwise drop the new server's first updates.
   */
  get nextUpdateId(): number {
    return this.nextId;
  }

  set nextUpdateId(id: number) {
    this.nextId = Math.max(this.nextId, id);
  }

  /** Appends an update (the id is assigned here) and wakes a waiting poll. */
  push(body: UpdateBody): Update {
    const update = { update_id: this.nextId++, ...body } as Update;
    this.pending.push(update);
    this.onPush();
    this.waiter?.wake();
    return update;
  }

  /** Updates not yet confirmed by the bot (tests use it to see what the bot has not taken). */
  unconfirmed(): readonly Update[] {
    return this.pending;
  }

  /** True while a long poll is waiting for an update (tests wait for the bot to be listening). */
  get polling(): boolean {
    return this.waiter !== undefined;
  }

  private readonly pollingListeners: Array<() => void> = [];

  /** Resolves once a long poll is waiting (at once if one is): the event a test means by "listening". */
  whenPolling(): Promise<void> {
    if (this.waiter) return Promise.resolve();
    return new Promise((resolve) => this.pollingListeners.push(resolve));
  }

  /** Drops every pending update (`deleteWebhook({ drop_pending_updates: true })`). */
  dropPending(): void {
    this.pending = [];
  }

  /**
   * Answers one `getUpdates` call. `signal` aborts when the HTTP client goes away, so a dead
   * connection never holds the poller slot.
   */
  async poll(opts: PollOptions, signal: AbortSignal): Promise<Update[]> {
    // A deliberate deviation from Telegram (where the newer poll wins): the poll already waiting is
    // the bot's, so a newcomer — a stray curl, a second copy — gets the 409 and the bot keeps its
    // poll instead of dying of it. Checked first, so the newcomer's offset confirms nothing.
    if (this.waiter) await Promise.race([this.waiter.gone, new Promise((r) => setTimeout(r, CONFLICT_GRACE_MS).unref())]);
    if (this.waiter) throw new BotApiError(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
    if (opts.allowedUpdates !== undefined) this.allowed = opts.allowedUpdates;
    this.confirm(opts.offset);
    const limit = Math.min(Math.max(opts.limit ?? MAX_UPDATES_PER_CALL, 1), MAX_UPDATES_PER_CALL);
    const ready = () => this.deliverable().slice(0, limit);
    const now = ready();
    const timeoutS = opts.timeoutS ?? 0;
    if (now.length > 0 || timeoutS <= 0 || this.closed || signal.aborted) return now;

    let ended!: () => void;
    const gone = new Promise<void>((r) => { ended = r; });
    return new Promise<Update[]>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        if (this.waiter === waiter) this.waiter = undefined;
        ended();
        resolve(ready());
      };
      const waiter: Waiter = {
        wake: finish,
        gone,
        fail: (e) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', finish);
          if (this.waiter === waiter) this.waiter = undefined;
          ended();
          reject(e);
        },
      };
      const timer = setTimeout(finish, timeoutS * 1000);
      signal.addEventListener('abort', finish, { once: true });
      this.waiter = waiter;
      for (const listener of this.pollingListeners.splice(0)) listener();
    });
  }

  /** Ends a waiting poll with no updates; later polls answer at once (server shutting down). */
  close(): void {
    this.closed = true;
    this.waiter?.wake();
  }

  private confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    if (offset < 0) this.pending = this.pending.slice(offset);
    else this.pending = this.pending.filter((u) => u.update_id >= offset);
  }

  /** Pending updates of allowed types; the others are dropped, as Telegram never sends them. */
  private deliverable(): Update[] {
    if (this.allowed.length === 0) return this.pending;
    this.pending = this.pending.filter((u) => Object.keys(u).some((k) => k !== 'update_id' && this.allowed.includes(k)));
    return this.pending;
  }
}
