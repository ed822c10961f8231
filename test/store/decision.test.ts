// The one pending-decision transition (src/store/decision.ts): every pair of states in its table,
// the refusal of every illegal one, and the same refusal for each of the four kinds of decision.
import { describe, expect, it } from 'vitest';
import { decide, DECISION_STATES, mayBecome, stillPending, type DecisionHead, type DecisionKind, type DecisionState, type Verdict } from '../../src/store/decision.js';
import { DECISION } from '../../src/strings/decisions.js';

const KINDS: readonly DecisionKind[] = ['aprobacion', 'importacion', 'tarjetas', 'curso'];
const VERDICTS = DECISION_STATES.filter((s): s is Verdict => s !== 'pendiente');
const AT = '2030-01-02T03:04:05.000Z';
const rec = (estado: DecisionState, asunto: DecisionKind = 'curso'): DecisionHead & { payload: number[] } =>
  ({ clave: 'k1', asunto, estado, creada: '2030-01-01T00:00:00.000Z', payload: [1, 2] });

describe('the pending-decision transition', () => {
  it('the table: only pendiente moves, to each other state, and never back to pendiente', () => {
    const table = Object.fromEntries(DECISION_STATES.map((from) => [from, DECISION_STATES.filter((to) => mayBecome(from, to))]));
    expect(table).toEqual({ pendiente: ['aceptada', 'rechazada', 'caducada', 'sustituida'], aceptada: [], rechazada: [], caducada: [], sustituida: [] });
  });

  it('a pending decision becomes each verdict, with when and who, its payload and the old value untouched', () => {
    for (const to of VERDICTS) {
      const d = rec('pendiente');
      const t = decide(d, to, new Date(AT), 'Ana');
      expect(t).toEqual({ ok: true, next: { ...d, estado: to, decidida: AT, por: 'Ana' } });
      expect(d.estado).toBe('pendiente');
    }
    // An expiry has nobody behind it.
    const lapsed = decide(rec('pendiente'), 'caducada', AT);
    expect(lapsed.ok && 'por' in lapsed.next).toBe(false);
  });

  it('every illegal transition is refused: a decided one (a double tap, an old button) and an absent one', () => {
    let refused = 0;
    for (const asunto of KINDS) {
      for (const from of DECISION_STATES.filter((s) => s !== 'pendiente')) {
        for (const to of VERDICTS) {
          expect(decide(rec(from, asunto), to, AT, 'Ana')).toEqual({ ok: false, refusal: 'ya_decidida' });
          refused++;
        }
      }
      for (const to of VERDICTS) expect(decide(undefined, to, AT)).toEqual({ ok: false, refusal: 'desconocida' });
    }
    expect(refused).toBe(KINDS.length * 4 * 4);
  });

  it('a double answer: the second is refused, the first stands', () => {
    const first = decide(rec('pendiente'), 'aceptada', AT, 'Ana');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(decide(first.next, 'rechazada', AT, 'Bea')).toEqual({ ok: false, refusal: 'ya_decidida' });
    expect(first.next.por).toBe('Ana');
  });

  it('the payload may change only while pending, refused in the same words', () => {
    expect(stillPending(rec('pendiente'))).toBeUndefined();
    for (const s of VERDICTS) expect(stillPending(rec(s))).toBe('ya_decidida');
    expect(stillPending(undefined)).toBe('desconocida');
  });

  it('one sentence per refusal, whatever was asked', () => {
    expect(DECISION.refused('ya_decidida')).toBe('Ya estaba decidido.');
    expect(DECISION.refused('desconocida')).not.toBe(DECISION.refused('ya_decidida'));
  });
});
