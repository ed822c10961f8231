/**
 * Cards a model proposed, in the chat (issue 27 §3): when a run ends, each batch of proposed cards
 * not shown yet becomes one approval — every card with [✅ n] [✏️ n] [🗑 n], then «Guardar N
 * tarjetas». ✏️ asks for the new text with force_reply; the reply replaces the card (checked with
 * the week rules). The batch is on disk (domain/cards/proposals.ts) and every button carries its
 * key, so after a restart the same buttons and the same pending rewrite still work.
 */
import { fitMessage } from '../lib/message-pack.js';
import { Composer, type Api, type Context } from 'grammy';
import type { InlineKeyboardMarkup, Message } from 'grammy/types';
import type { NotesStore } from '../store/index.js';
import { countsOf, keptCards, type CardBatch, type CardProposals } from '../domain/cards/proposals.js';
import { CARD_MARKS, editProblem, PROPOSAL } from '../strings/cards.js';
import { truncate } from './format.js';
import { CALLBACKS } from './callbacks.js';
import { logEditFailure } from './telegram-errors.js';
import { LOG } from '../strings/log.js';
import { personaOf } from './access.js';
import { stillPending } from '../store/decision.js';
import { DECISION } from '../strings/decisions.js';

export type { ProposalTap } from './callbacks.js';

/** Longest question and answer shown in the approval (characters): the whole batch fits one message. */
const SHOWN_QUESTION = 160;
const SHOWN_ANSWER = 60;

export function proposalKeyboard(b: CardBatch): InlineKeyboardMarkup {
  const rows = b.tarjetas.map((_, i) => [
    { text: PROPOSAL.keep(i + 1), callback_data: CALLBACKS.cardProposal.format({ kind: 'a', key: b.clave, i }) },
    { text: PROPOSAL.edit(i + 1), callback_data: CALLBACKS.cardProposal.format({ kind: 'e', key: b.clave, i }) },
    { text: PROPOSAL.drop(i + 1), callback_data: CALLBACKS.cardProposal.format({ kind: 'd', key: b.clave, i }) },
  ]);
  return { inline_keyboard: [...rows, [{ text: PROPOSAL.save(keptCards(b).length), callback_data: CALLBACKS.cardProposal.format({ kind: 'g', key: b.clave }) }]] };
}

/** The approval's text: the cards by note, each with its number, its state, question and answer. */
export function proposalText(b: CardBatch, topics: ReadonlyMap<number, string>): string {
  const lines = [PROPOSAL.title(b.tarjetas.length)];
  let lastNote: number | undefined;
  b.tarjetas.forEach((c, i) => {
    if (c.id_nota !== lastNote) lines.push('', PROPOSAL.noteHeader(c.semana, c.id_nota, topics.get(c.id_nota)));
    lastNote = c.id_nota;
    lines.push(PROPOSAL.card(i + 1, CARD_MARKS[c.estado], truncate(c.pregunta, SHOWN_QUESTION), truncate(c.respuesta, SHOWN_ANSWER)));
  });
  return fitMessage(lines.join('\n'));
}

export interface CardProposalsBotDeps {
  proposals: CardProposals;
  notes: Pick<NotesStore, 'list'>;
  log: (message: string, error?: unknown) => void;
}

export function cardProposalsBot(deps: CardProposalsBotDeps) {
  const { proposals } = deps;
  const topics = async () => new Map((await deps.notes.list()).map((n) => [n.id, n.tema]));
  const render = async (b: CardBatch) => proposalText(b, await topics());

  /** Shows the batch where it was sent: its cards as they stand, with buttons while it waits. */
  async function refresh(api: Api, b: CardBatch): Promise<void> {
    if (!b.mensaje) return;
    const markup = stillPending(b) ? { inline_keyboard: [] } : proposalKeyboard(b);
    await api.editMessageText(b.mensaje.chat, b.mensaje.id, await render(b), { reply_markup: markup })
      .catch(logEditFailure(deps.log, LOG.cardProposalEdit));
  }

  /** Sends every batch of proposed cards not shown yet to `chatId` (a run ended there). */
  async function showPending(api: Api, chatId: number): Promise<void> {
    for (const b of await proposals.unshown()) {
      const sent = await api.sendMessage(chatId, await render(b), { reply_markup: proposalKeyboard(b) });
      await proposals.shown(b.clave, chatId, sent.message_id);
    }
  }

  const c = new Composer<Context>();

  c.callbackQuery(CALLBACKS.cardProposal.trigger, async (ctx) => {
    const tap = CALLBACKS.cardProposal.parse(ctx.callbackQuery.data);
    const b = tap ? await proposals.find(tap.key) : undefined;
    const refused = stillPending(b);
    if (!tap || !b || refused) {
      await ctx.answerCallbackQuery({ text: DECISION.refused(refused ?? 'desconocida'), show_alert: true });
      if (b) await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
      return;
    }
    const chat = ctx.chat?.id ?? ctx.from.id;
    switch (tap.kind) {
      case 'a':
      case 'd': {
        const next = await proposals.mark(b.clave, tap.i, tap.kind === 'a' ? 'aceptada' : 'descartada');
        await ctx.answerCallbackQuery();
        if (next) await refresh(ctx.api, next);
        return;
      }
      case 'e': {
        const card = b.tarjetas[tap.i];
        await ctx.answerCallbackQuery();
        if (!card) return;
        const sent = await ctx.api.sendMessage(chat, PROPOSAL.editAsk(tap.i + 1, card.pregunta, card.respuesta), {
          reply_markup: { force_reply: true, input_field_placeholder: PROPOSAL.editPlaceholder },
        });
        await proposals.askEdit(b.clave, tap.i, chat, sent.message_id);
        return;
      }
      case 'g': {
        const saved = await proposals.save(b.clave, personaOf(ctx.from).nombre);
        await ctx.answerCallbackQuery();
        if (!saved || saved.already) return void (await ctx.reply(DECISION.refused(saved ? 'ya_decidida' : 'desconocida')));
        await refresh(ctx.api, saved.batch);
        const n = countsOf(saved.batch);
        await ctx.reply(PROPOSAL.saved(saved.ids.length, n.aceptadas, n.editadas, n.descartadas));
      }
    }
  });

  // A reply to «✏️ Tarjeta n: …»: the card's new text («pregunta | respuesta», or only the question).
  c.on('message:text', async (ctx, next) => {
    const replied = ctx.message.reply_to_message as Message | undefined;
    const asked = replied ? await proposals.editing(ctx.chat.id, replied.message_id) : undefined;
    if (!asked) return next();
    const text = ctx.message.text;
    const bar = text.indexOf('|');
    const pregunta = bar === -1 ? text : text.slice(0, bar);
    const respuesta = bar === -1 ? undefined : text.slice(bar + 1);
    const r = await proposals.edit(asked.batch.clave, asked.i, pregunta, respuesta);
    if (r.kind === 'refused') return void (await ctx.reply(DECISION.refused(r.refusal)));
    if (r.kind === 'problem') return void (await ctx.reply(`${editProblem(r.problem)} ${PROPOSAL.editAgain}`));
    await refresh(ctx.api, r.batch);
    await ctx.reply(PROPOSAL.edited(asked.i + 1));
  });

  return { composer: c, showPending };
}
