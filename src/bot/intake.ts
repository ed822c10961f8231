/**
 * Free text. The owner's words are read once (agent/understand.ts): greetings, thanks and small
 * talk get one bubble; a note question gets the matching notes in words; a bare command word runs
 * the command; an unclear request (offline planner) gets quick-reply buttons; work starts a run,
 * detached, through the RunManager — unless it is work on a week with no notes yet, which is said at
 * once (empty-week.ts). None of the answers here starts a run or spends a token.
 * A syllabus or material (route-text.ts: the one rule for free text) is answered there; a text
 * long enough to be the first part of a paste the sender's app split gets one offer, and its button
 * routes the joined text the same way. A plain-words course change goes to course-chat.ts.
 */
import { Composer, type Context } from 'grammy';
import { intentOf, questionFor, type PlanIntent } from '../agent/intent.js';
import { asksForRedo, understand, type CommandName, type Understood } from '../agent/understand.js';
import type { Explain } from '../agent/explain.js';
import type { ReminderSlots } from '../agent/nlu/reminder.js';
import { classWeeks, hasWeek, weekForNewNote, weekTopic, type Course } from '../domain/course/course.js';
import { readCourse } from '../tools/index.js';
import type { BotNotebook } from './command-kit.js';
import type { PlainCommand } from './commands.js';
import type { CourseChat } from './course-chat.js';
import { NOTE_MAX_CHARS, replyToStart } from './commands.js';
import { replyGreeting } from './first-minute.js';
import { splitText } from './format.js';
import { CALLBACKS } from './callbacks.js';
import { busyKeyboard, noKeyboard, pasteKeyboard, quickKeyboard, type QuickAction } from './keyboards.js';
import { askErase } from './erase.js';
import { answerEmptyWeek } from './empty-week.js';
import { PASTE_FULL_PART, PasteBox, pasteLength, pasteText, type Paste } from './paste.js';
import type { RunManager, StartResult } from './runs.js';
import type { ReviewWishes } from './review.js';
import { notesQuestion, PassageAnswers, type NotesQuestion } from './passage-answer.js';
import { PASSAGES } from '../strings/passages.js';
import { S } from '../strings/chat.js';
import { personaOf } from './access.js';
import { LOG } from '../strings/log.js';
import { DEFAULT_TOPIC } from '../domain/notebook.js';

/** Longest request accepted as one sentence, in characters (the model needs a request, not a file). */
export const MAX_REQUEST_CHARS = 1_000;

export interface IntakeDeps {
  runs: RunManager;
  notebook: Pick<BotNotebook, 'notes' | 'course'>;
  /** The time zone «esta semana» is read in (the review's, ZONA_HORARIA); default the course's. */
  timeZone?: string;
  commands: Readonly<Record<CommandName, PlainCommand>>;
  /** The course's changes in plain words (the understanding's `curso` intent). */
  courseChat?: Pick<CourseChat, 'edit'>;
  /**
   * The one rule for free text (route-text.ts): handles a syllabus or material and says true; false
   * leaves the text to the understanding.
   */
  route?: (ctx: Context, text: string) => Promise<boolean>;
  /** A long paste the owner chose to keep is routed whole: a syllabus, else the material import's approval (route-text.ts). */
  pasteAsMaterial?: (ctx: Context, text: string) => Promise<void>;
  /** True when the offline planner plays the model: unclear requests are asked back here, with buttons. */
  localPlanner: boolean;
  /** With a model configured: how it reads a message the offline understanding is unsure of (agent/classify.ts). */
  classify?: (text: string, course: Course) => Promise<Understood>;
  log: (message: string, error?: unknown) => void;
  /** What «repasemos un poco» and «exporta mis tarjetas» start: the review and the export themselves. */
  wishes?: ReviewWishes;
  /** What «borra la nota 29» or «mis notas de la semana 5» does: that note, or that week's list (notes-chat.ts). */
  notes?: (ctx: Context, wish: Extract<Understood, { intent: 'nota' }>) => Promise<void>;
  /** What «recuérdame repasar cada día a las 9» starts: the reminder's one-tap proposal (reminder-wish.ts). */
  reminder?: (ctx: Context, slots: ReminderSlots) => Promise<void>;
  /** What «hazme un test de la semana 5» starts: the quiz itself (quiz.ts). */
  quiz?: (ctx: Context, words: { semana?: number; tema?: string; preguntas?: number }) => Promise<void>;
  /** With a model configured: a short explanation of a question from the passages found, citing them (agent/explain.ts). */
  explain?: Explain;
  /** A week asked again with everything made: one message with what the student has (repeat.ts); true when it answered. */
  repeat?: (ctx: Context, course: Course, week: number, actions: PlanIntent['actions']) => Promise<boolean>;
  /** What «lee de nuevo el tema 5» starts: that document read again (reread.ts); the words name it. */
  reread?: (ctx: Context, documento: string) => Promise<void>;
}

