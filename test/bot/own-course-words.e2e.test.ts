/**
 * What a student of their own course writes, through the real bot in the local chat: a week named
 * by its unit («el tema 5») or by its words («lo de costes»), a question about content («¿qué es la
 * elasticidad?») and a sentence of content that is no request, which is offered as a note and, once
 * tapped, goes through the same approval as any pasted material.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from 'grammy/types';
import { S } from '../../src/strings/chat.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { after, button, isProposal } from './material-support.js';

const MICRO = {
  titulo: 'Microeconomía I',
  semanas: [
    { numero: 1, titulo: 'Introducción: escasez y coste de oportunidad', inicio: null, terminos: [] },
    { numero: 2, titulo: 'Oferta y demanda', inicio: null, terminos: [] },
    { numero: 3, titulo: 'Elasticidad', inicio: null, terminos: [] },
    { numero: 4, titulo: 'Teoría del consumidor', inicio: null, terminos: [] },
    { numero: 5, titulo: 'Costes de producción', inicio: null, terminos: [] },
  ],
};

let chat: LocalChat;
beforeAll(async () => {
  chat = await startLocalChat('cv-own-words-');
  await chat.notebook.course.write(MICRO);
});
afterAll(async () => chat?.close());

const fromBot = (m: Message) => m.from?.is_bot === true;

describe('the words of a student on their own course', () => {
  it('«el tema 5» and «lo de costes» name week 5; «¿qué es …?» searches the notes, never /gasto', async () => {
    const t = chat.tg;
    // Week 5 has no notes of its own yet (only the example notes, of no week of this course): the
    // answer for week 5 is that, at once — so it names the week the words meant.
    const week5 = S.emptyWeek(5, 'Semana 5 · Costes de producción', ['tarjetas', 'narracion'], 'boton');
    const byUnit = t.server.sendUserText('prepara el tema 5');
    const answer5 = await waitForMessage(t, 'the answer for week 5', after(byUnit.message_id, fromBot));
    expect(answer5.text).toBe(week5);

    const question = t.server.sendUserText('¿qué es la elasticidad?');
    const answer = await waitForMessage(t, 'the search answer', after(question.message_id, fromBot));
    expect(answer.text).toMatch(/^No tengo nada sobre «elasticidad» en tus notas\./);

    const costs = t.server.sendUserText('prepara el tema de costes');
    const ofCosts = await waitForMessage(t, 'week 5, not the spending', after(costs.message_id, fromBot));
    expect(ofCosts.text).toBe(week5);
  });

  it('/nota says which week of the course the note went to, or that none fits', async () => {
    const t = chat.tg;
    const noted = t.server.sendUserText('/nota demanda: La curva de demanda tiene pendiente negativa: si sube el precio, baja la cantidad demandada.');
    const saved = await waitForMessage(t, 'the saved note', after(noted.message_id, fromBot));
    const id = (await chat.notebook.notes.list()).at(-1)!.id;
    expect(saved.text).toBe(`Nota ${id} guardada (tema: demanda), en la semana 2 · Oferta y demanda.`);
    const other = t.server.sendUserText('/nota cocina: la tortilla de patatas lleva huevo, patata y, según a quién preguntes, cebolla.');
    const none = await waitForMessage(t, 'the note without a week', after(other.message_id, fromBot));
    expect(none.text).toBe(`Nota ${id + 1} guardada (tema: cocina), sin semana: ninguna de tu curso habla de eso.`);
  });

  it('a sentence of content is offered as a note; the tap leads to the import approval, and only that saves', async () => {
    const t = chat.tg;
    const before = (await chat.notebook.notes.list()).length;
    const audited = (await chat.notebook.audit.list()).length;
    const said = t.server.sendUserText('El coste de oportunidad es el valor de la mejor alternativa a la que renuncias al elegir.');
    const offer = await waitForMessage(t, 'the offer', after(said.message_id, fromBot));
    expect(offer.text).toBe(S.statementOffer(1));
    expect(buttonsOf(offer).map((b) => b.text)).toEqual(['📝 Guardar como nota']);
    expect((await chat.notebook.notes.list()).length).toBe(before);
    // Nothing ran for it: no run, no tool, no audit line.
    expect((await chat.notebook.audit.list()).length).toBe(audited);

    t.server.pressButton(offer.message_id, buttonsOf(offer)[0]!.callback_data!);
    const proposal = await waitForMessage(t, 'the import proposal', after(offer.message_id, isProposal));
    expect(proposal.text!.split('\n')[0]).toMatch(/1 nota para la semana 1 «Introducción: escasez y coste de oportunidad»/);
    t.server.pressButton(proposal.message_id, button(proposal, /Guardar/));
    await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const notes = await chat.notebook.notes.list();
    expect(notes.length).toBe(before + 1);
    expect(notes.at(-1)).toMatchObject({ semana: 1 });
    expect(notes.at(-1)!.texto).toContain('mejor alternativa a la que renuncias');
  });
});
