/**
 * Which of the student's documents their words name — pure. «el tema 5», «Tema5.pdf», «los apuntes
 * de termodinámica»: the words (accents and case aside, a letter run and a number apart, so «tema5»
 * is «tema 5», without the file's extension and small words) against each document's name and the
 * start of its text (where a lecture says «Tema 5. Segundo principio…»). A document whose name holds
 * every word is named; failing that, one whose name and opening do; failing that, those that hold
 * the most of them, at least half; else none.
 */
import { fold } from '../../lib/fold.js';

/** Characters of a document's text read as its opening (its title, its header). */
export const OPENING_CHARS = 300;

/** Words that name no document: articles, prepositions, extensions, «archivo». */
const SMALL = new Set(['el', 'la', 'los', 'las', 'lo', 'de', 'del', 'mi', 'mis', 'tu', 'tus', 'un', 'una', 'y', 'en', 'a', 'que', 'pdf', 'docx', 'txt', 'md', 'jpg', 'jpeg', 'png', 'webp', 'archivo', 'documento', 'fichero']);

/** The words that count, in order. */
export function nameWords(text: string): string[] {
  return fold(text.toLowerCase())
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .replace(/(\d)(\p{L})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !SMALL.has(w))
    .map((w) => (/^\d+$/.test(w) ? String(Number(w)) : w));
}

/** The indexes of `docs` the words name (all of them when `asked` has no words that count). */
export function documentsNamed(asked: string, docs: readonly { nombre: string; texto: string }[]): number[] {
  const want = nameWords(asked);
  if (want.length === 0) return docs.map((_d, i) => i);
  const hasAll = (have: Set<string>) => want.every((w) => have.has(w));
  const byName = docs.flatMap((d, i) => (hasAll(new Set(nameWords(d.nombre))) ? [i] : []));
  if (byName.length > 0) return byName;
  const words = docs.map((d) => new Set([...nameWords(d.nombre), ...nameWords(d.texto.slice(0, OPENING_CHARS))]));
  const whole = words.flatMap((have, i) => (hasAll(have) ? [i] : []));
  if (whole.length > 0) return whole;
  // Most of the words, where one document holds more of them than any other («apuntes de termodinámica»).
  const hits = words.map((have) => want.filter((w) => have.has(w)).length);
  const best = Math.max(0, ...hits);
  return best * 2 >= want.length && best > 0 ? hits.flatMap((h, i) => (h === best ? [i] : [])) : [];
}