export function intakeComposer(deps: IntakeDeps): Composer<Context> {
  const pastes = new PasteBox();
  const c = new Composer<Context>();
  const lastWeeks = new LastWeeks();
  const passages = new PassageAnswers();
  /**
   * A request that found another run going, by chat: discarding that run (its busy button) starts
   * this one — «I need week 4» is not typed again (issue 46, item 4). In this process only.
   */
  const afterBusy = new Map<number, { text: string; week: number | undefined }>();
  /** Starts the work `text` asks for (`u`: its reading, when the message was read already). */
  const start = async (ctx: Context, text: string, week: number | undefined, u?: Understood) => {
    let planned: string[] | undefined;
    if (week !== undefined) {
      lastWeeks.set(ctx.chat!.id, week);
      // A week with no notes yet: said at once, before any run asks for anything (empty-week.ts).
      const course = await readCourse(deps.notebook);
      const plan = intentOf(u ?? understand(text, course, new Date(), deps.timeZone), text, course);
      if (plan.kind === 'plan' && plan.week !== undefined && await answerEmptyWeek(ctx, deps.notebook.notes, course, plan.week, plan.actions)) return;
      // Everything asked is made already: one message with what they have, no run (repeat.ts).
      if (plan.kind === 'plan' && plan.week !== undefined && deps.repeat && !asksForRedo(text) && await deps.repeat(ctx, course, plan.week, plan.actions)) return;
      if (plan.kind === 'plan') planned = plannedTools(plan.actions);
    }
    const result = await startRun(ctx, deps.runs, text, planned);
    if (result.kind === 'busy') afterBusy.set(ctx.chat!.id, { text, week });
  };

  c.on('message:text', async (ctx) => {
    const text = ctx.message.text.trim();
    const chatId = ctx.chat.id;
    // When the sender's app sent it, not when this handler got to it: a busy bot must not see the
    // parts of one paste, sent together, as messages seconds apart.
    const at = ctx.message.date * 1000;
    // A no waiting for its optional reason: a reply to that question is the reason unless it reads as
    // a question or a request of its own (handled as itself; the question stays answerable).
    if (text && await deps.runs.reasonMessage(chatId, ctx.from, text, ctx.message.reply_to_message?.message_id, async () => readsAsItsOwn(text, await readCourse(deps.notebook), deps.timeZone))) return;
    // A run paused on a question back: the owner's next message is its answer, not a new request.
    if (text && !text.startsWith('/') && await deps.runs.answerMessage(chatId, ctx.from, text)) return;
    const more = pastes.continued(chatId, at);
    if (more) {
      pastes.append(more, text, at);
      return void (await showOffer(ctx, more, deps.log));
    }
    if (text.startsWith('/')) return void (await ctx.reply(S.unknownCommand()));
    if (!text) return void (await ctx.reply(S.emptyText()));
    // A text that may be the first part of a paste the sender's app split waits for its other parts.
    if (Array.from(text).length >= PASTE_FULL_PART) return void (await showOffer(ctx, pastes.open(chatId, text, at), deps.log));
    // A syllabus or material (route-text.ts) is answered there; a message goes on to be understood.
    if (deps.route && await deps.route(ctx, text)) return;
    if (Array.from(text).length > MAX_REQUEST_CHARS) return void (await showOffer(ctx, pastes.open(chatId, text, at), deps.log));

    const course = await readCourse(deps.notebook);
    let u = understand(text, course, new Date(), deps.timeZone);
    // Unsure what it is about, with a model configured: one cheap classification call reads it.
    const askedModel = u.intent === 'ambiguo' && u.bajaConfianza === true && deps.classify !== undefined;
    if (askedModel) u = await deps.classify!(text, course);
    // A question to the notes, or a question read as small talk whose words the notes hold.
    const asked = notesQuestion(u, text);
    if (asked && await answerQuestion(ctx, deps, passages, asked, course)) return;
    switch (u.intent) {
      case 'saludo': return void (await replyGreeting(ctx, { notebook: deps.notebook, ...(deps.timeZone ? { timeZone: deps.timeZone } : {}) }));
      case 'gracias': return void (await ctx.reply(S.thanks()));
      case 'charla': return void (await ctx.reply(S.smallTalk()));
      case 'orden': return void (await deps.commands[u.nombre](ctx));
      // Understood means done: the reminder proposed with one button (reminder-wish.ts).
      case 'recordatorio': return void (await (deps.reminder ? deps.reminder(ctx, u) : ctx.reply(S.notYet(u.intent, u))));
      case 'curso': if (deps.courseChat) return void (await deps.courseChat.edit(ctx, u)); return void (await ctx.reply(S.notYet(u.intent)));
      case 'borrar_datos': return void (await askErase(ctx));
      // One note («borra la nota 29»: that note only, after its own question) or a week's notes.
      case 'nota': return void (await (deps.notes ? deps.notes(ctx, u) : deps.commands.notas(ctx)));
      // Study content, not a request: the same offer as a long paste (one tap, then the import's approval).
      case 'apunte': return void (await ctx.reply(S.statementOffer(u.semana), { reply_markup: pasteKeyboard(pastes.open(chatId, text, at).id) }));
      // Understood means done: the review or the export itself, as /repasar and /exportar do.
      case 'repaso': case 'exportar': return void (await (deps.wishes ? deps.wishes[u.intent](ctx) : ctx.reply(S.notYet(u.intent))));
      // One card by its number: what /borrar, /suspender and /reactivar do (the deletion asks first).
      case 'tarjeta': return void (await (deps.wishes ? deps.wishes.tarjeta(ctx, u.accion, u.tarjeta) : ctx.reply(S.notYet('repaso'))));
      case 'quiz': return void (await (deps.quiz ? deps.quiz(ctx, u) : ctx.reply(S.notYet('repaso'))));
      case 'importar': return void (await ctx.reply(S.notYet(u.intent)));
      case 'releer': return void (await (deps.reread ? deps.reread(ctx, u.documento) : ctx.reply(S.notYet('importar'))));
      case 'ambiguo': {
        const running = deps.runs.current(chatId);
        if (running) return void (await ctx.reply(S.busy(running.text, running.elapsedS), { reply_markup: busyKeyboard(running.runId) }));
        // «rehaz la portada» right after a week: that week's, the one obvious candidate — said in
        // the run's own words («rehaz la portada de la semana 3»), so the status shows which.
        const week = u.semanaInexistente === undefined && (u.quiere === 'portada' || u.quiere === 'narracion') ? lastWeeks.get(chatId, course) : undefined;
        if (week !== undefined) return void (await start(ctx, S.quickText(quickAction(u, asksForRedo(text)), week), week));
        if (deps.localPlanner || askedModel) return void (await askBack(ctx, u, asksForRedo(text), course));
        break;
      }
      default: break;
    }
    await start(ctx, text, 'semana' in u ? u.semana : undefined, u);
  });

  // The answer to "¿sigo con ese, o lo descarto?": only the run's starter decides; a button of a run
  // that is over is stale.
  c.callbackQuery(CALLBACKS.busy.trigger, async (ctx) => {
    const tap = CALLBACKS.busy.parse(ctx.callbackQuery.data);
    const chatId = ctx.chat?.id;
    const run = chatId === undefined ? undefined : deps.runs.current(chatId);
    const msg = ctx.callbackQuery.message;
    if (!tap || !run || run.runId !== tap.runId) {
      await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true });
      if (msg) await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
      return;
    }
    if (ctx.from.id !== run.ownerId) return void (await ctx.answerCallbackQuery({ text: S.tapNotOwner(), show_alert: true }));
    if (tap.discard) {
      deps.runs.cancel(chatId!);
      await ctx.answerCallbackQuery({ text: S.cancelling() });
      if (msg) await ctx.editMessageText(S.cancelling(), { reply_markup: noKeyboard() }).catch(() => undefined);
      // The request that found it going starts once it has closed: understood means done.
      const next = afterBusy.get(chatId!);
      afterBusy.delete(chatId!);
      if (next) {
        await deps.runs.idle();
        if (!deps.runs.current(chatId!)) await start(ctx, next.text, next.week);
      }
      return;
    }
    await ctx.answerCallbackQuery({ text: S.keptRun(run.text) });
    if (msg) await ctx.editMessageText(S.keptRun(run.text), { reply_markup: noKeyboard() }).catch(() => undefined);
  });

  c.callbackQuery(CALLBACKS.quick.trigger, async (ctx) => {
    const tap = CALLBACKS.quick.parse(ctx.callbackQuery.data);
    const msg = ctx.callbackQuery.message;
    if (!tap || !msg) return void (await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true }));
    await ctx.answerCallbackQuery();
    const choice = tap.kind === 'semana' ? S.quickText(tap.action, tap.week) : `/${tap.name}`;
    const question = 'text' in msg && typeof msg.text === 'string' ? msg.text : '';
    await ctx.editMessageText(S.quickChosen(question, choice), { reply_markup: noKeyboard() }).catch((e: unknown) => { deps.log(LOG.questionClose, e); });
    if (tap.kind === 'orden') return void (await deps.commands[tap.name](ctx));
    await start(ctx, choice, tap.week);
  });

  // [🃏 Tarjetas de la nota de este pasaje] under a quoted passage: the cards of its note, asked as the student would.
  c.callbackQuery(CALLBACKS.passageCards.trigger, async (ctx) => {
    const noteId = CALLBACKS.passageCards.parse(ctx.callbackQuery.data);
    if (noteId === undefined) return void (await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true }));
    // A note deleted (or read again away) since the passage was quoted: said here, not by the run's
    // validation, whose sentence is written for the planner.
    if (!(await deps.notebook.notes.get(noteId).catch(() => undefined))) {
      await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
      return void (await ctx.answerCallbackQuery({ text: PASSAGES.noteGone(noteId), show_alert: true }));
    }
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
    await start(ctx, PASSAGES.cardsRequest(noteId), undefined);
  });

  c.callbackQuery(CALLBACKS.paste.trigger, async (ctx) => {
    const paste = pastes.take(CALLBACKS.paste.parse(ctx.callbackQuery.data) ?? '');
    if (!paste) return void (await ctx.answerCallbackQuery({ text: S.pasteGone(), show_alert: true }));
    await ctx.answerCallbackQuery();
    if (deps.pasteAsMaterial) {
      await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
      return void (await deps.pasteAsMaterial(ctx, pasteText(paste)));
    }
    const ids: number[] = [];
    try {
      const course = await readCourse(deps.notebook);
      for (const chunk of splitText(pasteText(paste), NOTE_MAX_CHARS)) ids.push((await deps.notebook.notes.add(DEFAULT_TOPIC, chunk, weekForNewNote(course, { tema: DEFAULT_TOPIC, texto: chunk }))).id);
    } catch (e) {
      deps.log(LOG.pasteSave, e);
      return void (await ctx.reply(S.noteFailed()));
    }
    await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
    await ctx.reply(S.pasteSaved(ids));
  });

  return c;
}

