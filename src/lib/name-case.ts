/**
 * Names given back their capitals (pure). A note's topic opens in lower case (material/split.ts; a
 * typed one, and one saved before topics kept their heading's capitals, is lower case throughout)
 * and the understanding hands back the subject of a question folded, so an answer that quotes them
 * would say «rendimiento de carnot». The text being quoted says how its names are
 * written: a word that starts with a capital wherever it stands inside a sentence, and is never
 * written without one, is a name («Carnot», «Kelvin-Planck», «Monet»), and so is an acronym among
 * lower-case words («circuito RC»); any other word is left as it is.
 */

import { fold } from './fold.js';

/** Where a word stands at a sentence's start (or a line's, or a quote's): its capital says nothing. */
const OPENS = /(?:^|[.!?…:;¿¡«"“(\n]\s*|\n\s*[-*•]\s+)$/u;

/** The names of `source`, by their lower-case form. */
export function namesOf(source: string): Map<string, string> {
  const capital = new Map<string, string>();
  const lower = new Set<string>();
  for (const m of source.matchAll(/\p{L}+/gu)) {
    const w = m[0];
    const key = w.toLocaleLowerCase('es');
    if (w === key) lower.add(key);
    else if (OPENS.test(source.slice(Math.max(0, m.index - 6), m.index))) continue;
    else if (/^\p{Lu}\p{Ll}*$/u.test(w) && !(w.length === 1 && inCapitals(source, m.index, w.length))) capital.set(key, w);
    // An acronym among lower-case words («circuito RC», «el ADN»), not a word of a heading set in capitals.
    else if (ACRONYM.test(w) && !inCapitals(source, m.index, w.length)) capital.set(key, w);
  }
  for (const k of lower) capital.delete(k);
  return capital;
}

/** An acronym: two to five capitals («RC», «ADN», «ATP»). */
const ACRONYM = /^\p{Lu}{2,5}$/u;
/** A word set all in capitals, two letters or more: «DERIVA», «LA». */
const ALL_CAPS = /^\p{Lu}{2,}$/u;
/**
 * Whether the word at `at` stands next to a word set all in capitals: the «A» of «CONTINENTAL A LA
 * TECTÓNICA» is typography, not a name (taken for one, a topic read «continental A la tectónica»).
 */
function inCapitals(source: string, at: number, length: number): boolean {
  const before = /(\p{L}+)\P{L}*$/u.exec(source.slice(Math.max(0, at - 40), at))?.[1];
  const after = /^\P{L}*(\p{L}+)/u.exec(source.slice(at + length, at + length + 40))?.[1];
  return (before !== undefined && ALL_CAPS.test(before)) || (after !== undefined && ALL_CAPS.test(after));
}

/** A numbering label and its number at a title's start, with what ends it: «Tema 2. », «2.1 », «Unidad 3: ». */
const LEADING_NUMBER = /^(\P{L}*(?:\p{L}+\s+)?\d{1,3}(?:(?:\.\d{1,2})+\.?|\s*[.:)\-–—])\s+)(\p{Ll})/u;

/**
 * A title set all in capitals («TEMA 2. DE LA DERIVA CONTINENTAL A LA TECTÓNICA DE PLACAS») as a
 * sentence: «Tema 2. De la deriva continental a la tectónica de placas» — capitals are its
 * typography, not its names; a Roman numeral («QUÍMICA ORGÁNICA II») keeps them. A title with any
 * lower-case letter is left as it is written.
 */
export function sentenceCase(title: string): string {
  if (/\p{Ll}/u.test(title) || !/\p{Lu}{4}/u.test(title)) return title;
  const lower = title.replace(/\p{L}+/gu, (w) => (/^[IVX]{1,4}$/.test(w) ? w : w.toLocaleLowerCase('es')));
  return capitalised(lower);
}

/** The first letter in capitals, and the first past a numbering label («Tema 2. de…» → «Tema 2. De…»). */
function capitalised(text: string): string {
  const first = text.replace(/\p{L}/u, (c) => c.toLocaleUpperCase('es'));
  return first.replace(LEADING_NUMBER, (_m, head: string, c: string) => `${head}${c.toLocaleUpperCase('es')}`);
}

/** `text` with each lower-case word that `source` writes as a name written as `source` writes it. */
export function withNames(text: string, source: string): string {
  const names = namesOf(source);
  if (names.size === 0) return text;
  return text.replace(/\p{L}+/gu, (w) => (w === w.toLocaleLowerCase('es') ? (names.get(w) ?? w) : w));
}

/**
 * A note's topic as a person reads it: its names written as `source` writes them and its first
 * letter in capitals, past a section's number («6. el ciclo de carnot» → «6. El ciclo de Carnot»), and
 * past a numbering label too («tema 2. de la deriva» → «Tema 2. De la deriva»).
 * A topic opens in lower case (material/split.ts); this is how every list shows it.
 */
export function topicAsWritten(topic: string, source: string): string {
  return capitalised(withNames(topic, source));
}

/**
 * `text` with each word written without its accents («subduccion», as a student types it or the
 * understanding folds it) written as `source` writes it («subducción»): only a lower-case word that
 * `source` does not write as it is, and only when `source` writes that folded word one way (lower
 * case, whatever its capital at a sentence's start) — «esta» is left alone where «está» and «ésta» both stand.
 */
export function withAccents(text: string, source: string): string {
  const as = new Map<string, Set<string>>();
  const exact = new Set<string>();
  for (const [w] of source.matchAll(/\p{L}+/gu)) {
    const lower = w.toLocaleLowerCase('es');
    exact.add(lower);
    const key = fold(lower);
    if (key !== lower) (as.get(key) ?? as.set(key, new Set()).get(key)!).add(lower);
  }
  return text.replace(/\p{L}+/gu, (w) => {
    if (w !== w.toLocaleLowerCase('es') || exact.has(w) || fold(w) !== w) return w;
    const forms = as.get(w);
    return forms?.size === 1 ? [...forms][0]! : w;
  });
}

/**
 * Words a student typed, or the understanding folded («la boveda de arista», «rendimiento de
 * carnot»), as the notes write them — their accents as `source` writes them (withAccents) and their
 * names with the capitals `names` gives them (withNames; `source` itself by default) — for a reply
 * that echoes them: «Esto dicen tus notas sobre «subducción»», «Test sobre «la bóveda de arista»».
 */
export function asWrittenIn(text: string, source: string, names = source): string {
  return withNames(withAccents(text, source), names);
}
