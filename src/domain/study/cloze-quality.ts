/**
 * Whether a sentence can carry a cloze on a term (docs/design.md §3), by the rules of good
 * flashcards (Wozniak's «minimum information», «no sets», «context cues», «no leak»): a cloze is
 * made only where the sentence stands on its own and the blank takes one whole key term.
 * - the sentence does not lean on the one before («Esto…», «Para ello…», «Por eso…», «Allí…»,
 *   a pronoun or a verb first): read alone, its subject would be missing;
 * - it is not a worked example or a question of the notes (a problem's data teaches nothing);
 * - it is short enough to read at a glance;
 * - the blank takes the whole term: not part of a name («la _____ Artes»), not a noun whose
 *   adjective stays outside («el _____ caloríficas»), not a noun counted by the word before it
 *   («ocho _____», «El primer _____»);
 * - the blank is not one item of an enumeration («el color plano, la _____, las diagonales y …»);
 * - nothing else in the sentence gives the term away (the same stem, «isoterma caliente … isoterma fría»).
 * Pure.
 */
import { DETERMINERS, EVERYDAY_WORDS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS, VERBS } from '../cards/lexicon.js';
import { stem } from './reading.js';

export type ClozeProblem = 'comun' | 'anafora' | 'ejemplo' | 'larga' | 'escasa' | 'nombre_partido' | 'contado' | 'enumeracion' | 'delatada' | 'sin_termino';

/** Fewest words a cloze on a name keeps beside its blank: «_____, por la minoría catalana.» asks for a list's item, not a fact. */
const CLOZE_MIN_CUE_WORDS = 5;
/** Sentence adverbs that may open a sentence before an article («Siempre la …», «Ahora los …»): no verb first. */
const OPENING_ADVERBS = new Set(['siempre', 'nunca', 'ahora', 'apenas', 'quizá', 'quizás', 'acaso', 'casi', 'tampoco', 'hoy', 'aquí', 'fuera', 'dentro', 'cerca', 'lejos']);

/** Most words of a cloze's sentence: longer ones carry more than one fact. */
export const CLOZE_MAX_WORDS = 32;

/** Openings that point back to what came before: read alone, the sentence misses its subject. */
const LEANING = /^(?:est[eoa]s?|es[eoa]s?|ello|aquell[oa]s?|allí|aquí|ahí|así|entonces|más\s+tarde|para\s+ello|por\s+ello|por\s+eso|para\s+\p{L}+(?:lo|la|los|las)|por\s+tanto|por\s+lo\s+tanto|por\s+un\s+lado|por\s+otro(?:\s+lado)?|por\s+último|por\s+otra\s+parte|de\s+ahí|dicho\s+de\s+otro\s+modo|es\s+decir|equivalentemente|también|además|pero|sin\s+embargo|en\s+cambio|lo\s+que|la\s+que|el\s+que|si\s+es|cuando\s+es|como\s+(?:son|es)|ambos|ambas|dichos?|dichas?|su|sus|en\s+su|en\s+sus)(?![\p{L}])/iu;
/** A clitic pronoun before a verb («La hicieron posible…», «Lo veremos…»). */
const CLITIC_FIRST = /^(?:la|lo|las|los|le|les)\s+\p{Ll}+(?:ó|ió|aron|ieron|ían|aban|emos|amos|imos)(?![\p{L}])/u;

/** «Se le atribuye el tercer actor…», «Aristóteles le atribuye…»: «le» is someone the sentence before named. */
const TO_SOMEONE_BEFORE = /^(?:se\s+(?:le|les)|\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?\s+(?:le|les))\s+\p{Ll}{3,}(?![\p{L}])/u;