/**
 * Sends the offer for a long text. When another part of the same paste arrives after it, the offer
 * is sent again below that part and the earlier one deleted: the answer is always the last message,
 * never buried above the rest of a paste the sender's app split (edited in place, it sat between
 * the first part and the others). A part handled while an offer is on its way is caught up by its
 * sender, so the offers of one paste never cross.
 */
async function showOffer(ctx: Context, paste: Paste, log: (message: string, error?: unknown) => void): Promise<void> {
  if (paste.offering) return;
  paste.offering = true;
  try {
    let parts: number;
    do {
      parts = paste.parts.length;
      const previous = paste.offerMessageId;
      // The earlier offer goes first, so the chat never shows two.
      if (previous !== undefined) {
        await ctx.api.deleteMessage(paste.chatId, previous).catch(async (e: unknown) => {
          // Too old to delete (Telegram allows 48 h): its button goes, a line points below.
          log(LOG.pasteOfferDelete, e);
          await ctx.api.editMessageText(paste.chatId, previous, S.pasteOfferMoved(), { reply_markup: noKeyboard() }).catch(() => undefined);
        });
      }
      const sent = await ctx.reply(S.pasteOffer(pasteLength(paste), MAX_REQUEST_CHARS, parts), { reply_markup: pasteKeyboard(paste.id) });
      paste.offerMessageId = sent.message_id;
    } while (paste.parts.length !== parts);
  } finally {
    paste.offering = false;
  }
}

