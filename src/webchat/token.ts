/**
 * The embedded Bot API's token: random per installation, kept in the data dir with mode 0600 and
 * never in the source. Whoever knows it can act as the bot (send messages with buttons, upload
 * files), so a constant token would be known to every web page the owner visits.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadSecretFile } from './secret-file.js';

/** File name of the token inside the chat's directory (`<data>/webchat/`). */
export const TOKEN_FILE = 'bot-token';

/** The id part of the token (the bot's user id on the page). */
const BOT_ID = 7000000001;
const TOKEN_RE = /^\d+:[A-Za-z0-9_-]{32,}$/;

/** A fresh random token in Telegram's shape `<bot id>:<secret>` (192 random bits). */
export function newWebchatToken(): string {
  return `${BOT_ID}:${randomBytes(24).toString('base64url')}`;
}

/**
 * Reads `<dir>/bot-token`, creating it (mode 0600, exclusively: two starts agree on one token) when
 * it is missing or not a token. A file readable by others is narrowed back to 0600.
 */
export function loadWebchatToken(dir: string): Promise<string> {
  return loadSecretFile(path.join(dir, TOKEN_FILE), newWebchatToken, (s) => TOKEN_RE.test(s));
}
