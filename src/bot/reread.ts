/**
 * «Leer de nuevo» in the chat (issue 43 §7): /material lists the documents the student sent, each
 * with [🔁 Leer de nuevo]; «lee de nuevo el tema 5» / «vuelve a leer Tema5.pdf» (the understanding's
 * `releer`) names one. The re-read (domain/material/reread.ts) is on disk before its proposal is
 * shown, so [✅ Cambiar las notas] [❌ Dejarlo como está] work after a restart; after saving, the cards
 * of passages that changed are listed with [✅ Conservar] [🗑️ Borrar] each. A document imported before
 * files were kept waits for the student to send it again: the next file with its bytes or its name
 * is read for the re-read, not imported anew.
 */
import { Composer, type Context } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Card, CardDeck } from '../store/types.js';
import { REREAD, REREAD_BUTTONS, changesNothing, type CardLine } from '../strings/reread.js';
import { MaterialError } from '../domain/material/errors.js';
import { SHORT_KEY, type ImportRecord } from '../domain/material/imports.js';
import { MAX_FILE_BYTES } from '../domain/material/limits.js';
import { rereadView, type RereadRecord, type Rereads } from '../domain/material/reread.js';
import { documentsNamed } from '../domain/material/which-document.js';
import { CALLBACKS } from './callbacks.js';
import { noKeyboard } from './keyboards.js';
import { download } from './material.js';

/** Cards listed in one message (one row of buttons each). */
export const CARDS_PER_MESSAGE = 8;

export interface RereadBotDeps {
  rereads: Rereads;
  cards: Pick<CardDeck, 'list'>;
  log: (message: string, error?: unknown) => void;
}

const short = (key: string) => key.slice(0, SHORT_KEY);

/** One [🔁 Leer de nuevo «…»] row per document. */
export function materialKeyboard(docs: readonly ImportRecord[]): InlineKeyboardMarkup {
  return { inline_keyboard: docs.map((d) => [{ text: REREAD_BUTTONS.reread(d.nombre), callback_data: CALLBACKS.reread.format({ kind: 'leer', key: short(d.clave) }) }]) };
}

export function rereadKeyboard(key: string): InlineKeyboardMarkup {
  const k = short(key);
  return {
    inline_keyboard: [[
      { text: REREAD_BUTTONS.save, callback_data: CALLBACKS.reread.format({ kind: 'guardar', key: k }) },
      { text: REREAD_BUTTONS.discard, callback_data: CALLBACKS.reread.format({ kind: 'descartar', key: k }) },
    ]],
  };
}

export function cardsKeyboard(key: string, ids: readonly number[]): InlineKeyboardMarkup {
  const k = short(key);
  return {
    inline_keyboard: ids.map((card) => [
      { text: REREAD_BUTTONS.keep(card), callback_data: CALLBACKS.reread.format({ kind: 'conservar', key: k, card }) },
      { text: REREAD_BUTTONS.remove(card), callback_data: CALLBACKS.reread.format({ kind: 'borrar', key: k, card }) },
    ]),
  };
}

