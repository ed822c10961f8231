/**
 * Where a sentence's main clause starts, so an episode that says a long sentence up to a clause
 * boundary says a whole sentence (script.ts `spoken`): cut at its last comma within the words it
 * has, «Con el auge del Camino de Santiago, y sobre todo después de que los monjes de Cluny
 * impulsaran las peregrinaciones…, el estilo se extendió…» was said as its two opening phrases, its
 * main clause left out. Pure.
 */
import { PREPOSITIONS, VERBS } from '../cards/lexicon.js';

/** Words that open a phrase set before a main clause: a subordinator, «al» + infinitive, «ya en…». */
const SUBORDINATORS = new Set(['cuando', 'si', 'aunque', 'como', 'porque', 'mientras', 'al', 'pese', 'dado', 'puesto', 'ya', 'antes', 'después', 'apenas', 'conforme', 'tan']);
/** Words that go on with the phrase before them: a coordinator, a relative, «sobre todo». */
const CONTINUING = new Set(['y', 'e', 'o', 'u', 'ni', 'pero', 'sino', 'que', 'quien', 'quienes', 'cual', 'cuales', 'donde', 'cuyo', 'cuya', 'cuyos', 'cuyas', 'especialmente', 'incluso', 'sobre']);

/** A finite verb: «se» before one, a form of «ser», «estar», «haber» or «tener», a verb the lexicon knows, a past tense. */
const VERB = /^(?:se|es|son|era|eran|fue|fueron|hay|había|habían|está|están|estaba|estaban|tiene|tienen|tenía|tenían|\p{Ll}+(?:ó|aron|ieron|aba|aban|ían))$/u;

const firstWord = (s: string) => (/^\p{L}+/u.exec(s)?.[0] ?? '').toLocaleLowerCase('es');
const hasVerb = (s: string) => (s.toLocaleLowerCase('es').match(/\p{L}+/gu) ?? []).some((w) => VERB.test(w) || VERBS.has(w));

/**
 * A phrase that cannot be a main clause's start: a subordinator or a gerund opens it, or a
 * preposition without a verb after it before the comma («Con el auge del Camino de Santiago,»; not
 * «Entre los campesinos había hombres libres, …», whose phrase is the main clause's own).
 */
const opensAdjunct = (s: string) => {
  const w = firstWord(s);
  return SUBORDINATORS.has(w) || /^\p{Ll}+(?:ando|iendo|yendo)$/u.test(w) || (PREPOSITIONS.has(w) && !hasVerb(s));
};

const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean).length;

/**
 * The number of words before `sentence`'s main clause: 0 for one that opens with it; for one that
 * opens with a phrase set before it («En 1599, Caravaggio pintó…»), the words up to the first comma
 * after which a clause opens that is neither another such phrase nor the same one going on («y sobre
 * todo después de que…», «que…»); -1 when no comma opens it (the main clause is not found).
 */
export function mainClauseWord(sentence: string): number {
  const parts = sentence.split(/,\s+/u);
  if (!opensAdjunct(parts[0]!)) return 0;
  let before = 0;
  for (const [k, part] of parts.entries()) {
    if (k > 0 && !opensAdjunct(part) && !CONTINUING.has(firstWord(part))) return before;
    before += wordsOf(part);
  }
  return -1;
}

/**
 * Whether the first `words` words of `sentence` make a whole sentence: its main clause starts
 * within them and says at least its subject and verb (two words), and the cut does not fall inside
 * a phrase a coordinator opened («… trabajó como organista en varias cortes y, desde 1723 hasta su
 * muerte,» leaves what he did from 1723 unsaid).
 */
export function wholeUpTo(sentence: string, words: number): boolean {
  const main = mainClauseWord(sentence);
  const head = sentence.split(/\s+/).slice(0, words).join(' ');
  return main >= 0 && words >= main + 2 && !/(?:^|\s)(?:y|e|o|u|ni|pero|que),\s+[^,]*,?$/iu.test(head);
}
