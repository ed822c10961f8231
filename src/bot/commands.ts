/**
 * The slash commands: /start, /ayuda, /semana N, /estado, /cancelar, /gasto, /notas, /nota.
 * Each answers in one message; /semana starts the deterministic workflow through the same
 * RunManager (same approvals, zero tokens).
 */
import { Composer, type Context } from 'grammy';
import type { CommandName } from '../agent/understand.js';
import { type Course, hasWeek, weekForNewNote, weekList, weekRange, weekTitle } from '../domain/course/course.js';
import { readCourse } from '../tools/index.js';
import type { ApprovalRegistry } from './approvals.js';
import { busyKeyboard } from './keyboards.js';
import { answerEmptyWeek } from './empty-week.js';
import { WEEK_ACTIONS } from '../agent/workflow.js';
import { anyCase, type BotNotebook } from './command-kit.js';
import type { RunManager, StartResult } from './runs.js';
import { renderStatus, type StatusView } from './status.js';
import { S, type Audience, type HelpCourse } from '../strings/chat.js';
import { StateFileError } from '../errors.js';
import { personaOf } from './access.js';
import { replyStart } from './first-minute.js';
import { LOG } from '../strings/log.js';
import { DEFAULT_TOPIC } from '../domain/notebook.js';

/** Bounds for /nota, in characters. */
export const NOTE_MIN_CHARS = 10;
export const NOTE_MAX_CHARS = 2_000;

export interface CommandsDeps {
  runs: RunManager;
  registry: ApprovalRegistry;
  notebook: BotNotebook;
  monthlyBudgetUsd: number;
  /** Whose command list /start and /ayuda show (class mode: student or teacher). Default `dueño`. */
  audience?: Audience;
  now?: () => Date;
  /** The student's time zone: which week of their course today is (/start's third button). */
  timeZone?: string;
  log: (message: string, error?: unknown) => void;
  /** The run's place in the shared GPU queue ("posición 4 · ~2 min"), with `REDIS_URL`. */
  gpuStatus?: (runId: string) => Promise<string | undefined>;
  /** `/notas`: the notes a page at a time, each with its week, source and buttons (notes-chat.ts). */
  listNotes: (ctx: Context) => Promise<void>;
  /** A week already made: one message with what the student has (repeat.ts); true when it answered. */
  repeat?: (ctx: Context, course: Course, week: number, actions: typeof WEEK_ACTIONS) => Promise<boolean>;
}

/** A command that takes no argument, so it can also be written as a bare word ("ayuda", "estado"). */
export type PlainCommand = (ctx: Context) => Promise<void>;

export function commandsComposer(deps: CommandsDeps, plain: Readonly<Record<CommandName, PlainCommand>> = plainCommands(deps)): Composer<Context> {
  const c = new Composer<Context>();
  for (const [name, handler] of Object.entries(plain)) c.command(anyCase(name), (ctx) => handler(ctx));

  c.command(anyCase('semana'), async (ctx) => {
    const arg = ctx.match.trim();
    const week = Number(arg);
    const course = await readCourse(deps.notebook);
    if (!hasWeek(course, week)) {
      // "/semana 9" names a week that does not exist; "/semana" or "/semana abc" names none.
      return void (await ctx.reply(/^\d{1,6}$/.test(arg) ? S.weekOutOfRange(arg, weekRange(course)) : S.weekUsage(weekRange(course), weekList(course))));
    }
    if (await answerEmptyWeek(ctx, deps.notebook.notes, course, week, WEEK_ACTIONS)) return;
    if (deps.repeat && await deps.repeat(ctx, course, week, WEEK_ACTIONS)) return;
    const result = await deps.runs.start({
      chatId: ctx.chat.id,
      ownerId: ctx.from!.id,
      ownerName: personaOf(ctx.from!).nombre,
      group: ctx.chat.type !== 'private',
      mode: 'semana',
      week,
      text: S.weekText(week),
      ...(ctx.message ? { messageId: ctx.message.message_id } : {}),
    });
    await replyToStart(ctx, result);
  });

  c.command(anyCase('nota'), async (ctx) => {
    const parsed = parseNote(ctx.match);
    if (parsed.kind === 'error') return void (await ctx.reply(parsed.message));
    try {
      const course = await readCourse(deps.notebook);
      const week = weekForNewNote(course, parsed);
      const note = await deps.notebook.notes.add(parsed.tema, parsed.texto, week);
      await ctx.reply(S.noteSaved(note.id, note.tema, week === null ? null : weekTitle(course, week)));
    } catch (e) {
      deps.log(LOG.noteSave, e);
      await ctx.reply(S.noteFailed());
    }
  });

  return c;
}

