// The approval of a model's proposed cards, pure: every button's data parses back to what it acts on
// and fits Telegram's 64 bytes; a full batch of long cards stays one Telegram message.
import { describe, expect, it } from 'vitest';
import { CALLBACKS } from '../../src/bot/callbacks.js';
import { proposalKeyboard, proposalText } from '../../src/bot/card-proposals.js';

const parseProposalTap = (d: string) => CALLBACKS.cardProposal.parse(d);
import { TELEGRAM_TEXT_MAX } from '../../src/bot/format.js';
import { MAX_BATCH_CARDS, type CardBatch } from '../../src/domain/cards/proposals.js';

const batch = (n: number, long = 1): CardBatch => ({
  clave: 'a1b2c3d4e5', asunto: 'tarjetas', creada: '2030-01-01T00:00:00.000Z', estado: 'pendiente', mensaje: { chat: 1, id: 2 },
  tarjetas: Array.from({ length: n }, (_, i) => ({
    id_nota: 100 + i, semana: 12, tipo: 'definicion' as const, estado: 'propuesta' as const, llamada: `toolu_${i}`,
    pregunta: `¿Qué concepto número ${i} ${'explica con mucho detalle '.repeat(long)}?`, respuesta: `término ${i} ${'largo '.repeat(long)}`,
  })),
});

describe('the proposal approval', () => {
  it('three buttons a card and «Guardar»; each button\'s data parses back and fits Telegram', () => {
    const b = batch(3);
    b.tarjetas[2]!.estado = 'descartada';
    const rows = proposalKeyboard(b).inline_keyboard;
    expect(rows.map((r) => r.map((x) => x.text))).toEqual([['✅ 1', '✏️ 1', '🗑 1'], ['✅ 2', '✏️ 2', '🗑 2'], ['✅ 3', '✏️ 3', '🗑 3'], ['💾 Guardar 2 tarjetas']]);
    const taps = rows.flat().map((x) => ('callback_data' in x ? x.callback_data : ''));
    for (const d of taps) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(64);
    expect(taps.map(parseProposalTap)).toEqual([
      ...[0, 1, 2].flatMap((i) => (['a', 'e', 'd'] as const).map((kind) => ({ kind, key: b.clave, i }))), { kind: 'g', key: b.clave },
    ]);
    for (const bad of ['tp:g:a1b2c3d4e5:1', 'tp:a:a1b2c3d4e5', 'tp:x:a1b2c3d4e5:1', 'tp:a:ZZ:1', 'imp:g:a1b2c3d4e5']) expect(parseProposalTap(bad)).toBeUndefined();
  });

  it('a full batch of long cards is one Telegram message, each card still numbered', () => {
    const text = proposalText(batch(MAX_BATCH_CARDS, 20), new Map([[100, 'tema']]));
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
    for (let n = 1; n <= MAX_BATCH_CARDS; n++) expect(text).toMatch(new RegExp(`^${n}\\. ▫️ `, 'm'));
  });
});
