/**
 * The Spanish dictionary as a sorted list of word forms (docs/design.md §3, «reading»): what the
 * study code asks is only «is this a Spanish word?», and nspell answers it from a map of every form
 * its affix rules make — about 88 MB in each thread that loads it. The same forms, sorted and kept as
 * one string with their offsets, answer by binary search in ≈ 7 MB (scripts/build-word-list.ts
 * makes the file; a test keeps it equal to what the dictionary gives).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export const WORD_LIST_URL = new URL('./palabras-es.txt.gz', import.meta.url);

/** Every form the dictionary accepts as it stands, sorted by UTF-16 code units. */
export async function allSpanishForms(): Promise<string[]> {
  const [{ default: dictionary }, { default: nspell }] = await Promise.all([import('dictionary-es'), import('nspell')]);
  const speller = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
  const forms = Object.keys((speller as unknown as { data: Record<string, unknown> }).data).filter((w) => w !== '' && !w.includes('\n') && speller.correct(w));
  return forms.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A sorted list of words looked up by binary search over one string (no per-word objects). */
export class SortedWords {
  readonly #text: string;
  readonly #starts: Uint32Array;

  constructor(text: string) {
    this.#text = text;
    let n = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
    this.#starts = new Uint32Array(n + 1);
    let k = 0;
    this.#starts[k++] = 0;
    for (let i = 0; i < text.length && k <= n; i++) if (text.charCodeAt(i) === 10) this.#starts[k++] = i + 1;
  }

  get size(): number {
    return this.#starts.length - 1;
  }

  #word(i: number): string {
    return this.#text.slice(this.#starts[i]!, this.#starts[i + 1]! - 1);
  }

  has(word: string): boolean {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const w = this.#word(mid);
      if (w === word) return true;
      if (w < word) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

/**
 * Whether a word is Spanish, as the speller judged it: the form itself, and — as Hunspell accepts a
 * lower-case word written with a capital at a sentence's start or in capitals — its lower-case form
 * and, for a word in capitals, its capitalised form (a proper name: «MADRID» → «Madrid»).
 */
export function spanishWordCheck(words: SortedWords): (word: string) => boolean {
  return (word) => {
    if (words.has(word)) return true;
    const lower = word.toLocaleLowerCase('es');
    if (lower !== word && words.has(lower)) return true;
    if (word.length > 1 && word === word.toLocaleUpperCase('es')) return words.has(lower.charAt(0).toLocaleUpperCase('es') + lower.slice(1));
    return false;
  };
}

/** The shipped list, read once per thread. */
export function readShippedWords(): SortedWords {
  return new SortedWords(gunzipSync(readFileSync(WORD_LIST_URL)).toString('utf8'));
}
