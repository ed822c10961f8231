/**
 * The wording rules a card must pass to be studied alone (docs/design.md §3; Wozniak's «minimum
 * information», «context cues», «avoid ambiguity»): no pointer at something the card does not say
 * («este enunciado», «ambos»), a question narrowed to one answer («¿En qué año…?» for a year), a
 * formula's condition that says when it holds (not what the quantity measures), and a «¿Quién…?»
 * that gives one clue, not three. Pure: idea-cards.ts asks each card through them.
 */
import { stem } from './reading.js';
import { CARD_QUESTIONS } from '../../strings/study.js';

/** A demonstrative with its noun («este enunciado», «esa ley»): it points at a sentence the card lacks. */
const POINTER = /(?<!\p{L})(?<!(?:\bal|\bel|\bdel|\bdel\s+sur|\bhacia\s+el)\s)(este|esta|estos|estas|ese|esa|esos|esas)\s+(?!(?:de|del|y|o|a|en|que|se|es|con|por|para|sur|norte)(?!\p{L}))(\p{Ll}+)/giu;
/** Words that only say «the two / the said thing» of a sentence before («entre ambos», «dicho proceso»). */
const ANAPHOR = /(?<!\p{L})(?:ambos|ambas|dich[oa]s?)(?!\p{L})/iu;
const ARTICLE_OF: Record<string, string> = { este: 'el', ese: 'el', esta: 'la', esa: 'la', estos: 'los', esos: 'los', estas: 'las', esas: 'las' };

const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? `${s[0]!.toLocaleLowerCase('es')}${s.slice(1)}` : s);

/**
 * `text` with each «este N» that the card's cue names («Enunciado de Kelvin-Planck») written out
 * («el enunciado de Kelvin-Planck»); `unresolved` when a pointer or «ambos» is left that nothing
 * on the card names.
 */
export function resolvePointers(text: string, cue?: string): { text: string; unresolved: boolean } {
  const head = cue ? stem(cue.toLocaleLowerCase('es').split(/\s+/)[0]!) : undefined;
  let unresolved = false;
  const out = text.replace(POINTER, (all, det: string, noun: string, at: number) => {
    const n = stem(noun.toLocaleLowerCase('es'));
    if (head && n === head) return `${ARTICLE_OF[det.toLocaleLowerCase('es')]} ${lowerFirst(cue!)}`;
    // «… entre dos focos … esos mismos focos»: the sentence itself said which.
    if ((text.slice(0, at).toLocaleLowerCase('es').match(/\p{L}+/gu) ?? []).some((w) => stem(w) === n)) return all;
    unresolved = true;
    return all;
  });
  return { text: out, unresolved: unresolved || ANAPHOR.test(out) };
}

/** A verb of change: a «cuando» clause with it says what the quantity measures, not when its formula holds. */
const CHANGE = /(?<!\p{L})(?:cambia|cambian|varía|varían|aumenta|aumentan|disminuye|disminuyen|sube|suben|baja|bajan|crece|crecen|cae|caen|se\s+mueve|se\s+modifica)(?!\p{L})/iu;

/**
 * Of the conditions found in a formula's sentence, those that say when it holds («para un gas
 * ideal», «si la temperatura es constante»): not a clause of change that belongs to the definition
 * («cuando cambia el precio»), not one cut mid-phrase (ending on a lone letter or a connective).
 */
export function formulaCondition(condition: string | undefined): string | undefined {
  if (!condition) return undefined;
  const kept = condition
    .split(/\s+y\s+(?=(?:si|cuando|siempre\s+que|solo\s+si|a|para|en)\s)/u)
    .filter((c) => !CHANGE.test(c) && !/(?:^|\s)(?:y|o|e|u|de|del|el|la|los|las|un|una|que|con|por|en)$/u.test(c.trim()));
  return kept.length > 0 ? kept.join(' y ') : undefined;
}

/** A year alone, maybe approximate («1874», «hacia 1833», «en el año 1900»). */
const YEAR_ONLY = /^(?:(hacia|en|desde|hasta)\s+)?(?:el\s+año\s+)?(1\d{3}|20\d{2})$/iu;
/** A whole date, day and month with its year («el 15 de abril de 1874»). */
const WHOLE_DATE = /^(?:el\s+)?\d{1,2}\s+de\s+\p{L}+\s+de\s+(?:1\d{3}|20\d{2})$/iu;

