/**
 * The one text normaliser for comparing words: lower case without accents, so «narración» and
 * «narracion» read the same. Here, under every layer, because the understanding (agent/nlu), the
 * passage search (domain/passages), the notes' search index (lib/invertedIndex.ts) and the quiz's
 * subjects (domain/quiz) must fold words alike. No other module decomposes text to drop its marks (a lint rule,
 * eslint.config.js, «one text normaliser»).
 */

/** Every combining mark of the decomposed text: accents, diaeresis, the tilde of «ñ». */
const MARKS = /[\u0300-\u036f]/g;
/** The same, less the tilde (U+0303). */
const MARKS_BUT_TILDE = /[\u0300-\u0302\u0304-\u036f]/g;

/** `text` in lower case without its accents. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase();
}

/**
 * The same, but «ñ» stays «ñ» («año» is not «ano»): the search index's stems (lib/invertedIndex.ts),
 * where the two words must not meet.
 */
export function foldKeepingEnye(text: string): string {
  return text.normalize('NFD').replace(MARKS_BUT_TILDE, '').normalize('NFC').toLowerCase();
}

/**
 * The bar a formula writes over a letter for a mean («x̄» is «x» and U+0304): formula.ts reads it as
 * part of a symbol, never drops it. Here because this is the one module that knows combining marks.
 */
export const COMBINING_MACRON = '\u0304';
