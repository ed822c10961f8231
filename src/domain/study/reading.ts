/**
 * Which sentences of a note are read well enough to study from (docs/design.md §3): the passage's
 * language first (franc, limited to the languages a course here is written in, so an English or
 * Catalan slide is never judged by a Spanish dictionary), then, for Spanish, the share of its words a
 * Hunspell dictionary knows (`dictionary-es` through `nspell`). A sentence that is cut, carries the
 * reader's doubt marks, looks like a table row or a page band, or falls below the dictionary
 * threshold gives no card and no line of the episode.
 *
 * The dictionary is read from the sorted list of its forms (word-list.ts: ≈ 7 MB and tens of
 * milliseconds, where building the speller cost 88 MB and 0.9 s in each thread), once per thread,
 * on the first study task, and shared (`loadWordCheck`).
 */
import { createRequire } from 'node:module';
import { franc } from 'franc';
import type { newStemmer, Stemmer } from 'snowball-stemmers';
import { readShippedWords, spanishWordCheck } from './word-list.js';

/** Whether a lower- or mixed-case word is a Spanish word (the dictionary's verdict). */
export type WordCheck = (word: string) => boolean;

let loading: Promise<WordCheck> | undefined;

/** The Spanish dictionary's word check, read once per thread. */
export function loadWordCheck(): Promise<WordCheck> {
  loading ??= Promise.resolve().then(() => spanishWordCheck(readShippedWords()));
  return loading;
}

/** Languages a passage may be told apart as (ISO 639-3); anything else reads as undetermined. */
const LANGUAGES = ['spa', 'eng', 'cat', 'por', 'fra', 'ita', 'glg', 'eus', 'deu'];

