/**
 * A quoted passage keeps its «🃏 Tarjetas de la nota de este pasaje» button in the chat; once its note is gone
 * (deleted from the chat, or replaced by a new reading), a tap says so in one sentence and starts no
 * run — the run's own validation would have answered in the planner's words.
 */
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('the cards button of a passage whose note is gone', () => {
  it('says the note is no longer there and starts nothing', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-passage-gone-' });
    const c = chat;
    c.say('explícame el impresionismo');
    await c.settle();
    const answer = c.tg.server.history(c.chatId).filter(fromBot).find((m) => buttonsOf(m).some((b) => b.text === PASSAGES.cardsButton()));
    expect(answer, 'a quoted passage with its cards button').toBeDefined();
    const noteId = Number(/— tu nota (\d+)/.exec(answer!.text ?? '')?.[1]);
    expect(noteId).toBeGreaterThan(0);

    c.say(`borra la nota ${noteId}`);
    await c.settle();
    const ask = c.tg.server.history(c.chatId).filter(fromBot).at(-1)!;
    const yes = buttonsOf(ask).find((b) => b.text === NOTES.deleteYes(noteId))!.callback_data!;
    c.tap(ask.message_id, yes);
    await c.settle();

    const before = c.tg.server.history(c.chatId).length;
    const data = buttonsOf(answer!).find((b) => b.text === PASSAGES.cardsButton())!.callback_data!;
    const queryId = c.tap(answer!.message_id, data);
    await c.settle();
    const answered = c.tg.server.requests.find((r) => r.method.toLowerCase() === 'answercallbackquery' && String(r.params.callback_query_id) === queryId);
    expect(answered?.params).toMatchObject({ text: PASSAGES.noteGone(noteId) });
    // No run: no status message, no approval, nothing new in the chat.
    expect(c.tg.server.history(c.chatId).length).toBe(before);
  });
});
