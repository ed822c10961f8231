/**
 * What a line of the episode that leans on what came before may be said after (script.ts). Heard
 * alone, «Descarga su peso sobre los muros» or «Nace del cruce de dos bóvedas de cañón» takes its
 * subject from the line heard before it; said right after another note's line («La bóveda de cañón
 * es …»), it said something of the wrong thing (a pasted lecture on Romanesque art). Such
 * a line is led by the sentence before it in its note only when that sentence is about its subject;
 * one that says its own subject and shares nothing with it is said without it; a line that opens its
 * section with its verb is led by the section's heading. Pure.
 */
import type { WordCheck } from '../study/reading.js';
import { subjectStems } from '../quiz/subject.js';
import { DETERMINERS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS } from '../cards/lexicon.js';

/** The connectives a leaning line may open with before its own subject («Además, la …», «Por eso el …», «Más tarde Ghiberti …»). */
const CONNECTIVE = new Set(['además', 'también', 'sin', 'embargo', 'por', 'otra', 'otro', 'lado', 'parte', 'eso', 'ello', 'tanto', 'lo', 'último', 'más', 'tarde', 'entonces', 'pero', 'en', 'cambio', 'de', 'ahí', 'asimismo']);
const ARTICLES = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas']);

/** Whether `line` says its own subject past its connective: an article's noun or a name («Por eso la bóveda…», «Más tarde Ghiberti…»), not a verb or a pronoun («Esta permite…»). */
export function namesItsSubject(line: string): boolean {
  const words = line.match(/\p{L}+/gu) ?? [];
  let k = 0;
  while (k < words.length - 1 && CONNECTIVE.has(words[k]!.toLocaleLowerCase('es'))) k++;
  const w = words[k] ?? '';
  return ARTICLES.has(w.toLocaleLowerCase('es')) || (k > 0 && /^\p{Lu}/u.test(w));
}

/** Whether two sentences speak of one thing: they share a content word («La bóveda de cañón…» / «Por eso la bóveda…»). */
export function shareSubject(a: string, b: string): boolean {
  const said = new Set(subjectStems(a));
  return subjectStems(b).some((s) => said.has(s));
}

/** Adverbs with a verb's ending («Fuera de Florencia…», «Ahora…»). */
const ADVERBS = new Set(['fuera', 'cerca', 'delante', 'encima', 'debajo', 'ahora', 'nunca', 'siempre', 'acerca', 'arriba', 'adelante', 'enfrente', 'aparte', 'adentro', 'afuera', 'tarde', 'ayer', 'hoy', 'mañana', 'pronto']);
/** «Se llama X a…», «Se denomina…»: a definition names its subject after its verb. */
const NAMING = /^se\s+(?:llama|llaman|denomina|denominan|define|definen|conoce|conocen|entiende|dice|considera|consideran|designa|designan)\b/iu;

/**
 * Whether `line` opens with its verb, its subject left to what came before («Nace del cruce…»,
 * «Se forma al cruzarse…»): its first word is a common word with a verb's ending (not a name the notes
 * capitalise mid-sentence, an article, a preposition, another function word or an adverb), or «se»
 * before one — not «se llama…», which names what it defines.
 */
export function opensWithVerb(line: string, isWord: WordCheck, names: ReadonlySet<string>): boolean {
  const [first = '', second = ''] = line.match(/\p{L}+/gu) ?? [];
  const lower = first.toLocaleLowerCase('es');
  if (lower === 'se') return /^\p{Ll}+$/u.test(second) && !NAMING.test(line);
  if (names.has(first) || !isWord(lower) || /mente$/u.test(lower) || ADVERBS.has(lower)) return false;
  if (DETERMINERS.has(lower) || PREPOSITIONS.has(lower) || FUNCTION_WORDS.has(lower) || QUANTIFIERS.has(lower)) return false;
  return /(?:a|e|an|en|ó|ió|aron|ieron|aba|aban|ía|ían)$/u.test(lower);
}
