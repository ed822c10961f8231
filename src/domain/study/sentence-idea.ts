/**
 * The idea one well-read sentence states, read by its wording (docs/design.md §3): named statements
 * («el principio de X dice que …»), definitions («X es …», «se llama X a …», «X, es decir, …»),
 * people, works and dates; and, failing those, the rules of idea-rules.ts and marked-terms.ts. Split
 * from key-ideas.ts, which gathers a note's ideas from these and from its formulas, headings and terms. Pure.
 */
import { DETERMINERS, FUNCTION_WORDS, GENERIC_NOUNS, PREPOSITIONS, QUANTIFIERS, ROLE_WORD, VERBS } from '../cards/lexicon.js';
import type { Formula } from './formula.js';
import { leansOnBefore } from './cloze-quality.js';
import { FULL_STOP } from './reading.js';
import { asideDate, authoredWork, boldApposition, inWhich, cause, condition, happensWhen, listItem, namedAfter, personActs, superlative, titledDate, isPersonName } from './idea-rules.js';
import { appositionTerm, calledColon, consistsIn, knownAs, knownAsThen, markedClass, markedMeaning, markedSetting, markedSubjectDid, markedWhichIs, namedAct, subjectDid, workSays } from './marked-terms.js';
import { CARD_QUESTIONS } from '../../strings/study.js';
import { escapeRegExp } from '../../lib/regexp.js';

/** The kinds of key idea (key-ideas.ts KIND_ORDER ranks them). */
export type IdeaKind = 'enunciado' | 'definicion' | 'formula' | 'fecha' | 'persona' | 'obra' | 'encabezado' | 'termino' | 'fila';

export const ARTICLE = '(un|una|unos|unas|el|la|los|las)';
export const TERM = "([\\p{L}][\\p{L}\\d'’-]*(?:\\s+(?:de\\s+(?:la\\s+|los\\s+|las\\s+)?|del\\s+)?[\\p{L}\\d][\\p{L}\\d'’-]*){0,4})";
const NAMED = '(enunciado|teorema|ley|principio|postulado|axioma|regla|lema|paradoja|criterio|efecto|modelo)';
/** A demonstrative that points at something said before («este enunciado»): read alone, the answer needs its section. */
export const DEMONSTRATIVE = /(?:^|\s)(?:este|esta|estos|estas|ese|esa|esos|esas)\s+\p{Ll}/iu;
const STATING = '(?:dice|establece|afirma|sostiene|enuncia|asegura|postula|indica)';

export const fold = (s: string) => s.toLocaleLowerCase('es');
export const ORDINAL = /^(?:primer|primera|primero|segundo|segunda|tercer|tercera|tercero)$/u;
export const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w);

/** Labels of what is said about something else (section-label.ts asks them of their section). */
const GENERIC_LABELS = new Set(['consecuencia', 'consecuencias', 'conclusión', 'conclusiones', 'aplicación', 'aplicaciones', 'ventaja', 'ventajas', 'inconveniente', 'inconvenientes', 'característica', 'características', 'resultado', 'resultados', 'idea', 'ideas', 'observación', 'nota', 'detalle']);
/** What a page shows rather than what the subject is about. */
const PAGE_NOUNS = new Set(['tabla', 'esquema', 'gráfico', 'diagrama', 'figura', 'imagen', 'dibujo', 'cuadro-resumen']);