export function createRereadBot(deps: RereadBotDeps) {
  const c = new Composer<Context>();

  /** The cards of the notes a pending re-read changes or removes (what saving will offer for review). */
  const cardsOf = async (r: RereadRecord) => {
    const touched = new Set([...r.plan!.cambiadas, ...r.plan!.quitadas].map((x) => x.id));
    return (await deps.cards.list()).filter((card) => touched.has(card.id_nota)).length;
  };

  /**
   * The proposal and its two buttons; a re-read that would change no note is said as it is, with no
   * «✅ Cambiar las notas» beside «no hay nada que cambiar», and is not left pending.
   */
  const showProposal = async (ctx: Context, r: RereadRecord) => {
    const view = rereadView(r, await cardsOf(r));
    if (!changesNothing(view)) return void (await ctx.reply(REREAD.proposal(view), { reply_markup: rereadKeyboard(r.clave) }));
    await deps.rereads.discard(r.clave);
    await ctx.reply(REREAD.proposal(view));
  };

  /** Starts the re-read of one import: its proposal, or the question for its file. */
  const startOne = async (ctx: Context, key: string) => {
    let got;
    try {
      got = await deps.rereads.start(key);
    } catch (e) {
      if (e instanceof MaterialError) return void (await ctx.reply(e.message));
      throw e;
    }
    if (!got) return void (await ctx.reply(REREAD.gone));
    if (got.kind === 'grupo_fotos') return void (await ctx.reply(REREAD.photoGroup(got.nombre)));
    if (got.kind === 'falta_archivo') return void (await ctx.reply(REREAD.needFile(got.record.nombre)));
    await showProposal(ctx, got.record);
  };

  const list = async (ctx: Context, lead?: string) => {
    const docs = await deps.rereads.documents();
    const text = REREAD.list(docs.map((d) => ({ nombre: d.record.nombre, notas: d.notas })));
    await ctx.reply(lead ? `${lead}\n\n${text}` : text, docs.length ? { reply_markup: materialKeyboard(docs.map((d) => d.record)) } : {});
  };

  /** «Lee de nuevo el tema 5»: the one document the words name is read again; several or none, the list to choose. */
  const ask = async (ctx: Context, documento: string) => {
    const docs = await deps.rereads.documents();
    if (docs.length === 0 || !documento.trim()) return list(ctx);
    const named = documentsNamed(documento, docs.map((d) => d.record));
    if (named.length === 1) return startOne(ctx, docs[named[0]!]!.record.clave);
    if (named.length === 0) return list(ctx, REREAD.notFound(documento));
    await ctx.reply(REREAD.which, { reply_markup: materialKeyboard(named.map((i) => docs[i]!.record)) });
  };

  c.command('material', (ctx) => list(ctx));

  /**
   * A file sent while a re-read waits for one: read for that re-read, not imported again (false: it
   * is not the file any waits for). Asked by the material's handlers (material.ts), which route every
   * document and photo, only while a re-read waits: a file nobody waits for never comes here.
   */
  const arrived = async (ctx: Context, name: string, fileId: string, size: number | undefined, byName: boolean): Promise<boolean> => {
    if (size !== undefined && size > MAX_FILE_BYTES) return false;
    let r;
    try {
      r = await deps.rereads.fileArrived(name, await download(ctx, fileId), { byName });
    } catch (e) {
      if (!(e instanceof MaterialError)) throw e;
      await ctx.reply(e.message);
      return true;
    }
    if (r) await showProposal(ctx, r);
    return r !== undefined;
  };

  /** The cards left to review, a page per message, with their buttons. */
  const showCards = async (ctx: Context, r: RereadRecord) => {
    const left = r.tarjetas ?? [];
    const deck = new Map((await deps.cards.list()).map((card) => [card.id, card]));
    const lines: CardLine[] = left.flatMap((t) => {
      const card: Card | undefined = deck.get(t.id);
      return card ? [{ ...t, pregunta: card.pregunta, respuesta: card.respuesta }] : [];
    });
    for (let i = 0; i < lines.length; i += CARDS_PER_MESSAGE) {
      const page = lines.slice(i, i + CARDS_PER_MESSAGE);
      await ctx.reply(REREAD.cards(page), { reply_markup: cardsKeyboard(r.clave, page.map((l) => l.id)) });
    }
  };

  c.callbackQuery(CALLBACKS.reread.trigger, async (ctx) => {
    const tap = CALLBACKS.reread.parse(ctx.callbackQuery.data);
    const known = tap ? (await deps.rereads.documents()).find((d) => d.record.clave.startsWith(tap.key)) : undefined;
    if (!tap || !known) return void (await ctx.answerCallbackQuery({ text: REREAD.gone, show_alert: true }));
    await ctx.answerCallbackQuery();
    const key = known.record.clave;
    switch (tap.kind) {
      case 'leer':
        return startOne(ctx, key);
      case 'guardar': {
        // A second tap on a saved re-read changes nothing and says nothing twice.
        const before = await deps.rereads.read(key);
        if (before?.estado === 'revisar' || before?.estado === 'hecha') return void (await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined));
        const done = await deps.rereads.save(key);
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        if (!done) return void (await ctx.reply(REREAD.gone));
        const p = done.plan!;
        await ctx.reply(REREAD.saved(done.nombre, p.cambiadas.map((x) => x.id), done.anadidas ?? []));
        return showCards(ctx, done);
      }
      case 'descartar': {
        await deps.rereads.discard(key);
        await ctx.editMessageReplyMarkup({ reply_markup: noKeyboard() }).catch(() => undefined);
        return void (await ctx.reply(REREAD.discarded));
      }
      case 'conservar':
      case 'borrar': {
        const got = await deps.rereads.decide(key, tap.card, tap.kind === 'conservar');
        if (!got) return void (await ctx.reply(REREAD.gone));
        // The row of the card decided goes; the others stay to tap.
        const markup = ctx.callbackQuery.message?.reply_markup;
        const rows = (markup?.inline_keyboard ?? []).filter((row) => !row.some((b) => 'callback_data' in b && CALLBACKS.reread.parse(b.callback_data)?.kind !== undefined && (CALLBACKS.reread.parse(b.callback_data) as { card?: number }).card === tap.card));
        await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: rows } }).catch(() => undefined);
        if (got.decided) await ctx.reply(tap.kind === 'conservar' ? REREAD.kept(tap.card) : REREAD.removed(tap.card));
        if (got.record.estado === 'hecha' && got.decided) await ctx.reply(REREAD.allReviewed);
      }
    }
  });

  // `waiting` is the re-reads' own (tools/material/reread.ts), handed on as it is: a document that no
  // re-read waits for runs no code of this module.
  return { composer: c, ask, finishPending: () => deps.rereads.finishPending(), files: { waiting: deps.rereads.waiting, arrived } };
}
