/**
 * Review in the chat, end to end: our bot over HTTP to the telegram-test-api emulator, the real
 * notebook in a temp dir, cards made by the real card builder. /repasar → reveal → rate with the
 * interval buttons → summary; a double tap and a stale button answer "ya calificada"; Deshacer; a
 * restart in the middle loses nothing; /tarjetas pages; /exportar sends an .apkg; the reminder on
 * a simulated clock (never twice a day, same-day catch-up after a restart).
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMANDS, S } from '../../src/strings/chat.js';
import { RS } from '../../src/strings/review.js';
import { buildCards } from '../../src/domain/cards/build.js';
import { cardGist } from '../../src/bot/format.js';
import { OWNER, STRANGER, startStack, type Stack } from './stack.js';
import { button, real } from './steps.js';
import type { BotMessage } from '../support/telegram.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** Seeds the deck with each note's cards, in order (a demo note is one sentence: one card each). */
async function withCards(s: Stack, noteIds: number[]): Promise<number[]> {
  const notes = await s.notebook.notes.list();
  const ids: number[] = [];
  for (const id of noteIds) ids.push(...(await s.notebook.cards.append(buildCards(notes.find((n) => n.id === id)!, notes))).cards.map((c) => c.id));
  return ids;
}

const isCard = (m: BotMessage) => m.text.startsWith('🃏 Tarjeta');
const rated = (m: BotMessage) => m.buttons.some((b) => b.text.startsWith('Bien · '));