/** A term a question can name: 1–6 words, not opening with a function word, no verb, not generic. */
export function goodTerm(term: string): boolean {
  const words = fold(term).split(/\s+/);
  // An ordinal may open a term («segundo principio»); «bien» and «bajo» are nouns («bien normal», «bajo continuo»); never end one.
  const opener = words.length > 1 && (ORDINAL.test(words[0]!) || words[0] === 'bien' || words[0] === 'bajo');
  if (words.length === 0 || words.length > 6 || (closed(words[0]!) && !opener) || closed(words.at(-1)!)) return false;
  // Inside a term no conjunction, pronoun or verb («cuanto», «que», «es» say it is a clause).
  if (words.slice(1, -1).some((w) => FUNCTION_WORDS.has(w) || w === 'cuanto' || w === 'cuanta')) return false;
  if (words.some((w) => VERBS.has(w))) return false;
  // «el material preferido», «el cultivo más extendido»: the role something plays, not a thing's name (lexicon.ts ROLE_WORD).
  if (ROLE_WORD.test(term)) return false;
  // «Un caso típico es …», «Un ejemplo claro es …»: the lecture pointing at an example, not a term.
  if (/^(?:caso|casos|ejemplo|ejemplos|muestra)$/u.test(words[0]!)) return false;
  // «Una consecuencia práctica es el tiempo de duplicación»: a generic label names no term (what follows «es» does).
  if (GENERIC_LABELS.has(words[0]!) && words.length <= 3 && !words.includes('de')) return false;
  // «la tabla», «el esquema»: the page, not the subject; «el segundo momento», «el primer paso»: a step of something unnamed.
  if (words.length === 1 && PAGE_NOUNS.has(words[0]!)) return false;
  if (words.length === 2 && ORDINAL.test(words[0]!) && /^(?:momento|paso|lugar|caso|punto|parte|vez|tipo|grupo|fase|etapa)$/u.test(words[1]!)) return false;
  // A symbol («P», «ΔP») is read with its formula, never asked «¿Qué es el P?».
  return !(words.length === 1 && (GENERIC_NOUNS.has(words[0]!) || !/\p{L}{2}/u.test(words[0]!)));
}

/** Most words of a definition kept whole across its «… que …, y que …» (two relative clauses of one thing). */
const RELATIVE_DEFINITION_WORDS = 30;
/** The first claim of a body ends at «; », an example, a full stop, «, pero / aunque / mientras que / a diferencia de» or «, y que». */
const CLAIM_END = new RegExp(String.raw`;\s|:\s+(?:por ejemplo|p\. ej\.)|${FULL_STOP}|,\s+(?:pero|aunque|mientras que|a diferencia de)\s|,?\s+y\s+que\s`, 'iu');
/** « y γ es …», «, y la mortalidad son …»: «y», a short subject (a symbol; after a comma, an article and a noun or two), and a copula or a defining verb. */
const SECOND_SUBJECT = /(?<!\bentre\s+\S+)(?:,?\s+y\s+(?=(?:\p{L}|\p{Lu}{2,4})[₀-₉\d]*\s)|,\s+y\s+(?=(?:el|la|los|las)\s+\p{Ll}+(?:\s+\p{Ll}+)?\s))(?=\S+(?:\s+\S+){0,2}\s+(?:es|son|era|eran|representa|representan|mide|miden|indica|indican)\s)/u;

