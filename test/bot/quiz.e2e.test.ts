/**
 * «Quiz me» end to end through the embedded Bot API (issue 45): the real bot, the real notebook,
 * quiz polls answered as a person answers them. A quiz of a week sends its polls; each answer is
 * rated once into the review (FSRS) — also when Telegram delivers the same `poll_answer` twice and
 * across a restart of the bot; the score names what was missed and its button starts the review.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message, Update } from 'grammy/types';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { readFile as readText } from 'node:fs/promises';
import { splitIntoNotes } from '../../src/domain/material/split.js';
import fixture from '../fixtures/quiz/termodinamica.json' with { type: 'json' };

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function seed(c: LocalChat): Promise<void> {
  await c.notebook.notes.addMany(fixture.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: n.semana })));
}

const polls = (c: LocalChat): Message[] => c.tg.server.history().filter((m) => m.poll);
const rightOf = (m: Message) => (m.poll as unknown as { correct_option_ids: number[] }).correct_option_ids[0]!;

/** Resolves once `check` holds after some request of `method` (the event the test means). */
function after(c: LocalChat, method: string, check: () => boolean): Promise<unknown> {
  return c.tg.server.waitForRequest(method, () => check(), 20_000);
}

async function reviewLog(c: LocalChat): Promise<Array<{ id_tarjeta: number; calificacion: number; fecha: string }>> {
  return JSON.parse(await readFile(c.notebook.files.reviews, 'utf8').catch(() => '{"registro":[]}')).registro;
}