describe('/repasar', () => {
  it('reveal → rate with the interval buttons → summary; double tap is "ya calificada"; Deshacer; restart loses nothing', async () => {
    stack = await startStack(real, { NUEVAS_POR_DIA: '3' });
    await withCards(stack, [9, 2, 7]);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });

    await owner.say('/repasar');
    const q1 = await owner.waitFor('the first card', (ms) => ms.find((m) => isCard(m) && m.buttons.some((b) => b.text === 'Mostrar respuesta')));
    expect(q1.text).toMatch(/^🃏 Tarjeta 1 · semana 3, nota 9\n\nCompleta la frase \(Historia del arte\): «El cubismo rompió la _____/);
    await owner.press(q1.messageId, button(q1, /Mostrar respuesta/));
    const a1 = await owner.waitFor('the answer side', (ms) => ms.find((m) => m.messageId === q1.messageId && rated(m) && m));
    expect(a1.text).toContain('Respuesta: perspectiva única');
    // A new card today: ts-fsrs's preview with default parameters.
    expect(a1.buttons.slice(0, 4).map((b) => b.text)).toEqual(['Otra vez · 1 min', 'Difícil · 6 min', 'Bien · 10 min', 'Fácil · 8 d']);

    const good = button(a1, /^Bien/);
    await owner.press(q1.messageId, good);
    await owner.press(q1.messageId, good); // double tap
    const q2 = await owner.waitFor('the second card', (ms) => ms.find((m) => isCard(m) && m.messageId !== q1.messageId && m.buttons.length > 0));
    expect(q2.text).toMatch(/^🃏 Tarjeta 2 /);
    await owner.waitFor('two answers to the two taps', () => stack!.h.answers.filter((a) => a.fromId === OWNER).length >= 3 || undefined);
    expect(stack.h.answers.filter((a) => a.data === good).map((a) => a.text)).toEqual(['Bien — vuelve en 10 min.', 'Esa tarjeta ya está calificada.']);
    let log = JSON.parse(await readFile(stack.notebook.files.reviews, 'utf8')).registro;
    expect(log).toHaveLength(1);

    // Reveal card 2, then restart the bot in the middle: the old buttons still work, once.
    await owner.press(q2.messageId, button(q2, /Mostrar respuesta/));
    const a2 = await owner.waitFor('card 2 answer side', (ms) => ms.find((m) => m.messageId === q2.messageId && rated(m) && m));
    await stack.restart(await real(stack.config));
    const again = button(a2, /^Otra vez/);
    await owner.press(q2.messageId, again);
    const q3 = await owner.waitFor('the third card', (ms) => ms.find((m) => isCard(m) && m.text.startsWith('🃏 Tarjeta 3 ') && m.buttons.length > 0));
    await owner.press(q2.messageId, again);
    await owner.waitFor('the stale tap answered', () => stack!.h.answers.filter((a) => a.data === again).length === 2 || undefined);
    expect(stack.h.answers.filter((a) => a.data === again).map((a) => a.text)).toEqual(['Otra vez — vuelve en 1 min.', 'Esa tarjeta ya está calificada.']);
    log = JSON.parse(await readFile(stack.notebook.files.reviews, 'utf8')).registro;
    expect(log.map((e: { id_tarjeta: number; calificacion: number }) => [e.id_tarjeta, e.calificacion])).toEqual([[1, 3], [2, 1]]);

    // Deshacer: the last answer (card 2, "otra vez") is undone and card 2 is asked again.
    await owner.press(q3.messageId, button(q3, /Deshacer/));
    const redo = await owner.waitFor('card 2 again', (ms) => ms.find((m) => m.text.startsWith('↩️ Deshecho: la tarjeta 2') && m.buttons.length > 0));
    log = JSON.parse(await readFile(stack.notebook.files.reviews, 'utf8')).registro;
    expect(log[1].deshecha).toEqual(expect.any(String));
    await owner.press(redo.messageId, button(redo, /Mostrar respuesta/));
    const redoA = await owner.waitFor('card 2 answer side again', (ms) => ms.find((m) => m.messageId === redo.messageId && rated(m) && m));
    await owner.press(redo.messageId, button(redoA, /^Fácil/));

    // With NUEVAS_POR_DIA=3 the third new card is the last new one; card 1 (learning, «vuelve en 10 min») is not shown before its time.
    const q = await owner.waitFor('card 3', (ms) => ms.find((m) => isCard(m) && m.messageId > redo.messageId && m.buttons.length > 0));
    expect(q.text).toMatch(/^🃏 Tarjeta 3 /);
    await owner.press(q.messageId, button(q, /Terminar/));
    const summary = await owner.waitText(/^✅ Repaso terminado/);
    // Terminar with cards still due tells so (issue 28): card 3 (the day's last new card) is due now,
    // and card 1 (learning, «Bien» 10 min ago at most) comes back later — said apart, since it is
    // not due yet.
    expect(summary.text).toBe('✅ Repaso terminado: 2 tarjetas.\nOtra vez: 0 · Difícil: 0 · Bien: 1 · Fácil: 1\nTe queda 1 tarjeta para repasar ahora, y 1 más vuelve en 10 min; sigue cuando quieras con /repasar.');
  });

  it('with nothing due it says how to get cards; Editar shows the command to change a card; strangers cannot press review buttons', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/repasar');
    await owner.waitText(/^No tienes tarjetas para repasar ahora\. Pide una semana/);
    await withCards(stack, [8]);
    await owner.say('/repasar');
    const q = await owner.waitFor('a card', (ms) => ms.find((m) => isCard(m) && m.buttons.length > 0));
    await owner.press(q.messageId, button(q, /Editar/));
    const how = await owner.waitText(/^Para cambiar la tarjeta \d+, envía la orden/);
    const card = (await stack.notebook.cards.list())[0]!;
    expect(how.text.split('\n').at(-1)).toBe(`/editar ${card.id} ${card.pregunta} | ${card.respuesta}`);
    const stranger = stack.h.client({ userId: STRANGER, chatId: OWNER });
    await stranger.press(q.messageId, button(q, /Mostrar respuesta/));
    await owner.waitFor('the refusal', () => stack!.h.answers.some((a) => a.fromId === STRANGER) || undefined);
    expect(stack.h.answers.find((a) => a.fromId === STRANGER)).toMatchObject({ text: 'Este botón es de otra persona o ya no sirve.', showAlert: true });
  });
});

