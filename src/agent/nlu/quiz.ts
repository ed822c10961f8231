/**
 * A quiz asked in words (pure slot rule, read before the classifier): a phrase that names a test
 * («hazme un test de la semana 5», «un test de 10», «ponme un cuestionario») or asks to be asked
 * about a topic or a week («pregúntame lo del ciclo de Carnot», «hazme preguntas de la semana 3»).
 * Asking to be asked with nothing named («hazme preguntas», «pregúntame las tarjetas») is the review
 * of the cards, left to the classifier.
 */
import { numberOf, type Words } from './text.js';
import { weekSlot, type CourseContext } from './week.js';

export interface QuizSlots {
  intent: 'quiz';
  semana?: number;
  tema?: string;
  preguntas?: number;
}

/** A test named as a thing asked for: «un test», «hazme un test», «test de la semana 2». */
const TEST = /\b(?:(?:un|el|otro|mi|hazme|haz|ponme|pon|mandame|manda|dame|quiero|prepara|preparame|envia|enviame)\s+(?:\w+\s+)?(?:test|tests|quiz|quizz|cuestionario|examen de prueba)|^(?:test|quiz|cuestionario)\s+(?:de|del|sobre)\b|^(?:test|quiz|cuestionario)$)/;
/** Being asked: «pregúntame», «hazme preguntas», «hazme unas preguntas». */
const ASK = /\b(?:preguntame|pregunteme|preguntanos|(?:hazme|haz|ponme|dame|quiero)\s+(?:unas?\s+|algunas\s+|\d+\s+|\w+\s+)?preguntas?)\b/;
/** What the words name after «lo de», «sobre», «de», «del», «acerca de». */
const TOPIC = /\b(?:lo de|lo del|lo que|sobre|acerca de|del|de la|de los|de las|de|en)\s+(.+)$/;
/** Topics that name the deck, not the notes' content (the review): «las tarjetas», «mis fichas», «hoy». */
const NOT_A_TOPIC = /^(?:(?:las|mis|tus|unas|el|la)\s+)?(?:tarjetas?|fichas?|flashcards?|cards?|repaso|hoy|antes|siempre|nuevo|todo)\b/;
const COUNT = /\b(?:test|tests|quiz|cuestionario|examen de prueba)\s+(?:de|con)\s+(\d{1,2}|[a-z]+)(?:\s+preguntas)?\b(?!\s+(?:semana|tema|unidad))|\b(\d{1,2}|[a-z]+)\s+preguntas\b/;
const WEEKISH = /\b(?:semana|semanas|week|tema|unidad|leccion|capitulo|bloque|modulo)\b/;

/** The quiz a message asks for, or undefined when it asks for none. */
export function quizAsked(w: Words, course: CourseContext, now: Date): QuizSlots | undefined {
  const t = w.t;
  const named = TEST.test(t);
  const asked = ASK.exec(t);
  if (!named && !asked) return undefined;
  const countMatch = COUNT.exec(t);
  const n = numberOf(countMatch?.[1] ?? countMatch?.[2]);
  const preguntas = n !== undefined && n > 0 ? n : undefined;
  const slot = weekSlot(t, course, now);
  const semana = slot.kind === 'week' || slot.kind === 'missing' ? slot.week : undefined;
  const after = asked ? t.slice(asked.index + asked[0].length) : t.slice(t.search(/\b(?:test|tests|quiz|quizz|cuestionario|examen de prueba)\b/));
  const topicMatch = WEEKISH.test(after) ? undefined : TOPIC.exec(after.replace(/^\s*(?:test|tests|quiz|quizz|cuestionario|examen de prueba)\b/, '').replace(/\b(?:de|con)\s+(?:\d{1,2}|[a-z]+)\s+preguntas\b/, '').trim());
  const raw = topicMatch?.[1]?.replace(/\s+(?:por favor|porfa|please)$/, '').trim();
  const tema = raw && !NOT_A_TOPIC.test(raw) && /\p{L}{3}/u.test(raw) && numberOf(raw) === undefined ? raw : undefined;
  // Asked to be asked, with no topic and no week: the review of the cards.
  if (!named && tema === undefined && semana === undefined) return undefined;
  return { intent: 'quiz', ...(semana !== undefined ? { semana } : {}), ...(tema ? { tema } : {}), ...(preguntas ? { preguntas } : {}) };
}
