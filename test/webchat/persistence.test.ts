/**
 * The embedded Bot API keeps the chat across restarts, as Telegram does: server A gets messages,
 * a photo, a keyboard and an edit through a real grammY Api and closes; server B on the same
 * filesDir shows the same history, serves the same file, continues the ids and turns a tap on the
 * old button into a callback_query a real grammY bot receives. A chat.json it cannot understand is
 * moved aside with one Spanish line, never erased.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Api, Bot, InlineKeyboard, InputFile, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { CHAT_FILE, CHAT_FILE_MAX_BYTES, loadChatFile } from '../../src/webchat/persist.js';
import { makePng } from './media-fixtures.js';

const TOKEN = '5550009:persist-test';
let tmp: string;
let filesDir: string;
const open: EmbeddedTelegram[] = [];

async function start(log?: (line: string) => void): Promise<EmbeddedTelegram> {
  const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir, ...(log ? { log } : {}) });
  open.push(tg);
  return tg;
}

async function stop(tg: EmbeddedTelegram): Promise<void> {
  open.splice(open.indexOf(tg), 1);
  await tg.close();
}

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'webchat-persist-'));
  filesDir = path.join(tmp, 'files');
});

afterEach(async () => {
  for (const tg of open.splice(0)) await tg.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('chat history across a restart', () => {
  it('B shows what A showed, serves its files, continues ids and answers the old button', async () => {
    const a = await start();
    const apiA = new Api(TOKEN, { apiRoot: a.apiRoot });
    const chatId = a.server.chatId;
    const png = makePng(64, 48);

    a.server.sendUserText('prepare la semana 3');
    const progress = await apiA.sendMessage(chatId, 'Progreso: 1/3');
    const photo = await apiA.sendPhoto(chatId, new InputFile(png, 'portada.png'), { caption: 'Portada' });
    const approval = await apiA.sendMessage(chatId, '¿Genero la narración?', {
      reply_markup: new InlineKeyboard().text('✅ Aprobar', 'aprobar:7').text('❌ Rechazar', 'rechazar:7'),
    });
    await apiA.editMessageText(chatId, progress.message_id, 'Progreso: 3/3');
    const gone = await apiA.sendMessage(chatId, 'borrado');
    await apiA.deleteMessage(chatId, gone.message_id);
    await apiA.setMyCommands([{ command: 'semana', description: 'Prepara una semana' }]);
    const [firstUpdate] = await apiA.getUpdates({ timeout: 0 });
    const filePath = (await apiA.getFile(photo.photo[0]!.file_id)).file_path!;
    const historyA = a.server.history();
    expect(historyA.map((m) => m.text ?? m.caption)).toEqual(['prepare la semana 3', 'Progreso: 3/3', 'Portada', '¿Genero la narración?']);
    await stop(a);

    const b = await start((line) => expect.fail(`unexpected log: ${line}`));
    expect(b.server.history()).toEqual(historyA);
    const apiB = new Api(TOKEN, { apiRoot: b.apiRoot });
    expect(await apiB.getMyCommands()).toEqual([{ command: 'semana', description: 'Prepara una semana' }]);

    // The photo bytes are served again, both to the bot (file path) and to the page (file id).
    const viaBotApi = await fetch(`${b.apiRoot}/file/bot${TOKEN}/${filePath}`);
    expect(viaBotApi.status).toBe(200);
    expect(Buffer.from(await viaBotApi.arrayBuffer()).equals(png)).toBe(true);
    const viaPage = await fetch(`${b.apiRoot}/files/${photo.photo[0]!.file_id}`, { headers: { authorization: `Bearer ${b.pageSecret}` } });
    expect(Buffer.from(await viaPage.arrayBuffer()).equals(png)).toBe(true);
    // Re-sending by file_id still works, and a new upload does not overwrite the old file.
    await apiB.sendPhoto(chatId, photo.photo[0]!.file_id);
    const second = await apiB.sendPhoto(chatId, new InputFile(makePng(10, 10), 'otra.png'));
    expect((await apiB.getFile(second.photo[0]!.file_id)).file_path).not.toBe(filePath);
    expect(Buffer.from(await (await fetch(`${b.apiRoot}/file/bot${TOKEN}/${filePath}`)).arrayBuffer()).equals(png)).toBe(true);

    // Ids keep increasing: past the deleted message too.
    const fresh = await apiB.sendMessage(chatId, 'después del reinicio');
    expect(fresh.message_id).toBeGreaterThan(gone.message_id);

    // The old approval button still produces a callback_query that a real grammY bot receives.
    const bot = new Bot(TOKEN, { client: { apiRoot: b.apiRoot } });
    const received = new Promise<Context>((resolve) => bot.on('callback_query:data', async (ctx) => {
      await ctx.answerCallbackQuery({ text: 'Aprobado' });
      resolve(ctx);
    }));
    const queryId = b.server.pressButton(approval.message_id, 'aprobar:7');
    const polling = bot.start();
    const ctx = await received;
    await bot.stop();
    await polling;
    expect(ctx.callbackQuery!.id).toBe(queryId);
    expect(ctx.callbackQuery!.message?.message_id).toBe(approval.message_id);
    expect(ctx.callbackQuery!.message?.text).toBe('¿Genero la narración?');
    expect((ctx.update as Update).update_id).toBeGreaterThan(firstUpdate!.update_id);
    expect(b.server.requests.some((r) => r.method === 'answerCallbackQuery' && r.ok)).toBe(true);
  });

  it('changes reach chat.json while running (no close needed), burst included', async () => {
    const a = await start();
    const api = new Api(TOKEN, { apiRoot: a.apiRoot });
    const m = await api.sendMessage(a.server.chatId, 'paso 0');
    for (let i = 1; i <= 20; i++) await api.editMessageText(a.server.chatId, m.message_id, `paso ${i}`);
    const file = path.join(filesDir, CHAT_FILE);
    await expect.poll(async () => readFile(file, 'utf8').catch(() => ''), { timeout: 5000 }).toContain('paso 20');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { version: number; state: { messages: { text?: string }[] } };
    expect(saved.version).toBe(1);
    expect(saved.state.messages.map((x) => x.text)).toEqual(['paso 20']);
  });
});

describe('a chat.json it cannot understand', () => {
  const cases: [string, string][] = [
    ['not JSON', '{"version": 1, "state": '],
    ['an unknown version', JSON.stringify({ version: 99, nextUpdateId: 1, state: {}, files: {} })],
    ['a file path outside the files directory', JSON.stringify({
      version: 1, nextUpdateId: 1,
      state: { chats: [], messages: [], lastMessageId: {}, commands: [] },
      files: { counter: 0, files: [{ file_id: 'x', file_unique_id: 'y', file_path: '../../etc/passwd', kind: 'photos', mime: 'image/png', size: 1, filename: 'a' }] },
    })],
  ];

  it.each(cases)('%s: moved aside with one Spanish line, the chat starts empty and saves again', async (_name, content) => {
    await mkdir(filesDir, { recursive: true });
    await writeFile(path.join(filesDir, CHAT_FILE), content);
    const lines: string[] = [];
    const tg = await start((line) => lines.push(line));

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/historial del chat local .* se apartó a .*chat\.json\.corrupto-.* el chat empieza vacío/);
    const aside = (await readdir(filesDir)).filter((n) => n.startsWith(`${CHAT_FILE}.corrupto-`));
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(filesDir, aside[0]!), 'utf8')).toBe(content);
    expect(tg.server.history()).toEqual([]);

    tg.server.sendUserText('hola de nuevo');
    await stop(tg);
    const again = await start((line) => lines.push(line));
    expect(again.server.history().map((m) => m.text)).toEqual(['hola de nuevo']);
    expect(lines).toHaveLength(1);
  });
});

describe('a history larger than the cap', () => {
  it('is set aside before it is read (never read whole), with one line; a valid smaller one loads', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-chat-cap-'));
    try {
      const valid = JSON.stringify({ version: 1, nextUpdateId: 1, state: { chats: [], messages: [], lastMessageId: {}, commands: [] }, files: { counter: 0, files: [] } });
      await writeFile(path.join(dir, CHAT_FILE), valid + ' '.repeat(4096));
      const lines: string[] = [];
      expect(await loadChatFile(dir, (l) => lines.push(l), () => new Date(), 2048)).toBe('damaged');
      expect(lines[0]).toMatch(/ocupa 1 MB, más de los 1 MB que se leen de una vez/);
      expect((await readdir(dir)).filter((n) => n.startsWith(`${CHAT_FILE}.corrupto-`))).toHaveLength(1);
      await writeFile(path.join(dir, CHAT_FILE), valid);
      expect(await loadChatFile(dir, (l) => lines.push(l), () => new Date(), 2048)).toMatchObject({ version: 1 });
      expect(CHAT_FILE_MAX_BYTES).toBe(32 * 2 ** 20);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
