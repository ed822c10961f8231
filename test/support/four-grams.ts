/**
 * 4-gram precision and recall of issue 43's photo measurement, over word tokens as
 * word-similarity.ts makes them (NFKC, lower case, so sub- and superscript digits fold to digits):
 *
 * - precision: the share of the saved text's distinct 4-grams that the lecture's source has (a
 *   4-gram the lecture does not have is not the page's own: a misread word, a running header);
 * - recall: the share of the page's own distinct 4-grams (its printed text as pdf.js reads it, words
 *   broken by a hyphen at a line end joined again, less the 4-grams the lecture does not have: the
 *   running header and footer) that the saved text has.
 */
import { wordTokens } from './word-similarity.js';

export function fourGrams(text: string): Set<string> {
  const w = wordTokens(text);
  const out = new Set<string>();
  for (let i = 0; i + 4 <= w.length; i++) out.add(w.slice(i, i + 4).join(' '));
  return out;
}

/** A page's text as pdf.js gives it, with words broken at line ends by a hyphen joined again. */
export function unhyphenated(text: string): string {
  return text.replace(/(\p{L})[-\u00ad]\s*\n\s*(\p{Ll})/gu, '$1$2');
}

export interface GramScore {
  precision: number;
  recall: number;
  saved: number;
  own: number;
}

export function gramScore(saved: string, pageText: string, source: string): GramScore {
  const lecture = fourGrams(source);
  const mine = fourGrams(saved);
  const own = [...fourGrams(unhyphenated(pageText))].filter((g) => lecture.has(g));
  const precision = mine.size ? [...mine].filter((g) => lecture.has(g)).length / mine.size : 0;
  const recall = own.length ? own.filter((g) => mine.has(g)).length / own.length : 0;
  return { precision, recall, saved: mine.size, own: own.length };
}
