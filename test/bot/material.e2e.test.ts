/**
 * Material in the chat (issue 26): the real bot behind the embedded Bot API, the student sending
 * files as the chat page does (the bytes in the server's file store, a `document`/`photo` update,
 * downloaded by the bot with getFile). A PDF becomes one proposal with [✅ Guardar]
 * [📅 Cambiar semana] [❌ Descartar]; its approval works after a restart; the same file again adds
 * nothing; a bad file gets its sentence; a photo is read by OCR and moved to another week.
 */
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { printedPage, scrawl, textPdf } from '../support/material-fixtures.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const NOTAS = [
  ['Genética', 'La genética estudia cómo se heredan los caracteres de padres a hijos. Mendel trabajó con guisantes y descubrió que los caracteres se transmiten por unidades que hoy llamamos genes.'],
  ['Los alelos son las formas distintas de un mismo gen. Un individuo homocigoto tiene dos alelos iguales y uno heterocigoto tiene dos alelos diferentes para ese carácter.'],
  ['Historia del arte', 'El impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos. Monet y Renoir son sus pintores más conocidos del siglo diecinueve.'],
];
const isProposal = (m: Message) => (m.text ?? '').startsWith('De «');
const button = (m: Message, label: RegExp) => buttonsOf(m).find((b) => label.test(b.text))?.callback_data ?? '';
const after = (id: number, pick: (m: Message) => boolean) => (ms: Message[]) => ms.find((m) => m.message_id > id && pick(m));

