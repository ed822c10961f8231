/**
 * Everything long fits (issue 46, item 2): a student with 60 weeks (titles as long as a course
 * allows), 500 notes and 500 cards asks for every list the bot sends — the notes, the cards page by
 * page, the course, the weeks to choose from, the material's week choice, the help, the status —
 * through the embedded Bot API, which refuses an over-long text, caption or keyboard exactly as
 * Telegram does. No request is refused, no handler fails, and each list shows all its items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from 'grammy/types';
import { openNotebook } from '../../src/store/index.js';
import type { Notebook } from '../../src/store/types.js';
import { MAX_WEEK_TITLE, MAX_WEEKS } from '../../src/domain/course/course.js';
import { S } from '../../src/strings/chat.js';
import { InProcessChat } from '../support/in-process-chat.js';

const NOTES = 500;
const CARDS = 500;

let chat: InProcessChat;
let notebook: Notebook;
beforeAll(async () => {
  chat = await InProcessChat.start({ prefix: 'cv-long-lists-', notes: [] });
  notebook = await openNotebook(chat.dataDir);
  const title = (n: number) => `Semana ${n}: ${'historia del arte y de la arquitectura europea '.repeat(10)}`.slice(0, MAX_WEEK_TITLE);
  await notebook.course.write({
    titulo: 'Historia del arte, curso completo con todas sus semanas',
    semanas: Array.from({ length: MAX_WEEKS }, (_, i) => ({ numero: i + 1, titulo: title(i + 1), inicio: null, terminos: ['barroco', 'gótico'] })),
  });
  await notebook.notes.addMany(Array.from({ length: NOTES }, (_, i) => ({
    tema: `tema largo número ${i + 1} 🎨`,
    texto: `La nota ${i + 1} habla del barroco y del claroscuro 🎨 ${'con muchos detalles de la obra y su contexto '.repeat(8)}`,
    semana: 1 + (i % MAX_WEEKS),
  })));
  await notebook.cards.append(Array.from({ length: CARDS }, (_, i) => ({
    id_nota: 1 + (i % NOTES), tipo: 'cloze' as const, semana: 1 + (i % MAX_WEEKS),
    pregunta: `¿Qué dice la idea ${i + 1} 🎨? ${'contexto largo de la pregunta '.repeat(i % 5 === 0 ? 20 : 2)}`,
    respuesta: `respuesta ${i + 1} 🃏`,
  })));
}, 60_000);
afterAll(async () => chat?.close());

const fromBot = (m: Message) => m.from?.is_bot === true;
const buttonsOf = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, data: 'callback_data' in b ? b.callback_data : undefined }));

async function ask(text: string): Promise<Message[]> {
  const before = chat.history().at(-1)?.message_id ?? 0;
  chat.say(text);
  await chat.settle();
  return chat.history().filter((m) => m.message_id > before && fromBot(m));
}

async function tap(m: Message, data: string): Promise<Message> {
  chat.tap(m.message_id, data);
  await chat.settle();
  return chat.history().find((x) => x.message_id === m.message_id)!;
}

/** What the embedded Bot API refused, as Telegram would have: the student saw nothing there. */
const refused = () => chat.tg.server.requests.filter((r) => !r.ok).map((r) => `${r.method}: ${r.error} ${JSON.stringify(r.params).slice(0, 300)}`);
const failed = () => chat.history().filter((m) => fromBot(m) && m.text === S.handlerFailed());

describe('every list at 60 weeks, 500 notes and 500 cards', () => {
  it('/notas: page after page to the last, every note once, in messages Telegram accepts', async () => {
    const [first] = await ask('/notas');
    let page = first!;
    const ids: number[] = [];
    for (let i = 0; i < NOTES; i++) {
      ids.push(...[...(page.text ?? '').matchAll(/^(\d+) · /gm)].map((x) => Number(x[1])));
      const next = buttonsOf(page).find((b) => /Siguientes/.test(b.text));
      if (!next) break;
      page = await tap(page, next.data!);
    }
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: NOTES }, (_, i) => i + 1));
    expect(refused()).toEqual([]);
    expect(failed()).toEqual([]);
  });

  it('/tarjetas: page after page to the last, every card once', async () => {
    const [first] = await ask('/tarjetas');
    let page = first!;
    const seen: number[] = [];
    const cardsOn = (m: Message) => [...(m.text ?? '').matchAll(/^\s*#?(\d+)[ .·]/gm)].map((x) => Number(x[1]));
    for (let i = 0; i < CARDS; i++) {
      seen.push(...cardsOn(page));
      const next = buttonsOf(page).find((b) => /›|Siguiente|→/.test(b.text));
      if (!next) break;
      page = await tap(page, next.data!);
    }
    expect(refused()).toEqual([]);
    expect(new Set(seen).size).toBe(CARDS);
    expect(failed()).toEqual([]);
  });

  it('the course, the weeks to choose, the help, the status: all accepted', async () => {
    for (const text of ['/curso', '/semana', 'rehaz la portada', '/ayuda', '/start', '/estado', '/gasto', '/recordatorios', 'busca notas sobre el claroscuro']) {
      const sent = await ask(text);
      expect(sent.length, text).toBeGreaterThan(0);
    }
    expect(refused()).toEqual([]);
    expect(failed()).toEqual([]);
  });

  it('material: the import proposal and its week choice over 60 weeks', async () => {
    const [proposal] = await ask(`# El claroscuro\n\n${'El claroscuro contrapone luz y sombra para dar volumen a las figuras. '.repeat(30)}`);
    const change = buttonsOf(proposal!).find((b) => /semana/i.test(b.text));
    expect(change).toBeDefined();
    const choice = await tap(proposal!, change!.data!);
    const weeks = chat.history().filter((m) => fromBot(m) && m.message_id >= choice.message_id).flatMap(buttonsOf).filter((b) => /^(Semana )?\d+/.test(b.text));
    expect(weeks.length).toBeGreaterThanOrEqual(MAX_WEEKS);
    expect(refused()).toEqual([]);
    expect(failed()).toEqual([]);
  });
});
