/**
 * The week a message names, resolved against the student's course (pure). Digits, words and
 * ordinals («semana 3», «semana tres», «la tercera semana», «week three»), and weeks relative to
 * today («esta semana», «la que viene», «next week»), which only a course with dates can place.
 */
import { NUMBER_WORDS, compoundNumber, numberOf } from './text.js';

/**
 * What the understanding needs to know of a course: its weeks, and the week a day falls in (null
 * outside the course). The course issue gives the real one; tests hand in a demo and a 14-week one.
 */
export interface CourseContext {
  readonly weeks: readonly number[];
  weekOfDate(d: Date): number | null;
  /**
   * The week a text is about by its words (the week's title and key terms), or null: «prepara lo
   * de la elasticidad» in a course whose week 3 is «Elasticidad». Absent: weeks only by number.
   */
  weekByWords?(text: string): number | null;
}

/** What a message says about the week. */
export type WeekSlot =
  | { kind: 'none' }
  /** A week of the course. */
  | { kind: 'week'; week: number }
  /** A number the course has no week for (the bot says so and offers the real ones). */
  | { kind: 'missing'; week: number }
  /** «la semana que viene» in a course that cannot place it today. */
  | { kind: 'unplaced' };

/**
 * The words a week is numbered with. A syllabus numbers its units «Tema 3», «Unidad 3», «Lección 3»
 * and the course made from it keeps that numbering as its weeks, so «prepara el tema 3» is week 3.
 */
const WEEK_WORD = '(?:semana|semanas|semna|sem|week|wk|tema|unidad|leccion|capitulo|bloque|modulo|unit|lesson|chapter)';
const ORDINALS = new Set(['primera', 'primer', 'first', 'segunda', 'second', 'tercera', 'third', 'cuarta', 'fourth', 'quinta', 'fifth', 'sexta', 'sixth', 'septima', 'seventh', 'octava', 'eighth', 'novena', 'ninth', 'decima', 'tenth', 'undecima', 'duodecima']);
const NUMBERED = new RegExp(`\\b${WEEK_WORD}\\s+(?:(?:numero|num|n|no|number|nr)\\s+)?(\\d{1,3}|[a-z]+)(?:\\s+y\\s+([a-z]+))?\\b`, 'g');
const ORDINAL_BEFORE = new RegExp(`\\b([a-z]+)\\s+${WEEK_WORD}\\b`);
const NEXT = /\b(?:(?:la |the )?(?:semana )?que viene|(?:la )?(?:proxima|siguiente) semana|(?:la )?semana (?:proxima|siguiente)|(?:el |la )?(?:proximo|proxima|siguiente) (?:tema|unidad|leccion|bloque)|next week|la proxima|la siguiente)\b/;
// «lo que toca» / «lo que me toca»: what the course has for today's week.
const THIS = /\b(?:esta semana|this week|semana actual|la semana de hoy|current week|la de esta semana|la actual|lo que (?:me |nos )?toca)\b/;
const LAST = /\b(?:(?:la )?semana pasada|last week|(?:la )?(?:anterior|pasada) semana)\b/;
/** «prepara la 2», «la 3 sin portada»: a bare number after an article, when it is not a time or a date. */
const BARE = /\b(?:la|el|the)\s+(\d{1,2})\b(?!\s*(?::|h\b|de (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b))/;

/** The week number written in the words, if any (`bare` also reads «la 2»). */
export function writtenWeek(t: string, bare = false): number | undefined {
  // The first week word followed by a number: «el tema de la semana 3» is week 3.
  for (const m of t.matchAll(NUMBERED)) {
    const n = compoundNumber(m[1], m[2]) ?? numberOf(m[1]);
    if (n !== undefined) return n;
  }
  const before = ORDINAL_BEFORE.exec(t);
  if (before?.[1] && ORDINALS.has(before[1])) return NUMBER_WORDS[before[1]];
  if (bare) {
    const b = BARE.exec(t);
    if (b?.[1]) return Number(b[1]);
  }
  return undefined;
}

/** Reads the week of a message (folded words `t`) against `course`, with `now` for relative weeks. */
export function weekSlot(t: string, course: CourseContext, now: Date, bare = false): WeekSlot {
  const n = writtenWeek(t, bare);
  if (n !== undefined) return course.weeks.includes(n) ? { kind: 'week', week: n } : { kind: 'missing', week: n };
  const shift = NEXT.test(t) ? 1 : THIS.test(t) ? 0 : LAST.test(t) ? -1 : undefined;
  if (shift === undefined) return { kind: 'none' };
  const current = course.weekOfDate(now);
  const week = current === null ? undefined : current + shift;
  return week !== undefined && course.weeks.includes(week) ? { kind: 'week', week } : { kind: 'unplaced' };
}
