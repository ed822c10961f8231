/**
 * The names and headings a course writes (docs/design.md §3): which capitalised words are names,
 * a person's full name, a heading as a context cue, how often a term comes back. Pure.
 */
import type { Note } from '../notebook.js';
import { DETERMINERS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS } from '../cards/lexicon.js';
import { escapeRegExp } from '../../lib/regexp.js';

const fold = (s: string) => s.toLocaleLowerCase('es');
const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w);

/** Words the notes capitalise after another word: names («Monet», «Carnot», «París»). */
export function namesIn(notes: readonly Note[]): Set<string> {
  const lower = lowerWordsIn(notes);
  // A word also written in lower case is a common word that a title capitalised («Exposición Universal»).
  return new Set(notes.flatMap((n) => [...n.texto.matchAll(/[\p{Ll},;] (\p{Lu}[\p{L}'’-]+)/gu)].map((m) => m[1]!)).filter((w) => !lower.has(w.toLocaleLowerCase('es'))));
}

/** Every word the notes write in lower case (one also written capitalised is then a common word). */
export function lowerWordsIn(notes: readonly Note[]): Set<string> {
  return new Set(notes.flatMap((n) => n.texto.match(/(?<![\p{L}])\p{Ll}[\p{L}'’-]*/gu) ?? []));
}

/** The full name the notes first give a person named by surname («Monet» → «Claude Monet»). */
export function fullName(name: string, course: readonly Note[]): string {
  const re = new RegExp(`((?:\\p{Lu}[\\p{L}'’-]+\\s+){1,2})${escapeRegExp(name)}(?![\\p{L}])`, 'u');
  for (const n of course) {
    const m = re.exec(n.texto);
    // Not a sentence's first word glued to the name («Fue Monet»): each part is itself a name.
    if (m && m[1]!.trim().split(/\s+/).every((w) => !closed(fold(w)))) return `${m[1]!.trim()} ${name}`;
  }
  return name;
}

/** A heading as a context cue: without its numbering, with the capitals of the names the notes write («parís» → «París»). */
export function contextOf(heading: string | undefined, names: ReadonlySet<string>): string | undefined {
  if (!heading) return undefined;
  const h = cleanHeading(heading).replace(/[\p{L}'’-]+/gu, (w) => {
    const cap = `${w[0]!.toLocaleUpperCase('es')}${w.slice(1)}`;
    return names.has(cap) ? cap : w;
  });
  return h ? `${h[0]!.toLocaleUpperCase('es')}${h.slice(1)}` : undefined;
}

/** How often a term is written in the course (case aside): a key term comes back. */
export function timesWritten(term: string, course: readonly Note[]): number {
  const re = new RegExp(`(?<![\\p{L}])${escapeRegExp(fold(term))}(?![\\p{L}])`, 'gu');
  return course.reduce((n, c) => n + (fold(c.texto).match(re)?.length ?? 0), 0);
}

/** Where `term` sits in the plain sentence as a whole word run, or -1. */
export function termAt(sentence: string, term: string): number {
  const m = new RegExp(`(^|[^\\p{L}])(${escapeRegExp(term)})(?=[^\\p{L}]|$)`, 'u').exec(sentence);
  return m ? m.index + m[1]!.length : -1;
}

/** A heading without its numbering («3.», «Tema 5.», «II.») and trailing marks. */
export function cleanHeading(h: string): string {
  return h.replace(/^#+\s*/, '').replace(/^(?:tema|unidad|lección|capítulo)\s+\d+[.:]?\s*/iu, '').replace(/^(?:[IVXLC]+|\d+(?:\.\d+)*)[.)]?\s+/u, '').replace(/^(?:el|la|los|las)\s+/iu, '').replace(/[.:]+$/u, '').trim();
}
