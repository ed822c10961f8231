/**
 * Free text starts an agent run for the chat. The handler only asks the RunManager to start the
 * run and replies when it cannot (busy, budget); the run itself continues detached.
 */
import { Composer, type Context } from 'grammy';
import type { RunManager, StartResult } from './runs.js';
import { S } from './strings.js';

/** Longest request accepted as one sentence, in characters (the model needs a request, not a file). */
export const MAX_REQUEST_CHARS = 1_000;

export function intakeComposer(runs: RunManager): Composer<Context> {
  const c = new Composer<Context>();
  c.on('message:text', async (ctx) => {
    const text = ctx.message.text.trim();
    if (text.startsWith('/')) return void (await ctx.reply(S.unknownCommand()));
    if (!text) return void (await ctx.reply(S.emptyText()));
    // A bare greeting is answered here: starting a run for it would spend tokens to ask a question.
    if (isGreeting(text)) return void (await ctx.reply(S.greeting(ctx.from.first_name ?? '')));
    const length = Array.from(text).length;
    if (length > MAX_REQUEST_CHARS) return void (await ctx.reply(S.tooLong(length, MAX_REQUEST_CHARS)));
    const result = await runs.start({
      chatId: ctx.chat.id,
      ownerId: ctx.from.id,
      group: ctx.chat.type !== 'private',
      mode: 'agente',
      text,
    });
    await replyToStart(ctx, result);
  });
  return c;
}

/**
 * "hola", "¡Buenas tardes!", "hey 👋": a greeting and nothing else (any request in it, such as
 * "hola, prepare la semana 3", is not a bare greeting and starts a run).
 */
export function isGreeting(text: string): boolean {
  const t = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, ' ').trim();
  return /^(hola+|holi|buenas|buenos dias|buenas (tardes|noches)|hey|saludos|que tal|hola que tal)( (cuaderno|bot|cuaderno vivo))?$/.test(t);
}

/** Tells the chat why a run did not start; a started run speaks through its status message. */
export async function replyToStart(ctx: Context, result: StartResult): Promise<void> {
  if (result.kind === 'busy') await ctx.reply(S.busy(result.text, result.elapsedS));
  else if (result.kind === 'budget') await ctx.reply(S.budgetSpent(result.spent, result.limit));
}
