/**
 * Long material in the chat: a document of many notes gets its proposal within Telegram's message
 * limit (the embedded Bot API refuses a longer text, as Telegram does), listing the notes' first lines
 * while they fit and counting the rest — and [✅ Guardar] saves every note, listed or not. A 20-page
 * PDF of 80 paragraphs once got «No pude atender ese mensaje por un error interno» twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { textPdf } from '../support/material-fixtures.js';
import { after, button, isProposal } from './material-support.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const SUBJECTS = ['la fotosíntesis', 'el ciclo del carbono', 'la sucesión ecológica', 'los biomas terrestres', 'la cadena trófica'];
const PLACES = ['en los bosques templados', 'en las praderas', 'en los océanos abiertos', 'en los desiertos fríos'];

/** Paragraph k of the lecture: each one its own sentence, long enough to be a note of its own. */
const paragraph = (page: number, k: number) =>
  `Apartado ${page}.${k}: ${SUBJECTS[(page + k) % SUBJECTS.length]} ${PLACES[k % PLACES.length]} depende de la luz, del agua disponible y de la temperatura media de la estación número ${page * 4 + k}; el profesor lo explicó con el ejemplo ${page * 7 + k * 3} de la práctica de campo.`;

describe('a long document in the chat', () => {
  it('80 paragraphs over 20 pages: one proposal within 4,096 characters that counts the notes it does not list, and every note saved', async () => {
    chat = await startLocalChat('cv-long-material-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const pages = Array.from({ length: 20 }, (_, p) => Array.from({ length: 4 }, (_, k) => paragraph(p + 1, k + 1)));
    const sent = await sendUserFile(t.server, Buffer.from(await textPdf(pages)), 'Tema 3 ampliado.pdf', 'document');
    const proposal = await waitForMessage(t, 'the proposal', after(sent.message_id, (m) => isProposal(m) || m.from?.is_bot === true));
    expect(proposal.text).toMatch(/^De «Tema 3 ampliado\.pdf» \(20 páginas\): \d+ notas/);
    expect(proposal.text!.length).toBeLessThanOrEqual(4096);
    const listed = proposal.text!.split('\n').filter((l) => /^\d+\. /.test(l)).length;
    const more = /^… y (\d+) notas? más \(todas se guardan\)\.$/m.exec(proposal.text!);
    expect(more).not.toBeNull();
    const total = Number(/: (\d+) notas/.exec(proposal.text!.split('\n')[0]!)![1]);
    expect(listed + Number(more![1])).toBe(total);
    expect(total).toBeGreaterThan(listed);

    t.server.pressButton(proposal.message_id, button(proposal, /Guardar/));
    const saved = await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const notes = await chat.notebook.notes.list();
    expect(notes.length).toBe(before + total);
    expect(saved.text).toBe(MATERIAL.saved(notes.slice(before).map((n) => n.id)));
  });
});
