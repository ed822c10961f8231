/**
 * The update queue behind `getUpdates`, with Telegram's semantics: an update stays until a later
 * call confirms it with `offset` (so a bot that restarts sees what it had not confirmed), long polls
 * wait up to `timeout` seconds and are answered as soon as an update arrives.
 *
 * One consumer at a time, whatever the form of its calls (long or `timeout=0`): the consumer is
 * whoever polled last and was served, and it stays the consumer while its connection is open and
 * its poll is waiting or ended less than CONSUMER_LEASE_MS ago. Anyone else gets 409 Conflict
 * meanwhile. The consumer is recognised by the connection of its last poll or by an `offset` only
 * it can know (from the first update of its last answer to the one after the last). Before it was
 * given any update it is recognised by its waiting poll only (nothing was given that could be
 * taken). Its connection closing (the bot stopped or died) ends its turn at once, so a restarted
 * bot is never refused. An intruder that guesses the offset is not stopped: the bot token is the
 * boundary; this keeps a stray or second poller from stealing the bot's updates.
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

/**
 * How long after its poll was answered the consumer keeps its turn: a bot polls again at once
 * (@grammyjs/runner fetches the next batch while the last is handled), so a few seconds is ample,
 * and a consumer that stopped without closing its connection frees the turn this soon.
 */
export const CONSUMER_LEASE_MS = 5_000;

/** Who is polling: the connection of its poll (undefined for an in-process call). */
export type PollClient = { once(event: 'close', listener: () => void): unknown } | undefined;

interface Consumer {
  client: PollClient;
  /** The offset only this consumer can send next (0 until it was given an update). */
  expected: number;
  /** The first update of its last answer: it may ask again from there (nothing confirmed yet). */
  lowest: number;
  /** When its last poll was answered (0 while one is waiting). */
  answeredAt: number;
  closed: boolean;
}

export class UpdateQueue {
  private pending: Update[] = [];
  private nextId = 1;
  private allowed: string[] = [];
  private waiter: Waiter | undefined;
  private closed = false;
  private consumer: Consumer | undefined;
  /** Connections whose closing is already watched (a keep-alive connection carries many polls). */
  private readonly watched = new WeakSet<object>();

  /** @param onChange called after each new or confirmed update (persistence keeps them). */
  constructor(private readonly onChange: () => void = () => {}) {}

  /** Updates kept across a restart (persist.ts), delivered again with their ids until confirmed. */
  restorePending(updates: readonly Update[]): void {
    this.pending = [...updates];
    const last = updates.at(-1);
    if (last) this.nextId = Math.max(this.nextId, last.update_id + 1);
  }

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
    this.onChange();
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
   * connection never holds the poller slot; `client` is that connection (the consumer's identity).
   */
  async poll(opts: PollOptions, signal: AbortSignal, client?: PollClient): Promise<Update[]> {
    // A deliberate deviation from Telegram (where the newer poll wins): the consumer in place is
    // the bot, so a newcomer — a stray curl, a second copy — gets the 409 and the bot keeps its
    // turn instead of dying of it. Checked first, so the newcomer's offset confirms nothing. A
    // consumer given nothing yet has no offset to be known by: the poll still waiting may be its
    // own, ending (a stopping bot aborts it and confirms at once), so the newcomer waits
    // CONFLICT_GRACE_MS for it before being judged.
    if (!this.isConsumer(opts, client) && this.consumerActive()) {
      if (this.waiter && this.consumer?.expected === 0) await Promise.race([this.waiter.gone, new Promise((r) => setTimeout(r, CONFLICT_GRACE_MS).unref())]);
      if (!this.isConsumer(opts, client) && this.consumerActive()) {
        throw new BotApiError(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
      }
    }
    // The consumer's earlier poll is still open (its client gave up on it without closing): this one replaces it.
    this.waiter?.wake();
    const consumer = this.takeTurn(opts, client);
    if (opts.allowedUpdates !== undefined) this.allowed = opts.allowedUpdates;
    this.confirm(opts.offset);
    const limit = Math.min(Math.max(opts.limit ?? MAX_UPDATES_PER_CALL, 1), MAX_UPDATES_PER_CALL);
    const ready = () => {
      const given = this.deliverable().slice(0, limit);
      const last = given.at(-1);
      if (last) {
        consumer.lowest = given[0]!.update_id;
        consumer.expected = last.update_id + 1;
      }
      consumer.answeredAt = Date.now();
      return given;
    };
    const timeoutS = opts.timeoutS ?? 0;
    if (timeoutS <= 0 || this.closed || signal.aborted || this.deliverable().length > 0) return ready();

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
      consumer.answeredAt = 0;
      for (const listener of this.pollingListeners.splice(0)) listener();
    });
  }

  /** Whether this call comes from the consumer in place: its connection, or the offset only it knows. */
  private isConsumer(opts: PollOptions, client: PollClient): boolean {
    const c = this.consumer;
    if (!c) return false;
    const offset = opts.offset ?? 0;
    return (client !== undefined && client === c.client) || (c.expected > 0 && offset >= c.lowest && offset <= c.expected);
  }

  /** The consumer holds its turn: connection open, and a poll waiting or answered a moment ago. */
  private consumerActive(): boolean {
    const c = this.consumer;
    if (!c || c.closed) return false;
    if (this.waiter) return true;
    // Given nothing yet, it is known by its waiting poll only (there was nothing to take meanwhile).
    return c.expected > 0 && Date.now() - c.answeredAt < CONSUMER_LEASE_MS;
  }

  private takeTurn(opts: PollOptions, client: PollClient): Consumer {
    const consumer: Consumer = (this.isConsumer(opts, client) ? this.consumer : undefined) ?? { client: undefined, expected: 0, lowest: 0, answeredAt: Date.now(), closed: false };
    if (client !== undefined && consumer.client !== client) {
      consumer.client = client;
      consumer.closed = false;
      if (!this.watched.has(client)) {
        this.watched.add(client);
        client.once('close', () => { if (this.consumer?.client === client) this.consumer.closed = true; });
      }
    }
    if (opts.offset !== undefined && opts.offset > consumer.expected) consumer.expected = consumer.lowest = opts.offset;
    this.consumer = consumer;
    return consumer;
  }

  /** Ends a waiting poll with no updates; later polls answer at once (server shutting down). */
  close(): void {
    this.closed = true;
    this.waiter?.wake();
  }

  private confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    const before = this.pending.length;
    if (offset < 0) this.pending = this.pending.slice(offset);
    else this.pending = this.pending.filter((u) => u.update_id >= offset);
    if (this.pending.length !== before) this.onChange();
  }

  /** Pending updates of allowed types; the others are dropped, as Telegram never sends them. */
  private deliverable(): Update[] {
    if (this.allowed.length === 0) return this.pending;
    this.pending = this.pending.filter((u) => Object.keys(u).some((k) => k !== 'update_id' && this.allowed.includes(k)));
    return this.pending;
  }
}
