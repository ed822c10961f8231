/**
 * /repasar, /tarjetas, /exportar and the card tools (/editar, /suspender, /reactivar, /borrar):
 * the deck reaches the student. A review session is state on disk (domain/review): every button
 * carries what it acts on, so after a restart the same buttons still work, and a rating button
 * carries the card's answer count, so a double tap or a stale button is answered "ya calificada".
 */
import { findWeek, weekOfDate, weekToSuggest, type Course } from '../domain/course/course.js';
import { Composer, InputFile, type Context } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { CardDeck, Grade, Note, NotesStore } from '../store/index.js';
import { exportDeck } from '../domain/anki/index.js';
import { GRADES } from '../domain/review/fsrs.js';
import { BLANK } from '../domain/study/idea-cards.js';
import type { DueCard, ReviewService } from '../domain/review/service.js';
import { anyCase } from './command-kit.js';
import { cardGist, splitText, truncateAround } from './format.js';
import { noKeyboard } from './keyboards.js';
import { logEditFailure } from './telegram-errors.js';
import { CALLBACKS } from './callbacks.js';
import { pageKeyboard, questionKeyboard, ratingKeyboard, removeKeyboard, type ReviewTap } from './review-keyboards.js';
import { RS, intervalLabel, whenLabel } from '../strings/review.js';
import { PROPOSAL } from '../strings/cards.js';
import { topicAsWritten } from '../lib/name-case.js';
import { LOG } from '../strings/log.js';

/** Cards per page of /tarjetas (a phone screen). */
export const DECK_PAGE_SIZE = 8;
export const EXPORT_FILE_NAME = 'cuaderno-vivo.apkg';

export interface ReviewDeps {
  review: ReviewService;
  deck: Pick<CardDeck, 'list' | 'edit' | 'remove'>;
  notes: Pick<NotesStore, 'list'>;
  /** How the student decided the cards a model proposed, over every saved batch (/tarjetas' last line). */
  proposalTotals?: () => Promise<{ aceptadas: number; editadas: number; descartadas: number; lotes: number }>;
  /** The owner's course: the exported package's deck and its week subdecks. */
  course?: () => Promise<Course>;
  timeZone: string;
  /** The student's own zone (student-clock.ts), read where a time is written: «vuelven hoy a las 20:00» on their clock. */
  zone?: () => Promise<string>;
  now?: () => Date;
  log: (message: string, error?: unknown) => void;
}

/** What a sentence may start here as well as a command: «repasemos un poco», «exporta mis tarjetas». */
export interface ReviewWishes {
  repaso: (ctx: Context) => Promise<void>;
  exportar: (ctx: Context) => Promise<void>;
  /** «borra la tarjeta 3»: one card deleted (after its question), suspended or taken back. */
  tarjeta: (ctx: Context, accion: 'borrar' | 'suspender' | 'reactivar', id: number) => Promise<void>;
}

