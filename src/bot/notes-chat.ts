/**
 * The student's notes one by one, in the chat (issue 46 item 1): `/notas` and «mis notas de la
 * semana 5» list them with their week and source, a page at a time; a note is shown whole and can
 * be moved to another week of the student's own course, corrected (force_reply with its text) or
 * deleted after a question that names that note only — «borra la nota 29» never reaches «borra mis
 * datos». A deleted note's cards are offered for deletion too; a card can be corrected or deleted
 * (a tombstone: the next «prepara la semana» does not make it again).
 *
 * Who may do what is the gate's (callbacks.ts declares moving and deleting the owner's); the words
 * ask the same of `allows`. Every change goes through the notebook, which writes it atomically, keeps
 * the search index in step and audits it with who asked (store/notebook.ts).
 */
import { Composer, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import type { Understood } from '../agent/understand.js';
import { hasWeek, weekOfNote, weekRange, type Course } from '../domain/course/course.js';
import { readCourse } from '../tools/index.js';
import type { Card, ChangedBy, Note } from '../store/index.js';
import { exampleNoteIds } from '../store/index.js';
import { NOTES } from '../strings/notes.js';
import { GATE } from '../strings/gate.js';
import { S } from '../strings/chat.js';
import { CALLBACKS, type NoteCardTap, type NoteTap } from './callbacks.js';
import type { BotNotebook } from './command-kit.js';
import { NOTE_MAX_CHARS, NOTE_MIN_CHARS } from './commands.js';
import { allows } from './gate.js';
import { noKeyboard } from './keyboards.js';
import { cardGist } from './format.js';
import { PendingCorrections } from './notes-edits.js';
import { PASSAGES } from '../strings/passages.js';
import { cardDeleteKeyboard, redoCardsKeyboard, cardsTooKeyboard, correctionAsk, deleteKeyboard, moveKeyboard, noteCardsMessages, noteMessages, notesPage, weekWords } from './notes-view.js';
import { LOG } from '../strings/log.js';

/** Longest question or answer a corrected card may have (characters). */
export const CARD_TEXT_MAX = 500;

export interface NotesChatDeps {
  notebook: Pick<BotNotebook, 'notes' | 'cards' | 'course'>;
  /** Where the open correction questions are kept (notes-edits.ts). */
  dataDir: string;
  log: (message: string, error?: unknown) => void;
}

/** What a message asks of one note, or of a week's notes (the understanding's `nota`). */
export type NoteWish = Extract<Understood, { intent: 'nota' }>;

export function createNotesChat(deps: NotesChatDeps) {
  const { notes, cards } = deps.notebook;
  const pending = new PendingCorrections(deps.dataDir);
  const course = () => readCourse(deps.notebook);
  const by = (ctx: Context): ChangedBy => ({ por: ctx.from!.id });
  const noteById = async (id: number) => (await notes.list()).find((n) => n.id === id);
  const cardsOf = async (id: number) => (await cards.list()).filter((c) => c.id_nota === id);
  /** Replaces the tapped message's text (its buttons gone); a message too old to edit gets a new one. */
  const settle = (ctx: Context, text: string) => ctx.editMessageText(text, { reply_markup: noKeyboard() }).catch(() => ctx.reply(text));

  /** The list, page `page` of week `week` (0: every week); `inPlace` edits the tapped page instead of sending one. */
  async function list(ctx: Context, week = 0, page = 1, inPlace = false): Promise<void> {
    let all: Note[];
    let c: Course;
    try {
      [all, c] = await Promise.all([notes.list(), course()]);
    } catch (e) {
      deps.log(LOG.notesRead, e);
      return void (await ctx.reply(NOTES.failed()));
    }
    if (week !== 0 && !hasWeek(c, week)) return void (await ctx.reply(NOTES.noSuchWeek(week, weekRange(c))));
    const shown = notesPage(all, c, page, week, await exampleNoteIds(all).catch(() => new Set<number>()));
    if (!shown) return void (await ctx.reply(week === 0 ? NOTES.empty() : NOTES.emptyWeek(weekWords(c, week)!)));
    const last = shown.messages.length - 1;
    if (inPlace && last === 0) {
      const [m] = shown.messages;
      const edited = await ctx.editMessageText(m!.text, { entities: m!.entities, reply_markup: shown.keyboard }).then(() => true, () => false);
      if (edited) return;
    }
    for (const [i, m] of shown.messages.entries()) await ctx.reply(m.text, { entities: m.entities, ...(i === last ? { reply_markup: shown.keyboard } : {}) });
  }

  /** One note whole, with its buttons. */
  async function show(ctx: Context, id: number): Promise<void> {
    const note = await noteById(id);
    if (!note) return void (await ctx.reply(NOTES.gone(id)));
    const view = noteMessages(note, await course(), (await cardsOf(id)).length);
    const last = view.messages.length - 1;
    for (const [i, text] of view.messages.entries()) await ctx.reply(text, i === last ? { reply_markup: view.keyboard } : {});
  }

  async function askMove(ctx: Context, id: number): Promise<void> {
    const note = await noteById(id);
    if (!note) return void (await ctx.reply(NOTES.gone(id)));
    await ctx.reply(NOTES.moveAsk(id, note.texto), { reply_markup: moveKeyboard(note, await course()) });
  }

  /**
   * Moves note `id` to `week` (null: none), its cards with it. Idempotent: the same move again (a tap
   * after a kill between the note's write and the deck's) only puts the cards right.
   */
  async function move(ctx: Context, id: number, week: number | null): Promise<string> {
    const c = await course();
    const note = await noteById(id);
    if (!note) return NOTES.gone(id);
    const same = weekOfNote(c, note) === week;
    if (!same && !(await notes.update(id, { semana: week }, by(ctx)))) return NOTES.gone(id);
    const own = await cardsOf(id);
    if (own.some((card) => (card.semana ?? null) !== week)) await cards.setWeeks((card) => (card.id_nota === id ? week : undefined));
    return same ? NOTES.alreadyThere(id, weekWords(c, week)) : NOTES.moved(id, weekWords(c, week), own.length);
  }

  async function askDelete(ctx: Context, id: number): Promise<void> {
    const note = await noteById(id);
    if (!note) return void (await ctx.reply(NOTES.gone(id)));
    await ctx.reply(NOTES.deleteAsk(id, note.texto), { reply_markup: deleteKeyboard(id) });
  }

  /** A correction's question, with force_reply; recorded before it can be answered. */
  async function askCorrection(ctx: Context, what: 'nota' | 'tarjeta', id: number): Promise<void> {
    let ask;
    if (what === 'nota') {
      const note = await noteById(id);
      if (!note) return void (await ctx.reply(NOTES.gone(id)));
      ask = correctionAsk(NOTES.editAsk(id), note.texto);
    } else {
      const card = (await cards.list()).find((x) => x.id === id);
      if (!card) return void (await ctx.reply(NOTES.cardGone(id)));
      ask = correctionAsk(NOTES.cardEditAsk(id), `${card.pregunta} | ${card.respuesta}`);
    }
    const placeholder = what === 'nota' ? NOTES.editPlaceholder : NOTES.cardEditPlaceholder;
    const send = async () => {
      const sent = await ctx.reply(ask.text, { entities: ask.entities, reply_markup: { force_reply: true, input_field_placeholder: placeholder, selective: true } });
      return { chat: sent.chat.id, mensaje: sent.message_id };
    };
    await pending.askWith(send, { que: what, id, por: ctx.from!.id }, ctx.chat!.id);
  }

  /** A reply to a correction's question: the new text, checked, then saved; a problem asks again. */
  async function correct(ctx: Context, asked: { que: 'nota' | 'tarjeta'; id: number; chat: number; mensaje: number }, text: string): Promise<void> {
    const done = () => pending.done(asked.chat, asked.mensaje);
    if (asked.que === 'nota') {
      const texto = text.trim();
      const length = Array.from(texto).length;
      if (length < NOTE_MIN_CHARS) return void (await ctx.reply(NOTES.editTooShort(NOTE_MIN_CHARS)));
      if (length > NOTE_MAX_CHARS) return void (await ctx.reply(NOTES.editTooLong(length, NOTE_MAX_CHARS)));
      const note = await noteById(asked.id);
      if (!note) {
        await done();
        return void (await ctx.reply(NOTES.gone(asked.id)));
      }
      if (note.texto === texto) return void (await ctx.reply(NOTES.editSame(asked.id)));
      if (!(await notes.update(asked.id, { texto }, by(ctx)))) return void (await ctx.reply(NOTES.gone(asked.id)));
      await done();
      await ctx.reply(NOTES.edited(asked.id));
      // Cards made from the old text would go on asking what the note no longer says.
      const old = await cardsOf(asked.id);
      if (old.length > 0) await ctx.reply(NOTES.cardsOfOldText(old.length), { reply_markup: redoCardsKeyboard(asked.id, old.length) });
      return;
    }
    const bar = text.indexOf('|');
    const card = (await cards.list()).find((x) => x.id === asked.id);
    if (!card) {
      await done();
      return void (await ctx.reply(NOTES.cardGone(asked.id)));
    }
    const pregunta = (bar === -1 ? text : text.slice(0, bar)).trim();
    const respuesta = bar === -1 ? card.respuesta : text.slice(bar + 1).trim();
    if (!pregunta || !respuesta) return void (await ctx.reply(NOTES.cardEditEmpty()));
    if (Array.from(pregunta).length > CARD_TEXT_MAX || Array.from(respuesta).length > CARD_TEXT_MAX) return void (await ctx.reply(NOTES.cardEditTooLong(CARD_TEXT_MAX)));
    if (!(await cards.edit(asked.id, pregunta, respuesta, by(ctx)))) {
      await done();
      return void (await ctx.reply(NOTES.cardGone(asked.id)));
    }
    await done();
    await ctx.reply(NOTES.cardEdited(asked.id));
  }

  async function onNoteTap(ctx: Context, tap: NoteTap): Promise<void> {
    switch (tap.kind) {
      case 'page':
        await ctx.answerCallbackQuery();
        return list(ctx, tap.week, tap.page, true);
      case 'open':
        await ctx.answerCallbackQuery();
        return show(ctx, tap.note);
      case 'moveAsk':
        await ctx.answerCallbackQuery();
        return askMove(ctx, tap.note);
      case 'move': {
        await ctx.answerCallbackQuery();
        const c = await course();
        if (tap.week !== 0 && !hasWeek(c, tap.week)) return void (await settle(ctx, NOTES.noSuchWeek(tap.week, weekRange(c))));
        return void (await settle(ctx, await move(ctx, tap.note, tap.week === 0 ? null : tap.week)));
      }
      case 'stay':
        await ctx.answerCallbackQuery();
        return void (await settle(ctx, NOTES.notMoved(tap.note)));
      case 'edit':
        await ctx.answerCallbackQuery();
        return askCorrection(ctx, 'nota', tap.note);
      case 'deleteAsk':
        await ctx.answerCallbackQuery();
        return askDelete(ctx, tap.note);
      case 'delete': {
        await ctx.answerCallbackQuery();
        // The buttons go first: the question cannot be answered twice.
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        const removed = await notes.removeMany([tap.note], by(ctx));
        if (removed === 0) return void (await settle(ctx, NOTES.gone(tap.note)));
        await settle(ctx, NOTES.deleted(tap.note));
        const left = await cardsOf(tap.note);
        if (left.length > 0) await ctx.reply(NOTES.cardsToo(tap.note, left.length), { reply_markup: cardsTooKeyboard(tap.note, left.length) });
        return;
      }
      case 'keep':
        await ctx.answerCallbackQuery();
        return void (await settle(ctx, NOTES.kept(tap.note)));
      case 'cards': {
        await ctx.answerCallbackQuery();
        const own = await cardsOf(tap.note);
        if (own.length === 0) return void (await ctx.reply(NOTES.noCards(tap.note)));
        const view = noteCardsMessages(tap.note, own);
        const last = view.messages.length - 1;
        for (const [i, m] of view.messages.entries()) await ctx.reply(m.text, { entities: m.entities, ...(i === last ? { reply_markup: view.keyboard } : {}) });
        return;
      }
      case 'dropCards': {
        await ctx.answerCallbackQuery();
        // Only the cards of a note that is gone: a later note given the same number keeps its own.
        if (await noteById(tap.note)) return void (await settle(ctx, NOTES.cardsOfferGone()));
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        const own = await cardsOf(tap.note);
        let n = 0;
        for (const card of own) if (await cards.remove(card.id, by(ctx))) n++;
        return void (await settle(ctx, NOTES.cardsDeleted(n)));
      }
      case 'redoCards': {
        await ctx.answerCallbackQuery();
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        // Tombstones marked replaced: they keep the ids but do not stop the corrected text's cards.
        let n = 0;
        for (const card of await cardsOf(tap.note)) if (await cards.remove(card.id, by(ctx), true)) n++;
        // The cards are made by a run, as the passage's button asks for them.
        const again = { inline_keyboard: [[{ text: PASSAGES.cardsAgain(), callback_data: CALLBACKS.passageCards.format(tap.note) }]] };
        return void (await ctx.reply(NOTES.cardsReplaced(tap.note, n), { reply_markup: again }));
      }
      case 'keepOldCards':
      case 'keepCards': {
        await ctx.answerCallbackQuery();
        return void (await settle(ctx, NOTES.cardsKept((await cardsOf(tap.note)).length)));
      }
    }
  }

  async function onCardTap(ctx: Context, tap: NoteCardTap): Promise<void> {
    const card: Card | undefined = (await cards.list()).find((x) => x.id === tap.card);
    await ctx.answerCallbackQuery(card ? {} : { text: NOTES.cardGone(tap.card) });
    if (!card) return;
    switch (tap.kind) {
      case 'edit': return askCorrection(ctx, 'tarjeta', card.id);
      case 'deleteAsk': return void (await ctx.reply(NOTES.cardDeleteAsk(card.id, cardGist(card.pregunta)), { reply_markup: cardDeleteKeyboard(card.id) }));
      case 'keep': return void (await settle(ctx, NOTES.cardKept(card.id)));
      case 'delete': {
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        const removed = await cards.remove(card.id, by(ctx));
        return void (await settle(ctx, removed ? NOTES.cardDeleted(card.id) : NOTES.cardGone(card.id)));
      }
    }
  }

  /**
   * «borra la nota 29», «mueve la nota 3 a la semana 2», «corrige la nota 5», «enséñame la nota 7»,
   * «mis notas de la semana 5». Deleting and moving are the owner's, as their buttons are.
   */
  async function fromWords(ctx: Context, wish: NoteWish): Promise<void> {
    if (wish.accion === 'listar') return list(ctx, wish.semana);
    if ((wish.accion === 'borrar' || wish.accion === 'mover') && !allows(ctx, 'owner')) return void (await ctx.reply(GATE.ownerOnly()));
    switch (wish.accion) {
      case 'ver': return show(ctx, wish.nota);
      case 'editar': return askCorrection(ctx, 'nota', wish.nota);
      case 'borrar': return askDelete(ctx, wish.nota);
      case 'mover': {
        if (wish.semana === undefined) return askMove(ctx, wish.nota);
        const c = await course();
        if (!hasWeek(c, wish.semana)) {
          await ctx.reply(NOTES.noSuchWeek(wish.semana, weekRange(c)));
          return askMove(ctx, wish.nota);
        }
        return void (await ctx.reply(await move(ctx, wish.nota, wish.semana)));
      }
    }
  }

  const composer = new Composer<Context>();
  composer.callbackQuery(CALLBACKS.note.trigger, async (ctx) => {
    const tap = CALLBACKS.note.parse(ctx.callbackQuery.data);
    if (!tap) return void (await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true }));
    await guarded(ctx, () => onNoteTap(ctx, tap));
  });
  composer.callbackQuery(CALLBACKS.noteCard.trigger, async (ctx) => {
    const tap = CALLBACKS.noteCard.parse(ctx.callbackQuery.data);
    if (!tap) return void (await ctx.answerCallbackQuery({ text: S.tapStale(), show_alert: true }));
    await guarded(ctx, () => onCardTap(ctx, tap));
  });
  // A reply to «✏️ Respóndeme … con el texto corregido»: the correction; any other text goes on.
  composer.on('message:text', async (ctx, next) => {
    const replied = ctx.message.reply_to_message as Message | undefined;
    const asked = replied ? await pending.find(ctx.chat.id, replied.message_id) : undefined;
    // Only who asked for the correction answers it (in a group, another person's reply is their own message).
    if (!asked || asked.por !== ctx.from.id) return next();
    await guarded(ctx, () => correct(ctx, asked, ctx.message.text));
  });

  /** A change that could not be written: said in one sentence, nothing half done (each write is atomic). */
  async function guarded(ctx: Context, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      deps.log(LOG.noteOrCardChange, e);
      await ctx.reply(NOTES.failedChange()).catch(() => undefined);
    }
  }

  return { composer, list: (ctx: Context) => list(ctx), fromWords: (ctx: Context, wish: NoteWish) => guarded(ctx, () => fromWords(ctx, wish)) };
}

export type NotesChat = ReturnType<typeof createNotesChat>;