describe('material in the chat', () => {
  it('a PDF: one proposal, approved after a restart, saved once; the same file again adds nothing; a Word file gets its sentence', async () => {
    chat = await startLocalChat('cv-material-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const pdf = Buffer.from(await textPdf(NOTAS));
    const sent = await sendUserFile(t.server, pdf, 'Tema 4.pdf', 'document');
    const proposal = await waitForMessage(t, 'the proposal', after(sent.message_id, isProposal));
    expect(proposal.text!.split('\n')[0]).toBe('De «Tema 4.pdf» (3 páginas): 1 nota para la semana 3 «Historia del arte», 2 sin semana.');
    expect(buttonsOf(proposal).map((b) => b.text)).toEqual(['✅ Guardar', '📅 Cambiar semana', '❌ Descartar']);
    expect((await chat.notebook.notes.list()).length).toBe(before);

    // The pending import is on disk: a restarted bot answers its button.
    await chat.restartBot();
    t.server.pressButton(proposal.message_id, button(proposal, /Guardar/));
    const saved = await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const notes = await chat.notebook.notes.list();
    expect(notes.length).toBe(before + 3);
    expect(saved.text).toBe(MATERIAL.saved(notes.slice(before).map((n) => n.id)));
    expect(notes.slice(before).map((n) => n.tema)).toEqual(['genética', 'genética', 'historia del arte']);
    // Each saved note carries the week the proposal showed (the course's rule), none for the others.
    expect(notes.slice(before).map((n) => n.semana)).toEqual([null, null, 3]);

    // The same bytes again, even under another name: «ya lo tenía», nothing added.
    const again = await sendUserFile(t.server, pdf, 'copia.pdf', 'document');
    const had = await waitForMessage(t, 'ya lo tenía', after(again.message_id, (m) => /^Ya lo tenía/.test(m.text ?? '')));
    expect(had.text).toBe(MATERIAL.alreadyHad('Tema 4.pdf', 3));
    // The saved proposal has no buttons left to tap twice.
    expect(buttonsOf(t.server.history().find((m) => m.message_id === proposal.message_id)!)).toEqual([]);
    expect((await chat.notebook.notes.list()).length).toBe(before + 3);

    const docx = await sendUserFile(t.server, Buffer.from([0x50, 0x4b, 3, 4, 0, 0]), 'Tema 5.docx', 'document');
    const refused = await waitForMessage(t, 'the Word refusal', after(docx.message_id, (m) => m.from?.is_bot === true));
    expect(refused.text).toBe(MATERIAL.problem({ kind: 'docx', name: 'Tema 5.docx' }));
  });

  it('a photo of a printed page: read by OCR, moved to week 3 with «Cambiar semana», then saved', async () => {
    chat = await startLocalChat('cv-material-photo-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const photo = Buffer.from(await printedPage([NOTAS[0]![1]!, NOTAS[1]![0]!], { degrees: 1.5, noise: 0.01, format: 'jpeg' }));
    const sent = await sendUserFile(t.server, photo, 'pagina.jpg', 'photo');
    const proposal = await waitForMessage(t, 'the photo proposal', after(sent.message_id, isProposal));
    expect(proposal.text).toMatch(/^De «foto\.jpg» \(foto\): 2 notas sin semana\.\n\n1\. La genética estudia/);

    t.server.pressButton(proposal.message_id, button(proposal, /Cambiar semana/));
    const weeks = await waitForMessage(t, 'the week choice', (ms) => ms.find((m) => m.message_id === proposal.message_id && buttonsOf(m).some((b) => b.text === 'Semana 3')));
    t.server.pressButton(proposal.message_id, button(weeks, /^Semana 3$/));
    const moved = await waitForMessage(t, 'the proposal for week 3', (ms) => ms.find((m) => m.message_id === proposal.message_id && /para la semana 3 «Historia del arte»/.test(m.text ?? '') && buttonsOf(m).length === 3));
    t.server.pressButton(moved.message_id, button(moved, /Guardar/));
    await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => /^Guardado: las notas/.test(m.text ?? '')));
    const notes = await chat.notebook.notes.list();
    expect(notes.length).toBe(before + 2);
    expect(notes.at(-2)!.texto).toMatch(/^La genética estudia/);
    expect(notes.at(-1)!.texto).toMatch(/^Los alelos son/);
    // Moved to week 3 before saving: both notes are week 3's.
    expect(notes.slice(-2).map((n) => n.semana)).toEqual([3, 3]);
  });

  it('the chat page uploads a file as Telegram apps do: the document shows in the chat and becomes a proposal', async () => {
    chat = await startLocalChat('cv-material-page-');
    const t = chat.tg;
    const md = Buffer.from(`# Música\n\n${NOTAS[0]![1]!} La música de Bach también se hereda en las familias de músicos.`, 'utf8');
    const upload = (headers: Record<string, string>) =>
      fetch(new URL(`/api/files?name=${encodeURIComponent('apuntes música.md')}&as=document`, t.chatUrl), { method: 'POST', body: md, headers: { Origin: new URL(t.chatUrl).origin, 'Content-Type': 'application/octet-stream', ...headers } });
    // Uploads need the page's secret like every other route of the page (issue 22).
    expect((await upload({})).status).toBe(401);
    const auth = { Authorization: `Bearer ${t.pageSecret}` };
    const res = await upload(auth);
    expect(res.status).toBe(200);
    const { message_id } = (await res.json()) as { message_id: number };
    const sent = t.server.history().find((m) => m.message_id === message_id)!;
    expect(sent.document).toMatchObject({ file_name: 'apuntes música.md', file_size: md.length });
    // The page shows it from the same file store the bot downloads it from.
    const shown = await fetch(new URL(`/files/${sent.document!.file_id}`, t.chatUrl), { headers: auth });
    expect(Buffer.from(await shown.arrayBuffer()).equals(md)).toBe(true);
    const proposal = await waitForMessage(t, 'the proposal', after(message_id, isProposal));
    expect(proposal.text!.split('\n')[0]).toBe('De «apuntes música.md»: 1 nota para la semana 4 «Música».');
    // Another site cannot post files into the chat.
    const foreign = await fetch(new URL('/api/files?name=x.txt', t.chatUrl), { method: 'POST', body: 'hola', headers: { Origin: 'https://example.com', ...auth } });
    expect(foreign.status).toBe(403);
  });

  it('an unsure OCR is a draft: a reply with the corrected text replaces it before saving', async () => {
    chat = await startLocalChat('cv-material-draft-');
    const t = chat.tg;
    const sent = await sendUserFile(t.server, Buffer.from(await scrawl(NOTAS[0]![1]!, 25)), 'a mano.png', 'photo');
    const proposal = await waitForMessage(t, 'the draft proposal', after(sent.message_id, isProposal));
    expect(proposal.text).toMatch(/Ojo: he leído la imagen con poca seguridad \(\d+ %\)/);
    const fixed = `${NOTAS[0]![1]!} Corregido por mí.`;
    const reply = t.server.sendUserText(fixed, undefined, { replyTo: proposal.message_id });
    const again = await waitForMessage(t, 'the corrected proposal', after(reply.message_id, (m) => (m.text ?? '').startsWith(MATERIAL.corrected)));
    expect(again.text).not.toMatch(/Ojo/);
    t.server.pressButton(again.message_id, button(again, /Guardar/));
    await waitForMessage(t, 'the saved line', after(again.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    expect((await chat.notebook.notes.list()).at(-1)!.texto).toBe(fixed);
  });
});