/**
 * A question to the notebook: the passages that say it, quoted with their source, or a plain
 * «nothing». `onlyFound`: a message the reading could not place — answered only when the notes hold
 * something (true), else left to the question back (false).
 */
async function answerQuestion(ctx: Context, deps: Pick<IntakeDeps, 'notebook' | 'log' | 'explain'>, passages: PassageAnswers, asked: NotesQuestion, course: Course): Promise<boolean> {
  const { onlyFound } = asked;
  let notes;
  try {
    notes = await deps.notebook.notes.list();
  } catch (e) {
    deps.log(LOG.notesRead, e);
    if (onlyFound) return false;
    await ctx.reply(PASSAGES.failed());
    return true;
  }
  const reply = await passages.answer(notes, asked, course);
  if (reply.kind === 'none') {
    if (onlyFound) return false;
    await ctx.reply(reply.text);
    return true;
  }
  // With a model, its explanation first — from these passages only, or nothing (agent/explain.ts).
  const explained = deps.explain ? await deps.explain(asked.phrasing, reply.hits.map((h) => h.passage.text)) : undefined;
  if (explained) await ctx.reply(PASSAGES.explanation(explained));
  // The buttons go under the last message, beside the last passage quoted.
  for (const [i, m] of reply.messages.entries()) {
    const last = i === reply.messages.length - 1;
    await ctx.reply(m.text, last ? { reply_markup: reply.keyboard } : {});
  }
  return true;
}

