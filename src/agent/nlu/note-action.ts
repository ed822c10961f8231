/**
 * One note named by its number, and what to do with it (pure slot rule, read before the
 * classifier): «borra la nota 29, está mal leída» deletes that note — never «borra mis datos» —,
 * «mueve la nota 3 a la semana 2», «corrige la nota 5», «enséñame la nota 7»; and a week's list,
 * «mis notas de la semana 5». A number the words give is exact, and «borra» weighs for erasing
 * everything in the classifier, so the number decides here, not the classifier.
 */
import { namedParts, noteNumber } from './slots.js';
import { NUMBER_WORDS, type Words } from './text.js';
import { weekSlot, writtenWeek, type CourseContext } from './week.js';

/** What a message asks of one card named by its number («borra la tarjeta 3», «suspende la tarjeta tres»). */
export type CardAction = { intent: 'tarjeta'; accion: 'borrar' | 'suspender' | 'reactivar'; tarjeta: number };

export type NoteAction =
  | { intent: 'nota'; accion: 'borrar' | 'editar' | 'ver'; nota: number }
  | { intent: 'nota'; accion: 'mover'; nota: number; semana?: number }
  | { intent: 'nota'; accion: 'listar'; semana: number };

const DELETE = /\b(?:borr\w*|elimin\w*|quit\w*|suprim\w*|tirala|tira|delete|remove|erase)\b/;
/** «no la borres»: a deletion refused is no deletion. */
const NOT_DELETE = /\bno (?:me )?(?:la |lo )?(?:borr|elimin|quit|suprim)\w*/;
/** Verbs that move a note whether or not a week is said (without one, the weeks are offered). */
const MOVE = /\b(?:muev\w*|mover|move)\b|\bde semana\b/;
/** Verbs that move a note only when a week is said: «pasa la nota 3 a la semana 2». */
const MOVE_TO = /\b(?:pas\w*|llev\w*|pon\w*|met\w*|mand\w*|asign\w*|cambi\w*|va|van|es|son|pertenece\w*|corresponde\w*)\b/;
const EDIT = /\b(?:edit\w*|corrig\w*|correg\w*|arregl\w*|modific\w*|reescrib\w*|rectific\w*|enmiend\w*|fix\w*|cambi\w*|mal (?:leid|escrit|copiad|transcrit|puest)\w*|errata\w*|errores|error)\b/;
const VIEW = /\b(?:muestr\w*|ensen\w*|abre|abrir|abrela|ver|veamos|lee|leer|leela|leeme|show|open|read|dame|pasame|ponme|que dice|que pone|de que va|entera|completa)\b/;
/** Words that may stand around «la nota 29» in a message that only names it («la nota 29, porfa»). */
const FILLER = new Set(['la', 'el', 'mi', 'tu', 'my', 'the', 'note', 'nota', 'numero', 'n', 'no', 'number', 'porfa', 'please', 'por', 'favor', 'y', 'oye', 'a', 'ver', 'vale']);

/** Words of a message that asks for a week's notes and nothing else («qué notas tengo de la semana 2»). */
const LIST_WORDS = new Set([
  'mis', 'las', 'los', 'notas', 'apuntes', 'notes', 'de', 'del', 'la', 'el', 'en', 'semana', 'tema', 'unidad', 'week', 'que', 'tengo',
  'hay', 'ver', 'ensename', 'muestrame', 'lista', 'listame', 'dame', 'pasame', 'cuales', 'son', 'quiero', 'dime', 'todas', 'todos',
  'my', 'for', 'of', 'the', 'show', 'me', 'all', 'list', 'numero', 'esta', 'this', 'next', 'last', 'que', 'viene', 'proxima',
  'siguiente', 'pasada', 'anterior', 'actual', 'porfa', 'please', 'por', 'favor', 'y', 'oye', 'a', 'guardadas', 'apuntadas', 'tienes',
]);

