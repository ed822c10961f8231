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
import { packMessages, MESSAGE_TEXT_MAX } from '../../src/lib/message-pack.js';
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
