/**
 * Material in the chat (issue 26): the real bot behind the embedded Bot API, the student sending
 * files as the chat page does (the bytes in the server's file store, a `document`/`photo` update,
 * downloaded by the bot with getFile). A PDF becomes one proposal with [✅ Guardar]
 * [📅 Cambiar semana] [❌ Descartar]; its approval works after a restart; the same file again adds
 * nothing; a bad file gets its sentence. Photos (OCR: a child process) are in material-photos.process.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { textPdf } from '../support/material-fixtures.js';
import { after, button, isProposal, NOTAS } from './material-support.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('material in the chat', () => {
  it('a PDF: one proposal, approved after a restart, saved once; the same file again adds nothing; a damaged Word file gets its sentence', async () => {
    chat = await startLocalChat('cv-material-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const pdf = Buffer.from(await textPdf(NOTAS));
    const sent = await sendUserFile(t.server, pdf, 'Tema 4.pdf', 'document');
    const proposal = await waitForMessage(t, 'the proposal', after(sent.message_id, isProposal));
    // One document, one week — and none when most of its sections are about no week of the course.
    expect(proposal.text!.split('\n')[0]).toBe('De «Tema 4.pdf» (3 páginas): 3 notas sin semana.');
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
    // Each saved note carries what the proposal showed: no week.
    expect(notes.slice(before).map((n) => n.semana)).toEqual([null, null, null]);

    // The same bytes again, even under another name: «ya lo tenía», nothing added.
    const again = await sendUserFile(t.server, pdf, 'copia.pdf', 'document');
    const had = await waitForMessage(t, 'ya lo tenía', after(again.message_id, (m) => /^Ya lo tenía/.test(m.text ?? '')));
    expect(had.text).toBe(MATERIAL.alreadyHad('Tema 4.pdf', 3));
    // The saved proposal has no buttons left to tap twice.
    expect(buttonsOf(t.server.history().find((m) => m.message_id === proposal.message_id)!)).toEqual([]);
    expect((await chat.notebook.notes.list()).length).toBe(before + 3);

    const docx = await sendUserFile(t.server, Buffer.from([0x50, 0x4b, 3, 4, 0, 0]), 'Tema 5.docx', 'document');
    const refused = await waitForMessage(t, 'the Word refusal', after(docx.message_id, (m) => m.from?.is_bot === true));
    expect(refused.text).toBe(MATERIAL.problem({ kind: 'docx_roto', name: 'Tema 5.docx' }));
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

  it('an empty file from the chat page is answered in the chat, like a file of the wrong kind: it is empty, nothing saved', async () => {
    chat = await startLocalChat('cv-material-empty-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const post = (name: string, as: string) => fetch(new URL(`/api/files?name=${encodeURIComponent(name)}&as=${as}`, t.chatUrl), {
      method: 'POST', body: new Uint8Array(), headers: { Origin: new URL(t.chatUrl).origin, 'Content-Type': 'application/octet-stream', Authorization: `Bearer ${t.pageSecret}` },
    });
    // A document, a «photo» (the page picks by type; empty, it has no picture) and a text file
    // (read like a paste first): each shows in the chat as sent, and the bot says it is empty — an
    // empty .zip too, whose name alone would get «No sé leer».
    for (const [name, as] of [['Tema 6.pdf', 'document'], ['pizarra.png', 'photo'], ['apuntes.txt', 'document'], ['fotos.zip', 'document']] as const) {
      const res = await post(name, as);
      expect(res.status, name).toBe(200);
      const { message_id } = (await res.json()) as { message_id: number };
      expect(t.server.history().find((m) => m.message_id === message_id)!.document).toMatchObject({ file_name: name, file_size: 0 });
      const answer = await waitForMessage(t, `the answer to ${name}`, after(message_id, (m) => m.from?.is_bot === true));
      expect(answer.text, name).toBe(MATERIAL.problem({ kind: 'vacio' }));
      expect(answer.text).toMatch(/vacío.*no he guardado nada/);
    }
    expect((await chat.notebook.notes.list()).length).toBe(before);
  });

});
