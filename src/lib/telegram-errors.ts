/**
 * Telegram's own answers to an edit that cannot apply: each is a 400 whose `description` is exactly
 * the text below (api.telegram.org has no finer code). One catalogue for both sides of the protocol:
 * the embedded Bot API answers with these (webchat/methods.ts) and the bot tells them apart by them
 * (bot/telegram-errors.ts), so the stand-in and the reader cannot drift apart.
 */
export const BOT_API_ERROR_CODE = { badRequest: 400 } as const;

export const BOT_API_DESCRIPTIONS = Object.freeze({
  /** The edit would leave the message exactly as it is (same text and same keyboard). */
  notModified: 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  /** The message is not in the chat (never was, or deleted, or the chat's history was lost). */
  editNotFound: 'Bad Request: message to edit not found',
  deleteNotFound: 'Bad Request: message to delete not found',
  /** A message id the chat never had (Telegram answers this for some ids instead of «not found»). */
  messageIdInvalid: 'Bad Request: MESSAGE_ID_INVALID',
  /** The message exists but is not one this bot may edit (someone else's). */
  cannotEdit: "Bad Request: message can't be edited",
});