/** The commands without arguments, by name: the slash command and the bare word run the same code. */
export function plainCommands(deps: CommandsDeps): Record<CommandName, PlainCommand> {
  const now = deps.now ?? (() => new Date());
  return {
    start: async (ctx) => {
      await replyStart(ctx, { notebook: deps.notebook, ...(deps.audience ? { audience: deps.audience } : {}), ...(deps.timeZone ? { timeZone: deps.timeZone } : {}), now });
    },
    ayuda: async (ctx) => { await ctx.reply(S.help(deps.audience, helpCourse(await ownCourse(deps.notebook)))); },
    cancelar: async (ctx) => {
      await ctx.reply(deps.runs.cancel(ctx.chat!.id) ? S.cancelling() : S.nothingToCancel());
    },
    estado: async (ctx) => {
      const run = deps.runs.current(ctx.chat!.id);
      let budget: StatusView['budget'];
      // Where the run's GPU work stands in the shared queue (REDIS_URL), if it waits there.
      const queue = run ? await deps.gpuStatus?.(run.runId).catch((e: unknown) => void deps.log(LOG.gpuQueue, e)) : undefined;
      try {
        budget = { spent: await deps.notebook.usage.monthTotal(now()), limit: deps.monthlyBudgetUsd };
      } catch (e) {
        deps.log(LOG.monthSpend, e);
      }
      await ctx.reply(renderStatus({
        ...(run ? { run: { text: run.text, workS: run.workS, waiting: run.waiting, tasks: run.tasks, ...(queue ? { queue } : {}) } } : {}),
        pending: deps.registry.pending(ctx.chat!.id),
        ...(budget ? { budget } : {}),
      }));
    },
    gasto: async (ctx) => {
      try {
        await ctx.reply(S.spend(await deps.notebook.usage.month(now()), deps.monthlyBudgetUsd));
      } catch (e) {
        deps.log(LOG.usageLog, e);
        await ctx.reply(e instanceof StateFileError ? S.spendDamaged() : S.spendFailed());
      }
    },
    notas: (ctx) => deps.listNotes(ctx),
  };
}

/**
 * `/nota [tema:] texto` → topic and text, validated. A leading `palabra(s):` of up to 40 letters is
 * the topic ("mitosis: …"); otherwise the topic is `general`.
 */
export function parseNote(raw: string): { kind: 'ok'; tema: string; texto: string } | { kind: 'error'; message: string } {
  const input = raw.trim();
  if (!input) return { kind: 'error', message: S.noteUsage() };
  const m = /^([\p{L} ]{2,40}):\s*([\s\S]+)$/u.exec(input);
  const tema = m ? m[1]!.trim().toLowerCase() : DEFAULT_TOPIC;
  const texto = (m ? m[2]! : input).trim();
  const length = Array.from(texto).length;
  if (length < NOTE_MIN_CHARS) return { kind: 'error', message: S.noteTooShort(NOTE_MIN_CHARS) };
  if (length > NOTE_MAX_CHARS) return { kind: 'error', message: S.noteTooLong(length, NOTE_MAX_CHARS) };
  return { kind: 'ok', tema, texto };
}

/** Tells the chat why a run did not start; a started run speaks through its status message. */
export async function replyToStart(ctx: Context, result: StartResult): Promise<void> {
  if (result.kind === 'busy') await ctx.reply(S.busy(result.text, result.elapsedS), { reply_markup: busyKeyboard(result.runId) });
  else if (result.kind === 'budget') await ctx.reply(S.budgetSpent(result.spent, result.limit));
}

/** The notebook's own course: null when it has none (the example course applies), undefined when it cannot be read. */
async function ownCourse(notebook: Pick<BotNotebook, 'course'>): Promise<Course | null | undefined> {
  return notebook.course.read().catch(() => undefined);
}

/**
 * The help's examples from the owner's own course: its third week (or its last) to prepare, the
 * one before to redo, the next to narrate, and that week's key terms. Without `curso.json` (the
 * demo course) or when it cannot be read, undefined: the demo's examples.
 */
function helpCourse(course: Course | null | undefined): HelpCourse | undefined {
  const weeks = course?.semanas.slice().sort((a, b) => a.numero - b.numero) ?? [];
  if (weeks.length === 0) return undefined;
  const at = Math.min(2, weeks.length - 1);
  const main = weeks[at]!;
  const others = weeks.filter((w) => w !== main).flatMap((w) => w.terminos);
  return {
    prepare: main.numero,
    redo: weeks[Math.max(0, at - 1)]!.numero,
    narrate: weeks[Math.min(weeks.length - 1, at + 1)]!.numero,
    terms: [...main.terminos, ...others],
  };
}
