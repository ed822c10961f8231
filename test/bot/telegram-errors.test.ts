/**
 * A failed edit is read from the Bot API's answer (GrammyError's method, error_code, description),
 * never from wording: one case per answer, each answered for real by the embedded Bot API speaking
 * as api.telegram.org does, through a real grammY Api. The descriptions are written out here as
 * Telegram sends them, so the stand-in cannot drift from Telegram unnoticed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Api, GrammyError, HttpError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalRegistry } from '../../src/bot/approvals.js';
import { BotStateFile } from '../../src/bot/state.js';
import { editFailure, logEditFailure } from '../../src/bot/telegram-errors.js';
import type { PendingApproval } from '../../src/agent/types.js';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';

const TOKEN = '5550002:edit-errors';
let tmp: string;
let tg: EmbeddedTelegram;
let api: Api;
let chat: number;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-edit-errors-'));
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
  api = new Api(TOKEN, { apiRoot: tg.apiRoot });
  chat = tg.server.chatId;
});
afterAll(async () => {
  await tg.close();
  await rm(tmp, { recursive: true, force: true });
});

/** The error a call rejects with (the test fails if it does not reject). */
async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(() => expect.fail('the Bot API accepted the call'), (e: unknown) => e);
}

function asGrammy(e: unknown): GrammyError {
  expect(e).toBeInstanceOf(GrammyError);
  return e as GrammyError;
}

describe('what a failed edit means', () => {
  it('the same text and keyboard again: not_modified (400, Telegram\'s description)', async () => {
    const sent = await api.sendMessage(chat, 'Portada: hecha', { reply_markup: { inline_keyboard: [[{ text: 'Aprobar', callback_data: 'a' }]] } });
    const e = asGrammy(await failure(api.editMessageText(chat, sent.message_id, 'Portada: hecha', { reply_markup: { inline_keyboard: [[{ text: 'Aprobar', callback_data: 'a' }]] } })));
    expect([e.method, e.error_code, e.description]).toEqual(['editMessageText', 400,
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message']);
    expect(editFailure(e)).toBe('not_modified');
  });

  it('a message the chat does not have: gone (edit text, edit keyboard, delete)', async () => {
    const text = asGrammy(await failure(api.editMessageText(chat, 987_654, 'hola')));
    expect([text.error_code, text.description]).toEqual([400, 'Bad Request: message to edit not found']);
    expect(editFailure(text)).toBe('gone');

    const sent = await api.sendMessage(chat, '¿Apruebas?', { reply_markup: { inline_keyboard: [[{ text: 'Aprobar', callback_data: 'a' }]] } });
    await api.deleteMessage(chat, sent.message_id);
    const markup = asGrammy(await failure(api.editMessageReplyMarkup(chat, sent.message_id, { reply_markup: { inline_keyboard: [] } })));
    expect([markup.method, markup.description]).toEqual(['editMessageReplyMarkup', 'Bad Request: message to edit not found']);
    expect(editFailure(markup)).toBe('gone');

    const again = asGrammy(await failure(api.deleteMessage(chat, sent.message_id)));
    expect([again.method, again.description]).toEqual(['deleteMessage', 'Bad Request: message to delete not found']);
    expect(editFailure(again)).toBe('gone');
  });

  it('someone else\'s message: other (it is there, it is just not ours)', async () => {
    const theirs = tg.server.sendUserText('prepara la semana 3');
    const e = asGrammy(await failure(api.editMessageText(chat, theirs.message_id, 'otra cosa')));
    expect([e.error_code, e.description]).toEqual([400, "Bad Request: message can't be edited"]);
    expect(editFailure(e)).toBe('other');
  });

  it('a 400 of a method that edits nothing is other, even when its words look alike', async () => {
    const e = asGrammy(await failure(api.sendMessage(424_242, 'hola')));
    expect([e.method, e.description]).toEqual(['sendMessage', 'Bad Request: chat not found']);
    expect(editFailure(e)).toBe('other');
  });

  it('no answer at all (the Bot API unreachable) and plain errors are other, whatever they say', async () => {
    const closed = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'closed') });
    const root = closed.apiRoot;
    await closed.close();
    const e = await failure(new Api(TOKEN, { apiRoot: root }).editMessageText(chat, 1, 'hola'));
    expect(e).toBeInstanceOf(HttpError);
    expect(editFailure(e)).toBe('other');
    expect(editFailure(new Error('Bad Request: message to edit not found'))).toBe('other');
    expect(editFailure('Bad Request: message is not modified')).toBe('other');
  });

  it('logEditFailure is silent on not_modified and logs everything else', async () => {
    const logged: string[] = [];
    const log = logEditFailure((m) => logged.push(m), 'no se pudo editar');
    const sent = await api.sendMessage(chat, 'igual');
    log(await failure(api.editMessageText(chat, sent.message_id, 'igual')));
    expect(logged).toEqual([]);
    log(await failure(api.editMessageText(chat, 987_655, 'hola')));
    expect(logged).toEqual(['no se pudo editar']);
  });
});

describe('an approval whose question the chat lost', () => {
  const approval: PendingApproval = {
    id: 'a-lost', callId: 'toolu_cover', tool: 'generar_portada',
    proposal: { args: { semana: 3, maqueta: true }, hash: '0123456789', preview: { summary: 'Generaría la portada de la semana 3.', writes: [], cached: false } },
    alternatives: [], askedAt: '2026-03-01T18:00:00.000Z',
  };

  it('is asked again when gone, and not when it is still there', async () => {
    const dir = await mkdtemp(path.join(tmp, 'state-'));
    const state = new BotStateFile(dir);
    await state.load();
    const user = tg.server.user;
    const scope = { runId: 'run-lost', chatId: user.id, ownerId: user.id, group: false };
    // A question never answered: its run's file is never read.
    const runs = { read: async () => undefined, delivered: async () => undefined };
    const registry = new ApprovalRegistry({ state, runs, api, timeoutS: 3600, allowedUserIds: [user.id] });
    const questions = () => tg.server.history(user.id).filter((m) => m.text?.includes('semana 3') && m.reply_markup).length;
    try {
      const firstId = (await registry.show(scope, approval)).messageId!;
      expect(questions()).toBe(1);
      // Shown again (a restart): the question is there, re-applying its keyboard is «not modified».
      await registry.show(scope, approval);
      expect(questions()).toBe(1);
      await api.deleteMessage(user.id, firstId);
      expect(questions()).toBe(0);
      // Gone from the chat: the next show asks again, with the same buttons.
      const again = await registry.show(scope, approval);
      expect(again.messageId).not.toBe(firstId);
      expect(questions()).toBe(1);
    } finally {
      registry.close();
      await state.close();
    }
  });
});
