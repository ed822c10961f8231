/**
 * A killed bot had not confirmed the update of a request it had already taken up as a run, so
 * Telegram hands it over again after the restart. The same message is not a second request: no
 * «Todavía tengo a medias…», no second run — while a new message with the same words still is one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, Update } from 'grammy/types';
import { waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { after } from './material-support.js';

let chat: LocalChat;
beforeAll(async () => { chat = await startLocalChat('cv-redelivered-'); });
afterAll(async () => chat?.close());

const fromBot = (m: Message) => m.from?.is_bot === true;
const isApproval = (m: Message) => (m.text ?? '').startsWith('🔐');

describe('a request handed over again after a restart', () => {
  it('is recognised as the run it already is; a new message with the same words is a new request', async () => {
    const t = chat.tg;
    const said = t.server.sendUserText('prepara la semana 2');
    await waitForMessage(t, 'its approval', after(said.message_id, isApproval));
    // The restarted bot gets the same update again, as after a kill before it was confirmed.
    await chat.restartBot();
    const before = t.server.history().length;
    await chat.cb.bot.handleUpdate({ update_id: 2_000_000_000, message: said as NonNullable<Update['message']> });
    await chat.cb.runs.idle();
    const since = t.server.history().slice(before);
    expect(since.filter(fromBot).map((m) => m.text)).not.toContainEqual(expect.stringMatching(/Todavía tengo a medias/));
    expect(chat.cb.state.runs).toHaveLength(1);

    // The owner asking again in a new message is a new request (here: the one in progress answers).
    const again = t.server.sendUserText('prepara la semana 2');
    const busy = await waitForMessage(t, 'the answer to a new message', after(again.message_id, fromBot));
    expect(busy.text).toMatch(/^Todavía tengo a medias «prepara la semana 2»/);
  });
});
