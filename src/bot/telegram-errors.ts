/**
 * What a failed edit of one of our chat messages means, read from the Bot API's answer — a
 * `GrammyError`'s `method`, `error_code` and `description` — never from an error's wording: a
 * network failure, a timeout or our own error whose message happens to contain «not found» is
 * `other`, whatever it says.
 */
import { GrammyError } from 'grammy';
import { BOT_API_DESCRIPTIONS as D, BOT_API_ERROR_CODE } from '../lib/telegram-errors.js';

/**
 * - `not_modified`: the message already shows exactly this (a repeated edit after a restart): nothing to do.
 * - `gone`: the chat no longer has the message: whoever needs it on screen sends it again.
 * - `other`: anything else (network, rate limit, someone else's message): log it.
 */
export type EditFailure = 'not_modified' | 'gone' | 'other';

/** The Bot API methods that change a message already in the chat. */
const EDIT_METHODS: ReadonlySet<string> = new Set(['editMessageText', 'editMessageReplyMarkup', 'editMessageCaption', 'editMessageMedia', 'deleteMessage']);

const GONE: ReadonlySet<string> = new Set([D.editNotFound, D.deleteNotFound, D.messageIdInvalid]);

/** Classifies the error of an edit (or delete) of a chat message; see EditFailure. */
export function editFailure(e: unknown): EditFailure {
  if (!(e instanceof GrammyError) || !EDIT_METHODS.has(e.method) || e.error_code !== BOT_API_ERROR_CODE.badRequest) return 'other';
  if (e.description === D.notModified) return 'not_modified';
  return GONE.has(e.description) ? 'gone' : 'other';
}

/**
 * A `.catch` for an edit whose failure only matters when it is not a no-op: «not modified» is
 * silent (the message already says it), anything else is logged with `what`.
 */
export function logEditFailure(log: (message: string, error?: unknown) => void, what: string): (e: unknown) => void {
  return (e) => {
    if (editFailure(e) !== 'not_modified') log(what, e);
  };
}