/**
 * The week each chat last asked work of (a week prepared, a cover or narration of a week), in this
 * process: the one obvious candidate when the owner then says «rehaz la portada» without a week.
 * Only a convenience: after a restart (or for a week the course no longer has) the bot asks again.
 */
class LastWeeks {
  private readonly weeks = new Map<number, number>();
  set(chatId: number, week: number): void {
    this.weeks.set(chatId, week);
  }
  get(chatId: number, course: Course): number | undefined {
    const w = this.weeks.get(chatId);
    return w !== undefined && hasWeek(course, w) ? w : undefined;
  }
}

/** The quick action a question back stands for. "rehaga la portada, la de ayer no me gustó": a new version, as the words asked. */
function quickAction(u: Extract<Understood, { intent: 'ambiguo' }>, redo: boolean): QuickAction {
  return u.quiere === 'portada' ? (redo ? 'r' : 'c') : u.quiere === 'narracion' ? (redo ? 'v' : 'n') : u.quiere === 'tarjetas' ? 't' : 'p';
}

/** The question back, with the buttons that answer it (Semana 1 · 2 · 3 · 4, and the actions when nothing is known). */
async function askBack(ctx: Context, u: Extract<Understood, { intent: 'ambiguo' }>, redo: boolean, course: Course): Promise<void> {
  const action = quickAction(u, redo);
  // A week without class is not offered: nothing is prepared for it.
  const weeks = classWeeks(course);
  const question = questionFor(u, course);
  if (u.quiere === 'buscar') return void (await ctx.reply(question));
  await ctx.reply(question, { reply_markup: quickKeyboard(action, weeks, u.quiere === undefined, (w) => weekTopic(course, w)) });
}

/** The tools a week's request will call: its first estimate counts each (run-status.ts). */
function plannedTools(actions: PlanIntent['actions']): string[] {
  return ['buscar_notas', ...(actions.tarjetas ? ['crear_tarjetas'] : []), ...(actions.portada ? ['generar_portada'] : []), ...(actions.narracion ? ['narrar_resumen'] : [])];
}

async function startRun(ctx: Context, runs: RunManager, text: string, planned?: readonly string[]): Promise<StartResult> {
  const chat = ctx.chat!;
  const messageId = ctx.message?.message_id;
  const result = await runs.start({ chatId: chat.id, ownerId: ctx.from!.id, ownerName: personaOf(ctx.from!).nombre, group: chat.type !== 'private', mode: 'agente', text, ...(messageId !== undefined ? { messageId } : {}), ...(planned ? { planned } : {}) });
  // Busy: the question names the new request, which the discard button starts (intakeComposer).
  if (result.kind === 'busy') await ctx.reply(S.busyThen(result.text, result.elapsedS, text), { reply_markup: busyKeyboard(result.runId) });
  else await replyToStart(ctx, result);
  return result;
}

/** What a message of its own is, while a no waits for its reason: intents that ask for something. */
const OWN_INTENTS: ReadonlySet<Understood['intent']> = new Set(['buscar', 'repaso', 'exportar', 'recordatorio', 'importar', 'borrar_datos', 'nota', 'releer']);

/**
 * True when `text` reads as a message of its own rather than a reason for a no: a command, a
 * question, or a request that names what it wants (a search, a review, a week). Conservative on
 * purpose: a reason such as «mejor con mi voz» may look like anything to the classifier, so only
 * what is unmistakably a question or a request counts (a wrong «its own» would lose the reason).
 */
export function readsAsItsOwn(text: string, course: Course, timeZone?: string): boolean {
  const t = text.trim();
  if (t.startsWith('/') || /[?¿]/.test(t)) return true;
  const u = understand(t, course, new Date(), timeZone);
  return OWN_INTENTS.has(u.intent) || ('semana' in u && typeof u.semana === 'number');
}
