/**
 * «Recuérdame repasar cada día a las 9» done, not explained (issue 46, items 4 and 6): the bot
 * proposes the reminder with one button that sets it. On Telegram, where no browser tells the
 * student's zone, the first reminder asks it instead — one tap on a city (or a typed IANA name)
 * both keeps the zone and sets the reminder. «No me recuerdes más» turns it off at once (undone by
 * asking again). /recordatorios HH:MM keeps working, and asks the zone the same once.
 */
import { Composer, type Context } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { ReminderSlots } from '../agent/nlu/reminder.js';
import { isTimeZone } from '../config.js';
import type { ReviewService } from '../domain/review/service.js';
import { CLOCK, COMMON_ZONES } from '../strings/clock.js';
import { RS } from '../strings/review.js';
import { CALLBACKS } from './callbacks.js';
import { noKeyboard } from './keyboards.js';
import type { StudentClock } from './student-clock.js';
import { LOG } from '../strings/log.js';

export interface ReminderWishDeps {
  review: Pick<ReviewService, 'setReminder'>;
  clock: StudentClock;
  log: (message: string, error?: unknown) => void;
}

/** A message that is only an IANA zone name («Europe/Lisbon», «America/Argentina/Cordoba»): one of IANA's areas first. */
const ZONE_NAME = /^(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)(?:\/[A-Za-z0-9_+-]+){1,2}$/i;
/** Cities per row of the zone question. */
const ZONES_PER_ROW = 2;

/** The cities to tap, each carrying the reminder's hour when the question came with one. */
export function zoneKeyboard(hour?: string): InlineKeyboardMarkup {
  const buttons = COMMON_ZONES.map((zone) => ({ text: CLOCK.zoneButton(zone), callback_data: CALLBACKS.zone.format({ zone, ...(hour ? { hour } : {}) }) }));
  const rows = [];
  for (let i = 0; i < buttons.length; i += ZONES_PER_ROW) rows.push(buttons.slice(i, i + ZONES_PER_ROW));
  return { inline_keyboard: rows };
}

/** [✅ Sí, recuérdamelo] [No, gracias] under a proposed reminder. */
export function reminderKeyboard(hour: string): InlineKeyboardMarkup {
  return { inline_keyboard: [[
    { text: CLOCK.confirmButton, callback_data: CALLBACKS.reminderWish.format({ set: true, hour }) },
    { text: CLOCK.cancelButton, callback_data: CALLBACKS.reminderWish.format({ set: false }) },
  ]] };
}

export function createReminderWish(deps: ReminderWishDeps) {
  /** Hours asked with the zone question, by chat: a typed zone name answers it (in this process). */
  const asked = new Map<number, string | undefined>();

  const setReminder = async (ctx: Context, hour: string) => {
    await deps.review.setReminder({ hora: hour, chat: ctx.chat!.id });
    return CLOCK.set(hour, await deps.clock.zone());
  };

  /**
   * Asks the zone when nobody said it yet (true: asked). `hour`: the reminder the answer also sets;
   * `said`: the hour was just confirmed in words, so the question does not repeat it.
   */
  const askZoneOnce = async (ctx: Context, hour?: string, said = false): Promise<boolean> => {
    if (!(await deps.clock.unknown())) return false;
    asked.set(ctx.chat!.id, hour);
    await ctx.reply(CLOCK.askZone(said ? undefined : hour), { reply_markup: zoneKeyboard(hour) });
    return true;
  };

  /** The understood wish: off at once; a time proposed with one button (or the zone asked first, once). */
  const wish = async (ctx: Context, slots: ReminderSlots) => {
    if (slots.apagar) {
      await deps.review.setReminder({ hora: null, chat: ctx.chat!.id });
      return void (await ctx.reply(RS.reminderOff()));
    }
    if (!slots.hora) return void (await ctx.reply(CLOCK.whichHour()));
    if (await askZoneOnce(ctx, slots.hora)) return;
    const weekly = slots.cada !== undefined && slots.cada !== 'dia';
    await ctx.reply(CLOCK.propose(slots.hora, await deps.clock.zone(), weekly), { reply_markup: reminderKeyboard(slots.hora) });
  };

  const composer = new Composer<Context>();
  composer.callbackQuery(CALLBACKS.reminderWish.trigger, async (ctx) => {
    const tap = CALLBACKS.reminderWish.parse(ctx.callbackQuery.data);
    if (!tap) return void (await ctx.answerCallbackQuery({ text: CLOCK.gone(), show_alert: true }));
    await ctx.answerCallbackQuery();
    const text = tap.set ? await setReminder(ctx, tap.hour) : CLOCK.declined();
    await ctx.editMessageText(text, { reply_markup: noKeyboard() }).catch(async (e: unknown) => {
      deps.log(LOG.reminderWishClose, e);
      await ctx.reply(text);
    });
  });

  composer.callbackQuery(CALLBACKS.zone.trigger, async (ctx) => {
    const tap = CALLBACKS.zone.parse(ctx.callbackQuery.data);
    if (!tap || !(await deps.clock.choose(tap.zone))) return void (await ctx.answerCallbackQuery({ text: CLOCK.gone(), show_alert: true }));
    await ctx.answerCallbackQuery();
    asked.delete(ctx.chat!.id);
    const text = tap.hour ? await setReminder(ctx, tap.hour) : CLOCK.zoneSet(tap.zone);
    await ctx.editMessageText(text, { reply_markup: noKeyboard() }).catch(async (e: unknown) => {
      deps.log(LOG.zoneQuestionClose, e);
      await ctx.reply(text);
    });
  });

  // A typed zone name («Europe/Lisbon»): the student's zone, and the reminder it was asked for.
  composer.on('message:text', async (ctx, next) => {
    const typed = ctx.message.text.trim();
    if (!ZONE_NAME.test(typed)) return next();
    if (!isTimeZone(typed)) return void (await ctx.reply(CLOCK.zoneUnknown(typed)));
    await deps.clock.choose(typed);
    const hour = asked.get(ctx.chat.id);
    asked.delete(ctx.chat.id);
    await ctx.reply(hour ? await setReminder(ctx, hour) : CLOCK.zoneSet(typed));
  });

  return { composer, wish, askZoneOnce };
}

export type ReminderWish = ReturnType<typeof createReminderWish>;
