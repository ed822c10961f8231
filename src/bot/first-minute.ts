/**
 * The first minute (docs/design.md §7): /start is a short greeting with three buttons — bring one's
 * course, send material, prepare a week (today's week by its own name when the student's course
 * dates it) — and the command menu; «hola» gets one line. The full list of commands is /ayuda's.
 * The buttons answer here: the course as /curso shows it, how to send material, which week.
 */
import { Composer, type Context } from 'grammy';
import { classWeeks, weekOfDate, weekTitle, weekToSuggest, weekTopic, type Course } from '../domain/course/course.js';
import { readCourse } from '../tools/index.js';
import type { Audience } from '../strings/chat.js';
import { FIRST_MINUTE } from '../strings/first-minute.js';
import { S } from '../strings/chat.js';
import type { BotNotebook } from './command-kit.js';
import { quickKeyboard } from './keyboards.js';
import { CALLBACKS } from './callbacks.js';
import { parseStartCallback, startKeyboard } from './start-keyboards.js';

export interface FirstMinuteDeps {
  /** `notes`: what «hola» suggests fits the notebook (a week with notes, or sending material). */
  notebook: Pick<BotNotebook, 'course'> & Partial<Pick<BotNotebook, 'notes'>>;
  audience?: Audience;
  /** The student's time zone: which week today falls in. */
  timeZone?: string;
  now?: () => Date;
}

/** The week today falls in, in `course` (its title as the chat writes it), if the course dates it. */
function todaysWeek(course: Course, deps: FirstMinuteDeps): { week: number; title: string } | undefined {
  const week = weekOfDate(course, (deps.now ?? (() => new Date()))(), deps.timeZone);
  return week === undefined ? undefined : { week, title: weekTitle(course, week) };
}

/** The notebook's own course: null on the example course; an unreadable one counts as none. */
async function ownCourse(deps: FirstMinuteDeps): Promise<Course | null> {
  return deps.notebook.course.read().catch(() => null);
}

/** /start: the short greeting and its three buttons. */
export async function replyStart(ctx: Context, deps: FirstMinuteDeps): Promise<void> {
  const own = await ownCourse(deps);
  const today = own ? todaysWeek(own, deps) : undefined;
  await ctx.reply(FIRST_MINUTE.start(ctx.from?.first_name ?? '', deps.audience ?? 'dueño', own === null), { reply_markup: startKeyboard(own !== null, today) });
}

/**
 * «hola», «buenas tardes»: one line whose example fits the notebook — preparing a week that has
 * notes (today's when it has some, else the first that has), or, with no week holding notes yet,
 * sending material: «prepara la semana 1» to a student with nothing in week 1 only leads to «no
 * tienes notas».
 */
export async function replyGreeting(ctx: Context, deps: FirstMinuteDeps): Promise<void> {
  const course = await readCourse(deps.notebook).catch(() => undefined);
  const notes = deps.notebook.notes ? await deps.notebook.notes.list().catch(() => undefined) : undefined;
  const week = course ? weekToSuggest(course, notes, todaysWeek(course, deps)?.week) : undefined;
  const name = ctx.from?.first_name ?? '';
  if (week === undefined) return void (await ctx.reply(notes !== undefined ? FIRST_MINUTE.greetingNoNotes(name) : FIRST_MINUTE.greeting(name, FIRST_MINUTE.thisWeekExample)));
  // On the example course, the one line also says where the student's own course is set.
  await ctx.reply(FIRST_MINUTE.greeting(name, S.quickText('p', week), (await ownCourse(deps)) === null));
}

/** The /start buttons' answers. `showCourse`: what /curso shows. */
export function firstMinuteComposer(deps: FirstMinuteDeps & { showCourse: (ctx: Context) => Promise<void> }): Composer<Context> {
  const c = new Composer<Context>();
  c.callbackQuery(CALLBACKS.start.trigger, async (ctx) => {
    const tap = parseStartCallback(ctx.callbackQuery.data);
    if (!tap) return void (await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true }));
    await ctx.answerCallbackQuery();
    switch (tap) {
      case 'curso': return void (await deps.showCourse(ctx));
      case 'material': return void (await ctx.reply(FIRST_MINUTE.material()));
      case 'semana': {
        const course = await readCourse(deps.notebook);
        return void (await ctx.reply(FIRST_MINUTE.whichWeek(), { reply_markup: quickKeyboard('p', classWeeks(course), false, (w) => weekTopic(course, w)) }));
      }
    }
  });
  return c;
}
