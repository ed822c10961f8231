/**
 * A corrected note with cards made from its old text: the confirmation offers to redo them. «Sí»
 * deletes the old cards (tombstones that do not stop the corrected text's cards) and its button
 * makes the new ones — the card of the old text is gone from the deck, the corrected one is there.
 */
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { CALLBACKS } from '../../src/bot/callbacks.js';
import { openNotebook } from '../../src/store/index.js';
import { NOTES } from '../../src/strings/notes.js';
import { PASSAGES } from '../../src/strings/passages.js';
import { InProcessChat } from '../support/in-process-chat.js';

let chat: InProcessChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const fromBot = (m: Message) => m.from?.is_bot === true;
const buttonsOf = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat() as Array<{ text: string; callback_data?: string }>;

describe('a corrected note\'s cards', () => {
  it('are offered again from the corrected text, the old ones replaced', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-corrected-cards-' });
    const c = chat;
    const nb = await openNotebook(c.dataDir);
    const note = await nb.notes.add('termodinámica', 'La entropía es la medida del calor absorbido por un gas ideal.', 2);
    const lastBot = () => c.tg.server.history(c.chatId).filter(fromBot).at(-1)!;
    c.say(`haz tarjetas de la nota ${note.id}`);
    await c.settle();
    const before = (await nb.cards.list()).filter((x) => x.id_nota === note.id);
    expect(before.map((x) => x.respuesta).join(' ')).toContain('calor absorbido');

    c.tap(lastBot().message_id, CALLBACKS.note.format({ kind: 'edit', note: note.id }));
    await c.settle();
    c.say('La entropía es la medida del desorden de un sistema.', lastBot().message_id);
    await c.settle();
    const offer = lastBot();
    expect(offer.text).toBe(NOTES.cardsOfOldText(before.length));

    c.tap(offer.message_id, buttonsOf(offer).find((b) => b.text === NOTES.cardsRedoYes(before.length))!.callback_data!);
    await c.settle();
    const again = lastBot();
    c.tap(again.message_id, buttonsOf(again).find((b) => b.text === PASSAGES.cardsAgain())!.callback_data!);
    await c.settle();
    const after = (await nb.cards.list()).filter((x) => x.id_nota === note.id);
    expect(after.map((x) => x.respuesta).join(' ')).not.toContain('calor absorbido');
    expect(after.map((x) => x.respuesta).join(' ')).toContain('desorden');
  });
});
