/**
 * Shared pieces of the Bot API method implementations: the context a method runs in, and the
 * checks Telegram applies to every sending method (chat, inline keyboard, text/caption, replies).
 */
import type { Chat, InlineKeyboardButton, InlineKeyboardMarkup, Message, MessageEntity, UserFromGetMe } from 'grammy/types';
import type { ChatState } from './chat-state.js';
import type { FileStore } from './files.js';
import { applyParseMode } from './format.js';
import { badRequest, intParam, stringParam, type BotParams } from './params.js';
import type { PollClient, UpdateQueue } from './updates.js';

/** Telegram's limits, in UTF-16 code units after entity parsing (bytes for callback data). */
export const LIMITS = Object.freeze({ text: 4096, caption: 1024, callbackData: 64, callbackAnswer: 200, inlineButtons: 100 });

/** Chat actions Telegram accepts in `sendChatAction`. */
export const CHAT_ACTIONS = ['typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice',
  'upload_document', 'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note'];

export interface MethodContext {
  state: ChatState;
  files: FileStore;
  updates: UpdateQueue;
  bot: UserFromGetMe;
  /** Aborts when the HTTP client goes away (ends a long poll early). */
  signal: AbortSignal;
  /** The HTTP connection of the call (getUpdates knows its one consumer by it); absent in-process. */
  client?: PollClient;
}

export type BotMethod = (ctx: MethodContext, p: BotParams) => unknown;

/** The chat named by `chat_id`; Telegram's errors when missing or unknown. */
export function targetChat(ctx: MethodContext, p: BotParams): Chat {
  const id = intParamOr(p, 'chat_id');
  const chat = ctx.state.chat(id);
  if (!chat) throw badRequest('chat not found');
  return chat;
}

function intParamOr(p: BotParams, key: 'chat_id'): number {
  const raw = p.values[key];
  if (raw === undefined || raw === null || raw === '') throw badRequest('chat_id is empty');
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw badRequest('chat not found');
  return n;
}

/** The inline keyboard of a request, validated like Telegram; other keyboards are not shown in chat. */
export function inlineMarkup(p: BotParams): InlineKeyboardMarkup | undefined {
  const markup = p.values.reply_markup;
  if (markup === undefined || markup === null) return undefined;
  if (typeof markup !== 'object') throw badRequest("can't parse reply keyboard markup JSON object");
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (rows === undefined) return undefined;
  if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r))) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays');
  // Telegram refuses an inline keyboard of more than 100 buttons with this description.
  if ((rows as unknown[][]).reduce((n, r) => n + r.length, 0) > LIMITS.inlineButtons) throw badRequest('reply markup is too long');
  for (const row of rows as unknown[][]) {
    for (const b of row) {
      const button = b as Partial<InlineKeyboardButton.CallbackButton & InlineKeyboardButton.UrlButton>;
      if (typeof button !== 'object' || button === null || typeof button.text !== 'string' || button.text === '') throw badRequest('text buttons are unallowed in the inline keyboard');
      if (button.callback_data !== undefined) {
        const bytes = Buffer.byteLength(String(button.callback_data));
        if (bytes < 1 || bytes > LIMITS.callbackData) throw badRequest('BUTTON_DATA_INVALID');
      } else if (button.url === undefined && !Object.keys(button).some((k) => k !== 'text')) {
        throw badRequest('text buttons are unallowed in the inline keyboard');
      }
    }
  }
  return { inline_keyboard: rows as InlineKeyboardButton[][] };
}

/** Text (or caption) after `parse_mode`, checked against Telegram's length limit for that field. */
export function formattedText(p: BotParams, field: 'text' | 'caption'): { text: string; entities: MessageEntity[] } | undefined {
  const raw = stringParam(p, field);
  if (raw === undefined) {
    if (field === 'text') throw badRequest('message text is empty');
    return undefined;
  }
  const given = p.values[field === 'text' ? 'entities' : 'caption_entities'] as MessageEntity[] | undefined;
  const out = applyParseMode(raw, stringParam(p, 'parse_mode'), given);
  if (field === 'text' && out.text.trim() === '') throw badRequest('message text is empty');
  if (out.text.length > (field === 'text' ? LIMITS.text : LIMITS.caption)) {
    throw badRequest(field === 'text' ? 'message is too long' : 'message caption is too long');
  }
  return out;
}

/** Fields every message the bot sends has, plus `reply_to_message` when it answers one. */
export function baseMessage(ctx: MethodContext, chat: Chat, p: BotParams, messageId: number): Message {
  const replyTo = (p.values.reply_parameters as { message_id?: number } | undefined)?.message_id ?? intParam(p, 'reply_to_message_id');
  const original = replyTo !== undefined ? ctx.state.get(chat.id, Number(replyTo)) : undefined;
  return {
    message_id: messageId,
    from: ctx.bot,
    chat,
    date: Math.floor(Date.now() / 1000),
    ...(original ? { reply_to_message: { ...original, reply_to_message: undefined } as Message['reply_to_message'] } : {}),
  } as Message;
}

/**
 * A `force_reply` request: Telegram's apps open the reply interface on that message. The embedded
 * chat keeps it on the stored message (the page replies to it with the next text the person sends;
 * Telegram itself does not echo this markup back in the Message).
 */
export function forceReplyOf(p: BotParams): { reply_markup: { force_reply: true; input_field_placeholder?: string } } | Record<string, never> {
  const markup = p.values.reply_markup as { force_reply?: unknown; input_field_placeholder?: unknown } | undefined;
  if (!markup || typeof markup !== 'object' || markup.force_reply !== true) return {};
  const placeholder = typeof markup.input_field_placeholder === 'string' ? markup.input_field_placeholder.slice(0, 64) : undefined;
  return { reply_markup: { force_reply: true, ...(placeholder ? { input_field_placeholder: placeholder } : {}) } };
}

/** `{ reply_markup }` when there is a keyboard, else nothing (Telegram omits the field). */
export function withMarkup(markup: InlineKeyboardMarkup | undefined) {
  return markup ? { reply_markup: markup } : {};
}

/** `{ [key]: entities }` when there are any, else nothing. */
export function withEntities(key: 'entities' | 'caption_entities', entities: MessageEntity[] | undefined) {
  return entities && entities.length > 0 ? { [key]: entities } : {};
}
