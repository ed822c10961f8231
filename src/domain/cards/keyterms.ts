/**
 * Key terms of a note: the noun phrases a teacher would ask about (desviación estándar, cubismo,
 * acorde), found by position rules — a noun follows a determiner or a preposition, a quantifier may
 * sit in between, an adjective or "de" + noun may follow — and ranked by TF-IDF weight against the
 * notebook. Verbs, quantifiers and generic nouns never win. Pure: no I/O.
 */
import {
  ADJECTIVES, ADJECTIVE_ENDING, DETERMINERS, FUNCTION_WORDS, GENERIC_NOUNS, INFINITIVE_ENDING,
  PREPOSITIONS, PRETERITE_ENDING, QUANTIFIERS, VERBS,
} from './lexicon.js';

const WORD = /[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+/gu;

interface Token {
  word: string;
  lower: string;
  at: number;
  end: number;
  /** Only spaces separate this token from the previous one (no comma, no full stop). */
  joined: boolean;
  /** First word of a sentence (its capital letter says nothing). */
  sentenceStart: boolean;
}

/** A key term found in a note: its words as written, where it first occurs, and its rank score. */
export interface KeyTerm {
  /** As written in the note, e.g. "desviación estándar". */
  text: string;
  /** Lower-case content words (used to keep a note's cards on different terms). */
  words: string[];
  /** Index of the first occurrence in the note's text. */
  at: number;
  score: number;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let prevEnd = 0;
  for (const m of text.matchAll(WORD)) {
    const gap = text.slice(prevEnd, m.index);
    out.push({
      word: m[0],
      lower: m[0].toLowerCase(),
      at: m.index,
      end: m.index + m[0].length,
      joined: out.length > 0 && /^\s+$/.test(gap),
      sentenceStart: out.length === 0 || /[.!?¡¿\n]/.test(gap),
    });
    prevEnd = m.index + m[0].length;
  }
  return out;
}

const closedClass = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w);
const isVerbForm = (w: string) => VERBS.has(w) || PRETERITE_ENDING.test(w);
const isAcronym = (w: string) => w.length >= 2 && w === w.toUpperCase();

/** Could `t` be a noun, judging by the word and what comes before it? */
function nounAt(ts: readonly Token[], i: number, nounEnds: ReadonlySet<number>): boolean {
  const t = ts[i]!;
  if (closedClass(t.lower) || isVerbForm(t.lower)) return false;
  const prev = ts[i - 1];
  // A capital letter mid-sentence is a name (Mendel, Renacimiento); at the start, a name too
  // unless it looks like an infinitive ("Practicar la guitarra…").
  if (/^[A-ZÁÉÍÓÚÑ]/.test(t.word)) return !t.sentenceStart || !INFINITIVE_ENDING.test(t.lower);
  if (!prev) return false;
  let before = prev;
  let j = i - 1;
  // "un solo número", "desde varios puntos", "con tres notas": skip the quantifier.
  if (QUANTIFIERS.has(before.lower) && j > 0) before = ts[--j]!;
  if (DETERMINERS.has(before.lower) || QUANTIFIERS.has(prev.lower)) return true;
  if (PREPOSITIONS.has(before.lower)) return !INFINITIVE_ENDING.test(t.lower);
  // "recibe argumentos", "combina melodías": a bare plural right after a verb is its object.
  if (VERBS.has(prev.lower) && t.joined && t.lower.endsWith('s')) return true;
  // "pinceladas sueltas y colores puros", "tono, tono, semitono": a list of nouns.
  if ((prev.lower === 'y' || prev.lower === 'o' || !t.joined) && nounEnds.has(i - (prev.lower === 'y' || prev.lower === 'o' ? 2 : 1))) {
    return !INFINITIVE_ENDING.test(t.lower);
  }
  return false;
}

/** Does `t` read as an adjective right after the noun `noun` ("valores extremos", "escala mayor")? */
function adjectiveAfter(noun: Token, t: Token | undefined): boolean {
  if (!t || !t.joined || closedClass(t.lower) || isVerbForm(t.lower)) return false;
  if (isAcronym(t.word) && t.word.length <= 5) return true; // archivo CSV
  if (/^[A-ZÁÉÍÓÚÑ]/.test(t.word)) return false;
  if (ADJECTIVES.has(t.lower)) return true;
  // A plural noun takes a plural adjective (-s); a plural verb would end in -n.
  if (noun.lower.endsWith('s')) return t.lower.endsWith('s');
  return !t.lower.endsWith('s') && !t.lower.endsWith('n') && ADJECTIVE_ENDING.test(t.lower);
}

/**
 * The key terms of `text`, best first, one entry per distinct term. `weight(word)` is the word's
 * TF-IDF weight in this note (0 for words the index dropped); a term scores its best word, ties go
 * to the longer term, then to the earlier one.
 */
export function keyTerms(text: string, weight: (lowerWord: string) => number): KeyTerm[] {
  const ts = tokens(text);
  const found = new Map<string, KeyTerm>();
  const nounEnds = new Set<number>();
  for (let i = 0; i < ts.length; i++) {
    if (!nounAt(ts, i, nounEnds)) continue;
    let last = i;
    // "intervalo de confianza", "puntos de vista": noun + de + bare noun is one term.
    const de = ts[i + 1];
    const tail = ts[i + 2];
    if (de?.lower === 'de' && de.joined && tail?.joined && !closedClass(tail.lower) && !isVerbForm(tail.lower) && !INFINITIVE_ENDING.test(tail.lower)) {
      last = i + 2;
    } else if (adjectiveAfter(ts[i]!, ts[i + 1])) {
      last = i + 1;
    }
    nounEnds.add(last);
    const span = ts.slice(i, last + 1);
    const contentWords = span.map((t) => t.lower).filter((w) => w !== 'de');
    const phrase = text.slice(ts[i]!.at, ts[last]!.end);
    const key = phrase.toLowerCase();
    const score = Math.max(...contentWords.map(weight));
    const generic = span.length === 1 && GENERIC_NOUNS.has(ts[i]!.lower);
    if (!generic && score > 0 && !found.has(key)) found.set(key, { text: phrase, words: contentWords, at: ts[i]!.at, score });
    i = last;
  }
  return [...found.values()].sort((a, b) => b.score - a.score || b.text.length - a.text.length || a.at - b.at);
}