describe('a quiz of a week', () => {
  it('/quiz 4: five quiz polls from the week\'s notes; answers rated once (duplicate update, restart); the score names what was missed', async () => {
    chat = await startLocalChat('cuaderno-quiz-');
    await seed(chat);
    const api = chat.tg.server;
    api.sendUserText('/quiz 4');
    await after(chat, 'sendPoll', () => polls(chat!).length >= 5);
    const sent = polls(chat);
    expect(sent).toHaveLength(5);
    for (const m of sent) {
      const p = m.poll!;
      expect(p.type).toBe('quiz');
      expect(p.is_anonymous).toBe(false);
      expect(p.options).toHaveLength(4);
      expect(new Set(p.options.map((o) => o.text)).size).toBe(4);
      expect(p.question.length).toBeLessThanOrEqual(300);
      expect(p.explanation!.length).toBeLessThanOrEqual(200);
      expect(p.explanation).toMatch(/^«.+» \(nota \d+\)$/);
      // The right option is the term the quoted passage is about, never in the question.
      const right = p.options[rightOf(m)]!.text;
      expect(p.question.toLowerCase()).not.toContain(right.toLowerCase());
    }
    const intro = api.history().find((m) => m.text?.startsWith('Test de la semana 4'));
    expect(intro?.text).toContain('5 preguntas');

    // First answer right, second wrong; then the same poll_answer comes again (Telegram redelivers).
    const answers = [rightOf(sent[0]!), (rightOf(sent[1]!) + 1) % 4];
    api.answerPoll(sent[0]!.message_id, answers[0]!);
    api.answerPoll(sent[1]!.message_id, answers[1]!);
    await after(chat, 'getUpdates', () => api.updates.unconfirmed().length === 0);
    const again = { poll_answer: { poll_id: sent[1]!.poll!.id, user: api.user, option_ids: [answers[1]!] } } as Omit<Update, 'update_id'>;
    api.updates.push(again);
    await after(chat, 'getUpdates', () => api.updates.unconfirmed().length === 0);
    // A tap that Telegram refuses (a quiz takes one answer) never reaches the bot.
    expect(() => api.answerPoll(sent[0]!.message_id, 0)).toThrow(RangeError);

    // The bot restarts with three questions unanswered; the redelivered answer comes once more.
    await chat.restartBot();
    api.updates.push(again);
    for (const m of sent.slice(2)) api.answerPoll(m.message_id, (rightOf(m) + 1) % 4);
    const score = await chat.tg.server.waitForRequest('sendMessage', (r) => /^\d de 5/.test(String(r.params.text)), 20_000);
    expect(String(score.params.text)).toMatch(/^1 de 5; repasa /);
    await after(chat, 'getUpdates', () => api.updates.unconfirmed().length === 0);

    const log = await reviewLog(chat);
    expect(log).toHaveLength(5);
    expect(new Set(log.map((e) => e.id_tarjeta)).size).toBe(5);
    expect(log.map((e) => e.calificacion)).toEqual([3, 1, 1, 1, 1]);
    // Each poll's card holds the idea's term as its answer.
    const cards = await chat.notebook.cards.list();
    for (const [i, m] of sent.entries()) {
      const card = cards.find((c) => c.id === log[i]!.id_tarjeta)!;
      expect(card.respuesta).toBe(m.poll!.options[rightOf(m)]!.text);
    }
    // One score message, whatever came twice.
    expect(api.requests.filter((r) => r.method === 'sendMessage' && /^\d de 5/.test(String(r.params.text)))).toHaveLength(1);

    // The score's button starts the review: the missed cards, due in a minute, come first.
    const scoreMessage = api.history().find((m) => /^1 de 5/.test(m.text ?? ''))!;
    const data = (scoreMessage.reply_markup!.inline_keyboard[0]![0] as { callback_data: string }).callback_data;
    api.pressButton(scoreMessage.message_id, data);
    const card = await chat.tg.server.waitForRequest('sendMessage', (r) => String(r.params.text).startsWith('🃏 Tarjeta'), 20_000);
    const missed = cards.find((c) => c.id === log[1]!.id_tarjeta)!;
    expect(String(card.params.text)).toContain(missed.pregunta);
  }, 60_000);

  it('«hazme un test de 3 preguntas de la semana 4» and «pregúntame lo del ciclo de Carnot»', async () => {
    chat = await startLocalChat('cuaderno-quiz-words-');
    await seed(chat);
    const api = chat.tg.server;
    api.sendUserText('hazme un test de 3 preguntas de la semana 4');
    await after(chat, 'sendPoll', () => polls(chat!).length >= 3);
    await after(chat, 'getUpdates', () => api.updates.unconfirmed().length === 0);
    expect(polls(chat)).toHaveLength(3);
    api.sendUserText('pregúntame lo del ciclo de Carnot');
    await api.waitForRequest('sendMessage', (r) => /Test sobre «ciclo de Carnot»/.test(String(r.params.text)), 20_000);
    await after(chat, 'sendPoll', () => polls(chat!).length >= 4);
    const carnot = polls(chat)[3]!;
    // About Carnot: its question or its right option names it (the cycle itself is asked only beside three other cycles).
    expect(`${carnot.poll!.question} ${carnot.poll!.options[rightOf(carnot)]!.text}`).toMatch(/Carnot/);
    // A topic typed without its accents is echoed as the notes write it.
    api.sendUserText('preguntame lo de la entropia');
    await api.waitForRequest('sendMessage', (r) => /^Test sobre «(?:la )?entropía»: 3 preguntas\.[^]*Sobre ese tema tus notas dan para/u.test(String(r.params.text)), 20_000);
    await after(chat, 'sendPoll', () => polls(chat!).length >= 7);
    // «hazme preguntas» alone is the review of the cards, not a quiz.
    api.sendUserText('hazme preguntas');
    await api.waitForRequest('sendMessage', (r) => /tarjeta/i.test(String(r.params.text)) && !/Test/.test(String(r.params.text)), 20_000);
    await after(chat, 'getUpdates', () => api.updates.unconfirmed().length === 0);
    const requestsAfter = api.requests.filter((r) => r.method === 'sendMessage' && /^Test /.test(String(r.params.text)));
    expect(requestsAfter).toHaveLength(3);
  }, 60_000);

  it('notes without a week of their own are the week of their topic: /quiz 4 asks about them (the demo\'s notes are such)', async () => {
    chat = await startLocalChat('cuaderno-quiz-topic-');
    const weeks = ['Introducción', 'Gases', 'Calor', 'Termodinámica'];
    await chat.notebook.course.write({ titulo: 'Curso de prueba', semanas: weeks.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) });
    // Written the way the demo's notes (assets/notas.json) and the first notebooks are: a plain list, a
    // topic and no week — the course's week of that topic is theirs.
    await writeFile(chat.notebook.files.notes, JSON.stringify(fixture.notas.map((n, i) => ({ id: i + 1, tema: 'Termodinámica', texto: n.texto }))));
    expect((await chat.notebook.notes.list()).every((n) => n.tema === 'Termodinámica' && n.semana === undefined)).toBe(true);
    const api = chat.tg.server;
    api.sendUserText('/quiz 4');
    await api.waitForRequest('sendMessage', (r) => /^(Test de la semana 4|No encuentro)/.test(String(r.params.text)), 20_000);
    const intro = api.history().find((m) => m.text?.startsWith('Test de la semana 4'));
    expect(intro?.text).toMatch(/\d+ preguntas?/);
    const n = Number(/(\d+) preguntas?/.exec(intro!.text!)![1]);
    expect(n).toBeGreaterThanOrEqual(3);
    await after(chat, 'sendPoll', () => polls(chat!).length >= n);
    expect(polls(chat)).toHaveLength(n);
  }, 60_000);

  it('a week of the fixture lectures, imported as notes: /quiz 5 asks about its definitions, quoting the lecture', async () => {
    chat = await startLocalChat('cuaderno-quiz-lectures-');
    const weeks = ['Introducción', 'Elasticidad', 'Impresionismo', 'Primer principio', 'Segundo principio'];
    await chat.notebook.course.write({ titulo: 'Curso de prueba', semanas: weeks.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) });
    const lectures = [['termodinamica-tema5.md', 5], ['arte-impresionismo-tema3.md', 3], ['economia-elasticidad-tema2.md', 2]] as const;
    const texts: string[] = [];
    for (const [file, week] of lectures) {
      const text = await readText(new URL(`../fixtures/lectures/${file}`, import.meta.url), 'utf8');
      if (week === 5) texts.push(text.replace(/\*\*/g, ''));
      await chat.notebook.notes.addMany(splitIntoNotes(text, { fileName: file, semana: week }));
    }
    // The week before, of the same subject: a course's other weeks are where a lecture's distractors
    // of the same sort come from (one lecture alone has too few; another subject's terms are no distractors).
    await chat.notebook.notes.addMany(fixture.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: 4 })));
    const api = chat.tg.server;
    api.sendUserText('/quiz 5');
    await api.waitForRequest('sendMessage', (r) => /^Test de la semana 5/.test(String(r.params.text)), 20_000);
    const n = Number(/(\d+) preguntas?/.exec(api.history().find((m) => m.text?.startsWith('Test de la semana 5'))!.text!)![1]);
    expect(n).toBeGreaterThanOrEqual(3);
    await after(chat, 'sendPoll', () => polls(chat!).length >= n);
    for (const m of polls(chat)) {
      const p = m.poll!;
      const right = p.options[rightOf(m)]!.text;
      const quoted = /^«(.+?)(?:…)?» \(nota \d+\)$/.exec(p.explanation!)![1]!;
      // The passage is the lecture's own sentence and names the right option.
      expect(texts[0]).toContain(quoted);
      expect(quoted.toLowerCase()).toContain(right.toLowerCase());
      expect(new Set(p.options.map((o) => o.text.toLowerCase())).size).toBe(4);
    }
  }, 60_000);
});
