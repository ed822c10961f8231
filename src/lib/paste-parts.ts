/**
 * One rule for a long paste, shared by the two ends that see it: the local chat page, which sends a
 * paste longer than one message as several (it reads these numbers from the script the server
 * serves with its words, webchat/page-routes.ts), and the bot, which joins those parts back into one
 * text (bot/paste.ts). Telegram's apps split a long text the same way: every part but the last is
 * at least PASTE_FULL_PART characters, so a part that long tells the bot the next message goes on.
 */

/** Telegram's longest message, in characters. */
export const MESSAGE_MAX_CHARS = 4096;

/** A part at least this long was cut by the sender's app: the next message continues it. */
export const PASTE_FULL_PART = MESSAGE_MAX_CHARS - 600;

/** What the page needs of the rule (serialised into its script). */
export const PASTE_RULE = Object.freeze({ messageMax: MESSAGE_MAX_CHARS, fullPart: PASTE_FULL_PART });

/** A part that ends a sentence was cut at a paragraph: the page cuts there first (app.js). */
const ENDS_SENTENCE = /[.!?…:;»"')\]]$/u;

/**
 * The parts of one paste as one text. A cut after a finished sentence was a paragraph break (the
 * page and the apps cut at one when they can), so the parts are joined by a blank line; a cut
 * inside a sentence by a line break, as it was sent.
 */
export function joinPasteParts(parts: readonly string[]): string {
  let text = parts[0] ?? '';
  for (const part of parts.slice(1)) text += (ENDS_SENTENCE.test(text.trimEnd()) ? '\n\n' : '\n') + part;
  return text;
}
