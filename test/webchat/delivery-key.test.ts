/**
 * The bot's idempotency key on sendMessage (lib/delivery-key.ts), through a real grammY Api against
 * the embedded Bot API: the same key in the same chat answers with the message already made (one
 * message in the chat); another key, or no key, makes a new one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_KEY_PARAM } from '../../src/lib/delivery-key.js';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';

const TOKEN = '5550003:delivery-key';
let tmp: string;
let tg: EmbeddedTelegram;
let bot: Bot;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'delivery-key-'));
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
  bot = new Bot(TOKEN, { client: { apiRoot: tg.apiRoot } });
});
afterAll(async () => {
  await tg.close();
  await rm(tmp, { recursive: true, force: true });
});

type Other = Parameters<Bot['api']['sendMessage']>[2];
const keyed = (key: string) => ({ [DELIVERY_KEY_PARAM]: key }) as Other;

describe('a keyed sendMessage', () => {
  it('sent twice with one key is one message; another key or none is a new one', async () => {
    const chatId = tg.server.chatId;
    const before = tg.server.history(chatId).length;
    const first = await bot.api.sendMessage(chatId, '📋 Informe', keyed('run-1:informe:0'));
    const again = await bot.api.sendMessage(chatId, '📋 Informe', keyed('run-1:informe:0'));
    expect(again.message_id).toBe(first.message_id);
    expect(tg.server.history(chatId)).toHaveLength(before + 1);
    const other = await bot.api.sendMessage(chatId, '📋 Informe', keyed('run-2:informe:0'));
    const plain = await bot.api.sendMessage(chatId, 'hola');
    const plainAgain = await bot.api.sendMessage(chatId, 'hola');
    expect(new Set([first.message_id, other.message_id, plain.message_id, plainAgain.message_id]).size).toBe(4);
    expect(tg.server.history(chatId)).toHaveLength(before + 4);
  });
});
