/**
 * The words a passage search compares (pure): lower case, accents folded with the project's one
 * normaliser (lib/fold.ts), function words and the words of asking («explícame», «dice», «nota»)
 * left out, every other word cut to its Spanish stem with NLP.js's stemmer (the one the intent
 * classifier already loads), so «adiabáticas» finds «adiabática» and «entropia» finds «entropía».
 */
import langEs from '@nlpjs/lang-es';
import { fold } from '../../lib/fold.js';
import { STOP_WORDS } from '../../lib/tokens.js';

/**
 * Words that carry no subject: articles, prepositions, pronouns, common verbs of asking and the
 * words a student wraps a question in («¿qué dice la nota de…?», «no me entero de lo de…»). Folded.
 */
const NOT_SUBJECT: ReadonlySet<string> = new Set([
  ...[...STOP_WORDS].map(fold),
  ...('el la los las lo un una unos unas de del al a en con por para sin sobre entre hasta desde hacia segun tras y e o u ni si ' +
    'que quien quienes cual cuales cuyo como cuando donde cuanto cuanta cuantos cuantas este esta estos estas ese esa esos esas esto eso aquel aquella ' +
    'su sus mi mis tu tus me te se le les nos os yo ya muy mas menos tambien tan tanto mucho mucha muchos muchas otro otra otros otras todo toda todos todas algo nada ' +
    'es son era eran fue fueron sea sean sido ser sera seran esta estan estaba estaban estar hay ha han he has habia habian haber ' +
    'tiene tienen tenia tenian tengo hace hacen hizo hacer haces haciendo paso pasa consiste funciona funcionan ' +
    'tal hola buenos buenas dias tardes noches saludos hey eres estas llamas puedes puedo sabes quieres gusta mio mia ahora ' +
    'explicame explicas explicarme explica explicar explique explicacion resume resumeme dime dice dicen decir pone ponen significa significan quiere decir define definicion ' +
    'entero entiendo enterar entender comprendo pillo cuentame hablame trata va ' +
    'nota notas apunte apuntes busca buscame buscar encuentra encuentrame ' +
    'porfa favor please gracias vale bueno oye pues entonces').split(' '),
]);

const stemmer = new langEs.StemmerEs();
/** Stems already cut: a notebook repeats its words, and a stem costs a few string operations. */
const STEMS = new Map<string, string>();
const STEMS_MAX = 50_000;

function stem(word: string): string {
  let s = STEMS.get(word);
  if (s === undefined) {
    s = stemmer.stem([word])[0] || word;
    if (STEMS.size >= STEMS_MAX) STEMS.clear();
    STEMS.set(word, s);
  }
  return s;
}

/** Letters and digits runs of folded text: «Kelvin-Planck» is two words, «T₁» reads as «t1». */
const WORD = /[\p{L}\p{N}]+/gu;

/** Whether a folded word carries a subject: not a function word, not a lone letter or digit («T», «1»). */
const isSubject = (w: string): boolean => w.length >= 2 && !NOT_SUBJECT.has(w);

/** The folded words of `text`, every one kept. */
const foldedWords = (text: string): string[] => fold(text.normalize('NFKC')).match(WORD) ?? [];

/** The subject words of `text`, stemmed, in order (repeats kept: they are the term frequency). */
export function terms(text: string): string[] {
  return foldedWords(text).filter(isSubject).map(stem);
}

/**
 * «la diferencia entre A y B», «en qué se diferencian A y B», «compara A con B»: the words that ask
 * for a comparison, not its subject — a passage that only names «diferencia» beside A and B (a
 * reminder «¡Ojo examen! diferencia A / B») does not explain it. Read on folded text.
 */
const COMPARING = /\b(?:(?:las?\s+)?diferencias?|distinguir|distingue)\s+(?:que\s+hay\s+|hay\s+)?entre\b|\bse\s+diferencian\b|\bcompara(?:me|r)?\b/gu;
/** Words that join two terms of a question: «A y B», «A o B», «A vs B», «A / B». */
const JOINS = /\s+(?:y|e|o|u|ni|vs|versus|frente\s+a)\s+|[,;/]/u;

/** The subject words of a question, stemmed, in order: `terms` without the words that ask for a comparison. */
export function queryTerms(query: string): string[] {
  return terms(fold(query.normalize('NFKC')).replace(COMPARING, ' '));
}

/**
 * The pairs of subject words a question writes together, never across a word that joins two terms:
 * «ciclo de Carnot» is one term, «doceañistas y veinteañistas» two — a passage that writes them
 * side by side («doceañistas / veinteañistas») is no better for it than one that tells them apart.
 */
export function queryPairs(query: string): Array<readonly [string, string]> {
  return fold(query.normalize('NFKC')).replace(COMPARING, ' ').split(JOINS).flatMap((part) => {
    const t = terms(part);
    return t.slice(1).map((b, i) => [t[i]!, b] as const).filter(([a, b]) => a !== b);
  });
}

