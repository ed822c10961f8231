/**
 * Quiz polls on the embedded Bot API over real HTTP (issue 45): sendPoll's limits refused with
 * Telegram's own descriptions (webchat/polls.ts says which were verified and where), a vote from
 * the page becomes one `poll_answer` for a non-anonymous quiz, a quiz takes one answer, stopPoll
 * closes it; polls survive a restart of the server with their votes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';

const TOKEN = '123456:poll-token';
let tmp: string;
let tg: EmbeddedTelegram;
let base: string;
let chatId: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface Answer { ok: boolean; result?: any; error_code?: number; description?: string }

async function api(method: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${base}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Answer;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'webchat-polls-'));
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
  base = `${tg.apiRoot}/bot${TOKEN}`;
  chatId = tg.server.chatId;
});
afterAll(async () => {
  await tg.close();
  await rm(tmp, { recursive: true, force: true });
});

const quiz = (over: Record<string, unknown> = {}) => ({
  chat_id: chatId, question: '¿Qué concepto mide el desorden de un sistema?', options: [{ text: 'Entropía' }, { text: 'Calor' }, { text: 'Trabajo' }],
  type: 'quiz', correct_option_ids: [0], explanation: '«La entropía mide el desorden» (nota 1)', is_anonymous: false, ...over,
});

describe('sendPoll limits, refused as Telegram refuses them', () => {
  it.each([
    ['an empty question', { question: '  ' }, 'Bad Request: poll question must be non-empty'],
    ['a question over 300 characters', { question: 'q'.repeat(301) }, 'Bad Request: poll question length must not exceed 300'],
    ['no options', { options: [] }, 'Bad Request: poll must have at least one answer option'],
    ['13 options', { options: Array.from({ length: 13 }, (_, i) => `o${i}`) }, "Bad Request: poll can't have more than 12 options"],
    ['an empty option', { options: ['a', ' '] }, 'Bad Request: poll options must be non-empty'],
    ['an option over 100 characters', { options: ['a', 'b'.repeat(101)] }, 'Bad Request: poll options length must not exceed 100'],
    ['a right answer that is not an option', { correct_option_ids: [3] }, 'Bad Request: wrong correct option ID specified'],
    ['a quiz with no right answer', { correct_option_ids: undefined }, 'Bad Request: wrong correct option ID specified'],
    ['an explanation over 200 characters', { explanation: 'e'.repeat(201) }, 'Bad Request: POLL_ANSWERS_INVALID'],
  ])('%s', async (_what, over, description) => {
    const before = tg.server.history().length;
    const a = await api('sendPoll', quiz(over));
    expect(a).toEqual({ ok: false, error_code: 400, description });
    expect(tg.server.history()).toHaveLength(before);
  });

  it('at the limits it is sent: 300, 12 options of 100, 200; characters counted as Telegram counts them (emoji are one)', async () => {
    const a = await api('sendPoll', quiz({ question: '🧪'.repeat(300), options: Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(100, 'x')), explanation: 'é'.repeat(200) }));
    expect(a.ok).toBe(true);
    expect(a.result.poll).toMatchObject({ type: 'quiz', is_anonymous: false, correct_option_ids: [0], total_voter_count: 0, is_closed: false });
  });
});

describe('answering a quiz', () => {
  it('a tap becomes one poll_answer; a quiz takes one answer; stopPoll closes it; all of it survives a restart', async () => {
    const sent = await api('sendPoll', quiz());
    const m = sent.result;
    tg.server.answerPoll(m.message_id, 2);
    const update = tg.server.updates.unconfirmed().find((u) => u.poll_answer?.poll_id === m.poll.id);
    expect(update?.poll_answer).toEqual({ poll_id: m.poll.id, user: tg.server.user, option_ids: [2] });
    expect(() => tg.server.answerPoll(m.message_id, 0)).toThrow(RangeError);
    expect(tg.server.updates.unconfirmed().filter((u) => u.poll_answer?.poll_id === m.poll.id)).toHaveLength(1);
    const shown = tg.server.history().find((x) => x.message_id === m.message_id)!.poll!;
    expect(shown.options.map((o) => o.voter_count)).toEqual([0, 0, 1]);
    expect(shown.total_voter_count).toBe(1);

    const stopped = await api('stopPoll', { chat_id: chatId, message_id: m.message_id });
    expect(stopped.result).toMatchObject({ id: m.poll.id, is_closed: true, total_voter_count: 1 });
    expect(await api('stopPoll', { chat_id: chatId, message_id: m.message_id })).toEqual({ ok: false, error_code: 400, description: 'Bad Request: poll has already been closed' });
    const text = await api('sendMessage', { chat_id: chatId, text: 'hola' });
    expect(await api('stopPoll', { chat_id: chatId, message_id: text.result.message_id })).toEqual({ ok: false, error_code: 400, description: 'Bad Request: message with poll to stop not found' });

    // A new server on the saved chat knows its polls: the closed one takes no vote, the open one
    // does, and new polls get new ids.
    const open = (await api('sendPoll', quiz())).result;
    await tg.close();
    tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
    base = `${tg.apiRoot}/bot${TOKEN}`;
    expect(() => tg.server.answerPoll(m.message_id, 1)).toThrow(RangeError);
    tg.server.answerPoll(open.message_id, 0);
    expect(tg.server.updates.unconfirmed().at(-1)?.poll_answer).toEqual({ poll_id: open.poll.id, user: tg.server.user, option_ids: [0] });
    const later = (await api('sendPoll', quiz())).result;
    expect([m.poll.id, open.poll.id]).not.toContain(later.poll.id);
  });
});
