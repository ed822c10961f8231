/**
 * A quiz for the whole class through the embedded Bot API (issue 45): the teacher's `/quiz clase 4`
 * builds one quiz from the teacher's notes of week 4 and sends each student their own copy; each
 * student's answers are rated into their own deck and review; `/resultados` shows per question how
 * many answered and, once three have, the share right — never who answered what.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message, User } from 'grammy/types';
import { openNotebook } from '../../src/store/index.js';
import { userDataDir } from '../../src/store/users.js';
import { PAGE_STUDENTS, PAGE_TEACHER } from '../../src/webchat/index.js';
import { startLocalClass, type LocalClass } from '../support/local-class.js';
import fixture from '../fixtures/quiz/termodinamica.json' with { type: 'json' };

let c: LocalClass | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

const [ANA, BRUNO] = PAGE_STUDENTS as [User, User];
const CARLA: User = { id: PAGE_TEACHER.id + 3, is_bot: false, first_name: 'Carla' };
const asUser = (u: { id: number; first_name: string }): User => ({ id: u.id, is_bot: false, first_name: u.first_name });

function botText(chatId: number, re: RegExp): Promise<unknown> {
  return c!.tg.server.waitForRequest('sendMessage', (r) => Number(r.params.chat_id) === chatId && re.test(String(r.params.text)), 20_000);
}
const pollsOf = (chatId: number): Message[] => c!.tg.server.history(chatId).filter((m) => m.poll);
const rightOf = (m: Message) => (m.poll as unknown as { correct_option_ids: number[] }).correct_option_ids[0]!;

describe('a class quiz', () => {
  it('/quiz clase 4 reaches every student privately; answers feed each one\'s review; /resultados counts without names', async () => {
    c = await startLocalClass('cuaderno-class-quiz-');
    const api = c.tg.server;
    const teacherBook = await openNotebook(userDataDir(c.config.dataDir, PAGE_TEACHER.id));
    await teacherBook.notes.addMany(fixture.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: n.semana })));

    api.sendUserText('/invitar', asUser(PAGE_TEACHER));
    await botText(PAGE_TEACHER.id, /unirse=/);
    const invite = api.history(PAGE_TEACHER.id).map((m) => m.text ?? '').find((t) => /unirse=/.test(t))!;
    const code = decodeURIComponent(/unirse=([A-Za-z0-9_-]+)/.exec(invite)![1]!);
    for (const s of [ANA, BRUNO, CARLA]) {
      api.sendUserText(`/start ${code}`, asUser(s));
      await botText(s.id, /Ya estás en la clase/);
    }

    // A student cannot send a quiz to the class.
    api.sendUserText('/quiz clase 4', asUser(ANA));
    await botText(ANA.id, /quien da la clase/);
    expect(pollsOf(BRUNO.id)).toHaveLength(0);

    api.sendUserText('/quiz clase 4', asUser(PAGE_TEACHER));
    await botText(PAGE_TEACHER.id, /enviado a 3 alumnos/);
    const asked = pollsOf(ANA.id).map((m) => [m.poll!.question, m.poll!.options.map((o) => o.text)]);
    expect(asked.length).toBe(5);
    for (const s of [BRUNO, CARLA]) expect(pollsOf(s.id).map((m) => [m.poll!.question, m.poll!.options.map((o) => o.text)])).toEqual(asked);

    // Ana and Bruno answer everything (Ana right, Bruno wrong); Carla answers only the first, right.
    for (const m of pollsOf(ANA.id)) api.answerPoll(m.message_id, rightOf(m), asUser(ANA));
    for (const m of pollsOf(BRUNO.id)) api.answerPoll(m.message_id, (rightOf(m) + 1) % 4, asUser(BRUNO));
    await botText(ANA.id, /^5 de 5/);
    await botText(BRUNO.id, /^0 de 5; repasa /);
    api.sendUserText('/resultados', asUser(PAGE_TEACHER));
    await botText(PAGE_TEACHER.id, /^Test de la semana 4: han respondido 2 de 3/);
    const two = api.history(PAGE_TEACHER.id).map((m) => m.text ?? '').filter((t) => t.startsWith('Test de la semana 4: han')).at(-1)!;
    expect(two).toContain('1. 2 respuestas (el acierto se muestra con 3 o más)');

    const first = pollsOf(CARLA.id)[0]!;
    api.answerPoll(first.message_id, rightOf(first), asUser(CARLA));
    await api.waitForRequest('getUpdates', () => api.updates.unconfirmed().length === 0, 20_000);
    const before = api.requests.length;
    api.sendUserText('/resultados', asUser(PAGE_TEACHER));
    await api.waitForRequest('sendMessage', (r) => api.requests.indexOf(r) >= before && Number(r.params.chat_id) === PAGE_TEACHER.id, 20_000);
    const three = api.history(PAGE_TEACHER.id).map((m) => m.text ?? '').filter((t) => t.startsWith('Test de la semana 4: han')).at(-1)!;
    expect(three).toMatch(/^Test de la semana 4: han respondido 3 de 3 alumnos\.\n1\. 3 respuestas, 67 % de acierto\n2\. 2 respuestas \(el acierto/);
    for (const s of [ANA, BRUNO, CARLA]) expect(three).not.toContain(s.first_name);

    // Each student's answers are in their own review, on cards of their own deck; the teacher's deck is untouched.
    const logOf = async (id: number) => JSON.parse(await readFile(path.join(userDataDir(c!.config.dataDir, id), 'repaso.json'), 'utf8').catch(() => '{"registro":[]}')).registro as Array<{ calificacion: number }>;
    expect((await logOf(ANA.id)).map((e) => e.calificacion)).toEqual([3, 3, 3, 3, 3]);
    expect((await logOf(BRUNO.id)).map((e) => e.calificacion)).toEqual([1, 1, 1, 1, 1]);
    expect((await logOf(CARLA.id)).map((e) => e.calificacion)).toEqual([3]);
    expect(await logOf(PAGE_TEACHER.id)).toEqual([]);
    const anaDeck = await (await openNotebook(userDataDir(c.config.dataDir, ANA.id))).cards.list();
    expect(anaDeck).toHaveLength(5);
    expect((await teacherBook.cards.list())).toHaveLength(0);
  }, 90_000);
});
