/**
 * The last guard against Telegram's limits (src/bot/fit-to-telegram.ts), against the embedded Bot
 * API, which refuses what Telegram refuses: a plain text past 4,096 characters arrives as several
 * messages in order, whole, the keyboard under the last; a long edit and a long caption are cut
 * with «…»; a text with entities is left alone (and refused, as it would be).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Api, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitToTelegram } from '../../src/bot/fit-to-telegram.js';
import { newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';

let tmp: string;
let tg: EmbeddedTelegram;
let api: Api;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-fit-'));
  const token = newWebchatToken();
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: path.join(tmp, 'files') });
  api = new Api(token, { apiRoot: tg.apiRoot });
  api.config.use(fitToTelegram);
});
afterAll(async () => {
  await tg?.close();
  await rm(tmp, { recursive: true, force: true });
});

const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Párrafo ${i + 1}: ${'la energía se conserva en un sistema aislado '.repeat(6).trim()}.`).join('\n\n');

describe('a text longer than Telegram allows', () => {
  it('a plain message of 9,000 characters arrives as parts of at most 4,096, in order, nothing lost, the keyboard under the last', async () => {
    const text = paragraphs(33);
    expect(text.length).toBeGreaterThan(9000);
    const before = tg.server.history().length;
    const last = await api.sendMessage(tg.server.chatId, text, { reply_markup: { inline_keyboard: [[{ text: 'Vale', callback_data: 'ok' }]] } });
    const parts = tg.server.history().slice(before);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const m of parts) expect(m.text!.length).toBeLessThanOrEqual(4096);
    expect(parts.map((m) => m.text).join('\n\n')).toBe(text);
    expect(parts.at(-1)!.message_id).toBe(last.message_id);
    expect(parts.map((m) => m.reply_markup?.inline_keyboard.length ?? 0)).toEqual([...parts.slice(1).map(() => 0), 1]);
  });

  it('an edit and a caption that cannot be split are cut with «…» within their limits', async () => {
    const sent = await api.sendMessage(tg.server.chatId, 'corto');
    await api.editMessageText(tg.server.chatId, sent.message_id, paragraphs(40));
    const edited = tg.server.history().find((m) => m.message_id === sent.message_id)!;
    expect(edited.text!.length).toBeLessThanOrEqual(4096);
    expect(edited.text!.endsWith('…')).toBe(true);
    const doc = await api.sendDocument(tg.server.chatId, new InputFile(Buffer.from('hola'), 'nota.txt'), { caption: paragraphs(8) });
    expect(doc.caption!.length).toBeLessThanOrEqual(1024);
    expect(doc.caption!.endsWith('…')).toBe(true);
  });

  it('a text with entities is not cut (its offsets would be wrong): Telegram refuses it as before', async () => {
    const text = paragraphs(33);
    await expect(api.sendMessage(tg.server.chatId, text, { entities: [{ type: 'bold', offset: 0, length: 7 }] })).rejects.toThrow(/message is too long/);
  });
});
