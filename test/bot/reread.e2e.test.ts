/**
 * «Leer de nuevo» in the chat (issue 43 §7): a lecture imported by an older reader — notes.json
 * version 2 without sources, notes cut mid-sentence at a page break, the last paragraph lost, and no
 * file kept — is asked for again in words («lee de nuevo el tema 5»); the bot asks for the file, reads
 * it, proposes the change and, on ✅, replaces the notes in place: the unchanged note keeps its id and
 * its card's review history, the changed ones keep their ids and week, the lost paragraph is added;
 * the changed note's card is offered and deleted as a tombstone. All of it audited. And a new version
 * of a lecture (the old text plus a new section) imports only what is new, and says so.
 */
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { REREAD } from '../../src/strings/reread.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { textPdf } from '../support/material-fixtures.js';
import { after, button, isProposal } from './material-support.js';
import { auditEvents, FIXTURE, olderInstall, type Fixture } from '../support/reread-fixture.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const fromBot = (m: Message) => m.from?.is_bot === true;


describe('read a document again', () => {
  it('an older import read again from the chat: notes replaced in place, the unchanged card keeps its history, the changed one is offered and deleted', async () => {
    chat = await startLocalChat('cv-reread-');
    const t = chat.tg;
    const fx = JSON.parse(await readFile(FIXTURE, 'utf8')) as Fixture;
    const pdf = await textPdf(fx.paginas);
    await mkdir(chat.dataDir, { recursive: true });
    await olderInstall(chat.dataDir, fx, pdf);
    await chat.restartBot();
    const reviewBefore = await readFile(path.join(chat.dataDir, 'repaso.json'), 'utf8');

    // Asked in words: the import is older than the kept files, so the file is asked for.
    const ask = t.server.sendUserText('lee de nuevo el tema 5');
    const need = await waitForMessage(t, 'the question for the file', after(ask.message_id, fromBot));
    expect(need.text).toBe(REREAD.needFile('Tema5.pdf'));

    // The file again: read for the re-read, not imported anew.
    const sent = await sendUserFile(t.server, Buffer.from(pdf), 'Tema5.pdf', 'document');
    const proposal = await waitForMessage(t, 'the re-read', after(sent.message_id, fromBot));
    expect(isProposal(proposal)).toBe(false);
    expect(proposal.text).toBe(REREAD.proposal({ nombre: 'Tema5.pdf', iguales: 1, cambiadas: 2, nuevas: 1, quitadas: 0, tuyas: 0, yaTenias: 0, semanaNuevas: 4, tarjetas: 1 }));
    expect(buttonsOf(proposal).map((b) => b.text)).toEqual(['✅ Cambiar las notas', '❌ Dejarlo como está']);
    // Nothing changed before the ✅, and the button works after a restart.
    expect((await chat.notebook.notes.list()).find((n) => n.id === 14)!.texto).toBe(fx.antiguas.notas[1]!.texto);
    await chat.restartBot();
    t.server.pressButton(proposal.message_id, button(proposal, /Cambiar las notas/));
    const saved = await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => fromBot(m) && /^Listo/.test(m.text ?? '')));
    expect(saved.text).toBe(REREAD.saved('Tema5.pdf', [14, 15], [16]));

    const notes = await chat.notebook.notes.list();
    const lecture = notes.filter((n) => n.id > 12);
    expect(lecture.map((n) => n.id)).toEqual([13, 14, 15, 16]);
    expect(lecture.map((n) => n.texto)).toEqual(fx.paginas.flat().slice(1));
    // In place: the same week; every note now knows its file and page.
    expect(lecture.map((n) => n.semana)).toEqual([4, 4, 4, 4]);
    expect(lecture.map((n) => n.origen)).toEqual([1, 1, 2, 2].map((pagina) => ({ archivo: 'Tema5.pdf', pagina })));
    expect(notes.filter((n) => n.id <= 12).length).toBe(12);
    // The unchanged note's card: same id, same note, its review history untouched.
    const deck = await chat.notebook.cards.list();
    expect(deck.map((c) => [c.id, c.id_nota])).toEqual([[1, 13], [2, 14]]);
    expect(await readFile(path.join(chat.dataDir, 'repaso.json'), 'utf8')).toBe(reviewBefore);

    // The changed note's card is offered, alone, with keep and delete.
    const offered = await waitForMessage(t, 'the cards to review', after(saved.message_id, (m) => fromBot(m) && buttonsOf(m).length > 0));
    expect(buttonsOf(offered).map((b) => b.text)).toEqual(['✅ Conservar la 2', '🗑️ Borrar la 2']);
    t.server.pressButton(offered.message_id, button(offered, /Borrar la 2/));
    await waitForMessage(t, 'the card deleted', after(offered.message_id, (m) => fromBot(m) && m.text === REREAD.removed(2)));
    const stored = JSON.parse(await readFile(path.join(chat.dataDir, 'tarjetas.json'), 'utf8')) as { tarjetas: { id: number; borrada?: true }[] };
    expect(stored.tarjetas.map((c) => [c.id, c.borrada ?? false])).toEqual([[1, false], [2, true]]);

    const events = await auditEvents(chat.dataDir);
    const reread = events.find((e) => e.event === 'documento_releido');
    expect(reread).toMatchObject({ iguales: [13], cambiadas: [14, 15], nuevas: [16], quitadas: [], tarjetas_a_revisar: [2] });
    expect(events.some((e) => e.event === 'tarjeta_borrada' && e.tarjeta === 2)).toBe(true);

    // Kept from now on: asked again, it is read at once — and nothing is new any more.
    const again = t.server.sendUserText('vuelve a leer Tema5.pdf');
    const second = await waitForMessage(t, 'the second re-read', after(again.message_id, fromBot));
    expect(second.text).toBe(REREAD.proposal({ nombre: 'Tema5.pdf', iguales: 4, cambiadas: 0, nuevas: 0, quitadas: 0, tuyas: 0, yaTenias: 0, semanaNuevas: null, tarjetas: 0 }));
    // Nothing would change (walk item 11): no «✅ Cambiar las notas» to offer, and nothing pending.
    expect(second.text).toMatch(/no hay nada que cambiar/);
    expect(buttonsOf(second)).toEqual([]);

    // The material list: each document with its notes and its button, which reads it again.
    const listed = t.server.sendUserText('/material');
    const list = await waitForMessage(t, 'the material list', after(listed.message_id, fromBot));
    expect(list.text).toBe(REREAD.list([{ nombre: 'Tema5.pdf', notas: 4 }]));
    expect(buttonsOf(list).map((b) => b.text)).toEqual(['🔁 Leer de nuevo «Tema5.pdf»']);
    t.server.pressButton(list.message_id, button(list, /Leer de nuevo/));
    const third = await waitForMessage(t, 'the re-read from the list', after(list.message_id, (m) => fromBot(m) && /^He leído de nuevo/.test(m.text ?? '')));
    expect(third.text).toBe(second.text);
    expect(buttonsOf(third)).toEqual([]);
  });

  it('a new version of a lecture (the old text plus a new section) imports only the new section and says so', async () => {
    chat = await startLocalChat('cv-reread-version-');
    const t = chat.tg;
    const fx = JSON.parse(await readFile(FIXTURE, 'utf8')) as Fixture;
    const first = await sendUserFile(t.server, Buffer.from(await textPdf(fx.paginas)), 'Tema5.pdf', 'document');
    const proposal = await waitForMessage(t, 'the first proposal', after(first.message_id, isProposal));
    t.server.pressButton(proposal.message_id, button(proposal, /Guardar/));
    await waitForMessage(t, 'saved', after(proposal.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const before = (await chat.notebook.notes.list()).length;

    const added = [
      'La tercera ley',
      'El tercer principio afirma que la entropía de un cristal perfecto tiende a cero cuando la temperatura se acerca al cero absoluto, que no puede alcanzarse en un número finito de pasos.',
    ];
    const v2 = await textPdf([...fx.paginas, added]);
    const sent = await sendUserFile(t.server, Buffer.from(v2), 'Tema5_v2.pdf', 'document');
    const next = await waitForMessage(t, 'the new version', after(sent.message_id, isProposal));
    const lines = next.text!.split('\n');
    expect(lines[0]).toMatch(/^De «Tema5_v2\.pdf» \(3 páginas\): 1 nota /);
    expect(lines).toContain('Es una versión nueva de «Tema5.pdf»: ya tenías 4 notas de este documento; añado 1 nueva.');
    t.server.pressButton(next.message_id, button(next, /Guardar/));
    await waitForMessage(t, 'saved again', after(next.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const notes = await chat.notebook.notes.list();
    expect(notes.length).toBe(before + 1);
    expect(notes.at(-1)!.texto).toContain('El tercer principio afirma');
  });
});
