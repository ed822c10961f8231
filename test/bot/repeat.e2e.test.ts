/**
 * Repeats (issue 13, item 4; issue 46, item 4): asking for a week that is already made is ONE
 * message — a reply to the newest cover, saying what the student has — with buttons to redo; no run,
 * no approval, nothing re-sent. After «otra portada» the next repeat points at the new cover, not
 * the replaced one. Notes added since the episode and the cards are said, with a button that makes
 * the cards of those. Real bot and agent (offline planner) over the Bot API emulator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, real, until } from './steps.js';
import { notesOfWeek } from '../../src/domain/course/course.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('a repeat is one message', () => {
  it('points at the newest cover, says what there is, re-sends nothing, and its buttons redo only what is asked', async () => {
    stack = await startStack(real);
    const h = stack.h;
    const owner = h.client({ userId: OWNER, firstName: 'Ana' });
    const uploads = () => h.uploads.filter((u) => u.chatId === OWNER);
    const covers = () => uploads().filter((u) => u.method === 'sendPhoto' && /Portada/.test(u.fields.caption ?? ''));

    await owner.say('prepara la semana 3');
    const first = await answerUntilReport(owner, () => 'Aprobar');
    await until(async () => uploads().length === 2);
    const cover = covers()[0]!;
    let seen = [...first.approvals.map((a) => a.messageId), first.report.messageId];
    await stack.cb.runs.idle();

    const before = (await owner.messages()).length;
    await owner.say('prepara la semana 3');
    await until(async () => (await owner.messages()).length > before);
    await stack.cb.runs.idle();
    const again = (await owner.messages()).slice(before);
    expect(again).toHaveLength(1); // one message: no status, no approval, no pointers, no report
    const repeat = again[0]!;
    expect(repeat.replyTo).toBe(cover.messageId);
    expect(repeat.text).toMatch(/^↩️ Ya tienes preparada la semana 3 · Historia del arte; no he vuelto a hacer nada:/);
    expect(repeat.text).toMatch(/• Portada: la del mensaje que cito arriba \(la más reciente\)/);
    expect(repeat.text).toMatch(/• Narración: el pódcast más reciente/);
    expect(repeat.text).toMatch(/• Tarjetas: \d+ en tu mazo/);
    expect(repeat.text).not.toMatch(/nuevas \(o cambiadas\)/);
    expect(repeat.buttons).toEqual([{ text: '🔄 Otra portada', data: 'qr:r:3' }, { text: '🔄 Narrar de nuevo', data: 'qr:v:3' }]);
    expect(uploads()).toHaveLength(2); // nothing re-sent
    // The command says the same, in the same one message.
    const beforeCommand = (await owner.messages()).length;
    await owner.say('/semana 3');
    await until(async () => (await owner.messages()).length > beforeCommand);
    await stack.cb.runs.idle();
    const byCommand = (await owner.messages()).slice(beforeCommand);
    expect(byCommand).toHaveLength(1);
    expect(byCommand[0]!.replyTo).toBe(cover.messageId);

    // Redo the cover from its button: only a new cover is made and sent.
    await owner.press(repeat.messageId, 'qr:r:3');
    const redo = await answerUntilReport(owner, () => 'Aprobar', seen);
    expect(redo.report.text).toMatch(/\n✅ Portada\n/);
    await until(async () => covers().length === 2);
    expect(uploads().filter((u) => u.method === 'sendAudio')).toHaveLength(1);
    seen = [...seen, ...redo.approvals.map((a) => a.messageId), redo.report.messageId];
    await stack.cb.runs.idle();

    // The same wish once more: the pointer is the NEW cover («es esta» used to jump to the replaced one).
    const before2 = (await owner.messages()).length;
    await owner.say('prepara la semana 3');
    await until(async () => (await owner.messages()).length > before2);
    await stack.cb.runs.idle();
    const third = (await owner.messages()).slice(before2);
    expect(third).toHaveLength(1);
    expect(third[0]!.replyTo).toBe(covers()[1]!.messageId);
    expect(third[0]!.replyTo).not.toBe(cover.messageId);
  });

  it('says the notes new since the episode and the cards, and its button makes the cards of those', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 3');
    const first = await answerUntilReport(owner, () => 'Aprobar');
    await stack.cb.runs.idle();
    const cardsBefore = (await stack.notebook.cards.list()).length;

    // A new note of week 3 (its week said outright), after the episode and the cards were made.
    await stack.notebook.notes.add('impresionismo', 'El puntillismo de Seurat descompone el color en puntos pequeños de tonos puros que el ojo mezcla a distancia.', 3);
    const before = (await owner.messages()).length;
    await owner.say('prepara la semana 3');
    await until(async () => (await owner.messages()).length > before);
    await stack.cb.runs.idle();
    const again = (await owner.messages()).slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]!.text).toMatch(/🆕 Hay 1 nota nueva \(o cambiada\) desde el episodio y las tarjetas\./);
    const cardsButton = again[0]!.buttons.find((b) => b.data === 'qr:t:3');
    expect(cardsButton?.text).toBe('🃏 Tarjetas de la nota nueva');

    await owner.press(again[0]!.messageId, 'qr:t:3');
    const made = await answerUntilReport(owner, () => 'Aprobar', [...first.approvals.map((a) => a.messageId), first.report.messageId]);
    expect(made.report.text).toMatch(/✅ Tarjetas de repaso: .*\d+ nueva/);
    expect((await stack.notebook.cards.list()).length).toBeGreaterThan(cardsBefore);
  });

  it('says when the episode still narrates a note that left the week (moved or deleted), and offers to narrate again', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 3');
    await answerUntilReport(owner, () => 'Aprobar');
    await stack.cb.runs.idle();

    // One of the notes the episode narrates moves to week 2.
    // The test's notebook is the demo's (no course of the student's own: the demo course).
    const weekNotes = notesOfWeek(DEMO_COURSE, await stack.notebook.notes.list(), 3);
    expect(weekNotes.length).toBeGreaterThan(1);
    await stack.notebook.notes.update(weekNotes[0]!.id, { semana: 2 });
    const before = (await owner.messages()).length;
    await owner.say('prepara la semana 3');
    await until(async () => (await owner.messages()).length > before);
    await stack.cb.runs.idle();
    const again = (await owner.messages()).slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]!.text).toMatch(/🗑️ El episodio aún cuenta una nota que ya no está en esta semana \(borrada o movida\)\./);
    expect(again[0]!.text).toMatch(/Para un episodio al día, pulsa «Narrar de nuevo»\./);
    expect(again[0]!.buttons.map((b) => b.data)).toContain('qr:v:3');
  });

  it('a repeat that still runs (the episode missing) points «es esta» at the newest cover, not the replaced one', async () => {
    stack = await startStack(real);
    const h = stack.h;
    const owner = h.client({ userId: OWNER, firstName: 'Ana' });
    const covers = () => h.uploads.filter((u) => u.chatId === OWNER && u.method === 'sendPhoto' && /Portada/.test(u.fields.caption ?? ''));
    await owner.say('prepara la semana 3');
    // The cover yes, the narration no: the week is not all made.
    const first = await answerUntilReport(owner, (m) => (/portada/.test(m.text) ? 'Aprobar' : 'Rechazar'));
    let seen = [...first.approvals.map((a) => a.messageId), first.report.messageId];
    await stack.cb.runs.idle();
    await owner.say('rehaz la portada de la semana 3');
    const redo = await answerUntilReport(owner, () => 'Aprobar', seen);
    seen = [...seen, ...redo.approvals.map((a) => a.messageId), redo.report.messageId];
    await until(async () => covers().length === 2);
    await stack.cb.runs.idle();

    const before = (await owner.messages()).length;
    await owner.say('prepara la semana 3');
    await answerUntilReport(owner, () => 'Aprobar', seen);
    await stack.cb.runs.idle();
    const pointer = (await owner.messages()).slice(before).find((m) => /La portada de la semana 3 ya la tienes: es esta/.test(m.text))!;
    expect(pointer.replyTo).toBe(covers()[1]!.messageId);
    expect(covers()).toHaveLength(2);
  });
});