describe('deleting the card on screen', () => {
  it('the question names the card by its sentence; the card\'s message loses its buttons and says it was deleted', async () => {
    stack = await startStack(real);
    await withCards(stack, [9, 2]);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/repasar');
    const q = await owner.waitFor('the first card', (ms) => ms.find((m) => isCard(m) && m.buttons.length > 0));
    expect(q.text).toMatch(/Completa la frase \(Historia del arte\): «El cubismo/);
    await owner.press(q.messageId, button(q, /Borrar/));
    const ask = await owner.waitText(/^¿Borrar la tarjeta 1 \(«/);
    // The card's own words, not the «Completa la frase (…):» every cloze starts with.
    expect(ask.text).toMatch(/^¿Borrar la tarjeta 1 \(«El cubismo rompió la _____/);
    await owner.press(ask.messageId, button(ask, /Sí, bórrala/));
    await owner.waitFor('the next card', (ms) => ms.find((m) => isCard(m) && m.messageId > ask.messageId && m.buttons.length > 0));
    const gone = (await owner.messages()).find((m) => m.messageId === q.messageId)!;
    expect(gone.buttons).toEqual([]);
    expect(gone.text).toMatch(/^🃏 Tarjeta 1 [\s\S]*El cubismo[\s\S]*\n\n🗑 Borraste esta tarjeta: ya no está en tu mazo ni en tus repasos\.$/);
  });
});

describe('/repasar tells the truth (issue 28)', () => {
  it('Terminar before rating says how many cards are still due, not that there are none', async () => {
    stack = await startStack(real, { NUEVAS_POR_DIA: '3' });
    await withCards(stack, [7, 8, 9]);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/repasar');
    const q = await owner.waitFor('a card', (ms) => ms.find((m) => isCard(m) && m.buttons.length > 0));
    await owner.press(q.messageId, button(q, /Terminar/));
    const end = await owner.waitText(/^⏹ Repaso terminado sin calificar/);
    expect(end.text).toMatch(/quedan 3 tarjetas para repasar ahora/);
    expect((await owner.messages()).some((m) => /No tienes tarjetas para repasar ahora/.test(m.text))).toBe(false);
  });

  it('a second /repasar keeps one live session: the first card loses its buttons', async () => {
    stack = await startStack(real, { NUEVAS_POR_DIA: '3' });
    await withCards(stack, [9]);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/repasar');
    const first = await owner.waitFor('a card', (ms) => ms.find((m) => isCard(m) && m.buttons.length > 0));
    await owner.say('/repasar');
    await owner.waitFor('the card shown again', (ms) => ms.find((m) => isCard(m) && m.messageId !== first.messageId && m.buttons.length > 0));
    const old = await owner.waitFor('the first card without buttons', (ms) => ms.find((m) => m.messageId === first.messageId && m.buttons.length === 0));
    expect(old.text).toBe(first.text);
    expect((await owner.messages()).filter((m) => isCard(m) && m.buttons.length > 0)).toHaveLength(1);
  });

  it('after Deshacer the message of the undone answer no longer says when the card comes back', async () => {
    stack = await startStack(real, { NUEVAS_POR_DIA: '3' });
    await withCards(stack, [7, 8, 9]);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/repasar');
    const q1 = await owner.waitFor('a card', (ms) => ms.find((m) => isCard(m) && m.buttons.length > 0));
    await owner.press(q1.messageId, button(q1, /Mostrar respuesta/));
    const a1 = await owner.waitFor('the answer side', (ms) => ms.find((m) => m.messageId === q1.messageId && rated(m) && m));
    await owner.press(q1.messageId, button(a1, /^Fácil/));
    await owner.waitFor('the rated message', (ms) => ms.find((m) => m.messageId === q1.messageId && /Fácil — vuelve en/.test(m.text)));
    const q2 = await owner.waitFor('the second card', (ms) => ms.find((m) => isCard(m) && m.messageId !== q1.messageId && m.buttons.length > 0));
    await owner.press(q2.messageId, button(q2, /Deshacer/));
    const fixed = await owner.waitFor('the undone answer corrected', (ms) => ms.find((m) => m.messageId === q1.messageId && /Deshecho/.test(m.text)));
    expect(fixed.text).not.toMatch(/vuelve en/);
    expect(fixed.text).toMatch(/«Fácil» ya no cuenta/);
    // The card where Deshacer was tapped now asks the undone one, with its buttons: no question is
    // left in the chat without buttons; the card it showed comes again after.
    const now = await owner.waitFor('the undone card asked', (ms) => ms.find((m) => m.messageId === q2.messageId && m.text.startsWith('↩️ Deshecho') && m));
    expect(now.buttons.map((b) => b.text)).toContain('Mostrar respuesta');
    expect((await owner.messages()).filter((m) => isCard(m) && !/Respuesta|Deshecho/.test(m.text) && m.buttons.length === 0)).toEqual([]);
  });

  it('the count at the end is of cards due now: a card just answered «Otra vez» comes back later and is said apart', async () => {
    stack = await startStack(real);
    await withCards(stack, [9, 5, 11, 2, 4, 6, 7]);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/repasar');
    const q1 = await owner.waitFor('a card', (ms) => ms.find((m) => isCard(m) && m.buttons.length > 0));
    await owner.press(q1.messageId, button(q1, /Mostrar respuesta/));
    const a1 = await owner.waitFor('the answer side', (ms) => ms.find((m) => m.messageId === q1.messageId && rated(m) && m));
    await owner.press(q1.messageId, button(a1, /^Otra vez/));
    const q2 = await owner.waitFor('the second card', (ms) => ms.find((m) => isCard(m) && m.messageId !== q1.messageId && m.buttons.length > 0));
    await owner.press(q2.messageId, button(q2, /Terminar/));
    const summary = await owner.waitText(/^✅ Repaso terminado/);
    // Seven were due; one was answered and is scheduled a minute ahead: six are due now, and the
    // answered one is named apart, since it comes back within minutes.
    expect(summary.text).toBe('✅ Repaso terminado: 1 tarjeta.\nOtra vez: 1 · Difícil: 0 · Bien: 0 · Fácil: 0\nTe quedan 6 tarjetas para repasar ahora, y 1 más vuelve en 1 min; sigue cuando quieras con /repasar.');
  });
});

describe('an empty deck sends the student where cards can come from (walk item 11)', () => {
  it('/tarjetas suggests a week that has notes, not week 1 when it has none; with no notes at all, sending them first', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER });
    await stack.notebook.notes.removeMany((await stack.notebook.notes.list()).map((n) => n.id));
    await stack.notebook.course.write({ titulo: 'Física II', semanas: [1, 2, 3].map((n) => ({ numero: n, titulo: `Tema ${n}`, inicio: null, terminos: [] })) });
    await owner.say('/tarjetas');
    const none = await owner.waitText(/^Tu mazo está vacío/);
    expect(none.text).toBe('Tu mazo está vacío. Primero mándame tus apuntes (un PDF, una foto de una página o un texto pegado); luego pídeme la semana y te preparo tarjetas.');
    await stack.notebook.notes.add('capacitores', 'Un capacitor almacena carga eléctrica entre dos placas.', 3);
    await owner.say('/tarjetas');
    const week3 = await owner.waitFor('the second answer', (ms) => ms.find((m) => m.messageId > none.messageId && /^Tu mazo está vacío/.test(m.text)));
    expect(week3.text).toBe('Tu mazo está vacío. Pide una semana (por ejemplo «prepara la semana 3») y te preparo tarjetas.');
    await owner.say('/repasar');
    const review = await owner.waitText(/^No tienes tarjetas para repasar ahora/);
    expect(review.text).toBe('No tienes tarjetas para repasar ahora. Pide una semana (por ejemplo «prepara la semana 3») y te preparo tarjetas.');
  });
});