/** The first clause worth saying of a body: up to «; », «: por ejemplo», «, pero …», or 40 words. */
export function condense(body: string): string {
  let b = body.replace(/\s+/g, ' ').trim();
  // «… y que …» adds a second claim: one card, one fact (the minimum information principle).
  // (The era's «a. C.» is no full stop.)
  // …but «un privilegio que los reyes concedían a monasterios y que prohibía a sus funcionarios entrar»
  // is one definition in two relative clauses: kept whole when it stays short.
  const first = b.split(CLAIM_END)[0]!;
  const joined = /^[^;:.]*?,?\s+y\s+que\s[^;:]*?(?=;\s|:\s|$|,\s+(?:pero|aunque|mientras que|a diferencia de)\s)/u.exec(b)?.[0];
  b = (joined && /\sque\s/u.test(first) && joined.split(/\s+/u).length <= RELATIVE_DEFINITION_WORDS ? joined : first).trim();
  // «… de la presa, y γ es la tasa de …»: a second subject with its own verb is the next claim, not this answer.
  b = b.split(SECOND_SUBJECT)[0]!.trim();
  // «…, y su tarea consistía en …»: so does a possessive subject with its verb.
  b = b.split(/,\s+y\s+(?=(?:su|sus)\s+\p{Ll}+\s+\p{Ll}+(?:aba|aban|ía|ían|ó|ió|a|an|e|en)(?![\p{L}]))/u)[0]!.trim();
  // «…de un instante: cómo se ve…»: what follows a colon elaborates; one idea is enough for an answer.
  const colon = b.search(/:\s/u);
  if (colon > 0 && b.slice(0, colon).split(/\s+/).length >= 4 && !DEMONSTRATIVE.test(b.slice(0, colon))) b = b.slice(0, colon);
  // «(lo vemos en el apartado 7)», «(ver tema 3)»: a pointer to another part of the notes is no part of an answer.
  b = b.replace(/\s*\((?:[^()]*?(?<![\p{L}])(?:vemos|veremos|vimos|ver|véase|apartado|epígrafe|tema|página|pág\.))[^()]*\)/giu, '');
  // A sentence that introduces a table or a list ends announcing it.
  b = b.replace(/,?\s+(?:en el orden siguiente|de la siguiente manera|de la forma siguiente|así|como sigue)\s*:?$/iu, '');
  const words = b.split(' ');
  if (words.length > 40) {
    // Cut at the last comma within the first 40 words, never mid-clause («…, lo que en»).
    const cut = words.slice(0, 40).join(' ');
    // (A comma inside brackets is an aside's: «(clave, órgano o laúd)» is never cut.)
    let depth = 0;
    let comma = -1;
    for (let i = 0; i < cut.length; i++) {
      if (cut[i] === '(') depth++;
      else if (cut[i] === ')') depth = Math.max(0, depth - 1);
      else if (cut[i] === ',' && cut[i + 1] === ' ' && depth === 0) comma = i;
    }
    b = comma > 0 && cut.slice(0, comma).split(' ').length >= 12 ? cut.slice(0, comma) : cut;
  }
  // «…nacidos en América, que, aunque …» cut at «, aunque»: an answer never ends on the «que» that opened what was cut
  // (only «que»: a last «y» may be a symbol, «el precio de otro bien y»).
  return b.replace(/[.,:;]+$/u, '').replace(/,?\s+(?:que|lo\s+que)$/u, '').replace(/[.,:;]+$/u, '');
}

export interface Found { clause?: string; shares?: boolean; marked?: boolean; whole?: boolean; summary?: boolean; kind: IdeaKind; term: string; article: string; body: string; item?: boolean; relaxed?: boolean; condition?: string; formula?: Formula; year?: string; verb?: string; when?: string; author?: string; needsContext?: boolean; question?: string; said?: string }

/** The term with its article for a question («el ciclo de Carnot»), the note's own article when it gives one. */
function withArticleOf(article: string, term: string): string {
  if (article === 'un') return `el ${term}`;
  if (article === 'una') return `la ${term}`;
  return article ? `${article} ${term}` : term;
}

/** A sentence without list marks and with only its bold marks kept (they say which term the note stresses). */
export const plainKeepingBold = (s: string) => s.replace(/(?<![*\w])\*(?=[^*\s])([^*]+)\*(?![*\w])/gu, '$1').replace(/\s+/g, ' ').trim();

