/**
 * A request for a note's cards that gives none (the note says no definition, statement, formula nor
 * key term) closes saying so, with the note and why — never a bare «✅ Tarjetas de repaso» that
 * claims cards no one can find in /repasar.
 */
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { InProcessChat } from '../support/in-process-chat.js';

let chat: InProcessChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const fromBot = (m: Message) => m.from?.is_bot === true;

describe('the cards of a note that gives none', () => {
  it('says which note gave no card and why', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-cards-none-' });
    const c = chat;
    const nb = await openNotebook(c.dataDir);
    const note = await nb.notes.add('apuntes', 'Nos vemos mañana a las diez.', 2);
    c.say(`haz tarjetas de la nota ${note.id}`);
    await c.settle();
    const said = c.tg.server.history(c.chatId).filter(fromBot).map((m) => m.text ?? '').join('\n');
    expect(said).toContain(`La nota ${note.id} no da tarjetas nuevas: no dice ninguna definición`);
    expect(said).not.toMatch(/✅ Tarjetas de repaso\s*$/mu);
  });
});
