/**
 * Long lists fit Telegram's limits by construction: a week's cards at 500 cards (long questions,
 * emoji, answers of every length) are packed into messages that the embedded Bot API — which refuses
 * an over-long text exactly as Telegram does — accepts, every card whole in exactly one message and
 * its answer still exactly its spoiler.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Bot, GrammyError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_TEXT_MAX, KEYBOARD_BUTTONS_MAX, MESSAGE_TEXT_MAX, packMessages, splitKeyboard, splitMessage } from '../../src/lib/message-pack.js';
import { studentsMessages } from '../../src/bot/class-lists.js';
import { CALLBACKS } from '../../src/bot/callbacks.js';
import { InputFile } from 'grammy';
import { weekCardsMessages } from '../../src/strings/review.js';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';

const TOKEN = '5550002:long-lists';
let tmp: string;
let tg: EmbeddedTelegram;
let bot: Bot;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'long-lists-'));
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
  bot = new Bot(TOKEN, { client: { apiRoot: tg.apiRoot } });
});
afterAll(async () => {
  await tg.close();
  await rm(tmp, { recursive: true, force: true });
});

/** 500 cards whose lengths vary (some near a message's size), with astral emoji in both fields. */
function manyCards(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1, id_nota: 1 + (i % 40), tipo: 'cloze' as const, creada: '',
    pregunta: `¿Qué dice la idea ${i + 1} 🎨? ${'contexto '.repeat(i % 7 === 0 ? 300 : i % 13)}`.trim(),
    respuesta: `respuesta ${i + 1} 🃏 ${'x'.repeat(i % 50)}`,
  }));
}

describe('a long list of cards', () => {
  it('the embedded Bot API refuses one over-long message, as Telegram does', async () => {
    await expect(bot.api.sendMessage(tg.server.chatId, 'a'.repeat(MESSAGE_TEXT_MAX + 1))).rejects.toThrow(GrammyError);
  });

  it('500 cards: every message accepted, every card in exactly one, every answer its own spoiler', async () => {
    const cards = manyCards(500);
    const messages = weekCardsMessages(cards);
    expect(messages.length).toBeGreaterThan(10);
    const seen: number[] = [];
    for (const { text, entities } of messages) {
      const sent = await bot.api.sendMessage(tg.server.chatId, text, { entities });
      expect(sent.text!.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
      const spoilers = (sent.entities ?? []).filter((e) => e.type === 'spoiler').map((e) => sent.text!.slice(e.offset, e.offset + e.length));
      for (const m of sent.text!.matchAll(/(?:^|\n\n)(\d+)\. /g)) seen.push(Number(m[1]));
      for (const s of spoilers) expect(cards.some((c) => c.respuesta === s)).toBe(true);
      expect(spoilers).toHaveLength(sent.text!.match(/\n→ /g)?.length ?? 0);
    }
    expect(seen).toEqual(cards.map((c) => c.id));
  });

  it('an item larger than a message alone is cut with «…», its entity clipped, never split in two', () => {
    const [only, ...rest] = packMessages('', [{ text: `${'🎨'.repeat(3000)}`, entities: [{ type: 'spoiler', offset: 2, length: 5990 }] }]);
    expect(rest).toEqual([]);
    expect(only!.text.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    expect(only!.text.endsWith('🎨…')).toBe(true);
    const e = only!.entities[0]!;
    expect(e.offset + e.length).toBeLessThanOrEqual(only!.text.length);
  });
});

/** The refusal as Telegram words it: its code and its exact description. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof GrammyError) return `${e.error_code} ${e.description}`;
    throw e;
  }
  return 'accepted';
}

describe('the embedded Bot API refuses what Telegram refuses, in Telegram’s words', () => {
  const chat = () => tg.server.chatId;
  it('a text over 4096 units (emoji count twice), a caption over 1024, callback data over 64 bytes, over 100 buttons', async () => {
    expect(await refusal(bot.api.sendMessage(chat(), '🎨'.repeat(MESSAGE_TEXT_MAX / 2 + 1)))).toBe('400 Bad Request: message is too long');
    expect(await refusal(bot.api.sendMessage(chat(), '🎨'.repeat(MESSAGE_TEXT_MAX / 2)))).toBe('accepted');
    const png = new InputFile(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'), 'p.png');
    expect(await refusal(bot.api.sendPhoto(chat(), png, { caption: 'a'.repeat(CAPTION_TEXT_MAX + 1) }))).toBe('400 Bad Request: message caption is too long');
    expect(await refusal(bot.api.sendMessage(chat(), 'x', { reply_markup: { inline_keyboard: [[{ text: 'b', callback_data: 'x'.repeat(65) }]] } }))).toBe('400 Bad Request: BUTTON_DATA_INVALID');
    const buttons = (n: number) => ({ inline_keyboard: Array.from({ length: n }, (_, i) => [{ text: `b${i}`, callback_data: `d${i}` }]) });
    expect(await refusal(bot.api.sendMessage(chat(), 'x', { reply_markup: buttons(KEYBOARD_BUTTONS_MAX + 1) }))).toBe('400 Bad Request: reply markup is too long');
    expect(await refusal(bot.api.sendMessage(chat(), 'x', { reply_markup: buttons(KEYBOARD_BUTTONS_MAX) }))).toBe('accepted');
    const sent = await bot.api.sendMessage(chat(), 'x');
    expect(await refusal(bot.api.editMessageText(chat(), sent.message_id, 'y'.repeat(MESSAGE_TEXT_MAX + 1)))).toBe('400 Bad Request: message is too long');
  });
});

describe('the one helper', () => {
  it('splits a long text with emoji into messages Telegram accepts, losing nothing', async () => {
    const text = Array.from({ length: 500 }, (_, i) => `${i + 1} · nota con 🎨 emoji y acentos ñ${'ñ'.repeat(i % 30)}`).join('\n');
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect((await bot.api.sendMessage(tg.server.chatId, p)).text).toBe(p);
    expect(parts.join('\n')).toBe(text);
  });

  it('cuts keyboards into ones of at most 100 buttons, rows whole', () => {
    const rows = Array.from({ length: 130 }, (_, i) => [i, -i]);
    const parts = splitKeyboard(rows);
    expect(parts.map((k) => k.flat().length)).toEqual([100, 100, 60]);
    expect(parts.flat()).toEqual(rows);
  });

  it('500 students: every message accepted, each student listed once with their own button beside', async () => {
    const students = Array.from({ length: 500 }, (_, i) => ({ id: 1000 + i, name: `Estudiante con un nombre largo ${i + 1} 🎓`, spent: i % 3 === 0 ? undefined : i / 100 }));
    const messages = studentsMessages(students, 5);
    expect(messages.length).toBeGreaterThan(4);
    const listed: number[] = [];
    for (const m of messages) {
      const sent = await bot.api.sendMessage(tg.server.chatId, m.text, { reply_markup: m.reply_markup });
      const ids = sent.reply_markup!.inline_keyboard.flat().map((b) => CALLBACKS.classStudent.parse('callback_data' in b ? b.callback_data : '')).map((t) => (t && 'student' in t ? t.student : -1));
      const names = [...sent.text!.matchAll(/^• (.+) — /gm)].map((x) => x[1]);
      expect(names).toEqual(ids.map((id) => students.find((s) => s.id === id)!.name));
      listed.push(...ids);
    }
    expect(listed).toEqual(students.map((s) => s.id));
  });
});