/** A symbol the text gives a term in brackets right after it («la capacidad de carga (K) es…»). */
const SYMBOL_ASIDE = String.raw`(?:\s*\((?:[\p{L}\p{N}₀-₉ᵢⱼ\s,]{1,8})\))?`;
/** A discourse marker in front of a sentence («Por último, …»): the sentence after it stands alone. */
export const MARKER = /^(?:por último|finalmente|además|en primer lugar|en segundo lugar|así pues|por otra parte|en cambio|asimismo|(?:por|en|según|para)\s+(?!(?:tanto|eso|ello|ejemplo|lo|consiguiente|consecuencia|resumen|cambio|general)\b)\p{Ll}+),\s+/iu;
/** A sentence's subject (an article and a few words) and a discourse aside after it. */
const SUBJECT_ASIDE = /^((?:el|la|los|las)\s+[^,;:]{2,40}),\s+(?:en cambio|por su parte|por otra parte|sin embargo|además|a su vez|en teoría|en realidad|por lo general),\s+/iu;
/** The idea a well-read sentence states or defines, if it does. */
export function ideaOfSentence(sentence: string, rawSentence: string, names: ReadonlySet<string> = new Set(), properWord: (w: string) => boolean = (w) => names.has(w)): Found | undefined {
  const { s, raw } = readable(sentence, rawSentence);
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
  const called = new RegExp(`^(?:Se\\s+(?:llama|llamó|denomina|denominó|conoce\\s+como)|Llamamos|Denominamos|Llamó|Llamaron|Denominó|Denominaron)\\s+${TERM}(\\s*\\([^)]*\\))?\\s+(a|al|a la|a los|a las)\\s+(.+)$`, 'iu').exec(s);
  if (called) {
    // «pintura al aire libre (plein air)»: the other name the note gives is part of what the term is called.
    const other = called[2] && /^\s*\([\p{L}\s'’-]{2,30}\)$/u.test(called[2]) ? ` ${called[2].trim()}` : '';
    // «Se llama bien normal a A, y bien inferior a B»: the second term's definition is another card.
    const body = called[4]!.split(/,\s+y\s+(?:[\p{L}-]+\s+){1,4}?a\s+(?:aquel|aquella|aquellos|aquellas|la|el|los|las|lo)\s/u)[0]!;
    return { kind: 'definicion', term: `${called[1]}${other}`, article: '', body };
  }
  // «A esto se le llamaba paradoja hidrostática: la presión en el fondo depende …»: what is named is said after the colon.
  const thisCalled = new RegExp(`^A\\s+(?:esto|ello|este\\s+\\p{Ll}+|esta\\s+\\p{Ll}+)\\s+se\\s+(?:le\\s+)?(?:llama|llamaba|llamó|denomina|denominaba|conoce\\s+como)\\s+${TERM}:\\s+(.+)$`, 'u').exec(s);
  if (thisCalled) return { kind: 'definicion', term: thisCalled[1]!, article: '', body: thisCalled[2]! };
  const toCalled = new RegExp(`^A\\s+(.+?)\\s+se\\s+(?:le|les)\\s+(?:llama|denomina)\\s+${TERM}(?=[\\s.:,;]|$)`, 'iu').exec(s);
  if (toCalled) return { kind: 'definicion', term: toCalled[2]!, article: '', body: toCalled[1]!, needsContext: DEMONSTRATIVE.test(toCalled[1]!) };
  // «Esta moda por lo japonés se llamó japonismo»: the name comes last.
  // (What is named is one clause: «La membrana forma pliegues, las crestas; el espacio que queda dentro se llama matriz» names the space.)
  const calledLast = new RegExp(`(?:^|[;:]\\s+)(est[ae]s?|el|la|los|las|un|una)\\s+([^;:]+?)\\s+se\\s+(?:llama|llamó|llaman|llamaron|denomina|denominó|denominan|conoce\\s+como|conoció\\s+como)\\s+${TERM}(?:\\s*\\([^()]{1,20}\\))?\\s*(?:[;.,]|$)`, 'iu').exec(s);
  // A clause inside what is named is fine when the note bolds the name it gives («La tensión que mantiene
  // un generador cuando no circula corriente se denomina **fuerza electromotriz**»).
  // (Not when what is named points back: «Los materiales que cumplen esta ley se llaman **óhmicos**».)
  const boldName = calledLast && new RegExp(`\\*\\*${escapeRegExp(calledLast[3]!)}\\*\\*`, 'u').test(raw) && !DEMONSTRATIVE.test(` ${calledLast[2]!}`);
  // «La curva resultante tiene forma de S y se llama curva sigmoide»: what is named is a clause with its own verb, no answer.
  if (calledLast && (boldName || !/\s(?:que|cuando|si)\s/u.test(calledLast[2]!)) && !/\s(?:y|e)$/u.test(calledLast[2]!)) {
    return { kind: 'definicion', term: calledLast[3]!, article: '', body: calledLast[2]!, needsContext: /^est/iu.test(calledLast[1]!) };
  }
  const defined = new RegExp(`^(?:Se\\s+define|Definimos)\\s+(?:${ARTICLE}\\s+)?${TERM}${SYMBOL_ASIDE}\\s+como\\s+(.+)$`, 'iu').exec(s) ??
    new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+se\\s+define\\s+como\\s+(.+)$`, 'iu').exec(s);
  if (defined) return { kind: 'definicion', term: defined[2]!, article: fold(defined[1] ?? 'el'), body: defined[3]! };
  // «Se entiende por selección r la que favorece…», «Entendemos por densidad (D) el número de…», «Por calor se entiende…».
  const meaning = new RegExp(`^(?:Se\\s+entiende|Entendemos)\\s+por\\s+(.+?)${SYMBOL_ASIDE}\\s+((?:el|la|los|las|un|una|lo)\\s+.+)$`, 'iu').exec(s) ?? /^Por\s+(.+?)\s+se\s+entiende\s+(.+)$/iu.exec(s);
  if (meaning) return { kind: 'definicion', term: meaning[1]!, article: '', body: meaning[2]! };
  const is = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}${SYMBOL_ASIDE}\\s+((?:es|son|era|eran)\\s+(?:un|una|unos|unas|el|la|los|las|aquel|aquella|aquellos|aquellas|lo\\s+que|cualquier)\\b.+|(?:son|eran)\\s+(?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\\s+\\p{Ll}{4,}\\s+\\p{Ll}+\\s.+|(?:consiste|consisten)\\s+en\\s+.+|(?:está|están)\\s+(?:formad[oa]s?|compuest[oa]s?)\\s+por\\s+.+|(?:consta|constan)\\s+de\\s+.+)$`, 'iu').exec(s) ??
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
  // «Sófocles, que vivió entre el 496 y el 406 a. C., fue el poeta …»: a relative aside about their life may come between.
  const person = /^(\p{Lu}[\p{L}'’-]+(?:\s+(?:de\s+|del\s+|van\s+|von\s+|da\s+)?\p{Lu}[\p{L}'’-]+){0,3})\s*(?:\([^)]*\d{3,4}[^)]*\))?(?:,\s+que\s+(?:vivió|nació|murió)\s+[^,;]{3,60},)?,?\s+(fue|era)\s+((?:el|la|un|una|uno)\s+.+)$/u.exec(s);
  if (person && !closed(fold(person[1]!.split(/\s+/)[0]!))) return { kind: 'persona', term: person[1]!, article: '', body: person[3]!, verb: person[2]! };
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
  return otherReadings(s, raw, rawSentence, properWord).next().value;
}

