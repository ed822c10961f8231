/**
 * The run's one status message, edited in place and throttled, and the "sending photo…" /
 * "recording voice…" chat action kept alive while media is made. Telegram allows roughly one edit
 * per second per chat before answering 429, and a chat action shows for about 5 s.
 */
import type { Api } from 'grammy';
import { logEditFailure } from './telegram-errors.js';
import { LOG } from '../strings/log.js';

/** Minimum milliseconds between two edits of the status message (below Telegram's ~1/s per chat). */
export const STATUS_EDIT_MIN_INTERVAL_MS = 1_500;
/** A chat action lasts ~5 s on the owner's screen; renew it before it fades. */
export const CHAT_ACTION_RENEW_MS = 4_000;

type Log = (message: string, error?: unknown) => void;

/**
 * Edits one message with the latest text at most every `minIntervalMs`; intermediate texts are
 * coalesced (only the newest is sent). `finish` always performs a last edit with the final text.
 */
export class StatusMessage {
  private latest: string;
  private shown: string;
  private lastEditAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private finished = false;
  /** Resolves the wait of `settled` for the scheduled edit (when it is sent or dropped). */
  private fired: (() => void) | undefined;
  private scheduled: Promise<void> | undefined;

  constructor(
    private readonly api: Api,
    readonly chatId: number,
    readonly messageId: number,
    initialText: string,
    private readonly log: Log = () => undefined,
    private readonly minIntervalMs = STATUS_EDIT_MIN_INTERVAL_MS,
  ) {
    this.latest = initialText;
    this.shown = initialText;
    this.lastEditAt = Date.now();
  }

  /** Schedules `text` to be shown; returns immediately. */
  set(text: string): void {
    if (this.finished) return;
    this.latest = text;
    if (this.timer) return;
    const wait = Math.max(0, this.lastEditAt + this.minIntervalMs - Date.now());
    this.scheduled = new Promise((resolve) => { this.fired = resolve; });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
      this.release();
    }, wait);
  }

  /**
   * Resolves once what was last set is on screen: a scheduled edit sent and answered (or dropped).
   * For «nothing is moving» (RunManager.idle): a paused run's last status edit is part of its pause.
   */
  async settled(): Promise<void> {
    while (this.scheduled) await this.scheduled;
    await this.chain;
  }

  private release(): void {
    const fired = this.fired;
    this.fired = undefined;
    this.scheduled = undefined;
    fired?.();
  }

  /** Final edit with `text` (after waiting out the interval), no further edits afterwards. */
  async finish(text: string): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.release();
    this.latest = text;
    this.finished = true;
    await this.chain;
    const wait = Math.max(0, this.lastEditAt + this.minIntervalMs - Date.now());
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.flush();
    await this.chain;
  }

  /** Drops a scheduled edit without sending it (shutdown). */
  abandon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.release();
    this.finished = true;
  }

  private flush(): void {
    const text = this.latest;
    if (text === this.shown) return;
    this.shown = text;
    this.lastEditAt = Date.now();
    this.chain = this.chain.then(async () => {
      await this.api.editMessageText(this.chatId, this.messageId, text).catch(logEditFailure(this.log, LOG.progressEdit));
    });
  }
}

export type MediaAction = 'upload_photo' | 'record_voice';

/**
 * Renewals of chat actions the whole bot sends per second at most, all chats together. A class's
 * covers and narrations wait their turn on the GPU queue for minutes, each renewing its action every
 * CHAT_ACTION_RENEW_MS: 300 students were 75 requests a second to Telegram (whose limit for a bot is
 * about 30, messages included), half the bot's event loop at the peak, and the rest of its calls
 * failed and were retried among them. Up to 20 chats renew every time, as before; a larger class's
 * renewals take turns.
 */
export const CHAT_ACTION_RENEWALS_PER_S = 5;

/** A token bucket for chat-action renewals (one per process: `RENEWALS`); `take` answers whether one may go now. */
export class RenewalBudget {
  private tokens: number;
  private last: number;

  constructor(private readonly perSecond = CHAT_ACTION_RENEWALS_PER_S, private readonly now: () => number = Date.now) {
    this.tokens = perSecond;
    this.last = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The bot's one budget of chat-action renewals. */
const RENEWALS = new RenewalBudget();

/**
 * Keeps a chat action visible while at least one media task runs: sends it at once and renews it
 * every CHAT_ACTION_RENEW_MS, within the bot's budget of renewals (RenewalBudget). Several tasks may
 * hold actions; the most recent one is shown.
 */
export class ChatActionPulse {
  private readonly holders = new Map<string, MediaAction>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly api: Api,
    private readonly chatId: number,
    private readonly log: Log = () => undefined,
    private readonly renewMs = CHAT_ACTION_RENEW_MS,
    private readonly renewals: RenewalBudget = RENEWALS,
  ) {}

  /** Task `key` started making media of this kind. */
  hold(key: string, action: MediaAction): void {
    this.holders.set(key, action);
    this.send();
    if (!this.timer) {
      this.timer = setInterval(() => { if (this.renewals.take()) this.send(); }, this.renewMs);
      this.timer.unref?.();
    }
  }

  /** Task `key` finished (or failed, or was cancelled). */
  release(key: string): void {
    this.holders.delete(key);
    if (this.holders.size === 0) this.stop();
  }

  stop(): void {
    this.holders.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private send(): void {
    const action = [...this.holders.values()].at(-1);
    if (!action) return;
    this.api.sendChatAction(this.chatId, action).catch((e: unknown) => { this.log(LOG.chatAction, e); });
  }
}
