/**
 * The Bot API methods the embedded server implements, with Telegram's request and response shapes
 * and its error descriptions. Each method reads a `BotParams` bag and returns the `result` value.
 */
import type { BotCommand, InlineKeyboardMarkup, Message, MessageEntity } from 'grammy/types';
import { getFile, sendAudio, sendDocument, sendPhoto, sendVoice } from './media-methods.js';
import { baseMessage, CHAT_ACTIONS, forceReplyOf, formattedText, inlineMarkup, LIMITS, targetChat, withEntities, withMarkup, type BotMethod, type MethodContext } from './method-kit.js';
import { DELIVERY_KEY_MAX, DELIVERY_KEY_PARAM } from '../lib/delivery-key.js';
import { BOT_API_DESCRIPTIONS, BOT_API_ERROR_CODE } from '../lib/telegram-errors.js';

/** A message as the embedded Bot API keeps it: with the bot's idempotency key when it sent one. */
type KeyedMessage = Message & { [DELIVERY_KEY_PARAM]?: string };
import { badRequest, boolParam, BotApiError, intParam, stringParam, type BotParams } from './params.js';

/** Telegram's own 400 for an edit that cannot apply (one catalogue with the bot that reads it). */
const refused = (description: string) => new BotApiError(BOT_API_ERROR_CODE.badRequest, description);

/** The bot's own message `message_id` in `chat_id`, for edits. */
function editable(ctx: MethodContext, p: BotParams, verb: 'edit' | 'delete'): Message {
  if (p.values.inline_message_id !== undefined) throw badRequest('inline messages are not supported by this server');
  const chat = targetChat(ctx, p);
  const id = intParam(p, 'message_id', 'message identifier is not specified') as number;
  const message = ctx.state.get(chat.id, id);
  if (!message) throw refused(verb === 'edit' ? BOT_API_DESCRIPTIONS.editNotFound : BOT_API_DESCRIPTIONS.deleteNotFound);
  if (verb === 'edit' && message.from?.id !== ctx.bot.id) throw refused(BOT_API_DESCRIPTIONS.cannotEdit);
  return message;
}

function notModified(before: Message, after: Message): boolean {
  return JSON.stringify({ ...before, edit_date: 0 }) === JSON.stringify({ ...after, edit_date: 0 });
}

/** Edits keep everything but the changed part; no `reply_markup` removes the keyboard, as on Telegram. */
function commitEdit(ctx: MethodContext, before: Message, changes: Partial<Message>, markup: InlineKeyboardMarkup | undefined): Message {
  const { reply_markup: _old, ...rest } = before;
  const after = { ...rest, ...changes, ...withMarkup(markup), edit_date: Math.floor(Date.now() / 1000) } as Message;
  if (notModified(before, after)) throw refused(BOT_API_DESCRIPTIONS.notModified);
  ctx.state.replace(after);
  return after;
}