/** The passage's language ('und' when too short to tell; a short Spanish-looking passage is taken as Spanish). */
export function languageOf(text: string): string {
  const plain = text.replace(/[^\p{L}\s'’-]+/gu, ' ');
  if (plain.replace(/\s+/g, '').length < 20) return 'und';
  return franc(plain, { only: LANGUAGES, minLength: 20 });
}

/**
 * Share of a Spanish sentence's lower-case words that the dictionary must know to count as read well:
 * a lecture's own vocabulary (profase, cuasiestático) is often not in it, a garbled line is mostly not.
 */
export const DICTIONARY_THRESHOLD = 0.7;
/** Fewest and most words of a sentence worth studying from. */
export const SENTENCE_MIN_WORDS = 5;
export const SENTENCE_MAX_WORDS = 90;

/**
 * A full stop that ends a clause, as a regular expression's source to put among other boundaries:
 * never the era's «a. C.» or «d. C.», which sentencesOf keeps inside its sentence too.
 */
export const FULL_STOP = String.raw`(?<!(?:^|\s)[ad]|(?:^|\s)[ad]\.\s{1,3}C)\.\s`;

/** Words before an era («a. C.») from which the era, followed by a capital, ends the sentence. */
const ERA_SENTENCE_WORDS = 10;

/** Words that open a sentence and are never a surname after an initial. */
const OPENERS = /^(?:El|La|Los|Las|Un|Una|Unos|Unas|En|Por|Para|Con|Este|Esta|Estos|Estas|Ese|Esa|Si|Cuando|Como|Pero|Además|También|Así|Sin|Aunque|Es|Son|Se|Lo|Al|No|Ya|Hay)\s/u;

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set(['ej', 'p', 'pp', 'pág', 'págs', 'etc', 'sr', 'sra', 'dr', 'dra', 'vol', 'cap', 'núm', 'fig', 'aprox', 'art', 'cf', 'vs', 's', 'ss', 'a. c', 'd. c', 'c', 'ca', 'ed', 'eds', 'op', 'cit', 'ibid', 'n', 'arts', 'apdo', 'apdos', 'párr', 'tít']);

export interface Sentence {
  /** As written, trimmed. */
  text: string;
  /** Offset of `text` in the note. */
  at: number;
}

/**
 * The sentences of `text`, in order: ends at «. ! ?» followed by a capital, an opening mark or the
 * end, and at line breaks; a full stop after an abbreviation, an initial or inside a number does not end one
 * (after «°C» it does: a unit, not an initial).
 */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  const push = (from: number, to: number) => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const s = raw.trim();
    if (s) out.push({ text: s, at: from + lead });
  };
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      push(start, i);
      start = i + 1;
      continue;
    }
    if (ch !== '.' && ch !== '!' && ch !== '?' && ch !== '…') continue;
    let j = i + 1;
    while (j < text.length && /[.»"”)\]*]/.test(text[j]!)) j++;
    // A sentence may open with its bold or italic name («… en Gran Bretaña. **John Locke** comparó …»).
    const next = text.slice(j).match(/^[ \t]+(?:\*\*|\*|__|_)?(\S)/u);
    if (j < text.length && text[j] !== '\n' && !next) continue;
    if (next && !/[\p{Lu}¿¡«"“(\d]/u.test(next[1]!)) continue;
    if (ch === '.') {
      const word = /([\p{L}]+)$/u.exec(text.slice(Math.max(0, i - 12), i))?.[1];
      // «… todo el siglo V a. C. Esquilo, que vivió …»: the era ends a long sentence when a capital
      // follows it; a short run before it is a sentence that opens with its date («Hacia el 534 a. C. Tespis ganó …»).
      const eraEnds = word === 'C' && /(?:^|\s)[ad]\.\s{1,3}$/u.test(text.slice(Math.max(0, i - 6), i - 1)) && next && /\p{Lu}/u.test(next[1]!)
        && text.slice(start, i).trim().split(/\s+/u).length >= ERA_SENTENCE_WORDS;
      const unit = text[i - 2] === '°';
      // «… un freno que depende de N. La capacidad de carga …»: a symbol, not an initial, when the next
      // word opens a sentence and is never a surname.
      const symbolEnds = word?.length === 1 && /\p{Lu}/u.test(word) && OPENERS.test(text.slice(j).trimStart());
      if (word && !eraEnds && !unit && !symbolEnds && (ABBREVIATIONS.has(word.toLowerCase()) || (word.length === 1 && /\p{Lu}/u.test(word)))) continue;
      // «en el 509 a. C. los romanos …»: the era's «a.» and «d.» before «C.».
      if ((word === 'a' || word === 'd') && /^\s*C\./u.test(text.slice(i + 1))) continue;
      if (/\d$/.test(text.slice(0, i)) && next && /\d/.test(next[1]!)) continue;
    }
    push(start, j);
    start = j;
    i = j - 1;
  }
  push(start, text.length);
  return out;
}

/** The sentence as a reader hears it: without markdown emphasis, list marks or heading marks. */
export function plainSentence(s: string): string {
  return s.replace(/\*\*\*|\*\*|__|(?<![*\w])\*(?=\S)|(?<=\S)\*(?![*\w])/g, '').replace(/^\s*(?:>\s*)*(?:#{1,6}\s+|[-*•]\s+|\d+[.)]\s+(?=\p{Lu}))?/u, '').replace(/\s+/g, ' ').trim();
}

/** Marks a reader leaves where it could not read (the reading side's doubt marks and a lost character). */
const DOUBT = /�|\[\?\]|\[ilegible\]|\[…\]|\?\?\?/iu;
/** A table row, a band of a page (header, footer, page number), or a line of cells. */
const DEBRIS = /\||\s·\s|^\s*(?:p[áa]g(?:ina)?\.?\s*\d+|\d+\s*\/\s*\d+)\s*$/iu;

const WORD = /[\p{L}][\p{L}'’-]*/gu;

/** Why a sentence is not studied from, or undefined when it reads well. */
export type ReadProblem = 'corta' | 'cortada' | 'dudosa' | 'restos' | 'diccionario';

/** The share of letters among a sentence's non-space characters (debris has few). */
const letterShare = (s: string) => (s.match(/\p{L}/gu) ?? []).length / Math.max(1, s.replace(/\s+/g, '').length);

/**
 * Whether `sentence` is read well enough to study from: whole (a capital or opening mark first, a
 * closing mark last), of SENTENCE_MIN_WORDS–SENTENCE_MAX_WORDS words, no doubt marks, no table or
 * page debris, mostly letters, and in Spanish at least DICTIONARY_THRESHOLD of its lower-case words known.
 */
export function readProblem(sentence: string, language: string, isWord: WordCheck): ReadProblem | undefined {
  const s = plainSentence(sentence);
  if (DOUBT.test(s)) return 'dudosa';
  if (DEBRIS.test(s)) return 'restos';
  const words = s.match(WORD) ?? [];
  if (words.length < SENTENCE_MIN_WORDS || words.length > SENTENCE_MAX_WORDS) return 'corta';
  // A sentence may end with a colon that hands over to a list, a table or a formula.
  // A list item led in by the sentence before («Las partes son:» / «- el **recitativo**, un canto …;») is whole
  // in lower case and with the semicolon that parts it from the next item.
  const item = /^\s*[-*•]\s+(?:\*\*)?\p{Ll}/u.test(sentence) && /[;.]$/u.test(s);
  if (!item && (!/^[\p{Lu}¿¡«"“(]/u.test(s) || !/[.!?…:][»"”)]*$/u.test(s) || /(?:\.\.\.|…)[»"”)]*$/u.test(s))) return 'cortada';
  if (letterShare(s) < 0.7) return 'restos';
  if (language === 'spa' || language === 'und') {
    const lower = words.filter((w) => !/^\p{Lu}/u.test(w) && w.length > 1 && !/[-'’]/.test(w));
    if (lower.length > 0 && lower.filter(isWord).length / lower.length < DICTIONARY_THRESHOLD) return 'diccionario';
  }
  return undefined;
}

let stemmer: Stemmer | undefined;
/** The Snowball Spanish stem of a lower-case word (the stemmer the notes' search uses). */
export function stem(word: string): string {
  stemmer ??= (createRequire(import.meta.url)('snowball-stemmers') as { newStemmer: typeof newStemmer }).newStemmer('spanish');
  return stemmer.stem(word.toLocaleLowerCase('es'));
}
