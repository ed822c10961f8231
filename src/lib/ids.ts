/**
 * The one rule for Telegram ids, used by every writer that puts an id into a path, a roster or a
 * state file (issue 22, hole 2). A user id is a positive safe integer; a chat id is a non-zero
 * safe integer (a private chat is its user's id, groups and channels are negative). Anything else —
 * a custom Bot API root can send `from.id: -5` — never reaches the disk.
 */

/** A person's id: a positive safe integer. */
export function isUserId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

/** A chat's id: a non-zero safe integer (negative for groups and channels). */
export function isChatId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v !== 0;
}

/**
 * The person of the local chat page (the embedded Bot API) unless told otherwise: main.ts allows
 * this id when no Telegram token is set, and the terminal acts for it then. Kept here, below both
 * the page and the terminal, so neither imports the other.
 */
export const LOCAL_CHAT_USER_ID = 100000001;