/**
 * A sentence as the rules read it: without a discourse marker in front, and without a discourse aside
 * after its subject («Los censores, en cambio, eran …» is said of the censores); `raw` keeps its marks.
 */
function readable(sentence: string, rawSentence: string): { s: string; raw: string } {
  return {
    s: sentence.replace(MARKER, '').replace(SUBJECT_ASIDE, '$1 '),
    raw: rawSentence.replace(/^\s*(?:[-*•]\s+)?/u, '').replace(MARKER, ''),
  };
}

/**
 * Every reading of a sentence by the rules that look past its first words (idea-rules.ts,
 * marked-terms.ts), in the order they are tried: key-ideas.ts takes the first that makes a good
 * idea, so a sentence one rule misreads («… por una hamartía, un error …» taken for something else
 * first) still gives the idea another rule reads.
 */
function* otherReadings(s: string, raw: string, rawSentence: string, properWord: (w: string) => boolean): Generator<Found, undefined> {
  const rules: Array<() => Found | undefined> = [
    () => listItem(rawSentence), () => markedSubjectDid(raw), () => boldApposition(raw), () => markedWhichIs(raw), () => markedSetting(raw), () => markedClass(raw), () => markedMeaning(raw), () => consistsIn(raw),
    () => knownAs(raw), () => knownAsThen(raw), () => calledColon(raw), () => namedAct(raw), () => workSays(raw), () => subjectDid(raw), () => namedAfter(s),
    () => inWhich(s), () => cause(s), () => happensWhen(s), () => condition(s), () => superlative(s), () => authoredWork(s, properWord), () => titledDate(s),
    () => asideDate(s), () => personActs(s, properWord), () => appositionTerm(raw),
  ];
  // Tried one at a time, as asked for: most sentences need only the first that reads them.
  for (const rule of rules) {
    const found = rule();
    if (found) yield found;
  }
  return undefined;
}

/** Every reading of a sentence by those rules, lazily (the caller stops at the first good one). */
export function laterReadings(sentence: string, rawSentence: string, properWord: (w: string) => boolean): Generator<Found, undefined> {
  const { s, raw } = readable(sentence, rawSentence);
  return otherReadings(s, raw, rawSentence, properWord);
}
