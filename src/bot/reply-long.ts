/**
 * Sends a text that may outgrow one message (a course of 60 weeks, a long proposal) as the
 * messages lib/message-pack.ts cuts it into, the keyboard under the last one: the buttons stay
 * beside the end of what they answer, and Telegram never refuses it as too long.
 */
import type { Api, Context } from 'grammy';
import type { InlineKeyboardMarkup, Message } from 'grammy/types';
import { splitMessage } from '../lib/message-pack.js';

type Send = (text: string, other: { reply_markup?: InlineKeyboardMarkup }) => Promise<Message.TextMessage>;

async function sendParts(send: Send, text: string, markup?: InlineKeyboardMarkup): Promise<Message.TextMessage> {
  const parts = splitMessage(text);
  let last: Message.TextMessage | undefined;
  for (const [i, part] of parts.entries()) last = await send(part, i === parts.length - 1 && markup ? { reply_markup: markup } : {});
  return last!;
}

/** Replies with `text` in as many messages as it needs; `markup` goes under the last; returns the last. */
export function replyLong(ctx: Context, text: string, markup?: InlineKeyboardMarkup): Promise<Message.TextMessage> {
  return sendParts((t, o) => ctx.reply(t, o), text, markup);
}

/** The same, to `chatId` through `api` (work that runs outside an update). */
export function sendLong(api: Pick<Api, 'sendMessage'>, chatId: number, text: string, markup?: InlineKeyboardMarkup): Promise<Message.TextMessage> {
  return sendParts((t, o) => api.sendMessage(chatId, t, o), text, markup);
}
