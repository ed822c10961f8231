/**
 * A misread word fixed in the chat by a reply to the proposal («eCoSistema → ecosistema»): the
 * real bot behind the embedded Bot API; the proposal is shown again with the word fixed, and what
 * [✅ Guardar] saves is the fixed text. A word not in the text is named and nothing changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from 'grammy/types';
import { MATERIAL } from '../../src/strings/material.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { after, button, isProposal } from './material-support.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const fromBot = (m: Message) => m.from?.is_bot === true;
const TEXT = 'Los ecosistemas\n\nUn eCoSistema es el conjunto formado por los seres vivos de un lugar y el medio físico en el que viven, con las relaciones que los unen entre sí y con ese medio.';

describe('fixing a word of a proposal', () => {
  it('a reply «palabra → arreglo» fixes it in the proposal and in the saved note; a word not found is named', async () => {
    chat = await startLocalChat('cv-word-fixes-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const sent = await sendUserFile(t.server, Buffer.from(TEXT), 'ecologia.txt', 'document');
    const proposal = await waitForMessage(t, 'the proposal', after(sent.message_id, isProposal));

    const wrong = t.server.sendUserText('eCoSistemas → ecosistemas', undefined, { replyTo: proposal.message_id });
    const notFound = await waitForMessage(t, 'the word not found', after(wrong.message_id, fromBot));
    expect(notFound.text).toBe(MATERIAL.wordsFixed(0, ['eCoSistemas']));

    const fix = t.server.sendUserText('eCoSistema → ecosistema', undefined, { replyTo: proposal.message_id });
    const again = await waitForMessage(t, 'the proposal again', after(fix.message_id, fromBot));
    expect(again.text!.startsWith(MATERIAL.wordsFixed(1, []))).toBe(true);
    expect(again.text).toContain('De «ecologia.txt»');
    t.server.pressButton(again.message_id, button(again, /Guardar/));
    await waitForMessage(t, 'the saved line', after(again.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const saved = (await chat.notebook.notes.list()).slice(before);
    expect(saved.map((n) => n.texto).join('\n')).toContain('Un ecosistema es el conjunto');
    expect(saved.map((n) => n.texto).join('\n')).not.toContain('eCoSistema');
  });
});
