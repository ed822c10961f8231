/**
 * What an everyday message means, read from the owner's own words (pure, no I/O beyond loading the
 * trained model once). Spanish and English, tú and usted, typos, missing accents, numbers in words,
 * weeks relative to today and commands written without the slash. An intent classifier trained on
 * labelled phrases reads what the message is about and slot rules read the details (agent/nlu/).
 * The bot answers the chatty intents itself (no run, no tokens); the offline planner plans the rest
 * (intent.ts).
 */
import { weekNumbers, weekOfDate, type Course } from '../tools/course/course.js';
import { DEMO_COURSE } from '../tools/course/demo.js';
import type { CourseEdit } from './nlu/course-edit.js';
import { readMessage } from './nlu/read.js';
import type { ReminderSlots } from './nlu/reminder.js';
import { asksRedo, type Part } from './nlu/slots.js';
import { words } from './nlu/text.js';
import type { CourseContext } from './nlu/week.js';

export { fold } from './nlu/text.js';
export type { CourseContext } from './nlu/week.js';
export type { Every } from './nlu/reminder.js';
export type { Part } from './nlu/slots.js';

export type Item = 'portada' | 'narracion';
export type Voice = 'mia' | 'sintetica';
export type CommandName = 'ayuda' | 'estado' | 'gasto' | 'cancelar' | 'notas' | 'start';
/** What an ambiguous request already says, so the question back offers the right buttons. */
export type Wanted = 'preparar' | Item | 'tarjetas' | 'buscar';

export type Understood =
  | { intent: 'saludo' }
  | { intent: 'gracias' }
  | { intent: 'charla' }
  | { intent: 'buscar'; consulta: string }
  /** The whole week; `sin` lists the parts left out («sin audio»), sorted. */
  | { intent: 'preparar'; semana: number; voz: Voice; redo: boolean; sin?: Part[] }
  | { intent: 'rehacer'; que: Item; semana: number; voz: Voice; redo: boolean }
  | { intent: 'narrar'; semana: number; voz: Voice }
  | { intent: 'tarjetas'; nota: string | number }
  | { intent: 'orden'; nombre: CommandName }
  | { intent: 'repaso' }
  | { intent: 'exportar' }
  | { intent: 'borrar_datos' }
  | { intent: 'importar' }
  | ({ intent: 'recordatorio' } & ReminderSlots)
  | ({ intent: 'curso'; semana: number } & Exclude<CourseEdit, { cambio: 'anadir' }>)
  | ({ intent: 'curso' } & Extract<CourseEdit, { cambio: 'anadir' }>)
  /** `bajaConfianza`: the classifier was unsure what the message is about (not a missing detail). */
  | { intent: 'ambiguo'; quiere?: Wanted; semanaInexistente?: number; bajaConfianza?: true };

/** The course as the reading needs it: which weeks exist, and which one a date falls in (in `tz`). */
export function courseContext(course: Course, tz?: string): CourseContext {
  return { weeks: weekNumbers(course), weekOfDate: (d) => weekOfDate(course, d, tz) ?? null };
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

/** SPEC §6: a deliberate redo ("rehaga la portada", "otra vez", "no me convence") asks for a new version. */
export function asksForRedo(text: string): boolean {
  return asksRedo(words(text).t);
}
