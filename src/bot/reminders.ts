/**
 * The daily review reminder: at the owner's hour (/recordatorios HH:MM, else REPASO_HORA) in
 * ZONA_HORARIA, when cards are due, one message "Tienes N tarjetas para hoy" with a [Repasar]
 * button. Never more than one a day (the day is claimed in the store before sending); a bot that
 * was down at that hour sends it when it starts, the same day only. `tick(now)` is the whole
 * decision, so tests drive it with a simulated clock; `start()` ticks now and then every minute.
 */
import { Composer, type Api, type Context } from 'grammy';
import { HOUR_PATTERN } from '../config.js';
import type { ReviewService } from '../domain/review/service.js';
import { localDay } from '../domain/review/service.js';
import { anyCase } from './command-kit.js';
import { startKeyboard } from './review-keyboards.js';
import { RS } from '../strings/review.js';
import type { StudentClock } from './student-clock.js';
import { LOG } from '../strings/log.js';

/** How often the running bot looks at the clock. */
export const REMINDER_TICK_MS = 60_000;

export interface ReminderDeps {
  review: ReviewService;
  api: Pick<Api, 'sendMessage'>;
  /** REPASO_HORA, if set. */
  defaultHour?: string;
  timeZone: string;
  /** The student's clock (student-clock.ts): their own zone wins over `timeZone`. */
  clock?: StudentClock;
  /** Where to send it when the owner never chose a chat (the first allowed user's private chat). */
  defaultChat?: number;
  log: (message: string, error?: unknown) => void;
}

/** "HH:MM" of `date` in `timeZone`. */
export function localHourMinute(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

export type TickResult = 'sent' | 'off' | 'early' | 'already' | 'nothing-due' | 'no-chat';

export class Reminders {
  #timer: NodeJS.Timeout | undefined;
  constructor(private readonly deps: ReminderDeps) {}

  /** The hour in force: the owner's choice, else REPASO_HORA; null when off. */
  async hour(): Promise<string | null> {
    const s = await this.deps.review.reminder();
    return s.hora === undefined ? (this.deps.defaultHour ?? null) : s.hora;
  }

  /** The zone the hour is in: the student's, else the configured one. */
  zone(): Promise<string> {
    return this.deps.clock?.zone() ?? Promise.resolve(this.deps.timeZone);
  }

  /** Sends today's reminder if it is due at `now`; says why not otherwise. */
  async tick(now: Date): Promise<TickResult> {
    const hour = await this.hour();
    if (hour === null) return 'off';
    const zone = await this.zone();
    if (localHourMinute(now, zone) < hour) return 'early';
    const day = localDay(now, zone);
    if ((await this.deps.review.reminder()).ultimo_dia === day) return 'already';
    const chat = (await this.deps.review.reminder()).chat ?? this.deps.defaultChat;
    if (chat === undefined) return 'no-chat';
    const due = (await this.deps.review.due(now, { session: true })).length;
    if (due === 0) return 'nothing-due';
    if (!(await this.deps.review.claimReminderDay(day))) return 'already';
    await this.deps.api.sendMessage(chat, RS.reminder(due), { reply_markup: startKeyboard() });
    return 'sent';
  }

  /** Ticks now (the same-day catch-up after a restart) and then every REMINDER_TICK_MS. */
  start(clock: () => Date = () => new Date()): void {
    const run = () => void this.tick(clock()).catch((e: unknown) => this.deps.log(LOG.reminderSend, e));
    run();
    this.#timer = setInterval(run, REMINDER_TICK_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** /recordatorios [HH:MM | no]: shows, sets or turns off the daily reminder (kept in the store). */
export function remindersComposer(reminders: Reminders, review: ReviewService, askZoneOnce?: (ctx: Context, hour: string, said: boolean) => Promise<boolean>): Composer<Context> {
  const c = new Composer<Context>();
  c.command(anyCase('recordatorios'), async (ctx) => {
    const arg = ctx.match.trim().toLowerCase();
    if (arg === '') return void (await ctx.reply(RS.reminderStatus(await reminders.hour(), await reminders.zone())));
    if (['no', 'off', 'ninguno', 'desactivar'].includes(arg)) {
      await review.setReminder({ hora: null, chat: ctx.chat.id });
      return void (await ctx.reply(RS.reminderOff()));
    }
    const hour = /^(\d{1,2})(?::(\d{2}))?$/.exec(arg);
    const hm = hour ? `${hour[1]!.padStart(2, '0')}:${hour[2] ?? '00'}` : '';
    if (!HOUR_PATTERN.test(hm)) return void (await ctx.reply(RS.reminderUsage()));
    await review.setReminder({ hora: hm, chat: ctx.chat.id });
    await ctx.reply(RS.reminderOn(hm, await reminders.zone()));
    // On Telegram the first reminder asks the student's zone once; the answer keeps this hour in it.
    await askZoneOnce?.(ctx, hm, true);
  });
  return c;
}
