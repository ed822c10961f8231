/**
 * The one text normaliser for comparing words: lower case without accents, so «narración» and
 * «narracion» read the same. Here, under every layer, because the understanding (agent/nlu), the
 * passage search (tools/passages), the notes' search index (lib/invertedIndex.ts) and the quiz's
 * subjects must fold words alike. No other module decomposes text to drop its marks (a lint rule,
 * eslint.config.js, «one text normaliser»).
 */

/** Every combining mark of the decomposed text: accents, diaeresis, the tilde of «ñ». */
const MARKS = /[\u0300-\u036f]/g;
/** The same, less the tilde (U+0303). */
const MARKS_BUT_TILDE = /[\u0300-\u0302\u0304-\u036f]/g;

/**
 * `text` in lower case without its accents. `keepEnye`: «ñ» stays «ñ» («año» is not «ano») — the
 * search index's stems, where the two words must not meet.
 */
export function fold(text: string, opts: { keepEnye?: boolean } = {}): string {
  if (!opts.keepEnye) return text.normalize('NFD').replace(MARKS, '').toLowerCase();
  return text.normalize('NFD').replace(MARKS_BUT_TILDE, '').normalize('NFC').toLowerCase();
}