describe('a card comes back no sooner than it was told (walk item 9)', () => {
  it('every card answered «Bien» ends the session: none is asked again before its 10 min, and the end says when they come back', async () => {
    stack = await startStack(real, { NUEVAS_POR_DIA: '3' });
    await withCards(stack, [9, 2]);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/repasar');
    for (const n of [1, 2]) {
      const q = await owner.waitFor(`card ${n}`, (ms) => ms.find((m) => isCard(m) && m.text.startsWith(`🃏 Tarjeta ${n} `) && m.buttons.some((b) => b.text === 'Mostrar respuesta')));
      await owner.press(q.messageId, button(q, /Mostrar respuesta/));
      const a = await owner.waitFor(`card ${n} answer side`, (ms) => ms.find((m) => m.messageId === q.messageId && rated(m) && m));
      await owner.press(q.messageId, button(a, /^Bien/));
    }
    const summary = await owner.waitText(/^✅ Repaso terminado/);
    expect(summary.text).toBe('✅ Repaso terminado: 2 tarjetas.\nOtra vez: 0 · Difícil: 0 · Bien: 2 · Fácil: 0\nAhora no te queda ninguna; 2 tarjetas vuelven en los próximos 10 min: repásalas entonces con /repasar.');
    expect((await owner.messages()).filter(isCard)).toHaveLength(2);
  });
});

