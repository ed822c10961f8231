/**
 * A week's key ideas (docs/design.md §3), in the order of the material, for any subject:
 * - statements: «el enunciado / teorema / la ley / el principio de X dice (que) …» or «…: …»;
 * - definitions: «X es un/una/el/la …», «se llama X a …», «llamamos X a …», «a … se le llama X»,
 *   «se define X como …», «X consiste en / está formado por …»;
 * - formulas, with their left-hand symbol's meaning when the text says it («el rendimiento (η)»);
 * - dates: «En 1874, …» (humanities: when something happened); people: «Diego Velázquez (1599–1660)
 *   fue …»; works: a title in «…» or in italics;
 * - headings of the notes, when a sentence of their section says what they are about;
 * - key terms, ranked by TF-IDF against the rest of the course (cards/keyterms.ts).
 * Every idea is grounded in one sentence of a note that reads well (reading.ts): a cut, doubtful or
 * garbled sentence gives none. Ideas that name the same thing (same stems) are one idea, the
 * strongest kind kept. Pure given the dictionary check.
 */
import type { Note } from '../notebook.js';
import { buildIndex } from '../tfidf.js';
import { keyTerms } from '../cards/keyterms.js';
import { DETERMINERS, FUNCTION_WORDS, GENERIC_NOUNS, PREPOSITIONS, QUANTIFIERS, VERBS } from '../cards/lexicon.js';
import { formulasIn, meaningOf, onTableRow, type Formula } from './formula.js';
import { languageOf, plainSentence, readProblem, sentencesOf, stem, type Sentence, type WordCheck } from './reading.js';
import { clozeClause, clozeProblem, EXAMPLE_HEADING, leansOnBefore } from './cloze-quality.js';
import { tableRows } from './table-ideas.js';
import { wordFormulasIn, type WordFormula } from './word-formula.js';
import { coverageIdeas } from './coverage-rules.js';
import { listTopic } from './list-topic.js';
import { cleanHeading, contextOf, fullName, lowerWordsIn, namesIn, termAt, timesWritten } from './course-names.js';

export { cleanHeading, contextOf, namesIn };
import { asideDate, authoredWork, boldApposition, inWhich, cause, condition, happensWhen, conditionsOf, dangling, itemHead, inSection, isPersonName, listItem, namedAfter, personActs, personOfNote, superlative, titledDate, workOfPerson, workOfSection } from './idea-rules.js';
import { appositionTerm, calledColon, consistsIn, knownAs, knownAsThen, markedClass, markedMeaning, markedSubjectDid, namedAct, subjectDid, workSays } from './marked-terms.js';
import { CARD_QUESTIONS } from '../../strings/study.js';
import { escapeRegExp } from '../../lib/regexp.js';

export type IdeaKind = 'enunciado' | 'definicion' | 'formula' | 'fecha' | 'persona' | 'obra' | 'encabezado' | 'termino' | 'fila';
/** Strongest first: when two ideas name the same thing, the stronger stays. */
export const KIND_ORDER: readonly IdeaKind[] = ['enunciado', 'definicion', 'formula', 'fecha', 'persona', 'obra', 'encabezado', 'termino', 'fila'];

export interface KeyIdea {
  kind: IdeaKind;
  /** What the idea is called, as the note writes it: «enunciado de Kelvin-Planck», «proceso reversible». */
  term: string;
  /** The article the note gives the term («un», «el»…), for the question. */
  article: string;
  /** For a definition by what the term does («mide», «estudia»): that verb, which the question asks with. */
  verb?: string;
  /** What the note says of it: the statement, the definition, the formula, the event of a date. */
  body: string;
  /** The sentence it comes from (plain: no markdown marks). */
  sentence: string;
  noteId: number;
  /** Offset of the sentence in its note. */
  at: number;
  /** Stems of the term's content words, sorted: two ideas with the same key are one. */
  key: string;
  formula?: Formula;
  /** Its year, for a date (or the whole date, «el 15 de abril de 1874»). */
  year?: string;
  /** For a date: the question's clause («se inauguró la primera exposición impresionista»), asked «¿Cuándo …?». */
  when?: string;
  /** For a work: who made it, as the note names them («Édouard Manet»). */
  author?: string;
  /**
   * The section the idea comes from («Máquinas térmicas»), as a context cue for a question whose
   * term or sentence alone would not say what it is about (Wozniak: «context cues»).
   */
  context?: string;
  /** A question the sentence itself frames («¿Cuándo se dice que una demanda es inelástica?»), asked as is. */
  question?: string;
  /** Whether the question needs `context` to be understood (a one-word term, «este enunciado» in the answer). */
  needsContext?: boolean;
  /** For a formula: the conditions its sentence puts on it («para un proceso reversible»), asked with it. */
  condition?: string;
  /** For a cloze: the part of its sentence it is made of, when not the one clozeClause would choose (the clause after a colon). */
  clause?: string;
  /** A person who opens a sentence that states another idea: carded from the same sentence (build.ts). */
  shares?: boolean;
  /** Said by a list item («- El subjetivismo: …»): the episode says it with its list. */
  item?: boolean;
  /** A summary of causes or consequences (coverage-rules.ts); `whole`: its answer is the sentences after it. */
  summary?: boolean;
  whole?: boolean;
  /** A key term taken by the relaxed rules (a sentence that states nothing else): a week has no more of these and table rows than stated ideas. */
  relaxed?: boolean;
  score: number;
}

const ARTICLE = '(un|una|unos|unas|el|la|los|las)';
const TERM = "([\\p{L}][\\p{L}\\d'’-]*(?:\\s+(?:de\\s+(?:la\\s+|los\\s+|las\\s+)?|del\\s+)?[\\p{L}\\d][\\p{L}\\d'’-]*){0,4})";
const NAMED = '(enunciado|teorema|ley|principio|postulado|axioma|regla|lema|paradoja|criterio|efecto|modelo)';
/** A demonstrative that points at something said before («este enunciado»): read alone, the answer needs its section. */
const DEMONSTRATIVE = /(?:^|\s)(?:este|esta|estos|estas|ese|esa|esos|esas)\s+\p{Ll}/iu;
const STATING = '(?:dice|establece|afirma|sostiene|enuncia|asegura|postula|indica)';

