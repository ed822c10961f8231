/**
 * Definitions long prose makes in the middle of a sentence (docs/design.md §3). The rules of
 * sentence-idea.ts read a sentence by its first words and take one idea from it; a lecture written
 * in long paragraphs defines most of its terms after a comma, two to a sentence:
 * - a second definition coordinated with the first: «La peripecia es el cambio …, y la anagnórisis es
 *   el reconocimiento, el paso de la ignorancia al conocimiento»;
 * - a term with «que podemos definir como»: «…, el señorío, que podemos definir como el dominio de un
 *   señor sobre una tierra …»;
 * - a term restated by «es decir» where it stands, with no mark on it: «… gobernó a través de condes,
 *   es decir, funcionarios que administraban justicia …», «El segundo momento era la investidura, es
 *   decir, el acto por el cual el señor entregaba al vasallo el feudo, …».
 * Each is a definition asked «¿Qué es X?» and answered with its first claim. Pure.
 */
import { FUNCTION_WORDS, VERBS } from '../cards/lexicon.js';
import { condense, fold, goodTerm, ideaOfSentence, type Found } from './sentence-idea.js';

/** A term of one to three lower-case words, with its «de» («señorío jurisdiccional», «tasa de natalidad»). */
const TERM = String.raw`(\p{Ll}[\p{L}'’-]*(?:\s+(?:de\s+(?:la\s+|los\s+|las\s+)?|del\s+)?\p{Ll}[\p{L}'’-]*){0,2})`;
/** Where a coordinated clause of its own starts: «, y la …», «; el …», «, mientras que los …». */
const COORDINATED = /(?:,\s+y|;|,\s+mientras\s+que)\s+(?=(?:el|la|los|las)\s)/gu;
/** A clause that opens as a definition: an article, a few words, and «es / son / era / eran» with an article. */
const OPENS_DEFINING = /^(?:el|la|los|las)\s+[^,;:]{2,40}?\s+(?:es|son|era|eran)\s+(?:un|una|unos|unas|el|la|los|las)\s/u;
/** «…, el señorío, que podemos definir como …». */
const DEFINED_AS = new RegExp(String.raw`(?:^|\s)(el|la|los|las)\s+${TERM},\s+que\s+(?:podemos|cabe|se\s+puede|puede)?\s*(?:definir|se\s+define|definimos)\s+como\s+(.+)$`, 'u');
/** «… a través de condes, es decir, funcionarios que …», «… era la investidura, es decir, el acto …». */
// After a preposition the term is a bare noun and its adjective («por medio de valíes» restates «valíes», not «medio de valíes»).
const RESTATED = new RegExp(String.raw`(?:(?<![\p{L}])(el|la|los|las)\s+${TERM}|(?<![\p{L}])(?:de|en|por|con|entre)\s+(\p{Ll}[\p{L}'’-]*(?:\s+(?!de\s|del\s)\p{Ll}[\p{L}'’-]*)?)),\s+(?:es\s+decir|o\s+sea|esto\s+es),\s+((?:(?:el|la|los|las|un|una|unos|unas)\s+)?(\p{Ll}{3,}|qué)\s.+)$`, 'u');
/** What ends the first claim of a restatement: a relative on its own last noun («…, que no se daba…»), a list of examples, a stop. */
const CLAIM_END = /,\s+(?:que|como|aunque|pero|sino|lo\s+que|y)\s|[;:](?:\s|$)|\.\s|\.$/u;

/** A clitic after «que» points at something named before the clause («los números que la resumen»). */
const BACK_POINTING = /(?<![\p{L}])que\s+(?:la|lo|las|los|le|les)\s+\p{Ll}/u;

/** The definitions a plain sentence makes past its first words. */
export function proseDefinitions(sentence: string): Found[] {
  const found: Found[] = [];
  // A coordinated clause read as a sentence of its own, when it opens as a definition.
  for (const m of sentence.matchAll(COORDINATED)) {
    const rest = sentence.slice(m.index + m[0].length);
    if (!OPENS_DEFINING.test(rest)) continue;
    const clause = `${rest[0]!.toLocaleUpperCase('es')}${rest.slice(1)}`;
    const idea = ideaOfSentence(clause, clause);
    // Its own clause: carded beside the sentence's first idea, neither answer in the other's question.
    // («…, y las medidas de dispersión son los números que la resumen»: a pronoun pointing back is no definition.)
    if (idea?.kind !== 'definicion' || idea.question || BACK_POINTING.test(idea.body)) continue;
    found.push({ ...idea, body: idea.body.split(CLAIM_END)[0]!.trim(), shares: true });
  }
  const defined = DEFINED_AS.exec(sentence);
  if (defined) found.push({ kind: 'definicion', term: defined[2]!, article: fold(defined[1]!), body: condense(defined[3]!) });
  const restated = RESTATED.exec(sentence);
  // What follows «es decir» must be a noun phrase, not a clause («es decir, cuanto más…», «es decir, aumenta…»).
  const head = restated && fold(restated[5]!);
  // …or a question word that says what the term measures («la eficiencia, es decir, qué parte de la energía …»).
  const asks = head !== null && /^(?:qué|cuánto|cuánta|cuántos|cuántas)$/u.test(head ?? '');
  if (restated && head && (asks || (!VERBS.has(head) && !FUNCTION_WORDS.has(head))) && !/(?:ando|iendo)$/u.test(head)) {
    const body = restated[4]!.split(CLAIM_END)[0]!.trim();
    const term = (restated[2] ?? restated[3])!;
    // A bare plural («condes») is asked with the article its ending gives; one described in the past, in the past
    // (by «-aba», «-ían»: a word in «-ía» is as often a noun, «energía», «teoría»).
    const past = /(?<![\p{L}])(?:era|eran)\s/u.test(sentence.slice(0, restated.index)) || /\p{Ll}(?:aba|aban|ían)(?![\p{L}])/u.test(body);
    const plural = /s$/u.test(term.split(/\s+/)[0]!);
    if (body.split(/\s+/).length >= 3) found.push({ kind: 'definicion', term, article: fold(restated[1] ?? ''), body, ...(past ? { verb: plural ? 'eran' : 'era' } : {}) });
  }
  // «en hacer el censo, es decir, registrar …»: an infinitive names an action, not a term; nor is one what a term is.
  const action = (w: string) => /^\p{Ll}+(?:ar|er|ir)(?:\s+(?:el|la|los|las|un|una|su|sus|a)\s|$)/u.test(w);
  return found.filter((f) => goodTerm(f.term) && !action(f.term) && !action(f.body));
}