/** Verbs that say what something is: «X es…», «X fue…», «X consiste en…». */
const COPULA: ReadonlySet<string> = new Set(['es', 'son', 'fue', 'fueron', 'era', 'eran', 'consiste', 'consisten', 'significa', 'significan']);
/** Words after which the thing named follows: «se llama X», «un proceso llamado X», «llamamos X a…». */
const NAMING: ReadonlySet<string> = new Set([
  'llamado', 'llamada', 'llamados', 'llamadas', 'denominado', 'denominada', 'denominados', 'denominadas', 'llamamos', 'denominamos', 'definimos',
]);
/** After «se»: «se llama X», «se define X», «se denomina X». */
const SE_NAMING: ReadonlySet<string> = new Set(['llama', 'llaman', 'denomina', 'denominan', 'define', 'definen']);
/** How many subject words before a «es» (or after a «se llama») are what is defined. */
const DEFINED_WORDS = 6;

/**
 * The head of a clause's subject: its words up to the first «de» («Los productos de la fase
 * luminosa son…» defines «productos», not the phase; «La elasticidad precio de la demanda es…»
 * defines «elasticidad precio»).
 */
function headOf(ws: readonly string[]): string[] {
  const de = ws.findIndex((w, i) => (w === 'de' || w === 'del') && ws.slice(0, i).some(isSubject));
  return de < 0 ? [...ws] : ws.slice(0, de);
}

/**
 * The stems a text defines or names: the head of a clause's subject before its «es / fue / son /
 * consiste» («Berthe Morisot fue…», «La elasticidad de la oferta es…»), and those after «se llama /
 * se define / llamado / llamamos» («un proceso llamado fotorrespiración»). A clause ends at
 * punctuation, so «…y Berthe Morisot. Fue una exposición…» defines nothing of her.
 */
export function definedTerms(text: string): Set<string> {
  return readPassage(text).defined;
}

/** A word, or a mark that ends a clause. */
const WORD_OR_CLAUSE_END = /[\p{L}\p{N}]+|[.;:!?¿¡,()«»"“”\n—]/gu;

/** A passage's subject words (`terms`) and the stems it defines (`definedTerms`), read in one pass over its folded text. */
export function readPassage(text: string): { words: string[]; defined: Set<string> } {
  const words: string[] = [];
  const defined = new Set<string>();
  const take = (ws: readonly string[]) => {
    for (const w of ws.filter(isSubject).slice(0, DEFINED_WORDS)) defined.add(stem(w));
  };
  let clause: string[] = [];
  const endClause = () => {
    clause.forEach((w, i) => {
      if (COPULA.has(w)) take(headOf(clause.slice(0, i)));
      else if (NAMING.has(w) || (w === 'se' && SE_NAMING.has(clause[i + 1] ?? ''))) take(clause.slice(i + (w === 'se' ? 2 : 1)));
      else if (w === 'como' && clause[i - 1]?.startsWith('conocid')) take(clause.slice(i + 1));
    });
    clause = [];
  };
  for (const token of fold(text.normalize('NFKC')).match(WORD_OR_CLAUSE_END) ?? []) {
    if (token.length === 1 && !/[\p{L}\p{N}]/u.test(token)) {
      endClause();
      continue;
    }
    clause.push(token);
    if (isSubject(token)) words.push(stem(token));
  }
  endClause();
  return { words, defined };
}

/**
 * Whether a question asks what something is, who someone was or to have it explained («qué es la
 * entropía», «quién fue Berthe Morisot», «explícame el postimpresionismo», «no me entero de las
 * adiabáticas»): then the passage that defines its words answers it before one that only uses them.
 */
export function asksWhatIs(question: string): boolean {
  return ASKS_WHAT_IS.test(fold(question));
}
const ASKS_WHAT_IS = new RegExp(`\\b(?:${[
  'que (?:es|son|era|eran|fue|fueron|significa|significan|quiere decir|se entiende por)', 'quien (?:es|son|era|fue|fueron)',
  'explica\\w*', 'define', 'definicion', 'en que consisten?', 'de que (?:va|trata)',
  'no (?:me )?entero', 'no entiendo', 'no comprendo', 'no (?:lo )?pillo', 'me lio con', 'hablame', 'cuentame', 'resume\\w*',
].join('|')})\\b`);

/** Whether a question asks when («cuándo empezó…», «en qué año…»): then a passage that gives a date answers it. */
export function asksWhen(question: string): boolean {
  return /\b(?:cuando|en que (?:ano|fecha|siglo|dia|mes)|que (?:ano|fecha|dia))\b/.test(fold(question));
}

/** A year («1789», «2027») or a day of a month («14 de julio»). */
const DATE = /\b(?:1\d{3}|20\d{2})\b|\b\d{1,2} de (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b/i;

/** Whether a text gives a date. */
export const givesDate = (text: string): boolean => DATE.test(text);
