/**
 * The review service on a real temp notebook and a simulated clock: what a session shows (new cards
 * per day, no card before its time, suspended cards, order), stale answers, undo, and the day
 * boundary in the configured zone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEmptyCard, fsrs, generatorParameters } from 'ts-fsrs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNotebook, type Notebook } from '../../src/store/index.js';
import { AGAIN_AHEAD_MS, SOON_MS, createReviewService, localDay } from '../../src/domain/review/service.js';

let dir: string;
let nb: Notebook;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-review-svc-'));
  nb = await openNotebook(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const T0 = new Date('2030-03-05T08:00:00Z');
const min = (m: number) => new Date(T0.getTime() + m * 60_000);

async function deck(n: number) {
  await nb.cards.append(Array.from({ length: n }, (_, i) => ({ id_nota: 1, tipo: 'cloze' as const, pregunta: `p${i + 1}`, respuesta: `r${i + 1}` })), T0);
}
const service = (newPerDay = 20) => createReviewService({ deck: nb.cards, store: nb.reviews, retention: 0.9, newPerDay, timeZone: 'Europe/Madrid' });

describe('review service', () => {
  it('a session shows at most NUEVAS_POR_DIA new cards a day; the CLI view shows every due card', async () => {
    await deck(5);
    const svc = service(2);
    expect((await svc.due(T0, { session: true })).map((d) => d.card.id)).toEqual([1, 2]);
    expect((await svc.due(T0)).map((d) => d.card.id)).toEqual([1, 2, 3, 4, 5]);
    await svc.rate(1, 4, min(1));
    await svc.rate(2, 4, min(2));
    // Two new cards answered today: no more new ones until tomorrow in Madrid (23:00 UTC = 00:00 CET).
    expect(await svc.due(min(3), { session: true })).toEqual([]);
    expect((await svc.due(new Date('2030-03-05T22:59:00Z'), { session: true })).map((d) => d.card.id)).toEqual([]);
    expect((await svc.due(new Date('2030-03-05T23:00:00Z'), { session: true })).map((d) => d.card.id)).toEqual([3, 4]);
    expect(localDay(new Date('2030-03-05T23:00:00Z'), 'Europe/Madrid')).toBe('2030-03-06');
  });

  it('a card given ten minutes never comes back before them; one missed a moment ago may, once nothing else is due; soon() names the learning cards back within minutes', async () => {
    await deck(2);
    const svc = service();
    const r = await svc.rate(1, 3, min(0)); // Bien on a new card: «vuelve en 10 min» (learning)
    expect(r.kind === 'applied' && r.entry.despues.due).toBe(min(10).toISOString());
    expect((await svc.due(min(1), { session: true })).map((d) => [d.card.id, d.fsrs.state])).toEqual([[2, 0]]);
    await svc.rate(2, 1, min(1)); // Otra vez: back in 1 min
    // In the minute after it was missed, the missed card may come back (nothing else is due); the one given ten minutes may not.
    expect((await svc.due(min(1.5), { session: true })).map((d) => d.card.id)).toEqual([2]);
    expect(AGAIN_AHEAD_MS).toBe(60_000);
    expect(await svc.due(min(1.5))).toEqual([]);
    expect(await svc.soon(min(1.5))).toEqual([min(10), min(2)]);
    expect((await svc.due(min(2), { session: true })).map((d) => d.card.id)).toEqual([2]);
    expect((await svc.due(min(9.9), { session: true })).map((d) => d.card.id)).toEqual([2]);
    // At the time it was given, the learning card comes back, before the cards of other kinds.
    expect((await svc.due(min(10), { session: true })).map((d) => d.card.id)).toEqual([2, 1]);
    expect(SOON_MS).toBe(20 * 60_000);
    await svc.rate(1, 4, min(10)); // graduates to review: days away, not «soon»
    expect(await svc.soon(min(10))).toEqual([]);
    expect((await svc.due(min(11), { session: true })).map((d) => d.card.id)).toEqual([2]);
  });

  it('a card missed in a quiz comes before the new cards of the session that follows; one missed in the session waits behind them', async () => {
    await deck(3);
    const svc = service();
    await svc.rate(3, 1, min(0)); // missed in a quiz (no session): back in a minute
    await svc.startSession(7, min(0.2));
    expect((await svc.due(min(0.2), { session: true, chat: 7 })).map((d) => d.card.id)).toEqual([3, 1, 2]);
    await svc.rate(1, 1, min(0.3), { chat: 7 }); // missed in the session
    expect((await svc.due(min(0.4), { session: true, chat: 7 })).map((d) => d.card.id)).toEqual([3, 2, 1]);
  });

  it('a stale answer count changes nothing; undo restores the state before and the card can be answered again', async () => {
    await deck(1);
    const svc = service();
    await svc.startSession(7, T0);
    expect(await svc.rate(1, 3, min(0), { expected: 0, chat: 7 })).toMatchObject({ kind: 'applied' });
    expect(await svc.rate(1, 3, min(0), { expected: 0, chat: 7 })).toEqual({ kind: 'stale' });
    expect(await svc.rate(99, 3, min(0))).toEqual({ kind: 'unknown' });
    const undone = await svc.undo(7, min(1));
    expect(undone).toMatchObject({ id_tarjeta: 1, calificacion: 3 });
    const card = (await svc.card(1))!;
    expect(card).toMatchObject({ count: 0, fsrs: { state: 0, reps: 0 } });
    expect(await svc.undo(7, min(1))).toBeUndefined();
    // Answered again after the undo: exactly ts-fsrs's state from the new card.
    const r = await svc.rate(1, 2, min(2), { expected: 0, chat: 7 });
    const expected = fsrs(generatorParameters({ request_retention: 0.9 })).next(createEmptyCard(T0), min(2), 2).card;
    expect(r.kind === 'applied' && r.entry.despues).toMatchObject({ due: expected.due.toISOString(), stability: expected.stability, difficulty: expected.difficulty, state: expected.state });
    expect((await svc.endSession(7)).map((e) => e.calificacion)).toEqual([2]);
  });

  it('suspended cards leave the session; nextDue names the earliest card still scheduled', async () => {
    await deck(2);
    const svc = service();
    await svc.suspend(1, true);
    expect((await svc.due(T0, { session: true })).map((d) => d.card.id)).toEqual([2]);
    await svc.rate(2, 3, min(0));
    expect(await svc.nextDue(min(0))).toEqual(min(10));
    await svc.suspend(1, false);
    expect((await svc.due(min(1), { session: true })).map((d) => d.card.id)).toEqual([1]);
  });
});
