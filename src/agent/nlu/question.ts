/**
 * Questions to the notebook (pure): «explícame el ciclo de Carnot», «qué dice el enunciado de
 * Kelvin-Planck», «de qué va la nota del impresionismo», «no me entero de lo de las adiabáticas»,
 * «busca notas sobre zorro». The words that open the message say it is a question about the
 * student's own material, whatever weight its subject's words have for the classifier (a subject is
 * the student's data, never in the training phrases: «zorro» is one edit from «borra»), so these
 * are read by rule, before the classifier. The answer is `buscar` with the subject as `consulta`.
 */
import { searchTopic, subjectFrom } from './slots.js';
import type { Words } from './text.js';

/** Words that may lead a question without changing it («y qué es…», «oye, explícame…»). */
const LEAD = '^(?:(?:y|oye|pero|entonces|a ver|vale|bueno|perdona|perdon|porfa|por favor|una pregunta|dime|me dices|me puedes decir|puedes decirme|sabes) )*';

/** «qué es X», «explícame X» (also in English): a definition or an explanation, asked whatever else the message names. */
const DEFINITION = new RegExp(`${LEAD}(?:que (?:es|son|era|eran|significa|significan|quiere decir)|explicame|explica|explicamelo|me explicas|(?:me )?(?:puedes|podrias) explicar(?:me)?|define|definicion de|what is|what are|what does|explain)\\b`);

/** The other openers of a question about the material, read only when no week or part of a week is named. */
const ABOUT = new RegExp(`${LEAD}(?:${[
  'que (?:dice|dicen|pone|ponen) (?:(?:en )?(?:mis |las |los )?(?:notas|apuntes) )?(?:de|del|sobre|acerca de)?',
  'que (?:dice|dicen|pone|ponen|fue|fueron|paso con|paso en|ocurrio con|ocurrio en)',
  'de que (?:va|van|iba|trata|tratan|trataba)',
  'en que consiste|en que consisten',
  'como (?:funciona|funcionan|influye|influyen|afecta|afectan|se calcula|se calculan|se define|se mide|se forma|se produce|ocurre)',
  'para que sirve|para que sirven',
  'quien (?:es|era|fue|fueron|eran|invento|descubrio|pinto|escribio)',
  // «cuándo» reads «cuanto» after the typo correction (text.ts): both, with verbs of events only.
  'cuan[dt]o (?:fue|ocurrio|empezo|termino|se produjo)',
  'donde (?:ocurre|ocurrio|se produce|se produjo|tiene lugar|tuvo lugar)|de donde (?:sale|salen|viene|vienen|procede|proceden)',
  'cual es|cuales son|cual fue|cuales fueron|cual era|cuales eran',
  'no me entero(?: bien)?(?: de| del)?|no entiendo(?: bien)?|no comprendo|no pillo|no lo pillo|me lio con|me pierdo con',
  'hablame (?:de|del|sobre)|cuentame (?:de|del|sobre|algo de)|recuerdame que (?:es|era|dice)',
  'resume|resumeme|hazme un resumen de|un resumen de',
].join('|')})\\b`);

/** «busca…», «búscame…», «encuéntrame…»: a search, its subject read as every search's is (slots.ts). */
const SEARCH = new RegExp(`${LEAD}(?:busca|buscame|busque|buscar|encuentrame|encuentra)\\b`);

/** Subjects that name nothing to look up in the notes («¿qué es esto?», «no entiendo cómo usarte»). */
const NOTHING_TO_LOOK_UP = /^(?:esto|eso|aquello|esta|este|eso de antes|tu|you|this|that|it|cuaderno vivo|cuaderno|bot|un bot|el bot|this bot|app|la app|nada|que|lo que dices|lo que me dices)$|\b(?:usarte|usarlo|usar esto|usar el bot|funcionas|comandos?|boton|botones)\b/;

/**
 * «what is my budget», «¿qué es lo mío?», «¿cuál es tu nombre?»: about the owner's or the bot's own
 * things, not the notes («lo de las adiabáticas», «lo del estroma» are about the notes).
 */
const OWN_THINGS = /^(?:my|mi|mis|tu|tus|you|your|yo|su|sus|lo(?! del?\b)(?: \w+)?)(?: |$)/;

/** Some letters: a subject of three letters at least. */
const A_WORD = /\p{L}{3}/u;

/** A message shaped like a question: a question mark, or a question word first («para qué…», «de qué depende…» too). */
const QUESTION_SHAPE = /^(?:(?:y|oye|pero|entonces|a ver|dime|me dices|sabes) )*(?:(?:a|de|en|para|por|con|desde|hasta|sobre) )?(?:que|cual|cuales|como|donde|de donde|cuando|quien|quienes|por que|cuanto|cuanta|cuantos|cuantas)\b/;
/**
 * A question word written with its accent anywhere («y el de Clausius qué dice»: only the accent
 * tells the question's «qué» from the «que» of a clause), or a closing «…o no» («Degas era
 * impresionista o no»). Read on the message as written, before accents are folded.
 */
const ASKED_LATER = /(?:^|[^\p{L}])(?:qué|cuál|cuáles|cómo|dónde|cuándo|quién|quiénes|cuánto|cuánta|cuántos|cuántas)(?![\p{L}])|\bo no\s*$/iu;

/**
 * True when the message reads as a question though its opening is not one of the known ones
 * («qué productos da la fase luminosa»): the chat then tries the notes before asking back.
 */
export function questionShaped(text: string, w: Words): boolean {
  return /[¿?]/.test(text) || QUESTION_SHAPE.test(w.t) || ASKED_LATER.test(text);
}

/**
 * The subject of a question to the notebook, or undefined when the message is not one.
 * `work`: the message names a week or a part of one — then only a definition or an explanation
 * («explícame la portada») is read here, and the rest is left to the week's reading.
 */
export function notebookQuestion(w: Words, work: boolean): string | undefined {
  const searched = !work ? SEARCH.exec(w.t) : null;
  if (searched) return searchTopic(w);
  const asked = DEFINITION.exec(w.t) ?? (!work ? ABOUT.exec(w.t) : null);
  if (!asked) return undefined;
  let after = asked[0].trim().split(' ').length;
  // «explícame qué es un pronunciamiento»: a second opener after the first is no part of the subject.
  const again = DEFINITION.exec(w.t.split(' ').slice(after).join(' '));
  if (again) after += again[0].trim().split(' ').length;
  if (OWN_THINGS.test(w.norm.slice(after, after + 2).join(' '))) return undefined;
  const topic = subjectFrom(w, after);
  return topic && !NOTHING_TO_LOOK_UP.test(topic) && A_WORD.test(topic) ? topic : undefined;
}
