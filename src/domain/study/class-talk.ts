/**
 * A sentence in which the teacher speaks to the class about its work, not about the subject
 * (docs/design.md §3): «No sustituye a los problemas: haced la relación 7 antes de la clase del
 * jueves.», «Repasad las unidades: muchos errores del parcial del año pasado venían de…». Handouts
 * are full of them; carded or narrated they teach nothing («…antes de la clase del _____» → «jueves»)
 * and the episode opened with one. Such a sentence states no key idea and is not said in the episode.
 *
 * The rule is narrow on purpose, because a lecture also says «Para el examen, recuerda que la entropía
 * nunca disminuye…», which is content: a sentence is class talk when it names the course's own
 * assignments or days (numbered exercises, a «relación», the class of a weekday, the virtual campus),
 * or names an exam while it addresses the class as «vosotros» («repasad», «os», «tenéis»). Pure.
 */
import { plainSentence, type Sentence } from './reading.js';
import { exampleSpans, inSpans } from './worked-example.js';

/** The course's own assignments and days: a sentence naming them is about the course, whatever else it says. */
const ASSIGNMENT = /(?<![\p{L}])(?:relaci[oó]n\s+(?:de\s+(?:problemas|ejercicios)\s+)?\d|(?:ejercicios?|problemas?|pr[aá]cticas?|actividad(?:es)?)\s+\d+(?:\s*(?:a|y|-|–)\s*\d+)?(?![\d,.]*\s*(?:%|m|kg|cm|s\b))|bolet[ií]n\s+\d|hoja\s+de\s+(?:ejercicios|problemas)|campus\s+virtual|aula\s+virtual|pr[oó]xima\s+clase|(?:clase|sesi[oó]n|entrega)\s+del?\s+(?:pr[oó]ximo\s+)?(?:lunes|martes|mi[eé]rcoles|jueves|viernes)|para\s+el\s+(?:pr[oó]ximo\s+)?(?:lunes|martes|mi[eé]rcoles|jueves|viernes))(?![\p{L}])/iu;
/** An exam or a deadline named… */
const EXAM = /(?<![\p{L}])(?:examen|ex[aá]menes|parcial|parciales|recuperaci[oó]n|entrega|deberes)(?![\p{L}])/iu;
/** …while the sentence speaks to the class as «vosotros»: a pronoun or possessive, a verb in «-áis / -éis», or an imperative opening a clause («Repasad …», «…: haced …»). */
const TO_YOU_ALL = /(?<![\p{L}])(?:os|vosotros|vosotras|vuestr[oa]s?)(?![\p{L}])|(?<![\p{L}])\p{Ll}{2,}(?:áis|éis)(?![\p{L}])|(?:^|[:;]\s+|,\s+y\s+|\sy\s+)(?!(?:ciudad|verdad|pared|red|sed|salud|mitad|edad|unidad|Madrid|lid|vid)\b)\p{L}{2,}(?:ad|ed|id)(?![\p{L}])/u;

/** Whether a plain sentence is the teacher speaking to the class about its work. */
export function talksToClass(sentence: string): boolean {
  return ASSIGNMENT.test(sentence) || (EXAM.test(sentence) && TO_YOU_ALL.test(sentence));
}

/**
 * A lecture's title block run into a line («Tema 2. Crecimiento de poblaciones: del modelo exponencial
 * al logístico Ecología de poblaciones — Prof. Marta Quintana — clase del 18 de febrero»): a heading
 * and a byline, not a sentence about the subject.
 */
const TITLE_BLOCK = /^(?:tema|unidad|lección|capítulo|bloque)\s+\d+\s*[.:·—-]|\s[—–-]\s+(?:prof(?:\.|esor|esora)|dra?\.)(?:\s|$)|(?:^|\s)(?:prof(?:esor|esora)?\.?|docente)\s*:/iu;

/** Whether a plain sentence is a lecture's title block or byline. */
export function isTitleBlock(sentence: string): boolean {
  return TITLE_BLOCK.test(sentence);
}

/**
 * The sentences of a note that are not about its subject, for every reader of it (key-ideas.ts,
 * the episode's script): the teacher's word to the class, a title block, a worked example's
 * paragraph (worked-example.ts). `text` is the note's; the predicate takes its sentences.
 */
export function offSubject(text: string): (s: Sentence) => boolean {
  const examples = exampleSpans(text);
  return (s) => {
    const plain = plainSentence(s.text);
    return talksToClass(plain) || isTitleBlock(plain) || inSpans(examples, s.at);
  };
}
