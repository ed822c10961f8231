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
  ...('el la los las lo un una unos unas de del al a en con por para sin sobre entre hasta desde hacia segun tras y e o u ni ' +
    'que quien quienes cual cuales cuyo como cuando donde cuanto cuanta cuantos cuantas este esta estos estas ese esa esos esas esto eso aquel aquella ' +
    'su sus mi mis tu tus me te se le les nos os yo ya muy mas menos tambien tan tanto otro otra otros otras todo toda todos todas algo nada ' +
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

/** The subject words of `text`, stemmed, in order (repeats kept: they are the term frequency). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of fold(text.normalize('NFKC')).match(WORD) ?? []) {
    if (NOT_SUBJECT.has(w)) continue;
    // A lone letter or digit is a symbol, not a subject («T», «1»), unless the text is all symbols.
    if (w.length < 2) continue;
    out.push(stem(w));
  }
  return out;
}
