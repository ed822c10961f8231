/**
 * A term a sentence names by a naming verb, wherever it stands in the sentence (docs/design.md §3):
 * «…recompensarlos con tierras en usufructo, lo que en los documentos de la época se denominaba
 * beneficio (beneficium), porque …», «…incurría en felonía, que es como se llamaba la traición a la fe
 * jurada, …», «…a este reparto lo llamamos división del trabajo». Long prose introduces most of its
 * terms this way, each time worded a little differently, and the rules that read what a sentence
 * defines (sentence-idea.ts, marked-terms.ts) need the sentence to open with its term. This one only
 * finds the term: it is asked as a cloze in the clause that names it, so what the sentence says of it
 * is the card's cue, whatever its wording. Pure.
 */
import { goodTerm } from './sentence-idea.js';

/** A naming verb, then the term (one to four words, up to a comma, a bracket, a full stop or a clause). */
const NAMES_NEXT = /(?<![\p{L}])(?<!como\s)(?:se\s+(?:denomin|llam)(?:a|aba|an|aban|ó|aron)|se\s+conoc(?:e|ía|en|ían|ió)\s+como|recib(?:e|ía|en|ían)\s+el\s+nombre\s+de|(?:con|bajo)\s+el\s+nombre\s+de|(?:lo|la|los|las)\s+(?:llamamos|denominamos)|conocemos\s+como|llamamos|denominamos)\s+(?:(?:el|la|los|las)\s+)?(\p{Ll}[\p{L}'’-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?\p{Ll}[\p{L}'’-]*){0,3}?)(?=\s*[,.;:()]|\s+(?:porque|que|y|o|a|al|en|cuando|si|pues|ya)\s|$)/u;
/** «… y decimos que la empresa está en quiebra técnica: …»: a state the text names by «decimos que … está en / es». */
const WE_SAY = /(?<![\p{L}])decimos\s+que\s+[^,;:]{3,50}?\s+(?:es|son|está|están)\s+(?:en\s+)?(\p{Ll}[\p{L}'’-]*(?:\s+\p{Ll}[\p{L}'’-]*){0,2}?)(?=\s*[:;.]|$)/u;
/** The term before «, que es como se llamaba …» / «, como se denominaba …». */
const NAMED_BEFORE = /(?<![\p{L}])(?:en|de|a|por|el|la|los|las|un|una)\s+(\p{Ll}[\p{L}'’-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?\p{Ll}[\p{L}'’-]*){0,2}),\s+(?:que\s+es\s+)?como\s+se\s+(?:llamaba|llama|denominaba|denomina|conocía|conoce)(?![\p{L}])/u;

/** The terms a plain sentence names by a naming verb, in their order. */
export function namedTerms(sentence: string): string[] {
  const terms = [NAMES_NEXT.exec(sentence)?.[1], NAMED_BEFORE.exec(sentence)?.[1], WE_SAY.exec(sentence)?.[1]].filter((t): t is string => t !== undefined);
  // «se llama cargar la cuenta»: an infinitive (alone or with its object) names an action, not a term; «poder legislativo» is one.
  return terms.map((t) => t.trim()).filter((t) => goodTerm(t) && !/^(?:así|como|también|hoy|ahora)$/u.test(t) && !/^\p{Ll}+(?:ar|er|ir)(?:$|\s+(?:el|la|los|las|un|una|su|sus)\s)/u.test(t));
}