export const METHODS: Record<string, BotMethod> = {
  getme: (ctx) => ctx.bot,
  logout: () => true,
  close: () => true,
  deletewebhook: (ctx, p) => {
    if (boolParam(p, 'drop_pending_updates')) ctx.updates.dropPending();
    return true;
  },
  getwebhookinfo: (ctx) => ({ url: '', has_custom_certificate: false, pending_update_count: ctx.updates.unconfirmed().length }),
  getupdates: (ctx, p) => ctx.updates.poll({
    offset: intParam(p, 'offset'),
    limit: intParam(p, 'limit'),
    timeoutS: intParam(p, 'timeout'),
    allowedUpdates: Array.isArray(p.values.allowed_updates) ? (p.values.allowed_updates as string[]) : undefined,
  }, ctx.signal, ctx.client),

  setmycommands: (ctx, p) => {
    const commands = p.values.commands;
    if (!Array.isArray(commands)) throw badRequest('parameter "commands" is required');
    for (const c of commands as Partial<BotCommand>[]) {
      if (typeof c?.command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(c.command)) throw badRequest('BOT_COMMAND_INVALID');
      if (typeof c.description !== 'string' || c.description.length < 1 || c.description.length > 256) throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
    }
    ctx.state.commands = (commands as BotCommand[]).map(({ command, description }) => ({ command, description }));
    ctx.state.emit({ type: 'commands', commands: ctx.state.commands });
    return true;
  },
  getmycommands: (ctx) => ctx.state.commands,
  deletemycommands: (ctx) => {
    ctx.state.commands = [];
    ctx.state.emit({ type: 'commands', commands: [] });
    return true;
  },
  getchat: (ctx, p) => targetChat(ctx, p),

  sendmessage: (ctx, p) => {
    const chat = targetChat(ctx, p);
    const { text, entities } = formattedText(p, 'text') as { text: string; entities: MessageEntity[] };
    const markup = inlineMarkup(p);
    // The bot's idempotency key (lib/delivery-key.ts): a repeated send answers the message made.
    const key = stringParam(p, DELIVERY_KEY_PARAM)?.slice(0, DELIVERY_KEY_MAX);
    const made = key === undefined ? undefined : ctx.state.history(chat.id).find((m) => (m as KeyedMessage)[DELIVERY_KEY_PARAM] === key);
    if (made) return made;
    return ctx.state.add(chat.id, (id) => ({ ...baseMessage(ctx, chat, p, id), text, ...withEntities('entities', entities), ...(markup ? withMarkup(markup) : forceReplyOf(p)), ...(key === undefined ? {} : { [DELIVERY_KEY_PARAM]: key }) }) as Message);
  },
  editmessagetext: (ctx, p) => {
    const before = editable(ctx, p, 'edit');
    if (before.text === undefined) throw badRequest('there is no text in the message to edit');
    const { text, entities } = formattedText(p, 'text') as { text: string; entities: MessageEntity[] };
    return commitEdit(ctx, before, { text, entities: entities.length > 0 ? entities : undefined }, inlineMarkup(p));
  },
  editmessagecaption: (ctx, p) => {
    const before = editable(ctx, p, 'edit');
    if (before.text !== undefined) throw badRequest('there is no caption in the message to edit');
    const caption = formattedText(p, 'caption');
    return commitEdit(ctx, before, { caption: caption?.text, caption_entities: caption?.entities.length ? caption.entities : undefined }, inlineMarkup(p));
  },
  editmessagereplymarkup: (ctx, p) => commitEdit(ctx, editable(ctx, p, 'edit'), {}, inlineMarkup(p)),
  deletemessage: (ctx, p) => {
    const message = editable(ctx, p, 'delete');
    return ctx.state.remove(message.chat.id, message.message_id);
  },
  answercallbackquery: (ctx, p) => {
    const id = stringParam(p, 'callback_query_id', 'QUERY_ID_INVALID') as string;
    const text = stringParam(p, 'text');
    if (text !== undefined && text.length > LIMITS.callbackAnswer) throw badRequest('MESSAGE_TOO_LONG');
    const query = ctx.state.answerQuery(id);
    if (!query) throw badRequest('query is too old and response timeout expired or query ID is invalid');
    if (text) ctx.state.emit({ type: 'toast', chat_id: query.chatId, text, show_alert: boolParam(p, 'show_alert') });
    return true;
  },
  sendchataction: (ctx, p) => {
    const chat = targetChat(ctx, p);
    const action = stringParam(p, 'action', 'wrong parameter action in request') as string;
    if (!CHAT_ACTIONS.includes(action)) throw badRequest('wrong parameter action in request');
    ctx.state.emit({ type: 'action', chat_id: chat.id, action });
    return true;
  },

  sendphoto: sendPhoto,
  sendaudio: sendAudio,
  senddocument: sendDocument,
  sendvoice: sendVoice,
  getfile: getFile,
};