/** A note of at most this many words is short: with no stated idea, it is carded from its key terms as they come. */
export const SHORT_NOTE_WORDS = 40;
/** Key terms taken from one note besides its stated ideas. */
export const TERMS_PER_NOTE = 2;
/** Adverbs the key-term rules may take for nouns. */
const ADVERBS = new Set(['casi', 'siempre', 'nunca', 'sólo', 'aún', 'todavía', 'además', 'incluso', 'apenas', 'bastante', 'luego', 'entonces']);
/** Verb forms by ending (first person plural, preterite, gerund, imperfect): never a term. */
const VERB_ENDING = /(?:amos|emos|imos|aron|ieron|ando|iendo|ábamos|aba|aban|aría|ería|iría)$/u;

const fold = (s: string) => s.toLocaleLowerCase('es');
const ORDINAL = /^(?:primer|primera|primero|segundo|segunda|tercer|tercera|tercero)$/u;
const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w);

/** The stems of a term's content words, sorted and joined: the idea's identity. */
export function ideaKey(term: string): string {
  const words = fold(term).match(/[\p{L}\d]+/gu) ?? [];
  // An ordinal tells ideas apart («primer principio», «segundo principio»).
  return [...new Set(words.filter((w) => !closed(w) || ORDINAL.test(w)).map(stem))].sort().join(' ');
}

/** A term a question can name: 1–6 words, not opening with a function word, no verb, not generic. */
function goodTerm(term: string): boolean {
  const words = fold(term).split(/\s+/);
  // An ordinal may open a term («segundo principio»); «bien» and «bajo» are nouns («bien normal», «bajo continuo»); never end one.
  const opener = words.length > 1 && (ORDINAL.test(words[0]!) || words[0] === 'bien' || words[0] === 'bajo');
  if (words.length === 0 || words.length > 6 || (closed(words[0]!) && !opener) || closed(words.at(-1)!)) return false;
  // Inside a term no conjunction, pronoun or verb («cuanto», «que», «es» say it is a clause).
  if (words.slice(1, -1).some((w) => FUNCTION_WORDS.has(w) || w === 'cuanto' || w === 'cuanta')) return false;
  if (words.some((w) => VERBS.has(w))) return false;
  // A symbol («P», «ΔP») is read with its formula, never asked «¿Qué es el P?».
  return !(words.length === 1 && (GENERIC_NOUNS.has(words[0]!) || !/\p{L}{2}/u.test(words[0]!)));
}

/** « y γ es …», «, y la mortalidad son …»: «y», a short subject (a symbol; after a comma, an article and a noun or two), and a copula or a defining verb. */
const SECOND_SUBJECT = /(?<!\bentre\s+\S+)(?:,?\s+y\s+(?=(?:\p{L}|\p{Lu}{2,4})[₀-₉\d]*\s)|,\s+y\s+(?=(?:el|la|los|las)\s+\p{Ll}+(?:\s+\p{Ll}+)?\s))(?=\S+(?:\s+\S+){0,2}\s+(?:es|son|era|eran|representa|representan|mide|miden|indica|indican)\s)/u;

/** The first clause worth saying of a body: up to «; », «: por ejemplo», «, pero …», or 40 words. */
export function condense(body: string): string {
  let b = body.replace(/\s+/g, ' ').trim();
  // «… y que …» adds a second claim: one card, one fact (the minimum information principle).
  // (The era's «a. C.» is no full stop.)
  b = b.split(/;\s|:\s+(?:por ejemplo|p\. ej\.)|(?<!(?:^|\s)[ad]|(?:^|\s)[ad]\.\s{1,3}C)\.\s|,\s+(?:pero|aunque|mientras que)\s|,?\s+y\s+que\s/iu)[0]!.trim();
  // «… de la presa, y γ es la tasa de …»: a second subject with its own verb is the next claim, not this answer.
  b = b.split(SECOND_SUBJECT)[0]!.trim();
  // «…de un instante: cómo se ve…»: what follows a colon elaborates; one idea is enough for an answer.
  const colon = b.search(/:\s/u);
  if (colon > 0 && b.slice(0, colon).split(/\s+/).length >= 4 && !DEMONSTRATIVE.test(b.slice(0, colon))) b = b.slice(0, colon);
  // A sentence that introduces a table or a list ends announcing it.
  b = b.replace(/,?\s+(?:en el orden siguiente|de la siguiente manera|de la forma siguiente|así|como sigue)\s*:?$/iu, '');
  const words = b.split(' ');
  if (words.length > 40) b = words.slice(0, 40).join(' ');
  return b.replace(/[.,:;]+$/u, '');
}

interface Found { clause?: string; shares?: boolean; marked?: boolean; whole?: boolean; summary?: boolean; kind: IdeaKind; term: string; article: string; body: string; item?: boolean; relaxed?: boolean; condition?: string; formula?: Formula; year?: string; verb?: string; when?: string; author?: string; needsContext?: boolean; question?: string }

/** The term with its article for a question («el ciclo de Carnot»), the note's own article when it gives one. */
function withArticleOf(article: string, term: string): string {
  if (article === 'un') return `el ${term}`;
  if (article === 'una') return `la ${term}`;
  return article ? `${article} ${term}` : term;
}

/** A sentence without list marks and with only its bold marks kept (they say which term the note stresses). */
const plainKeepingBold = (s: string) => s.replace(/(?<![*\w])\*(?=[^*\s])([^*]+)\*(?![*\w])/gu, '$1').replace(/\s+/g, ' ').trim();

