/**
 * What an everyday message means, read from the owner's own words (pure, no I/O beyond loading the
 * trained model once). Spanish and English, tú and usted, typos, missing accents, numbers in words,
 * weeks relative to today and commands written without the slash. An intent classifier trained on
 * labelled phrases reads what the message is about and slot rules read the details (agent/nlu/).
 * The bot answers the chatty intents itself (no run, no tokens); the offline planner plans the rest
 * (intent.ts).
 */
import { closestWeek, weekNumbers, weekOfDate, type Course } from '../domain/course/course.js';
import { DEMO_COURSE } from '../domain/course/demo.js';
import { readMessage } from './nlu/read.js';
import type { CommandName, Understood } from './nlu/meaning.js';
import { questionShaped } from './nlu/question.js';
import { asksAnother, asksRedo } from './nlu/slots.js';
import { words } from './nlu/text.js';
import type { CourseContext } from './nlu/week.js';

export { fold } from './nlu/text.js';
export type { CourseContext } from './nlu/week.js';
export type { Every } from './nlu/reminder.js';
export type { Part } from './nlu/slots.js';
export type { CommandName, Item, Understood, Voice, Wanted } from './nlu/meaning.js';

/** The course as the reading needs it: which weeks exist, and which one a date falls in (in `tz`). */
export function courseContext(course: Course, tz?: string): CourseContext {
  return { weeks: weekNumbers(course), weekOfDate: (d) => weekOfDate(course, d, tz) ?? null, weekByWords: (text) => closestWeek(course, text) };
}

/** Commands written without the slash, read exactly: no classifier guesses better than an exact word. */
const COMMANDS: ReadonlyArray<readonly [RegExp, CommandName]> = [
  [/^(ayuda|help|socorro)$/, 'ayuda'],
  [/^(estado|status|que estas haciendo|que hay en marcha)$/, 'estado'],
  [/^(gasto|cuanto (llevo |he )?(gastado|gasto)|cuanto he gastado este mes|spend|spending)$/, 'gasto'],
  [/^(cancelar|cancela|cancel|para|detente|stop)$/, 'cancelar'],
  [/^((mis |las |ver )?notas|my notes|lista de notas)$/, 'notas'],
  [/^(start|empezar|inicio)$/, 'start'],
];

/**
 * Reads one message against the student's course (its weeks, and the week of `now` for «esta
 * semana» / «la que viene»). Never throws; anything it cannot place is `ambiguo`.
 */
export function understand(text: string, course: Course | CourseContext = DEMO_COURSE, now: Date = new Date(), tz?: string): Understood {
  const t = words(text).t;
  if (!t) return { intent: 'ambiguo' };
  for (const [re, nombre] of COMMANDS) if (re.test(t)) return { intent: 'orden', nombre };
  return readMessage(text, 'semanas' in course ? courseContext(course, tz) : course, now);
}

/**
 * A message shaped like a question («¿y la rubisco?», «qué productos da la fase luminosa») that the
 * reading could not place: the chat tries the student's notes with it before asking back.
 */
export function readsAsQuestion(text: string): boolean {
  return questionShaped(text, words(text));
}

/** docs/design.md §6: a deliberate redo ("rehaga la portada", "otra vez", "no me convence") asks for a new version. */
export function asksForRedo(text: string): boolean {
  return asksRedo(words(text).t);
}

/**
 * The reason for a no to a cover that asks for another one now — «quiero otra portada», «cambia la
 * portada», «no me gusta, rehazla» —, not for none («hoy no quiero portada»): the chat offers it again.
 */
export function asksForAnother(text: string): boolean {
  return asksAnother(words(text).t);
}
