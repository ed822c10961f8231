/**
 * Photos in the chat (issue 26): the real bot behind the embedded Bot API, photos read by OCR in
 * the OCR child process (hence a process test). A photo of a printed page becomes a proposal and is
 * moved to another week; an unsure reading is a draft the student corrects by replying; photos sent
 * together (one media group) become one import of at most 20, the rest refused in one sentence,
 * and the same photos again add nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { MAX_GROUP_PHOTOS } from '../../src/domain/material/limits.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { printedPage, scrawl } from '../support/material-fixtures.js';
import { after, button, isProposal, NOTAS } from './material-support.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('photos in the chat', () => {
  it('a photo of a printed page: read by OCR, moved to week 3 with «Cambiar semana», then saved', async () => {
    chat = await startLocalChat('cv-material-photo-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const photo = Buffer.from(await printedPage([NOTAS[0]![1]!, NOTAS[1]![0]!], { degrees: 1.5, noise: 0.01, format: 'jpeg' }));
    const sent = await sendUserFile(t.server, photo, 'pagina.jpg', 'photo');
    const proposal = await waitForMessage(t, 'the photo proposal', after(sent.message_id, isProposal));
    // Named by its first words (the page has no title of its own), not «foto.jpg» like every photo.
    expect(proposal.text).toMatch(/^De «La genética estudia [^»]*…» \(foto\): 2 notas sin semana\.\n\n1\. La genética estudia/);

    t.server.pressButton(proposal.message_id, button(proposal, /Cambiar semana/));
    const weeks = await waitForMessage(t, 'the week choice', (ms) => ms.find((m) => m.message_id === proposal.message_id && buttonsOf(m).some((b) => b.text === '3 · Historia del arte')));
    t.server.pressButton(proposal.message_id, button(weeks, /^3 · Historia del arte$/));
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

  it(`photos sent together: the first ${MAX_GROUP_PHOTOS} are one import, the rest refused in one sentence; the same photos again add nothing`, { timeout: 300_000 }, async () => {
    chat = await startLocalChat('cv-material-album-');
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const words = ['agua', 'bosque', 'cielo', 'desierto', 'estrella', 'fuego', 'glaciar', 'hierba', 'isla', 'jardín', 'lago', 'montaña', 'nube', 'océano', 'pradera', 'río', 'selva', 'tierra', 'valle', 'volcán', 'zorro'];
    const photos = await Promise.all(words.map(async (w) => Buffer.from(await printedPage([`La palabra de esta foto es ${w}, escrita para comprobar que se lee bien.`], { format: 'png', px: 30, width: 1100 }))));
    const sent = [];
    for (const p of photos) sent.push(await sendUserFile(t.server, p, 'foto.png', 'photo', t.server.user, { mediaGroupId: 'album-1' }));
    const last = sent.at(-1)!.message_id;
    const refused = await waitForMessage(t, 'the sentence for the extra photo', after(last, (m) => /^Me has mandado/.test(m.text ?? '')));
    expect(refused.text).toBe(MATERIAL.tooManyPhotos(21, MAX_GROUP_PHOTOS, 1));
    const proposal = await waitForMessage(t, 'one proposal for the group', after(last, isProposal));
    expect(proposal.text).toMatch(/^De «20 fotos»: \d+ notas? sin semana\./);
    expect(t.server.history().filter((m) => m.message_id > last && isProposal(m))).toHaveLength(1);
    t.server.pressButton(proposal.message_id, button(proposal, /Guardar/));
    await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const saved = (await chat.notebook.notes.list()).slice(before).map((n) => n.texto).join('\n');
    for (const w of words.slice(0, MAX_GROUP_PHOTOS)) expect(saved, w).toContain(`es ${w},`);
    expect(saved).not.toContain(words[MAX_GROUP_PHOTOS]);

    // The same twenty photos again, in another group: «ya lo tenía», nothing added.
    const count = (await chat.notebook.notes.list()).length;
    const again = [];
    for (const p of photos.slice(0, MAX_GROUP_PHOTOS)) again.push(await sendUserFile(t.server, p, 'foto.png', 'photo', t.server.user, { mediaGroupId: 'album-2' }));
    const had = await waitForMessage(t, 'ya lo tenía', after(again.at(-1)!.message_id, (m) => m.from?.is_bot === true));
    expect(had.text).toBe(MATERIAL.alreadyHad('20 fotos', count - before));
    expect((await chat.notebook.notes.list()).length).toBe(count);
  });
});
