/**
 * «Borra mis datos» (`/borrar_mis_datos`, `/borrar` without a card number, or the sentence): one
 * question with two buttons bound to the person who asked, and only the second, explicit tap
 * deletes. The deletion itself is the owner's `erase` (single owner: this data dir; class mode: the
 * person's own folder, their parts closed first — class.ts), and the answer says what went, in counts.
 */
import { Composer, type Context } from 'grammy';
import type { ErasedBy, ErasedCounts } from '../store/erase.js';
import { BUTTONS, S } from '../strings/chat.js';
import { ERASE } from '../strings/erase.js';
import { GATE } from '../strings/gate.js';
import { CALLBACKS } from './callbacks.js';
import { anyCase } from './command-kit.js';
import { allows, ERASE_ALL_WORDS } from './gate.js';
import { noKeyboard } from './keyboards.js';
import { LOG } from '../strings/log.js';

export interface EraseDeps {
  /**
   * Deletes the data of the person these parts belong to; returns what was removed. `by` (who
   * tapped: their id and name — on the local page, the persona) goes into the new chain's first entry.
   */
  erase: (by: ErasedBy) => Promise<ErasedCounts>;
  log: (message: string, error?: unknown) => void;
}

/**
 * The question and its buttons, bound to the person who asked — when they own the notebook: with
 * several allowed ids in single-owner mode, everyone else gets one sentence (gate.ts).
 */
export async function askErase(ctx: Context): Promise<void> {
  if (!allows(ctx, 'owner')) return void (await ctx.reply(GATE.ownerOnly()));
  const by = ctx.from!.id;
  await ctx.reply(ERASE.ask(), {
    reply_markup: { inline_keyboard: [[{ text: BUTTONS.confirmDeleteMine, callback_data: CALLBACKS.erase.format({ confirm: true, by }) }], [{ text: BUTTONS.keepIt, callback_data: CALLBACKS.erase.format({ confirm: false, by }) }]] },
  });
}

export function eraseComposer(deps: EraseDeps): Composer<Context> {
  const c = new Composer<Context>();
  /** One deletion at a time per set of parts: a double tap does not start a second one. */
  let running = false;

  c.command(anyCase('borrar_mis_datos'), (ctx) => askErase(ctx));
  // `/borrar N` is a card (review.ts); `/borrar` alone or `/borrar mis datos` is everything.
  c.command(anyCase('borrar'), async (ctx, next) => (ERASE_ALL_WORDS.test(ctx.match.trim()) ? askErase(ctx) : next()));

  c.callbackQuery(CALLBACKS.erase.trigger, async (ctx, next) => {
    const tap = CALLBACKS.erase.parse(ctx.callbackQuery.data);
    if (!tap) return next();
    if (ctx.from.id !== tap.by || running) return void (await ctx.answerCallbackQuery({ text: S.tapNotYours(), show_alert: true }));
    await ctx.answerCallbackQuery();
    const say = (text: string) => ctx.editMessageText(text, { reply_markup: noKeyboard() }).catch(() => ctx.reply(text));
    if (!tap.confirm) return void (await say(S.keptAll()));
    running = true;
    try {
      // The buttons go first: the question cannot be answered twice.
      await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
      await say(ERASE.done(await deps.erase({ persona: { id: ctx.from.id, nombre: ctx.from.first_name } })));
    } catch (e) {
      deps.log(LOG.erase, e);
      await ctx.reply(ERASE.failed()).catch(() => undefined);
    } finally {
      running = false;
    }
  });
  return c;
}