describe('a wish in words starts the thing itself', () => {
  it('«vamos a repasar», «toca repasar», «hazme preguntas» show a card; «mándame mis tarjetas para anki» sends the deck', async () => {
    stack = await startStack(real);
    await withCards(stack, [9, 2]);
    const owner = stack.h.client({ userId: OWNER });
    for (const phrase of ['vamos a repasar', 'toca repasar', 'hazme preguntas']) {
      const before = (await owner.messages()).length;
      await owner.say(phrase);
      const card = await owner.waitFor(`a card after «${phrase}»`, (ms) => ms.slice(before).find((m) => isCard(m) && m.buttons.some((b) => b.text === 'Mostrar respuesta')));
      expect(card.text).toMatch(/^🃏 Tarjeta 1 /);
    }
    expect((await owner.messages()).some((m) => /escribe \/repasar/.test(m.text))).toBe(false);
    for (const phrase of ['exporta mis tarjetas', 'mándame mis tarjetas para anki']) {
      const sent = stack.h.uploads.filter((u) => u.method === 'sendDocument').length;
      await owner.say(phrase);
      await owner.waitFor(`the .apkg after «${phrase}»`, () => stack!.h.uploads.filter((u) => u.method === 'sendDocument').length === sent + 1 || undefined);
    }
    expect(stack.h.uploads.filter((u) => u.method === 'sendDocument').map((u) => u.filename)).toEqual(['cuaderno-vivo.apkg', 'cuaderno-vivo.apkg']);
  });
});

