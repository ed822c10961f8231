/** The closing message counts a run's cards as its card list shows them: all of them, the new ones said apart. */
import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../../src/agent/types.js';
import { madeLines } from '../../src/bot/delivery.js';

const outcome = (cards: number[], reusedCards: number[]) => ({ calls: [{ tool: 'crear_tarjetas', kind: 'ok' }], cards, reusedCards }) as unknown as RunOutcome;

describe('the closing message\'s cards', () => {
  it('says how many cards the run has, and how many of them are new', () => {
    expect(madeLines(outcome([4, 5, 6, 7, 8], [4, 5]))).toEqual(['✅ Tarjetas de repaso: 5 (3 nuevas)']);
    expect(madeLines(outcome([4, 5, 6], []))).toEqual(['✅ Tarjetas de repaso: 3 nuevas']);
    expect(madeLines(outcome([4, 5], [4, 5]))).toEqual(['↩️ Tarjetas de repaso: ya las tenías; no las he duplicado']);
  });
  it('says plainly that a note gave no card, and why; never a bare ✅', () => {
    const none = { ...outcome([], []), cardless: [{ note: 18, why: 'sin_ideas' }] } as RunOutcome;
    expect(madeLines(none)).toEqual(['⚠️ La nota 18 no da tarjetas nuevas: no dice ninguna definición, enunciado, fórmula ni término clave que preguntar']);
  });
});
