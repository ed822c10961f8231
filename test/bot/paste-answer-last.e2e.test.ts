/**
 * A long paste the sender's app split into parts: the bot's answer is the last thing in the chat,
 * below the whole paste — never left above the later parts (edited in place, the first offer sat
 * between part one and the rest, buried under thousands of characters). Through the local chat's
 * Bot API (one message sequence for both sides) with the real bot and agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const isOffer = (text: string | undefined) => /^Me llegó un texto largo/.test(text ?? '');

describe('the answer to a long paste', () => {
  it('comes after its last part, once', async () => {
    chat = await startLocalChat('cv-paste-');
    const t = chat.tg;
    const para = 'La fuga desarrolla un sujeto en varias voces que entran una tras otra. ';
    t.server.sendUserText(para.repeat(57).trim()); // 4,046 characters: a part cut by the sender's app
    // The first part is answered before the second arrives: the case that buried the answer.
    await waitForMessage(t, 'the offer after the first part', (ms) => ms.find((m) => m.from?.is_bot === true && isOffer(m.text)));
    t.server.sendUserText(para.repeat(20).trim());
    const offer = await waitForMessage(t, 'the offer for both parts', (ms) => ms.find((m) => /^Me llegó un texto largo en 2 partes/.test(m.text ?? '')));
    const history = t.server.history();
    // The answer is the last message, below both parts, and the only offer left in the chat.
    expect(history.at(-1)!.message_id).toBe(offer.message_id);
    expect(history.filter((m) => isOffer(m.text))).toHaveLength(1);
    expect(buttonsOf(offer).length).toBeGreaterThan(0);
  });
});