/**
 * A «¿Cuándo…?» asks for what its key holds: «¿En qué año…?» («¿Hacia qué año…?») for a year, «¿En
 * qué fecha…?» for a day: «cuándo» admits the year as well as the day, and the key holds one of them.
 */
export function narrowWhen(pregunta: string, respuesta: string): string {
  const y = YEAR_ONLY.exec(respuesta.trim());
  if (!y && !WHOLE_DATE.test(respuesta.trim())) return pregunta;
  const asked = !y ? CARD_QUESTIONS.whenDate : /^(hacia|desde|hasta)$/iu.test(y[1] ?? '') ? `${y[1]!.toLocaleLowerCase('es')} qué año` : CARD_QUESTIONS.whenYear;
  return pregunta.replace(/(^|,\s*)¿[Cc]uándo(?=\s)/u, (_a, lead: string) => `${lead}¿${lead === '' ? asked[0]!.toLocaleUpperCase('es') + asked.slice(1) : asked}`);
}

/** A «¿Quién…?» longer than this many words hands over more clues than the one it needs. */
const MAX_WHO_WORDS = 16;

/**
 * «¿Quién llevó X a un método, el puntillismo, en <obra> (1884–1886)?»: one clue is enough to name
 * someone, so the asides in brackets go and the question stops at its first clause once it is long.
 */
export function oneClue(pregunta: string): string {
  if (!/^¿(?:Quién|Quiénes|Qué obra|En qué obra)\s/u.test(pregunta)) return pregunta;
  const words = (s: string) => s.split(/\s+/).length;
  let q = pregunta.replace(/\s*\([^()]*\)/gu, '');
  if (words(q) <= MAX_WHO_WORDS) return q;
  const body = q.replace(/\?$/u, '');
  for (const m of body.matchAll(/,\s/gu)) {
    const before = body.slice(0, m.index);
    // Never inside a quotation («…, …»): the words quoted are one clue.
    const quoted = (before.match(/[«“]/gu) ?? []).length > (before.match(/[»”]/gu) ?? []).length;
    if (!quoted && words(before) >= 4) {
      q = `${body.slice(0, m.index)}?`;
      break;
    }
  }
  return q;
}

/**
 * «pVᵞ = cte»: a formula that says a product stays constant is one of several of its paragraph
 * («TVᵞ⁻¹ = cte» too), so its question names the quantities it relates («que relaciona p y V»).
 */
export function relatedQuantities(formula: string): string | undefined {
  const [left, right, more] = formula.split('=');
  if (more !== undefined || !right || !/^\s*(?:cte\.?|const\.?|constante)\s*$/iu.test(right)) return undefined;
  const symbols = [...new Set(left!.match(/[A-Za-zΑ-Ωα-ω](?![a-zα-ω])/gu) ?? [])];
  if (symbols.length < 2 || symbols.length > 3) return undefined;
  return `que relaciona ${symbols.slice(0, -1).join(', ')} y ${symbols.at(-1)}`;
}

/**
 * Whether a definition's answer is a clause of what happens («los cromosomas se condensan…», «se
 * forman dos núcleos»), not a noun phrase that says what the term is: asked «¿En qué consiste…?».
 */
export function clauseAnswer(body: string): boolean {
  const b = body.trim();
  // «tras un número de respuestas que cambia …», «cuando …»: when it happens, not what it is.
  if (/^(?:se\s+\p{Ll}+|(?:tras|cuando|si|al)\s)/u.test(b)) return true;
  return /^(?:los|las)\s+\p{Ll}+(?:\s+\p{Ll}+)?\s+(?:se\s+\p{Ll}{3,}|\p{Ll}{3,}(?:an|en))(?!\p{L})/u.test(b) && !/^(?:los|las)\s+\p{Ll}+\s+(?:de|del|que|en|con|por|para|sin|entre)\s/u.test(b);
}

/** «su poder…»: an answer that opens with a possessive whose owner the card never names. */
export const ownerMissing = (answer: string): boolean => /^(?:su|sus)\s/iu.test(answer.trim());
