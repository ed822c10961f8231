/**
 * Work asked of a week that has no notes yet, answered in one message before any run starts: what
 * cannot be made without notes (cards, the narration), how to add them, and — when a cover was asked
 * too — one button that makes the cover alone, from the week's title. Nothing is asked for approval,
 * run or spent: asking permission for what cannot be done, only to fail after the yes, is what this
 * prevents. The planner and the tools refuse the same work on their own (agent/model/local.ts, the
 * narration's dry run); this is where the chat says it first, in the owner's words.
 */
import type { Context } from 'grammy';
import { needsNotes, type PlanIntent } from '../agent/intent.js';
import { findWeek, notesOfWeek, weekTitle, type Course } from '../domain/course/course.js';
import { S } from '../strings/chat.js';
import { COURSE_CHAT } from '../strings/course-chat.js';
import type { BotNotebook } from './command-kit.js';
import { coverOnlyKeyboard } from './keyboards.js';

/**
 * Answers `actions` on `week` when the week has no class (nothing is prepared for it, not even a
 * cover) or has no notes and they need some; true when it answered.
 */
export async function answerEmptyWeek(ctx: Context, notes: Pick<BotNotebook['notes'], 'list'>, course: Course, week: number, actions: PlanIntent['actions']): Promise<boolean> {
  const off = findWeek(course, week);
  if (off?.sin_clase) {
    await ctx.reply(COURSE_CHAT.noClassWeek(week, off.titulo));
    return true;
  }
  const missing = needsNotes(actions);
  if (missing.length === 0) return false;
  if (notesOfWeek(course, await notes.list(), week).length > 0) return false;
  const text = S.emptyWeek(week, weekTitle(course, week), missing, actions.portada ? 'boton' : undefined);
  await ctx.reply(text, actions.portada ? { reply_markup: coverOnlyKeyboard(week) } : {});
  return true;
}
