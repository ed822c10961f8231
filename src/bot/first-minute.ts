/**
 * The first minute (docs/design.md §7): /start is a short greeting with three buttons — bring one's
 * course, send material, prepare a week (today's week by its own name when the student's course
 * dates it) — and the command menu; «hola» gets one line. The full list of commands is /ayuda's.
 * The buttons answer here: the course as /curso shows it, how to send material, which week.
 */
import { Composer, type Context } from 'grammy';
import { weekNumbers, weekOfDate, weekTitle, type Course } from '../tools/course/course.js';
import { readCourse } from '../tools/index.js';
import type { Audience } from '../strings/chat.js';
import { FIRST_MINUTE } from '../strings/first-minute.js';
import { S } from '../strings/chat.js';
import type { BotNotebook } from './command-kit.js';
import { quickKeyboard } from './keyboards.js';
import { CALLBACKS } from './callbacks.js';
import { parseStartCallback, startKeyboard } from './start-keyboards.js';

export interface FirstMinuteDeps {
  notebook: Pick<BotNotebook, 'course'>;
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

/** «hola», «buenas tardes»: one line, its example a week the student's course has (today's, else the first). */
export async function replyGreeting(ctx: Context, deps: FirstMinuteDeps): Promise<void> {
  const course = await readCourse(deps.notebook).catch(() => undefined);
  const week = course ? (todaysWeek(course, deps)?.week ?? weekNumbers(course)[0]) : undefined;
  await ctx.reply(FIRST_MINUTE.greeting(ctx.from?.first_name ?? '', week === undefined ? 'prepara lo de esta semana' : S.quickText('p', week)));
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
        return void (await ctx.reply(FIRST_MINUTE.whichWeek(), { reply_markup: quickKeyboard('p', weekNumbers(course), false) }));
      }
    }
  });
  return c;
}
