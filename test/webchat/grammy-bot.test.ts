/**
 * A real grammY `Bot` (and @grammyjs/runner) against the embedded Bot API: the bot must not be able
 * to tell it from Telegram, and what it sends must be what the page would show.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run } from '@grammyjs/runner';
import { Bot, GrammyError, InlineKeyboard, InputFile } from 'grammy';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram, type ChatEvent, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { createEchoBot, ECHO_COMMANDS } from './echo-bot.js';
import { makePng, makeWav } from './media-fixtures.js';

const TOKEN = '5550001:grammy-test';
let tmp: string;
let tg: EmbeddedTelegram;
let bot: Bot;
let chatId: number;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'webchat-grammy-'));
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
  bot = new Bot(TOKEN, { client: { apiRoot: tg.apiRoot } });
  chatId = tg.server.chatId;
});

afterAll(async () => {
  await tg.close();
  await rm(tmp, { recursive: true, force: true });
});

async function fetchFile(fileId: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(`${tg.apiRoot}/files/${fileId}`, { headers: { authorization: `Bearer ${tg.pageSecret}` } })).arrayBuffer());
}

describe('grammY Api calls', () => {
  it('getMe through bot.init()', async () => {
    await bot.init();
    expect(bot.botInfo).toMatchObject({ id: 5550001, is_bot: true });
  });

  it('sendMessage with an inline keyboard, then edits (text, then markup)', async () => {
    const sent = await bot.api.sendMessage(chatId, 'Progreso ░░░ 0/3', { reply_markup: new InlineKeyboard().text('Cancelar', 'cancel') });
    expect(tg.server.history().at(-1)).toMatchObject({ message_id: sent.message_id, text: 'Progreso ░░░ 0/3', reply_markup: { inline_keyboard: [[{ text: 'Cancelar', callback_data: 'cancel' }]] } });
    await bot.api.editMessageText(chatId, sent.message_id, 'Progreso ██░ 2/3', { reply_markup: new InlineKeyboard().text('Cancelar', 'cancel') });
    await bot.api.editMessageReplyMarkup(chatId, sent.message_id);
    const shown = tg.server.history().find((m) => m.message_id === sent.message_id);
    expect(shown).toMatchObject({ text: 'Progreso ██░ 2/3' });
    expect(shown?.reply_markup).toBeUndefined();
  });

  it('sendPhoto from a Buffer and from a path: stored, served and decodable', async () => {
    const png = makePng(64, 40);
    const fromBuffer = await bot.api.sendPhoto(chatId, new InputFile(png, 'portada.png'), { caption: 'Portada' });
    const size = fromBuffer.photo.at(-1)!;
    expect(size).toMatchObject({ width: 64, height: 40 });
    const decoded = PNG.sync.read(await fetchFile(size.file_id));
    expect([decoded.width, decoded.height]).toEqual([64, 40]);

    const file = path.join(tmp, 'cover.png');
    await writeFile(file, makePng(20, 10));
    const fromPath = await bot.api.sendPhoto(chatId, new InputFile(file));
    expect(fromPath.photo.at(-1)).toMatchObject({ width: 20, height: 10 });
    const recorded = tg.server.requests.filter((r) => r.method === 'sendPhoto' && r.ok);
    expect(recorded.at(-1)?.params.chat_id).toBe(String(chatId));
  });

  it('sendAudio, sendDocument and sendVoice keep bytes and report durations', async () => {
    const wav = makeWav(3);
    const audio = await bot.api.sendAudio(chatId, new InputFile(wav, 'episodio.wav'), { title: 'Episodio' });
    expect(audio.audio).toMatchObject({ duration: 3, title: 'Episodio', mime_type: 'audio/wav', file_size: wav.length });
    expect((await fetchFile(audio.audio.file_id)).equals(wav)).toBe(true);
    const doc = await bot.api.sendDocument(chatId, new InputFile(wav, 'episodio.wav'));
    expect(doc.document).toMatchObject({ file_name: 'episodio.wav', mime_type: 'audio/wav' });
    const voice = await bot.api.sendVoice(chatId, new InputFile(wav, 'nota.wav'), { duration: 3 });
    expect(voice.voice?.duration).toBe(3);
    const file = await bot.api.getFile(doc.document.file_id);
    expect(file.file_path).toMatch(/^documents\//);
  });

  it('setMyCommands and chat actions reach the page as events', async () => {
    const events: ChatEvent[] = [];
    const off = tg.server.subscribe((e) => events.push(e));
    await bot.api.setMyCommands(ECHO_COMMANDS);
    await bot.api.sendChatAction(chatId, 'upload_photo');
    off();
    expect(await bot.api.getMyCommands()).toEqual(ECHO_COMMANDS);
    expect(events).toEqual([{ type: 'commands', commands: ECHO_COMMANDS }, { type: 'action', chat_id: chatId, action: 'upload_photo' }]);
  });

  it('Telegram errors surface as GrammyError with the same code and description', async () => {
    const err = await bot.api.sendMessage(424242, 'hola').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GrammyError);
    expect((err as GrammyError).error_code).toBe(400);
    expect((err as GrammyError).description).toBe('Bad Request: chat not found');
  });
});

describe('long polling', () => {
  it('bot.start(): text in, keyboard out, tap answered with a toast and the message edited in place', async () => {
    const echo = createEchoBot(TOKEN, tg.apiRoot);
    const events: ChatEvent[] = [];
    const off = tg.server.subscribe((e) => events.push(e));
    const stopped = echo.start({ drop_pending_updates: true });
    try {
      await tg.server.updates.whenPolling();
      tg.server.sendUserText('prepare la semana 3');
      const reply = await tg.server.waitForRequest('sendMessage', (r) => r.ok && String(r.params.text).includes('prepare la semana 3'));
      const message = tg.server.history().find((m) => m.text === reply.params.text)!;
      expect(message.reply_markup?.inline_keyboard[0]?.map((b) => b.text)).toEqual(['✅ Aprobar', '❌ Rechazar']);

      const queryId = tg.server.pressButton(message.message_id, 'ok');
      await tg.server.waitForRequest('editMessageText', (r) => r.ok && Number(r.params.message_id) === message.message_id);
      const after = tg.server.history().find((m) => m.message_id === message.message_id)!;
      expect(after.text).toMatch(/✅ Aprobado por Estudiante$/);
      expect(after.reply_markup).toBeUndefined();
      expect(events).toContainEqual({ type: 'toast', chat_id: chatId, text: 'Aprobado', show_alert: false });
      expect(tg.server.state.unansweredQueries()).not.toContain(queryId);
      expect(() => tg.server.pressButton(message.message_id, 'ok')).toThrow(RangeError);
    } finally {
      off();
      await echo.stop();
      await stopped;
    }
  });

  it('@grammyjs/runner gets the same updates', async () => {
    const echo = createEchoBot(TOKEN, tg.apiRoot);
    const handle = run(echo);
    try {
      tg.server.sendUserText('/portada');
      await tg.server.waitForRequest('sendPhoto', (r) => r.ok && r.params.caption === 'Portada · semana 3 · maqueta');
      expect(tg.server.history().at(-1)?.photo?.at(-1)).toMatchObject({ width: 320, height: 200 });
    } finally {
      if (handle.isRunning()) await handle.stop();
    }
  });
});