const fold = (s: string) => s.toLocaleLowerCase('es');
const words = (s: string) => s.match(/[\p{L}\d]+(?:[-'’][\p{L}\d]+)*/gu) ?? [];
const contentStems = (s: string) => words(fold(s)).filter((w) => w.length > 3 && !DETERMINERS.has(w) && !PREPOSITIONS.has(w) && !QUANTIFIERS.has(w) && !FUNCTION_WORDS.has(w)).map(stem);
/** Adjectives that follow a noun, by their ending («caloríficas», «tradicional», «simbólico»). */
const ADJECTIVE_AFTER = /^(?:\p{Ll}+(?:ic[oa]s?|al|ales|ivo|iva|ivos|ivas|os[oa]s?|ble|bles|ante|antes|ente|entes|ar|ares|ad[oa]s?|id[oa]s?))$/u;
/** Words that count or order what follows: the noun after one is not the fact. */
const COUNTING = /^(?:\d+|primer|primera|primero|segundo|segunda|tercer|tercera|cuarto|cuarta|último|última|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|cien|mil|varios|varias|muchos|muchas|pocos|pocas|ambos|ambas)$/iu;

/** An adverb that heads a phrase with «de» («fuera de», «dentro de», «cerca de», «frente a»). */
const ADVERB_OF_PLACE = /^(?:fuera|dentro|cerca|lejos|delante|detrás|encima|debajo|alrededor|acerca|además|frente|junto|respecto|antes|después)\s+(?:de|del|a|al)\s/iu;

/** A clause that opens with a subordinator: cut from its sentence, it lacks the main clause. */
const SUBORDINATE_OPENING = /^(?:cuando|si|aunque|como|porque|mientras|puesto\s+que|ya\s+que|para\s+que|según)\s/iu;

/** Whether a sentence leans on the one before it (first words only). */
export function leansOnBefore(sentence: string): boolean {
  const s = sentence.trim();
  if (LEANING.test(s) || CLITIC_FIRST.test(s) || TO_SOMEONE_BEFORE.test(s)) return true;
  // «Cuanto más alta es, mayor es …»: what is high was named in the sentence before.
  if (/^Cuanto\s+(?:más|menos|mayor|menor)\s+(?:\p{L}+\s+)?(?:es|son|sea|sean),/u.test(s)) return true;
  // A verb first: the subject was in the sentence before («Son fuentes…», «Aumenta cuanto…»);
  // a word in «-a / -e / -an / -en» right before an article is one too («Orientan la actuación…», «Exige una mayoría…»).
  const first = fold(words(s)[0] ?? '');
  if (/^\p{Lu}\p{Ll}{2,}(?:a|e|an|en)\s+(?:el|la|los|las|un|una|unos|unas)\s/u.test(s) && !DETERMINERS.has(first) && !PREPOSITIONS.has(first) && !QUANTIFIERS.has(first) && !FUNCTION_WORDS.has(first) && !OPENING_ADVERBS.has(first)) return true;
  return VERBS.has(first) || ['son', 'es', 'fue', 'era', 'aumenta', 'disminuye', 'siguen', 'sigue', 'depende', 'hay'].includes(first);
}

/** Whether a section heading announces a worked example, exercises or review questions. */
export const EXAMPLE_HEADING = /\b(?:ejemplo|ejemplos|ejercicio|ejercicios|problema|problemas|caso práctico|para repasar|repaso|autoevaluación|actividades|cuestiones|preguntas de repaso)\b/iu;

/**
 * Why `term` at `at` in `sentence` (plain text) makes a poor cloze, or undefined when it makes a good one.
 * `heading` is the sentence's section heading, if known; `lenient` checks only the term's head word for a give-away.
 */
export function clozeProblem(sentence: string, term: string, at: number, heading = '', lenient = false): ClozeProblem | undefined {
  if (EVERYDAY_WORDS.has(fold(term))) return 'comun';
  if (leansOnBefore(sentence)) return 'anafora';
  if (sentence.includes('?') || sentence.includes('¿') || EXAMPLE_HEADING.test(heading)) return 'ejemplo';
  if (words(sentence).length > CLOZE_MAX_WORDS) return 'larga';
  // A name blanked in a few words («_____, por la minoría catalana.») is one of a list of names: nothing to recall it by.
  if (/^\p{Lu}\S*(?:\s+\p{Lu}\S*)+$/u.test(term) && words(sentence.slice(0, at) + sentence.slice(at + term.length)).length < CLOZE_MIN_CUE_WORDS) return 'escasa';
  const before = sentence.slice(0, at);
  const after = sentence.slice(at + term.length);
  const prev = /([\p{L}\d]+)\W*$/u.exec(before)?.[1] ?? '';
  const next = /^\W*?([\p{L}\d]+)/u.exec(after)?.[1] ?? '';
  const sep = /^([^\p{L}\d]*)/u.exec(after)?.[1] ?? '';
  // Part of a name: a capital word (or «de» and one) right beside the blank, mid-sentence.
  // («Luis el Piadoso», «Lorenzo el Magnífico»: a byname after the blank is the name's too.)
  if (/^\s+(?:de\s+|del\s+|el\s+|la\s+)?\p{Lu}/u.test(after) || (/\p{Lu}\p{L}*\s+(?:de\s+|del\s+)?$/u.test(before) && before.trim().split(/\s+/).length > 1)) return 'nombre_partido';
  // Its adjective left outside («cociente de capacidades _____ caloríficas»).
  if (/^\s+$/.test(sep) && ADJECTIVE_AFTER.test(next) && !VERBS.has(fold(next))) return 'nombre_partido';
  if (COUNTING.test(prev) || /^(?:doble|triple|mitad|cuádruple|tercio|cuarto)$/iu.test(term)) return 'contado';
  // «El crítico _____ la usó en 1943 …»: a pronoun after the blank points at the sentence before.
  if (/^\s+(?:la|lo|las|los|le|les)\s+\p{Ll}+(?:ó|ió|aron|ieron|aba|aban|ía|ían)(?![\p{L}])/u.test(after)) return 'anafora';
  // «a su _____, el Salón de París»: an apposition right after the blank names it again;
  // «La expresión _____ (standard deviation)»: so does another name in brackets right after it.
  if (/^,\s+(?:el|la|los|las)\s+\p{Lu}/u.test(after) || /^\s*\((?:o\s+)?[^()\d]{2,40}\)/u.test(after)) return 'delatada';
  if (inEnumeration(sentence, at, term.length)) return 'enumeracion';
  // The term's own stems elsewhere in the sentence give it away.
  // Leniently (a note of one or two sentences), only the term's head word may not come back.
  const own = new Set(lenient ? contentStems(term).slice(0, 1) : contentStems(term));
  const rest = contentStems(`${before} ${after}`);
  if (rest.some((w) => own.has(w))) return 'delatada';
  if (own.size === 0) return 'sin_termino';
  // «Fuera de Florencia», «dentro de los normales»: an adverb and its «de» make a place or a range, not a term.
  if (ADVERB_OF_PLACE.test(term)) return 'sin_termino';
  return undefined;
}

/** Whether the span lies in a list of three or more short items («a, b, c y d»). */
function inEnumeration(sentence: string, at: number, length: number): boolean {
  // The clause around the blank, between strong stops.
  const starts = [...sentence.slice(0, at).matchAll(/[;:.]\s/gu)].map((m) => m.index + m[0].length);
  const from = starts.at(-1) ?? 0;
  const endRel = sentence.slice(at + length).search(/[;:.](?:\s|$)/u);
  const to = endRel === -1 ? sentence.length : at + length + endRel;
  const clause = sentence.slice(from, to);
  const items = clause.split(/,\s+|\s+y\s+|\s+e\s+|\s+o\s+|\s+ni\s+/u);
  if (items.length < 3) return false;
  // A run of three or more short items around the blank is a list, not clauses.
  let pos = from;
  let mine = -1;
  let head = false;
  const short = items.map((item, i) => {
    const start = sentence.indexOf(item, pos);
    if (start <= at && at < start + item.length + 1) {
      mine = i;
      // «La división de poderes en legislativo, ejecutivo y judicial»: the blank heads the list it is divided into.
      head = i === 0 && /^\s+(?:en|entre)\s/u.test(item.slice(at - start + length));
    }
    pos = start + item.length;
    return words(item).length <= 6;
  });
  if (mine < 0 || !short[mine] || head) return false;
  let a = mine;
  let b = mine;
  while (a > 0 && short[a - 1]) a--;
  while (b + 1 < short.length && short[b + 1]) b++;
  return b - a + 1 >= 3;
}

/**
 * The part of a long sentence a cloze on `term` is made of: the sentence itself when short enough,
 * else its clause that holds the term, up to the «, y …» or «; …» that starts another statement
 * (verbatim, with a full stop). Undefined when no clause is short enough.
 */
export function clozeClause(sentence: string, term: string, fromColon = false): string | undefined {
  if (words(sentence).length <= CLOZE_MAX_WORDS) return sentence;
  const at = sentence.indexOf(term);
  if (at < 0) return undefined;
  let end = sentence.slice(at + term.length).search(/,\s+y\s+(?=el\s|la\s|los\s|las\s|\p{Lu})|;\s/u);
  // «… **Alfred Marshall** en sus *Principios de economía* (1890), el manual con el que …»: else up to
  // the aside or relative clause after the term's own clause (its first comma past the term).
  if (end < 0) end = sentence.slice(at + term.length).search(/,\s+(?:(?:el|la|los|las|un|una)\s+\p{Ll}|que\s|quien\s|donde\s|cuy[oa]s?\s)/u);
  // «… decimos que la empresa está en quiebra técnica: aunque vendiera …»: failing those, the colon after the term.
  if (end < 0) end = sentence.slice(at + term.length).search(/:\s/u);
  // «… protegida por el Estado: en 1937 Mussolini inauguró los estudios de **Cinecittà**.»: with
  // `fromColon` (a term the note bolds), a colon or semicolon before the term opens the clause that
  // says it, which may run to the end.
  const opened = fromColon ? [...sentence.slice(0, at).matchAll(/[:;]\s+/gu)].at(-1) : undefined;
  // …when that clause names its own subject or setting first (an article, a preposition, a name or a
  // number), never a verb whose subject was before the colon («…: demostró que …»).
  const own = opened && /^(?:\p{Lu}|\d|(?:el|la|los|las|un|una|en|con|desde|durante|hacia|tras|para|por|según)\s)/u.test(sentence.slice(opened.index + opened[0].length));
  const from = opened && own ? opened.index + opened[0].length : 0;
  if (end < 0 && from === 0) return undefined;
  const upTo = end < 0 ? sentence.length : at + term.length + end;
  const clauseFrom = (start: number) => `${sentence.slice(start, upTo).replace(/[,;:.\s]+$/u, '')}.`;
  // The whole opening when it fits (it says more), else the clause after the colon.
  const candidates = end >= 0 ? [clauseFrom(0), clauseFrom(from)] : [clauseFrom(from)];
  // A clause cut off before its main clause says half a thought («Cuando el activo es menor que el _____.»).
  // (A clause that reaches its main clause after the subordinate's comma is whole: «Cuando …, el patrimonio es negativo y decimos que …».)
  // (…but one that ends inside a subordinate opened after a comma is cut: «A partir del 133 a. C., cuando el tribuno … propuso …».)
  const whole = (c: string) => {
    const before = c.slice(0, Math.max(0, c.indexOf(term)));
    const lastClause = before.split(/,\s+/u).at(-1)!;
    return (!SUBORDINATE_OPENING.test(c) || /,\s/u.test(before)) && !(before.includes(', ') && SUBORDINATE_OPENING.test(lastClause));
  };
  return candidates.find((c) => words(c).length <= CLOZE_MAX_WORDS && words(c).length >= 6 && whole(c));
}
