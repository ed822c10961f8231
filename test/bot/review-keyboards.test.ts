// The review buttons' callback data: round-trips, fits Telegram's 64 bytes, rejects foreign data.
import { describe, expect, it } from 'vitest';
import { CALLBACK_DATA_MAX_BYTES } from '../../src/bot/keyboards.js';
import { CALLBACKS } from '../../src/bot/callbacks.js';
import { ratingKeyboard, type ReviewTap } from '../../src/bot/review-keyboards.js';
import { intervalLabel, weekCardsMessages } from '../../src/strings/review.js';

const encodeTap = (t: ReviewTap) => CALLBACKS.review.format(t);
const parseTap = (d: string | undefined) => CALLBACKS.review.parse(d);

describe('review callback data', () => {
  const big = 999_999_999;
  const taps: ReviewTap[] = [
    { kind: 'start' }, { kind: 'undo' }, { kind: 'end' },
    { kind: 'reveal', card: big, count: big }, { kind: 'rate', card: big, count: big, grade: 4 },
    { kind: 'suspend', card: 7 }, { kind: 'edit', card: 7 }, { kind: 'removeAsk', card: 7 }, { kind: 'remove', card: 7 }, { kind: 'keep', card: 7 }, { kind: 'page', page: 3 },
  ];
  it.each(taps.map((t) => [t.kind, t] as const))('%s round-trips within 64 bytes', (_, tap) => {
    const data = encodeTap(tap);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    expect(parseTap(data)).toEqual(tap);
  });
  it('foreign or malformed data is not ours (the stale-button handler answers it)', () => {
    for (const d of ['ap:abc:s', 'rv:r:1:0:5', 'rv:r:1:x:3', 'rv:s:1', 'rv:zz', '', undefined]) expect(parseTap(d)).toBeUndefined();
  });
  it('rating buttons carry the card and its answer count', () => {
    const kb = ratingKeyboard(5, 2, { 1: '1 min', 2: '6 min', 3: '10 min', 4: '8 d' }, true);
    expect(kb.inline_keyboard.flat().map((b) => [b.text, 'callback_data' in b ? b.callback_data : ''])).toEqual([
      ['Otra vez · 1 min', 'rv:r:5:2:1'], ['Difícil · 6 min', 'rv:r:5:2:2'], ['Bien · 10 min', 'rv:r:5:2:3'], ['Fácil · 8 d', 'rv:r:5:2:4'],
      ['↩️ Deshacer', 'rv:u'], ['⏹ Terminar', 'rv:x'],
    ]);
  });
  it('interval labels', () => {
    expect([30_000, 60_000, 6 * 60_000, 90 * 60_000, 8 * 86_400_000, 800 * 86_400_000].map(intervalLabel)).toEqual(['1 min', '1 min', '6 min', '2 h', '8 d', '2,2 años']);
  });
  it('the week’s cards: each answer is exactly one spoiler entity (UTF-16 offsets)', () => {
    const cards = [
      { id: 1, id_nota: 9, tipo: 'cloze' as const, pregunta: '«El _____ rompió…» 🎨', respuesta: 'cubismo', creada: '' },
      { id: 2, id_nota: 9, tipo: 'cloze' as const, pregunta: 'Otra 🃏', respuesta: 'perspectiva única', creada: '' },
    ];
    const messages = weekCardsMessages(cards);
    expect(messages).toHaveLength(1);
    const { text, entities } = messages[0]!;
    expect(entities.map((e) => text.slice(e.offset, e.offset + e.length))).toEqual(['cubismo', 'perspectiva única']);
  });
});