/** What a message asks of one note or of a week's notes; undefined when it asks neither. */
export function noteAction(w: Words, course: CourseContext, now: Date): NoteAction | undefined {
  const t = w.t;
  // «haz tarjetas de la nota 8», «la portada de la semana 3»: a week's or a note's work, read elsewhere.
  if (namedParts(w).length > 0) return undefined;
  const id = noteNumber(t) ?? noteInWords(t);
  if (id === undefined) return weekList(w, course, now);
  const slot = weekSlot(t.replace(NOTE_PHRASE, ' '), course, now);
  const week = slot.kind === 'week' || slot.kind === 'missing' ? slot.week : undefined;
  if (DELETE.test(t) && !NOT_DELETE.test(t)) return { intent: 'nota', accion: 'borrar', nota: id };
  if (MOVE.test(t) || (week !== undefined && MOVE_TO.test(t))) return { intent: 'nota', accion: 'mover', nota: id, ...(week !== undefined ? { semana: week } : {}) };
  if (EDIT.test(t)) return { intent: 'nota', accion: 'editar', nota: id };
  if (VIEW.test(t) || w.norm.every((x) => FILLER.has(x) || x === String(id) || NUMBER_WORDS[x] === id)) return { intent: 'nota', accion: 'ver', nota: id };
  return undefined;
}

const CARD = /\b(?:tarjeta|card)\s+(?:(?:numero|n|no|number)\s+)?(\d{1,9}|[a-z]+)\b/;
const SUSPEND = /\b(?:suspend\w*|aparc\w*|pausa\w*|congel\w*|no me (?:la )?(?:preguntes|saques)\w*)\b/;
const REACTIVATE = /\b(?:reactiv\w*|recuper\w*|vuelve a (?:preguntar|sacar)\w*|devuelve\w*)\b/;

/**
 * One card by its number and what to do with it: the words «borra», «suspende», «reactiva» are the
 * deck's own commands (/borrar N, /suspender N, /reactivar N) said in a sentence. A card named
 * without one of those verbs is not read here (a question about it goes on to be understood).
 */
export function cardAction(w: Words): CardAction | undefined {
  const t = w.t;
  const m = CARD.exec(t);
  const n = m?.[1] === undefined ? undefined : /^\d+$/.test(m[1]) ? Number(m[1]) : countWord(m[1]);
  if (n === undefined || n < 1) return undefined;
  if (NOT_DELETE.test(t)) return undefined;
  if (DELETE.test(t)) return { intent: 'tarjeta', accion: 'borrar', tarjeta: n };
  if (REACTIVATE.test(t)) return { intent: 'tarjeta', accion: 'reactivar', tarjeta: n };
  if (SUSPEND.test(t)) return { intent: 'tarjeta', accion: 'suspender', tarjeta: n };
  return undefined;
}

/** «la nota 29», «note number 3», «la nota veintinueve» is not read (numbers in words up to twenty are). */
const NOTE_PHRASE = /\b(?:nota|note)\s+(?:(?:numero|n|no|number)\s+)?(?:\d+|[a-z]+)\b/g;

/** «la nota tres»: a note numbered in words. */
function noteInWords(t: string): number | undefined {
  const m = /\b(?:nota|note)\s+(?:(?:numero|number)\s+)?([a-z]+)\b/.exec(t);
  return m?.[1] === undefined ? undefined : countWord(m[1]);
}

/** A number written in words after «nota»/«tarjeta»; «una», «uno» are the article («la tarjeta una vez…»), not 1. */
function countWord(word: string): number | undefined {
  return word === 'una' || word === 'uno' ? undefined : NUMBER_WORDS[word];
}

/** «mis notas de la semana 5»: a week named, and nothing but the words of a list around it. */
function weekList(w: Words, course: CourseContext, now: Date): NoteAction | undefined {
  if (!w.norm.some((x) => x === 'notas' || x === 'apuntes' || x === 'notes')) return undefined;
  const slot = weekSlot(w.t, course, now);
  if (slot.kind !== 'week' && slot.kind !== 'missing') return undefined;
  const written = writtenWeek(w.t);
  const others = w.norm.filter((x) => !LIST_WORDS.has(x) && x !== String(written) && NUMBER_WORDS[x] !== written && !/^\d+$/.test(x));
  return others.length === 0 ? { intent: 'nota', accion: 'listar', semana: slot.week } : undefined;
}