export function reviewComposer(deps: ReviewDeps): Composer<Context> & { wishes: ReviewWishes } {
  const now = deps.now ?? (() => new Date());
  let zone = deps.timeZone;
  const when = (d: Date | undefined) => (d ? whenLabel(d, now(), zone) : undefined);
  /**
   * The student's zone now, read where a time is written (the summary, the deck's page) and not at
   * every update: a document or a run's tap never reads the review's state (docs/architecture.md,
   * «A PDF attachment's path»).
   */
  const readZone = async () => {
    if (deps.zone) zone = await deps.zone().catch(() => deps.timeZone);
  };
  const c = new Composer<Context>();

  const questionText = (d: DueCard) => `${RS.cardHeader(d.card.id, d.card.semana, d.card.id_nota)}\n\n${d.card.pregunta}`;
  const canUndo = async (chat: number) => ((await deps.review.session(chat))?.respuestas.length ?? 0) > 0;

  /** Sends the next due card of the chat's session, or closes it with the summary. */
  async function next(ctx: Context, chat: number): Promise<void> {
    const [first] = await deps.review.due(now(), { session: true, chat });
    if (!first) return finish(ctx, chat);
    await deps.review.show(chat, first.card.id, false);
    const sent = await ctx.api.sendMessage(chat, questionText(first), { reply_markup: questionKeyboard(first.card.id, first.count, await canUndo(chat)) });
    await deps.review.show(chat, first.card.id, false, sent.message_id);
  }

  /**
   * Closes the session with what is true now: the answers given, and how many cards are still due
   * (Terminar before the last card must not claim there is nothing to review).
   */
  async function finish(ctx: Context, chat: number): Promise<void> {
    await readZone();
    const answers = await deps.review.endSession(chat);
    // The cards /repasar would show now (new cards per day), read after the last answer was saved;
    // learning cards back within minutes (a card just answered «Otra vez») are not due yet, so they
    // are said apart, with the time they were given, instead of counted as due.
    const at = now();
    // (A card missed a moment ago is not due yet: it is said with the ones back soon, not as left.)
    const left = (await deps.review.due(at, { session: true })).filter((d) => Date.parse(d.fsrs.due) <= at.getTime()).length;
    const ahead = (await deps.review.soon(at)).map((d) => d.getTime() - at.getTime());
    const soonMs = ahead.length ? Math.max(...ahead) : 0;
    const next = when(await deps.review.nextDue(at));
    if (answers.length === 0) {
      return void (await ctx.api.sendMessage(chat, left + ahead.length > 0 ? RS.endedNoneRated(left, ahead.length, soonMs) : RS.nothingDue(next, next ? undefined : await weekToPrepare())));
    }
    const counts = { 1: 0, 2: 0, 3: 0, 4: 0 } as Record<Grade, number>;
    for (const a of answers) counts[a.calificacion]++;
    await ctx.api.sendMessage(chat, RS.summary(answers.length, counts, next, left, ahead.length, soonMs));
  }

  /**
   * One live session per chat: a second /repasar while one is open takes the buttons off the card
   * it showed (so no two messages answer for the same session) and shows the current card again.
   */
  async function start(ctx: Context, chat: number): Promise<void> {
    const open = await deps.review.startSession(chat, now());
    if (open.mensaje !== undefined) await ctx.api.editMessageReplyMarkup(chat, open.mensaje, { reply_markup: noKeyboard() }).catch(() => undefined);
    await next(ctx, chat);
  }

  c.command(anyCase('repasar'), (ctx) => start(ctx, ctx.chat.id));

  c.command(anyCase('tarjetas'), async (ctx) => {
    const page = await deckPage(1);
    const t = await deps.proposalTotals?.().catch((e: unknown) => { deps.log(LOG.proposalCount, e); return undefined; });
    const tally = t && t.lotes > 0 ? `\n\n${PROPOSAL.tally(t.aceptadas, t.editadas, t.descartadas)}` : '';
    await ctx.reply(splitText(`${page.text}${tally}`)[0]!, { reply_markup: page.keyboard });
  });

  const exportar = async (ctx: Context) => {
    try {
      const { bytes, cards, reviews } = await exportDeck({ review: deps.review, notes: deps.notes, ...(deps.course ? { course: await deps.course() } : {}) }, now());
      if (cards === 0) return void (await ctx.reply(RS.exportEmpty()));
      await ctx.replyWithDocument(new InputFile(Buffer.from(bytes), EXPORT_FILE_NAME), { caption: RS.exportCaption(cards, reviews) });
    } catch (e) {
      deps.log(LOG.ankiExport, e);
      await ctx.reply(RS.exportFailed());
    }
  };
  c.command(anyCase('exportar'), exportar);

  c.command(anyCase('editar'), async (ctx) => {
    const m = /^\s*(\d{1,9})\s+([^|]*\S)\s*\|\s*(\S[\s\S]*)$/.exec(ctx.match);
    if (!m) return void (await ctx.reply(RS.editUsage()));
    const card = await deps.deck.edit(Number(m[1]), m[2]!.trim(), m[3]!.trim());
    await ctx.reply(card ? RS.edited(card.id) : RS.unknownCard());
  });
  /** One card suspended, taken back, or asked about before it is deleted: the command's or the sentence's («borra la tarjeta 3»). */
  async function cardAct(ctx: Context, act: 'suspend' | 'reactivate' | 'remove', id: number): Promise<void> {
    const card = await deps.review.card(id);
    if (!card) return void (await ctx.reply(RS.unknownCard()));
    if (act === 'remove') return void (await ctx.reply(RS.removeAsk(id, cardGist(card.card.pregunta)), { reply_markup: removeKeyboard(id) }));
    await deps.review.suspend(id, act === 'suspend');
    await ctx.reply(act === 'suspend' ? RS.suspended(id) : RS.reactivated(id));
  }
  for (const [cmd, act] of [['suspender', 'suspend'], ['reactivar', 'reactivate'], ['borrar', 'remove']] as const) {
    c.command(anyCase(cmd), async (ctx) => {
      const id = /^\s*(\d{1,9})\s*$/.exec(ctx.match)?.[1];
      if (!id) return void (await ctx.reply(RS.cardIdUsage(cmd)));
      await cardAct(ctx, act, Number(id));
    });
  }
  const CARD_ACTS = { borrar: 'remove', suspender: 'suspend', reactivar: 'reactivate' } as const;

  c.on('callback_query:data', async (ctx, nextHandler) => {
    const tap = CALLBACKS.review.parse(ctx.callbackQuery.data);
    // Who may press it was the gate's (gate.ts): a member, on a message sent for them.
    if (!tap) return nextHandler();
    const chat = ctx.chat?.id ?? ctx.from.id;
    await onTap(ctx, chat, tap);
  });

  const edit = (ctx: Context, text: string, keyboard: InlineKeyboardMarkup = noKeyboard()) =>
    ctx.editMessageText(text, { reply_markup: keyboard }).catch(logEditFailure(deps.log, LOG.cardEdit));

  async function onTap(ctx: Context, chat: number, tap: ReviewTap): Promise<void> {
    switch (tap.kind) {
      case 'start':
        await ctx.answerCallbackQuery();
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        return start(ctx, chat);
      case 'reveal': {
        const d = await deps.review.card(tap.card);
        if (!d) return void (await ctx.answerCallbackQuery({ text: RS.unknownCard() }));
        if (d.count !== tap.count) return void (await ctx.answerCallbackQuery({ text: RS.alreadyRated() }));
        await deps.review.startSession(chat, now());
        await deps.review.show(chat, d.card.id, true, ctx.callbackQuery?.message?.message_id);
        const at = now();
        const due = deps.review.preview(d.fsrs, at);
        const intervals = Object.fromEntries(GRADES.map((g) => [g, intervalLabel(due[g].getTime() - at.getTime())])) as Record<Grade, string>;
        await ctx.answerCallbackQuery();
        return void (await edit(ctx, `${questionText(d)}\n\n${RS.answer(d.card.respuesta)}`, ratingKeyboard(d.card.id, d.count, intervals, await canUndo(chat))));
      }
      case 'rate': {
        await deps.review.startSession(chat, now());
        const at = now();
        const r = await deps.review.rate(tap.card, tap.grade, at, { expected: tap.count, chat, message: ctx.callbackQuery?.message?.message_id });
        if (r.kind === 'stale') return void (await ctx.answerCallbackQuery({ text: RS.alreadyRated() }));
        if (r.kind === 'unknown') return void (await ctx.answerCallbackQuery({ text: RS.unknownCard() }));
        await ctx.answerCallbackQuery({ text: RS.rated(tap.grade, intervalLabel(Date.parse(r.entry.despues.due) - at.getTime())) });
        await edit(ctx, `${questionText({ card: r.card, fsrs: r.entry.despues, count: 0 })}\n\n${RS.answer(r.card.respuesta)}\n${RS.rated(tap.grade, intervalLabel(Date.parse(r.entry.despues.due) - at.getTime()))}`);
        return next(ctx, chat);
      }
      case 'undo': {
        const undone = await deps.review.undo(chat, now());
        if (!undone) return void (await ctx.answerCallbackQuery({ text: RS.nothingToUndo() }));
        await ctx.answerCallbackQuery({ text: RS.undone(undone.id_tarjeta) });
        const d = await deps.review.card(undone.id_tarjeta);
        // The message that showed the answer («Fácil — vuelve en 8 d») no longer tells the truth.
        if (undone.message !== undefined && d) {
          await ctx.api.editMessageText(chat, undone.message, `${questionText(d)}\n\n${RS.answer(d.card.respuesta)}\n${RS.undoneNote(undone.calificacion)}`, { reply_markup: noKeyboard() })
            .catch(logEditFailure(deps.log, LOG.undoneAnswerEdit));
        }
        if (!d) {
          await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
          return next(ctx, chat);
        }
        // The undone card is asked in the message where Deshacer was tapped: the card that message
        // showed comes again after it, and no question is left in the chat without its buttons.
        const text = `${RS.undone(d.card.id)}\n\n${questionText(d)}`;
        const keyboard = questionKeyboard(d.card.id, d.count, await canUndo(chat));
        const here = ctx.callbackQuery?.message?.message_id;
        const inPlace = here !== undefined && await ctx.editMessageText(text, { reply_markup: keyboard }).then(() => true, () => false);
        const shown = inPlace ? here : (await ctx.api.sendMessage(chat, text, { reply_markup: keyboard })).message_id;
        await deps.review.show(chat, d.card.id, false, shown);
        return;
      }
      case 'end':
        await ctx.answerCallbackQuery();
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        return finish(ctx, chat);
      case 'suspend':
        await deps.review.suspend(tap.card, true);
        await ctx.answerCallbackQuery({ text: RS.suspended(tap.card) });
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        await ctx.api.sendMessage(chat, RS.suspended(tap.card));
        return (await deps.review.session(chat)) ? next(ctx, chat) : undefined;
      case 'edit': {
        const d = await deps.review.card(tap.card);
        await ctx.answerCallbackQuery(d ? {} : { text: RS.unknownCard() });
        if (d) await ctx.api.sendMessage(chat, RS.editHow(d.card.id, d.card.pregunta, d.card.respuesta));
        return;
      }
      case 'removeAsk': {
        const d = await deps.review.card(tap.card);
        await ctx.answerCallbackQuery(d ? {} : { text: RS.unknownCard() });
        if (d) await ctx.api.sendMessage(chat, RS.removeAsk(tap.card, cardGist(d.card.pregunta)), { reply_markup: removeKeyboard(tap.card) });
        return;
      }
      case 'remove': {
        const shown = await deps.review.card(tap.card);
        const removed = await deps.deck.remove(tap.card);
        await ctx.answerCallbackQuery({ text: removed ? RS.removed(tap.card) : RS.unknownCard() });
        await edit(ctx, removed ? RS.removed(tap.card) : RS.unknownCard());
        const session = await deps.review.session(chat);
        if (!removed || session?.actual !== tap.card) return;
        // The card's own message loses its six buttons (each would only say «ya no existe») and says
        // what became of it; the session goes on with the next card.
        if (session.mensaje !== undefined && shown) {
          await ctx.api.editMessageText(chat, session.mensaje, `${questionText(shown)}\n\n${RS.removedNote()}`, { reply_markup: noKeyboard() })
            .catch(logEditFailure(deps.log, LOG.cardEdit));
        }
        return next(ctx, chat);
      }
      case 'keep':
        await ctx.answerCallbackQuery();
        return void (await edit(ctx, RS.kept(tap.card)));
      case 'page': {
        const page = await deckPage(tap.page);
        await ctx.answerCallbackQuery();
        return void (await edit(ctx, page.text, page.keyboard));
      }
    }
  }

  /**
   * The week an empty deck sends the student to prepare: one that has notes (today's first), so
   * «prepara la semana 1» never leads to «no tienes notas»; undefined when no week has any (the
   * student is told to send notes first).
   */
  async function weekToPrepare(known?: { course: Course | undefined; notes: readonly Note[] }): Promise<number | undefined> {
    const { course, notes } = known ?? { course: await deps.course?.().catch(() => undefined), notes: await deps.notes.list() };
    if (!course) return notes.find((n) => n.semana != null)?.semana ?? undefined;
    return weekToSuggest(course, notes, weekOfDate(course, now(), zone));
  }

  /** One page of the deck, grouped by week and note, with each card's status. */
  async function deckPage(page: number): Promise<{ text: string; keyboard: InlineKeyboardMarkup }> {
    await readZone();
    const [{ cards }, notes, course] = await Promise.all([deps.review.history(), deps.notes.list(), deps.course?.().catch(() => undefined)]);
    if (cards.length === 0) return { text: RS.deckEmpty(await weekToPrepare({ course, notes })), keyboard: noKeyboard() };
    const topic = new Map(notes.map((n) => [n.id, topicAsWritten(n.tema, n.texto)]));
    const titleOf = (week: number | null | undefined) => (week != null && course ? findWeek(course, week)?.titulo : undefined);
    const sorted = [...cards].sort((a, b) => (a.card.semana ?? 99) - (b.card.semana ?? 99) || a.card.id_nota - b.card.id_nota || a.card.id - b.card.id);
    const pages = Math.ceil(sorted.length / DECK_PAGE_SIZE);
    const p = Math.min(Math.max(1, page), pages);
    const lines = [RS.deckHeader(cards.length, p, pages)];
    let lastWeek: number | undefined | null = null;
    let lastNote: number | undefined;
    for (const d of sorted.slice((p - 1) * DECK_PAGE_SIZE, p * DECK_PAGE_SIZE)) {
      if (d.card.semana !== lastWeek) {
        lines.push('', RS.deckWeek(d.card.semana, titleOf(d.card.semana)));
        lastWeek = d.card.semana;
        lastNote = undefined;
      }
      if (d.card.id_nota !== lastNote) lines.push(RS.deckNote((lastNote = d.card.id_nota), topic.get(d.card.id_nota)));
      lines.push(RS.deckCard(d.card.id, truncateAround(d.card.pregunta, BLANK, 90), status(d)));
    }
    return { text: splitText(lines.join('\n'))[0]!, keyboard: pageKeyboard(p, pages) };
  }

  function status(d: DueCard): string {
    if (d.suspended) return RS.statusSuspended;
    if (d.fsrs.state === 0) return RS.statusNew;
    const due = new Date(d.fsrs.due);
    return due.getTime() <= now().getTime() ? RS.statusDueNow : RS.statusDue(when(due)!);
  }

  const tarjeta = (ctx: Context, accion: keyof typeof CARD_ACTS, id: number) => cardAct(ctx, CARD_ACTS[accion], id);
  return Object.assign(c, { wishes: { repaso: (ctx: Context) => start(ctx, ctx.chat!.id), exportar, tarjeta } });
}