describe('/tarjetas, /exportar, card tools, /ayuda', () => {
  it('pages the deck by week and note, exports an .apkg, edits/suspends/deletes a card', async () => {
    stack = await startStack(real);
    // Nine cards: eight on page 1 (week 1 holds only note 2, whose card is number 4), note 12 on page 2.
    await withCards(stack, [9, 5, 11, 2, 4, 6, 7, 8, 12]);
    const owner = stack.h.client({ userId: OWNER });
    await owner.say('/tarjetas');
    const page1 = await owner.waitText(/^🗂 Tus tarjetas \(9\) · página 1 de 2/);
    // The week by the course's title, each note by its own topic.
    expect(page1.text).toMatch(/Semana 1 · Estadística\n {2}Nota 2 · Estadística\n {3}4\. ¿Qué mide/);
    expect(page1.buttons.map((b) => b.text)).toEqual(['Siguiente ▶']);
    await owner.press(page1.messageId, page1.buttons[0]!.data);
    const page2 = await owner.waitFor('page 2', (ms) => ms.find((m) => m.messageId === page1.messageId && m.text.includes('página 2 de 2') && m));
    expect(page2.text).toMatch(/Semana 4 · Música\n {2}Nota 12 · Música/);
    expect(page2.buttons.map((b) => b.text)).toEqual(['◀ Anterior']);

    await owner.say('/editar 4 ¿Qué mide la desviación estándar? | cuánto se alejan los datos de la media');
    await owner.waitText(/^✏️ Tarjeta 4 actualizada/);
    expect((await stack.notebook.cards.list()).find((c) => c.id === 4)).toMatchObject({ pregunta: '¿Qué mide la desviación estándar?', respuesta: 'cuánto se alejan los datos de la media' });
    await owner.say('/suspender 5');
    await owner.waitText(/^⏸ Tarjeta 5 suspendida/);
    await owner.say('/borrar 6');
    // The question names the card, so the student sees what goes before saying yes.
    const six = (await stack.notebook.cards.list()).find((c) => c.id === 6)!;
    const ask = await owner.waitText(/^¿Borrar la tarjeta 6 \(«/);
    expect(ask.text).toBe(RS.removeAsk(6, cardGist(six.pregunta)));
    await owner.press(ask.messageId, button(ask, /Sí, bórrala/));
    await owner.waitFor('deleted', (ms) => ms.find((m) => m.messageId === ask.messageId && m.text === '🗑 Tarjeta 6 borrada.'));
    await owner.say('/editar 6 a | b');
    await owner.waitText(/^Esa tarjeta ya no existe en el mazo\./);
    // Said in a sentence, the same: the deletion asks first, and no week's work is started.
    await owner.say('borra la tarjeta 7');
    const asked = await owner.waitText(/^¿Borrar la tarjeta 7 \(«/);
    await owner.press(asked.messageId, button(asked, /Sí, bórrala/));
    await owner.waitFor('deleted in words', (ms) => ms.find((m) => m.messageId === asked.messageId && m.text === '🗑 Tarjeta 7 borrada.'));
    await owner.say('reactiva la tarjeta 5');
    await owner.waitText(/^▶️ Tarjeta 5 reactivada\./);

    await owner.say('/exportar');
    await owner.waitFor('the .apkg', () => stack!.h.uploads.some((u) => u.method === 'sendDocument') || undefined);
    const doc = stack.h.uploads.find((u) => u.method === 'sendDocument')!;
    expect(doc.filename).toBe('cuaderno-vivo.apkg');
    expect(doc.fields.caption).toMatch(/^Tu mazo para Anki: 7 tarjetas y 0 repasos\./);
    expect(Object.keys(unzipSync(new Uint8Array(await readFile(doc.file)))).sort()).toEqual(['collection.anki2', 'media']);

    await owner.say('/ayuda');
    const help = await owner.waitText(/^Ejemplos:/);
    for (const cmd of ['/repasar', '/tarjetas', '/exportar', '/recordatorios']) expect(help.text).toContain(cmd);
    expect(S.help()).toBe(help.text);
    // The reminder line says what turns reminders off; «(/recordatorios no lo quita)» read as «does not remove it».
    expect(help.text).toContain('/recordatorios 20:00 — un aviso al día a esa hora si tienes tarjetas; para quitarlo, escribe /recordatorios no');
    expect(COMMANDS.map((c) => c.command)).toEqual(expect.arrayContaining(['repasar', 'tarjetas', 'exportar', 'recordatorios']));
    expect(JSON.stringify(stack.h.myCommands)).toContain('"recordatorios"');
  });
});

describe('reminders on a simulated clock', () => {
  it('one message a day at the chosen hour when cards are due; same-day catch-up after a restart; off from the chat', async () => {
    stack = await startStack(real, { REPASO_HORA: '20:00', ZONA_HORARIA: 'Europe/Madrid' });
    const owner = stack.h.client({ userId: OWNER });
    const at = (iso: string) => new Date(iso);
    // No cards yet: nothing to remind.
    expect(await stack.cb.reminders.tick(at('2030-03-04T19:30:00Z'))).toBe('nothing-due');
    await withCards(stack, [9, 2, 7]);
    // 20:00 in Madrid is 19:00 UTC in March (CET, UTC+1).
    expect(await stack.cb.reminders.tick(at('2030-03-05T18:59:00Z'))).toBe('early');
    expect(await stack.cb.reminders.tick(at('2030-03-05T19:00:00Z'))).toBe('sent');
    const reminder = await owner.waitText(/^🔔 Tienes 3 tarjetas para hoy\.$/);
    expect(reminder.buttons.map((b) => b.text)).toEqual(['📚 Repasar']);
    expect(await stack.cb.reminders.tick(at('2030-03-05T22:30:00Z'))).toBe('already');
    // The next morning is before the hour: yesterday's missed evening is not caught up.
    expect(await stack.cb.reminders.tick(at('2030-03-06T07:00:00Z'))).toBe('early');
    // Down at 20:00, restarted at 22:00 the same day: it is sent once, on start.
    await stack.restart(await real(stack.config));
    expect(await stack.cb.reminders.tick(at('2030-03-06T21:00:00Z'))).toBe('sent');
    expect(await stack.cb.reminders.tick(at('2030-03-06T21:01:00Z'))).toBe('already');
    await owner.waitFor('two reminders', (ms) => ms.filter((m) => m.text.startsWith('🔔 Tienes')).length === 2 || undefined);

    // [Repasar] opens the session.
    await owner.press(reminder.messageId, reminder.buttons[0]!.data);
    await owner.waitFor('a card', (ms) => ms.find((m) => isCard(m) && m.buttons.length > 0));

    await owner.say('/recordatorios 7:30');
    await owner.waitText(/^🔔 Te recordaré tus repasos cada día a las 07:30 \(hora de Madrid\)/);
    expect(await stack.cb.reminders.tick(at('2030-03-07T06:29:00Z'))).toBe('early');
    expect(await stack.cb.reminders.tick(at('2030-03-07T06:30:00Z'))).toBe('sent');
    await owner.say('/recordatorios no');
    await owner.waitText(/^🔕 Hecho: ya no te recordaré los repasos/);
    expect(await stack.cb.reminders.tick(at('2030-03-08T20:00:00Z'))).toBe('off');
    // Asked alone, it says how things stand: it turned nothing off.
    await owner.say('/recordatorios');
    const state = await owner.waitText(/^🔕 Ahora no tienes recordatorio de repasos/);
    expect(state.text).not.toMatch(/desactivad|Hecho/);
    await owner.say('/recordatorios 25:00');
    await owner.waitText(/^Indica una hora HH:MM/);
    expect(JSON.parse(await readFile(stack.notebook.files.reviews, 'utf8')).recordatorio).toMatchObject({ hora: null, ultimo_dia: '2030-03-07' });
  });
});