/** A discourse marker in front of a sentence («Por último, …»): the sentence after it stands alone. */
const MARKER = /^(?:por último|finalmente|además|en primer lugar|en segundo lugar|así pues|por otra parte|en cambio|asimismo|(?:por|en|según|para)\s+(?!(?:tanto|eso|ello|ejemplo|lo|consiguiente|consecuencia|resumen|cambio|general)\b)\p{Ll}+),\s+/iu;
/** A sentence's subject (an article and a few words) and a discourse aside after it. */
const SUBJECT_ASIDE = /^((?:el|la|los|las)\s+[^,;:]{2,40}),\s+(?:en cambio|por su parte|por otra parte|sin embargo|además|a su vez|en teoría|en realidad|por lo general),\s+/iu;
/** The idea a well-read sentence states or defines, if it does. */
function ideaOfSentence(sentence: string, rawSentence: string, names: ReadonlySet<string> = new Set(), properWord: (w: string) => boolean = (w) => names.has(w)): Found | undefined {
  // «Los censores, en cambio, eran …»: a discourse aside after the subject is not part of what is said of it.
  const s = sentence.replace(MARKER, '').replace(SUBJECT_ASIDE, '$1 ');
  const raw = rawSentence.replace(/^\s*(?:[-*•]\s+)?/u, '').replace(MARKER, '');
  // «Aumenta cuanto mayor es…», «Esto es…»: a sentence that leans on the one before defines nothing by its first words.
  const leaning = leansOnBefore(s);
  // The name ends at a word's end («Kelvin-Planck», never «K»).
  const named = new RegExp(`^(?:(?:Según|Por)\\s+)?(el|la)\\s+((?:primer|primera|segundo|segunda|tercer|tercera|cero)\\s+)?${NAMED}\\s+(de|del)\\s+(.+?)(?=[\\s,:])\\s*(?:,\\s*)?(?:(?:nos|les?)\\s+)?(?:${STATING}(?:\\s+que)?\\s*:?|[^:]{0,60}:)\\s+(.+)$`, 'iu').exec(s);
  if (named) {
    const term = `${named[2] ?? ''}${named[3]} ${named[4]} ${named[5]}`.trim();
    // «… nos dice que, si sube …»: the statement starts after its «que».
    if (named[5]!.split(/\s+/).length <= 6) return { kind: 'enunciado', term, article: fold(named[1]!), body: named[6]!.replace(/^que,?\s+/iu, '') };
  }
  const ordinal = new RegExp(`^(el|la)\\s+((?:primer|segundo|tercer)\\s+(?:principio|ley)(?:\\s+de\\s+(?:la\\s+)?[\\p{L}]+)?)\\s+(?:nos\\s+)?${STATING}(?:\\s+que)?\\s*:?\\s+(.+)$`, 'iu').exec(s);
  if (ordinal) return { kind: 'enunciado', term: ordinal[2]!, article: fold(ordinal[1]!), body: ordinal[3]! };
  // «…vimos la ley de la demanda: si todo lo demás…»: a named law and, after its colon, what it says.
  const colonNamed = new RegExp(`\\b(el|la)\\s+${NAMED}\\s+(de|del)\\s+((?:la\\s+|los\\s+|las\\s+|el\\s+)?[\\p{L}'’-]+(?:\\s+[\\p{L}'’-]+){0,4}?)\\s*:\\s+(.+)$`, 'iu').exec(s);
  if (colonNamed && !VERBS.has(fold(colonNamed[4]!.split(/\s+/).at(-1)!))) {
    return { kind: 'enunciado', term: `${colonNamed[2]} ${colonNamed[3]} ${colonNamed[4]}`, article: fold(colonNamed[1]!), body: colonNamed[5]! };
  }
  // «El enunciado general es que …»: a statement without a name says what its section is about.
  const general = new RegExp(`^(el|la)\\s+(${NAMED.slice(1, -1)})\\s+(general|fundamental|básic[oa]|central)\\s+(?:es|dice)\\s+que\\s+(.+)$`, 'iu').exec(s);
  if (general) return { kind: 'enunciado', term: `${general[2]} ${general[3]}`, article: fold(general[1]!), body: general[4]!, needsContext: true };
  const bold = /\*\*([^*]{2,60})\*\*/u.exec(raw)?.[1]?.trim();
  const called = new RegExp(`^(?:Se\\s+(?:llama|denomina|conoce\\s+como)|Llamamos|Denominamos)\\s+${TERM}(\\s*\\([^)]*\\))?\\s+(a|al|a la|a los|a las)\\s+(.+)$`, 'iu').exec(s);
  if (called) {
    // «pintura al aire libre (plein air)»: the other name the note gives is part of what the term is called.
    const other = called[2] && /^\s*\([\p{L}\s'’-]{2,30}\)$/u.test(called[2]) ? ` ${called[2].trim()}` : '';
    // «Se llama bien normal a A, y bien inferior a B»: the second term's definition is another card.
    const body = called[4]!.split(/,\s+y\s+(?:[\p{L}-]+\s+){1,4}?a\s+(?:aquel|aquella|aquellos|aquellas|la|el|los|las|lo)\s/u)[0]!;
    return { kind: 'definicion', term: `${called[1]}${other}`, article: '', body };
  }
  const toCalled = new RegExp(`^A\\s+(.+?)\\s+se\\s+(?:le|les)\\s+(?:llama|denomina)\\s+${TERM}(?=[\\s.:,;]|$)`, 'iu').exec(s);
  if (toCalled) return { kind: 'definicion', term: toCalled[2]!, article: '', body: toCalled[1]!, needsContext: DEMONSTRATIVE.test(toCalled[1]!) };
  // «Esta moda por lo japonés se llamó japonismo»: the name comes last.
  const calledLast = new RegExp(`^(est[ae]s?|el|la|los|las|un|una)\\s+(.+?)\\s+se\\s+(?:llama|llamó|llaman|llamaron|denomina|denominó|denominan|conoce\\s+como|conoció\\s+como)\\s+${TERM}(?:\\s*\\([^()]{1,20}\\))?\\s*(?:[;.,]|$)`, 'iu').exec(s);
  // A clause inside what is named is fine when the note bolds the name it gives («La tensión que mantiene
  // un generador cuando no circula corriente se denomina **fuerza electromotriz**»).
  // (Not when what is named points back: «Los materiales que cumplen esta ley se llaman **óhmicos**».)
  const boldName = calledLast && new RegExp(`\\*\\*${escapeRegExp(calledLast[3]!)}\\*\\*`, 'u').test(raw) && !DEMONSTRATIVE.test(` ${calledLast[2]!}`);
  if (calledLast && (boldName || !/\s(?:que|cuando|si)\s/u.test(calledLast[2]!))) {
    return { kind: 'definicion', term: calledLast[3]!, article: '', body: calledLast[2]!, needsContext: /^est/iu.test(calledLast[1]!) };
  }
  const defined = new RegExp(`^(?:Se\\s+define|Definimos)\\s+(?:${ARTICLE}\\s+)?${TERM}\\s+como\\s+(.+)$`, 'iu').exec(s) ??
    new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+se\\s+define\\s+como\\s+(.+)$`, 'iu').exec(s);
  if (defined) return { kind: 'definicion', term: defined[2]!, article: fold(defined[1] ?? 'el'), body: defined[3]! };
  const is = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+((?:es|son|era|eran)\\s+(?:un|una|unos|unas|el|la|los|las|aquel|aquella|aquellos|aquellas|lo\\s+que|cualquier)\\b.+|(?:consiste|consisten)\\s+en\\s+.+|(?:está|están)\\s+(?:formad[oa]s?|compuest[oa]s?)\\s+por\\s+.+|(?:consta|constan)\\s+de\\s+.+)$`, 'iu').exec(s) ??
    // «Las adiabáticas son procesos sin intercambio de calor»: a plural defined by a bare plural noun and what qualifies it.
    new RegExp(`^(los|las)\\s+${TERM}\\s+(son\\s+\\p{Ll}+s\\s+(?:de|del|sin|con|que|en|para|cuy[oa]s?)\\s.+)$`, 'iu').exec(s);
  if (is && !leaning) {
    const term = is[2]!;
    // With markdown emphasis the term is what the note bolds; without it the subject must read as a term.
    if (!bold || fold(bold) === fold(term) || fold(term).endsWith(fold(bold)) || fold(term).startsWith(`${fold(bold)} `)) {
      // «consiste en», «está formado por», «consta de»: asked with that verb, answered with what follows it.
      const how = /^((?:consiste|consisten)\s+en|(?:está|están)\s+(?:formad[oa]s?|compuest[oa]s?)\s+por|(?:consta|constan)\s+de)\s+(.+)$/iu.exec(is[3]!);
      if (how) {
        const [verb, prep] = [fold(how[1]!).replace(/\s+(?:en|por|de)$/u, ''), fold(how[1]!).split(/\s+/).at(-1)!];
        const ask = `¿${prep === 'en' ? 'En' : 'De'} qué ${verb} ${withArticleOf(fold(is[1] ?? ''), term)}?`;
        return { kind: 'definicion', term, article: fold(is[1] ?? ''), body: how[2]!, question: ask, needsContext: DEMONSTRATIVE.test(how[2]!) };
      }
      const body = is[3]!.replace(/^(?:es|son|era|eran)\s+/iu, '');
      // «El dictador era un magistrado extraordinario …»: what something was, asked in the past.
      const past = /^(?:era|eran)\s/iu.test(is[3]!) ? { verb: fold(/^\p{L}+/u.exec(is[3]!)![0]) } : {};
      // «Monet es el impresionista por excelencia»: a name without article is a person, asked «¿Quién…?».
      if (!is[1] && (term.split(/\s+/).every((w) => names.has(w)) || isPersonName(term, properWord))) return { kind: 'persona', term, article: '', body, verb: fold(/^\p{L}+/u.exec(is[3]!)![0]) };
      return { kind: 'definicion', term, article: fold(is[1] ?? (/s$/.test(term) ? 'los' : 'el')), body, needsContext: DEMONSTRATIVE.test(body), ...past };
    }
  }
  // «Se dice que una demanda es **inelástica** cuando …»: asked «¿Cuándo se dice que …?».
  const said = /^Se\s+dice\s+que\s+((?:un|una|el|la)\s+[\p{L}\s]{2,40}?)\s+(es|son)\s+([\p{L}-]+)\s+(cuando\s+[^,;]+)/iu.exec(s);
  if (said) return { kind: 'definicion', term: `${said[1]!.replace(/^\S+\s+/u, '')} ${said[3]}`, article: '', body: said[4]!, question: CARD_QUESTIONS.whenSaid(said[1]!, said[2]!, said[3]!) };
  // «… se usa el **método del punto medio**, que calcula …»: the bold term and what it does.
  // «… fue el **Código Civil** de 1804, que recogió …»: its year may follow the name, and what it did is said in the past.
  // The article may open the sentence («La **parte dogmática**, que recoge …»).
  const which = /(?:^|\s)([Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+\*\*([^*]{3,60})\*\*(?:\s+de\s+1\d{3})?,\s+que\s+(?!(?:ya|no|se|también|aún|casi|solo|sólo)\s)(\p{Ll}+(?:a|e|an|en|ó|ió|aron|ieron))\s+(.+)$/u.exec(plainKeepingBold(raw));
  if (which && goodTerm(which[2]!) && !VERBS.has(fold(which[2]!.split(/\s+/).at(-1)!))) {
    // «… y sirvió de modelo …»: a second verb starts another claim.
    const body = which[4]!.split(new RegExp(`\\s+(?:y|pero)\\s+(?=(?:${[...VERBS].join('|')}|\\p{Ll}+(?:ó|ió)\\s)\\b)`, 'u'))[0]!;
    return { kind: 'definicion', term: which[2]!.trim(), article: fold(which[1]!), body: body.replace(/[:.]$/u, ''), verb: which[3]! };
  }
  const does = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+(mide|miden|estudia|estudian|representa|representan|describe|describen|indica|indican|resume|resumen|relaciona|relacionan|expresa|expresan|regula|regulan)\\s+(.+)$`, 'iu').exec(s);
  // «Kant resume la síntesis …»: a person doing something is no term defined by what it does.
  if (does && !leaning && (!bold || fold(bold) === fold(does[2]!)) && (does[1] || !properWord(does[2]!))) {
    // «… y ayuda a comparar …»: a second verb starts another idea.
    const body = does[4]!.split(new RegExp(`\\s+(?:y|pero)\\s+(?=(?:${[...VERBS].join('|')})\\b)`, 'u'))[0]!;
    return { kind: 'definicion', term: does[2]!, article: fold(does[1] ?? ''), body, verb: fold(does[3]!) };
  }
  const person = /^(\p{Lu}[\p{L}'’-]+(?:\s+(?:de\s+|del\s+|van\s+|von\s+|da\s+)?\p{Lu}[\p{L}'’-]+){0,3})\s*(?:\([^)]*\d{3,4}[^)]*\))?,?\s+(fue|era)\s+((?:el|la|un|una|uno)\s+.+)$/u.exec(s);
  if (person && !closed(fold(person[1]!.split(/\s+/)[0]!))) return { kind: 'persona', term: person[1]!, article: '', body: person[3]!, verb: person[2]! };
  const meaning = /^Entendemos\s+por\s+(.+?)\s+((?:el|la|los|las|un|una|lo)\s+.+)$/iu.exec(s) ?? /^Por\s+(.+?)\s+se\s+entiende\s+(.+)$/iu.exec(s);
  if (meaning) return { kind: 'definicion', term: meaning[1]!, article: '', body: meaning[2]! };
  const trait = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+(significa|se\\s+caracteriza\\s+por)\\s+(.+)$`, 'iu').exec(s);
  if (trait && !leaning && (!bold || fold(bold) === fold(trait[2]!))) return { kind: 'definicion', term: trait[2]!, article: fold(trait[1] ?? ''), body: trait[4]!, verb: fold(trait[3]!).replace(/\s+/g, ' ') };
  const date = /^En\s+(?:el\s+año\s+)?(1\d{3}|20\d{2}),?\s+(.+)$/u.exec(s);
  // «En 1750, con la muerte de Bach, el gusto …»: an event opened by a preposition is no clause to ask «¿En qué año …?».
  if (date && !/^\d/.test(date[2]!) && !PREPOSITIONS.has(fold(date[2]!.split(/\s+/)[0]!))) return { kind: 'fecha', term: date[2]!.replace(/[.!]$/u, ''), article: '', body: date[2]!, year: date[1]! };
  // «El 14 de julio de 1789 el pueblo de París asaltó la Bastilla, …»: a sentence that opens with its
  // full date, asked «¿Cuándo el pueblo de París asaltó la Bastilla?» with its first claim.
  const opensDated = /^El\s+(\d{1,2}\s+de\s+\p{Ll}+\s+de\s+(?:1\d{3}|20\d{2})),?\s+((?:el|la|los|las)\s+.+)$/u.exec(s);
  if (opensDated) {
    const event = opensDated[2]!.split(/,\s|;\s|:\s/u)[0]!.replace(/[.!]$/u, '');
    if (event.split(/\s+/).length >= 4) return { kind: 'fecha', term: event, article: '', body: s, year: `el ${opensDated[1]}`, when: event };
  }
  // «La primera exposición impresionista se inauguró el 15 de abril de 1874…»: asked «¿Cuándo se inauguró…?».
  const dated = /^(El|La|Los|Las)\s+((?:[\p{L}'’-]+\s+){0,7}?[\p{L}'’-]+)\s+((?:se\s+)?\p{Ll}+(?:ó|ió|aron|ieron))\s+(el\s+\d{1,2}\s+de\s+\p{Ll}+\s+de\s+\d{4}|en\s+(?:el\s+año\s+)?(?:1\d{3}|20\d{2}))(?=[\s,.;:]|$)/u.exec(s);
  // «El crítico Umberto Barbaro la usó en 1943 …»: a clitic before the verb points back; the subject is not whole.
  const clitic = dated && /^(?:la|lo|las|los|le|les)$/iu.test(dated[2]!.split(/\s+/).at(-1)!);
  if (dated && !clitic && (!closed(fold(dated[2]!.split(/\s+/)[0]!)) || ORDINAL.test(fold(dated[2]!.split(/\s+/)[0]!)))) {
    const subject = `${fold(dated[1]!)} ${dated[2]}`;
    // «… publicó en 1798 el Ensayo sobre …»: what was done after the date belongs to the question;
    // «… observó en 1857 que, al aumentar la renta, …»: so does what was observed, up to its colon (else the question is incomplete).
    const after = s.slice(dated.index + dated[0].length);
    const object = /^\s+((?:el|la|los|las|su|sus)\s+[^,;:.]+)/u.exec(after)?.[1] ?? /^\s+(que(?=[\s,])[^;:.]+)/u.exec(after)?.[1];
    if (/^\s+que(?=[\s,])/u.test(after) && (!object || object.split(/\s+/).length > 20)) return undefined;
    const what = object && (object.startsWith('que') || object.split(/\s+/).length <= 10) ? ` ${object.trim()}` : '';
    return { kind: 'fecha', term: subject, article: '', body: s, year: dated[4]!.replace(/^en\s+(?:el\s+año\s+)?/u, ''), when: `${dated[3]} ${subject}${what}` };
  }
  return listItem(rawSentence) ?? markedSubjectDid(raw) ?? boldApposition(raw) ?? markedClass(raw) ?? markedMeaning(raw) ?? consistsIn(raw) ?? knownAs(raw) ?? knownAsThen(raw) ?? calledColon(raw) ?? namedAct(raw) ?? workSays(raw) ?? subjectDid(raw) ?? namedAfter(s) ?? inWhich(s) ?? cause(s) ?? happensWhen(s) ?? condition(s) ?? superlative(s) ?? authoredWork(s, properWord) ?? titledDate(s) ?? asideDate(s) ?? personActs(s, properWord) ?? appositionTerm(raw);
}

/** The key ideas of one note, in the order of its text; `course` is every note (the TF-IDF background). */
export function keyIdeasOfNote(note: Note, course: readonly Note[], isWord: WordCheck, heading?: string): KeyIdea[] {
  const language = languageOf(note.texto);
  const sentences = sentencesOf(note.texto);
  const good = sentences.filter((s) => !readProblem(s.text, language, isWord));
  const names = namesIn(course.some((n) => n.id === note.id) ? course : [...course, note]);
  // A list's items are asked with what the list is of («Etapas del Barroco musical»), else with their section.
  const context = listTopic(note, course) ?? contextOf(heading, names);
  // A capitalised word is a name when the course writes it so after another word, or never writes it in lower case.
  const lower = lowerWordsIn(course.some((n) => n.id === note.id) ? course : [...course, note]);
  const properWord = (w: string) => names.has(w) || !lower.has(fold(w));
  const ideas: KeyIdea[] = [];
  const head0 = heading ? cleanHeading(heading) : undefined;
  const add = (f: Found, s: { text: string; at: number }, score: number) => {
    const written = f.term.replace(/[.,:;]+$/u, '').trim();
    // «Presa: especie …»: a glossary line or a list item capitalises its head as a line opens; the
    // question asks «la presa» unless the course writes the word as a name («el Barroco»).
    const head = /^(\p{Lu})(\p{Ll}+)(?=\s|$)/u.exec(written);
    const term = f.item && f.kind === 'definicion' && head && !names.has(head[0]) && (isWord(fold(head[0])) || lower.has(fold(head[0]))) ? `${fold(head[1]!)}${written.slice(1)}` : written;
    if (f.kind !== 'fecha' && f.kind !== 'enunciado' && f.kind !== 'obra' && f.kind !== 'persona' && !f.marked && !goodTerm(term)) return;
    // A summary's list is its answer whole (condensing would keep only its first cause).
    const body = f.kind === 'formula' || f.whole ? f.body : condense(f.body);
    // A short answer is fine for a question the sentence frames («¿cuál es el más electronegativo?» → «el flúor»).
    if (f.kind !== 'formula' && f.kind !== 'persona' && !f.question && body.split(/\s+/).length < 3) return;
    // A one-word term («el foco») or an answer that points back («este enunciado») is asked with its section.
    const needsContext = f.needsContext || DEMONSTRATIVE.test(body) || (f.kind !== 'termino' && dangling(term)) || (f.kind !== 'fecha' && f.kind !== 'persona' && ideaKey(term).split(' ').length === 1 && !/^\p{Lu}/u.test(term));
    ideas.push({
      ...f, term, body, sentence: plainSentence(s.text), noteId: note.id, at: s.at,
      key: `${f.kind === 'formula' ? 'fórmula ' : ''}${ideaKey(f.kind === 'fecha' ? `${f.year} ${term}` : term)}`, score,
      ...(context ? { context } : {}), ...(needsContext ? { needsContext: true } : {}),
    });
  };
  // A cloze only where the sentence stands alone and the blank takes one whole term (cloze-quality.ts).
  /** `fromColon`: a long sentence may give the clause after its colon (a term the note bolds there). */
  const clozeable = (s: { text: string }, term: string, lenient = false, fromColon = false) => {
    // A list item is a cloze's sentence only when it is one: a capital first, a full stop last.
    if (/^\s*[-*•]\s/u.test(s.text) && !/^\p{Lu}.*\.$/u.test(plainSentence(s.text))) return false;
    // A sentence that announces a list («… una serie de rasgos:») says nothing until the list does.
    if (/:\s*$/u.test(s.text)) return false;
    const plain = clozeClause(plainSentence(s.text), term, fromColon);
    if (!plain) return false;
    const at = termAt(plain, term);
    return at >= 0 && !clozeProblem(plain, term, at, heading, lenient);
  };
  for (const s of good) {
    const plain = plainSentence(s.text);
    // The rules that read a sentence by its section («En el enlace covalente …», «Su Canción del pirata …»).
    const section = head0 && contextOf(heading, names);
    // An item of a numbered list («1. **El tema de España**: …») is read as a list item too (the reader splits off its number).
    const raw = /(?:^|\n)[ \t]*\d{1,2}[.)][ \t]*$/u.test(note.texto.slice(0, s.at)) ? `- ${s.text}` : s.text;
    const found = ideaOfSentence(plain, raw, names, properWord) ?? inSection(plain, head0) ?? workOfSection(plain, section, properWord);
    const head = found ? undefined : itemHead(raw);
    // A list item's head, blanked in the item and asked with its section (the item alone says too little).
    if (head && !clozeProblem(head.item, head.term, termAt(head.item, head.term), heading)) {
      add({ kind: 'termino', term: head.term, article: '', body: head.item, item: true, needsContext: true }, s, 1.5);
      continue;
    }
    if (!found) continue;
    if (found.kind === 'persona' && !/\s/u.test(found.term)) found.term = fullName(found.term, course);
    add(found, s, 3);
    // «Jean-Baptiste Lully (1632–1687), nacido en Florencia, dirigió … y creó la **tragédie lyrique**, la ópera francesa»:
    // the person who opens it is an idea of the sentence too (asked «¿Quién …?», answered with the name).
    const who = found.kind === 'persona' ? undefined : personActs(plain, properWord);
    if (who) add({ ...who, shares: true }, s, 3);
  }
  // People named as who did something, summaries of causes, bold terms explained (coverage-rules.ts):
  // a term the rule itself frames by a question is asked as is.
  const bolds = [...note.texto.matchAll(/\*\*([^*]{2,60})\*\*/gu)].map((m) => m[1]!.trim());
  for (const s of good) {
    // The sentences after it in its paragraph (a summary «fueron varias.» lists them there).
    const rest = note.texto.slice(s.at + s.text.length).split(/\n\s*\n/u)[0]!;
    const next = good.filter((x) => x.at > s.at && x.at < s.at + s.text.length + rest.length).map((x) => plainSentence(x.text));
    const k = sentences.findIndex((x) => x.at === s.at);
    // A short sentence is still whole («Ninguna ley puede contradecirla.»): what a name after it names.
    const prev = k > 0 ? sentences[k - 1]! : undefined;
    const before = prev && (good.includes(prev) || readProblem(prev.text, language, isWord) === 'corta') ? plainSentence(prev.text) : undefined;
    const around = { next, ...(before ? { before } : {}), ...(head0 ? { heading: head0 } : {}), first: s === good[0] };
    for (const f of coverageIdeas(plainSentence(s.text), plainKeepingBold(s.text), properWord, bolds, around)) add({ ...f, marked: f.question !== undefined }, s, 3);
  }
  // Works: a title in «…» or in italics; with its author («… de Édouard Manet») asked «¿De quién es…?», else a cloze on the title.
  // …or of the person the paragraph is about, the title asked by what the sentence says of it.
  const person = personOfNote(note.texto);
  for (const s of good) {
    const mine = workOfPerson(s.text.trim(), person);
    if (mine) add(mine, s, 2.2);
    for (const m of s.text.matchAll(/«([^»]{3,80})»|(?<![*\w])\*([^*\s][^*]{1,78}[^*\s])\*(?![*\w])/gu)) {
      const title = (m[1] ?? m[2])!.trim();
      if (!/^\p{Lu}/u.test(title) || title.split(/\s+/).length > 8) continue;
      // «… de James M. Cain»: a name cut at an initial is no author.
      const author = /^[»*]?\s+de\s+(\p{Lu}[\p{L}'’-]+(?:\s+(?:de\s+|van\s+|von\s+)?\p{Lu}[\p{L}'’-]+){0,3})(?![\p{L}'’-])(?!\s+\p{Lu}\.)/u.exec(s.text.slice(m.index + m[0].length))?.[1];
      // A work asked without its author's name in the sentence could be anyone's.
      const byName = [...plainSentence(s.text).replace(title, '').matchAll(/\p{Lu}[\p{L}'’-]+/gu)].some((w) => names.has(w[0]));
      // …or in the paragraph about its author («Antonio Vivaldi (1678–1741) …»): then its author is the cloze's cue.
      const mine = !author && !byName && person !== undefined;
      if (!author && !((byName || mine) && clozeable(s, title))) continue;
      add({ kind: 'obra', term: title, article: '', body: plainSentence(s.text), ...(author ? { author } : {}) }, s, 2.2);
      // By surname: the person's own card answers the full name, which a cue may not give away.
      if (mine && ideas.at(-1)?.term === title) Object.assign(ideas.at(-1)!, { context: person.split(/\s+/).at(-1), needsContext: true });
    }
  }
  // Any other term the note bolds inside a sentence («… Mussolini inauguró los estudios de **Cinecittà**»):
  // the teacher set it apart as a key term whatever the sentence says of it; a cloze on it where no
  // rule reads the sentence (merge keeps a stronger idea of the same name). A bold lead-in («**En
  // serie**,», «**Primera ley.**») is a heading, not a term.
  for (const s of good) {
    for (const m of s.text.matchAll(/\*\*\*?([^*]{3,60}?)\*?\*\*/gu)) {
      const term = m[1]!.trim();
      // «**Primera fase**: la mortalidad …», «**Rodaje**. Se rueda …»: a bold head opening its line labels what follows.
      if (/^\s*(?:[-*•]\s+|\d{1,2}[.)]\s+)?$/u.test(s.text.slice(0, m.index)) && /^\s*[:.]/u.test(s.text.slice(m.index + m[0].length))) continue;
      // A title may open with its article («***La tierra tiembla***»).
      if (/[.:;,]$/u.test(term) || !goodTerm(term.replace(/^(?:El|La|Los|Las)\s+(?=\S)/u, '')) || isPersonName(term, properWord)) continue;
      // The cloze is made of the clause after the colon when that is what says it.
      if (clozeable(s, term, false, true)) add({ kind: 'termino', term, article: '', body: plainSentence(s.text), clause: clozeClause(plainSentence(s.text), term, true)!, marked: true }, s, 2.4);
    }
  }
  // A person the note bolds inside a sentence («… el economista británico **Alfred Marshall** en sus …»):
  // the teacher marks them as a key person; a cloze on the name where no rule asked what they did.
  for (const s of good) {
    for (const m of s.text.matchAll(/\*\*([^*]{5,60})\*\*/gu)) {
      const name = m[1]!.trim();
      if (!isPersonName(name, properWord)) continue;
      // «… su nieto **Lorenzo el Magnífico** (1449–1492), poeta y protector de …»: their years and role, asked «¿Quién fue …?».
      const role = /^\s*\([^()]*\d{3,4}[^()]*\),\s+(\p{Ll}.+)$/u.exec(plainSentence(s.text.slice(m.index + m[0].length)))?.[1];
      const who = role && personActs(`${name} ${role}`, properWord);
      if (who && who.verb === 'fue') add({ ...who, shares: true }, s, 2);
      else if (clozeable(s, name)) add({ kind: 'termino', term: name, article: '', body: plainSentence(s.text), marked: true }, s, 2);
    }
  }
  // Formulas sit on their own line (no sentence): grounded in the sentence that introduces them.
  // Formulas in words on their own line too (word-formula.ts); a list of formulas alone (a «Formulario»)
  // names each by its words or by what the course calls its symbol («la tasa bruta de natalidad (TBN)»).
  for (const f of [...formulasIn(note.texto), ...wordFormulasIn(note.texto)]) {
    // A table row is neither a sentence nor a display line: its cells are asked as a row («fila»), never as a formula.
    if (onTableRow(note.texto, f.at)) continue;
    const intro = introducingSentence(sentences, good, f.at, language, isWord);
    const own = 'name' in f ? (f as WordFormula).name : undefined;
    if (!intro && !('spoken' in f && wordFormulasIn(note.texto).some((w) => w.at === f.at))) continue;
    const named = ideas.filter((i) => i.at <= f.at && (i.kind === 'definicion' || i.kind === 'enunciado')).at(-1);
    const said = meaningOf(f.subject, note.texto.replace(/\*\*/gu, '')) ?? own ?? (intro ? introduced(intro.text, heading) : undefined) ?? meaningOf(f.subject, course.map((n) => n.texto).join('\n').replace(/\*\*/gu, ''));
    const meaning = said ?? named?.term;
    if (!meaning) continue;
    // The article as the text gives it; for a formula of the idea before it, that idea's.
    const article = said ? fold(/^(el|la|los|las)\s/iu.exec(said)?.[1] ?? '') : named!.article;
    const term = meaning.replace(/^(?:el|la|los|las)\s+/iu, '').replace(/[\p{L}'’-]+/gu, (w) => (names.has(`${w[0]!.toLocaleUpperCase('es')}${w.slice(1)}`) ? `${w[0]!.toLocaleUpperCase('es')}${w.slice(1)}` : w));
    // A condition another idea of its sentence answers («¿Cuándo ocurre …?» → «cuando …») would give that card away.
    const condition = intro && [conditionsOf(plainSentence(intro.text))].find((c) => c && !ideas.some((i) => i.at === intro.at && fold(i.body).includes(fold(c))));
    add({ kind: 'formula', term, article, body: f.text, formula: f, ...(condition ? { condition } : {}) }, intro ?? { text: f.text, at: f.at }, 2.5);
  }
  // The section's heading, when one of its well-read sentences names it and can carry it as a cloze.
  const head = heading && cleanHeading(heading);
  if (head && goodTerm(head) && !EXAMPLE_HEADING.test(head)) {
    const k = ideaKey(head).split(' ');
    const s = good.find((x) => k.every((w) => ideaKey(x.text).split(' ').includes(w)) && clozeable(x, head));
    if (s) add({ kind: 'encabezado', term: head, article: '', body: plainSentence(s.text) }, s, 2);
  }
  // Key terms by TF-IDF against the course, each in a sentence that carries it as a cloze. A key term
  // comes back in the course, or the note marks it in bold; worked examples give none.
  const index = buildIndex(course.map((n) => n.texto));
  const row = index.rows[course.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  const named = ideas.map((i) => i.key.split(' '));
  const bolded = [...note.texto.matchAll(/\*\*([^*]{2,60})\*\*/gu)].map((m) => fold(m[1]!.trim()));
  // Strict first (in a lecture, a key term comes back or is bolded, and is more than one common word);
  // a short note (a few sentences) with no idea at all takes its key terms as they come, by the same cloze rules.
  const takeTerms = (strict: boolean, compound = false) => {
  let terms = 0;
  for (const t of heading && EXAMPLE_HEADING.test(heading) ? [] : keyTerms(note.texto, (w) => row.get(w) ?? 0)) {
    if (terms >= TERMS_PER_NOTE) break;
    if (!t.words.every((w) => w.length > 2 && !ADVERBS.has(w) && !VERB_ENDING.test(w) && (isWord(w) || /^\p{Lu}/u.test(t.text)))) continue;
    // A lone common word («pintor», «energía») teaches little: a one-word term is one the note bolds.
    const bold = bolded.includes(fold(t.text));
    // A doctrine or a movement («Neoclasicismo») is a term of one word.
    if (t.words.length === 1 && (t.text.length < 5 || (strict && !bold) || (compound && !/ismos?$/u.test(t.text)))) continue;
    if (strict && !bold && timesWritten(t.text, course) < 2) continue;
    // A word of an idea already named («carga» in «cantidad de carga» is not another idea).
    const k = ideaKey(t.text).split(' ');
    if (named.some((n) => k.every((w) => n.includes(w)))) continue;
    // «el **Salon des Refusés** o Salón de los Rechazados»: the blank takes the name with its other name.
    const withOther = (x: Sentence) => new RegExp(`${escapeRegExp(t.text)}\\s+o\\s+\\p{Lu}[\\p{L}'’-]*(?:\\s+(?:de|del|de los|de las|la|el)?\\s*\\p{Lu}[\\p{L}'’-]*)*`, 'u').exec(plainSentence(x.text))?.[0] ?? t.text;
    // Relaxed, only in a sentence no idea speaks of yet (one card a sentence: it would be lost there).
    // Relaxed, the term is what its sentence is about: its subject, opening it after a definite article.
    // …and the sentence stands alone: «La curva tiene por eso pendiente negativa» leans on the one before.
    const leans = (x: Sentence) => /(?<![\p{L}])(?:por\s+eso|por\s+ello|por\s+(?:lo\s+)?tanto|ello|esto|est[ae]s?)(?![\p{L}])/iu.test(plainSentence(x.text));
    const topic = (x: Sentence) => !leans(x) && new RegExp(`^(?:el|la|los|las)\\s+${escapeRegExp(t.text)}\\s`, 'iu').test(plainSentence(x.text).replace(MARKER, ''));
    const s = good.find((x) => x.text.includes(t.text) && (!compound || (!ideas.some((i) => i.at === x.at) && (topic(x) || /ismos?$/u.test(t.text)))) && clozeable(x, withOther(x), !strict));
    if (!s) continue;
    named.push(k);
    terms++;
    add({ kind: 'termino', term: withOther(s), article: '', body: plainSentence(s.text), ...(strict ? {} : { relaxed: true }) }, s, t.score);
  }
  };
  // A table's rows: what goes with what, asked by its most descriptive column (table-ideas.ts);
  // a row the notes come back to («Inventó el *stiacciato*») scores higher: it is more of the week's.
  for (const r of tableRows(note.texto, context)) {
    ideas.push({ kind: 'fila', term: r.name, article: '', body: r.name, sentence: r.line, noteId: note.id, at: r.at, key: `fila ${ideaKey(r.name)}`, score: timesWritten(r.name, course), question: r.question, item: true });
  }
  takeTerms(true);
  if (ideas.length === 0 && (note.texto.match(/\p{L}+/gu) ?? []).length <= SHORT_NOTE_WORDS) takeTerms(false);
  // A sentence that states no idea still teaches its key terms of several words.
  else takeTerms(false, true);
  return merge(ideas);
}

/**
 * The sentence that introduces a formula on the line after it: a well-read one just before, or one
 * that only looks cut because it hands over to the formula («… y por tanto su rendimiento es»).
 */
function introducingSentence(all: readonly Sentence[], good: readonly Sentence[], at: number, language: string, isWord: WordCheck): Sentence | undefined {
  const before = all.filter((s) => s.at + s.text.length <= at).at(-1);
  if (before && at - (before.at + before.text.length) <= 4 && readProblem(before.text, language, isWord) === 'cortada' && /\b(?:es|son|queda|vale|resulta)$/u.test(before.text.trim())) return before;
  const last = good.filter((s) => s.at <= at).at(-1);
  return last && at - (last.at + last.text.length) <= 200 ? last : undefined;
}

/** «El **rendimiento** de la máquina es …:» → «rendimiento de la máquina»: what a formula's sentence introduces. */
function introduced(sentence: string, heading?: string): string | undefined {
  const m = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+(?:es|son|vale|se\\s+calcula|viene\\s+dad[oa])\\b`, 'iu').exec(plainSentence(sentence));
  const bold = /\*\*([^*]{2,60})\*\*/u.exec(sentence)?.[1];
  if (m && goodTerm(m[2]!) && (!bold || fold(m[2]!).includes(fold(bold)))) return m[2];
  if (bold) return bold;
  // «… y por tanto su rendimiento es»: the quantity, named in full by the section's heading when it names it.
  const own = /\b(?:su|sus|el|la|los|las)\s+(\p{L}+)\s+(?:es|son|queda|vale|resulta)\s*:?$/u.exec(plainSentence(sentence).replace(/[.:]$/u, ''));
  if (!own) return undefined;
  const head = heading && cleanHeading(heading);
  return head && ideaKey(head).split(' ').includes(stem(fold(own[1]!))) ? head : own[1];
}

/** One idea per key, the strongest kind (then the highest score, then the earliest) kept, in text order. */
function merge(ideas: readonly KeyIdea[]): KeyIdea[] {
  const best = new Map<string, KeyIdea>();
  const rank = (i: KeyIdea) => KIND_ORDER.indexOf(i.kind);
  for (const i of [...ideas].sort((a, b) => rank(a) - rank(b))) {
    if (!i.key) continue;
    // A heading or a term inside a stronger idea's name («Carnot» in «ciclo de Carnot») is that idea.
    const words = i.key.split(' ');
    const covering = [...best.values()].find((b) => b.key !== i.key && rank(b) < rank(i) && words.every((w) => b.key.split(' ').includes(w)));
    if (covering && (i.kind === 'encabezado' || i.kind === 'termino')) continue;
    const had = best.get(i.key);
    if (!had || rank(i) < rank(had) || (rank(i) === rank(had) && i.score > had.score)) best.set(i.key, i);
  }
  return [...best.values()].sort((a, b) => a.noteId - b.noteId || a.at - b.at);
}

/** The key ideas of a week: its notes' (in the order given: the material's), one per key. */
export function keyIdeasOfWeek(notes: readonly Note[], course: readonly Note[], isWord: WordCheck): KeyIdea[] {
  return merge(notes.flatMap((n) => keyIdeasOfNote(n, course, isWord, n.tema)));
}
