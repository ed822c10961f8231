/**
 * `repaso` and `calificar` against ts-fsrs called directly: over a sequence of ratings on several
 * cards, with explicit --ahora instants, the CLI's state is exactly ts-fsrs's for the same history.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEmptyCard, fsrs, generatorParameters, State } from 'ts-fsrs';
import type { Card as FsrsCard, Grade } from 'ts-fsrs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliIn } from './helpers.js';
import { deckFileCards } from '../support/deck-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-repaso-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) => cliIn(dir, args, env);

const WORDS: Record<Grade, string> = { 1: 'otra', 2: 'dificil', 3: 'bien', 4: 'facil' };
const STATE: Record<State, string> = { 0: 'nueva', 1: 'aprendiendo', 2: 'repaso', 3: 'reaprendiendo' };

describe('repaso / calificar', () => {
  it('after crear_tarjetas of note 9, repaso lists its cards, due at their creation time', async () => {
    expect((await cli(['herramienta', 'crear_tarjetas', '{"id_nota":9}'])).code).toBe(0);
    const deck = deckFileCards<{ id: number; creada: string; pregunta: string; respuesta: string }>(JSON.parse(await readFile(path.join(dir, 'tarjetas.json'), 'utf8')));
    const r = await cli(['repaso', '--json']);
    expect(r.code).toBe(0);
    const due = JSON.parse(r.stdout);
    expect(due).toEqual(deck.map((c) => ({ id: c.id, id_nota: 9, semana: 3, pregunta: c.pregunta, respuesta: c.respuesta, vence: c.creada })));
    // Before their creation they are not due yet.
    expect(JSON.parse((await cli(['repaso', '--json', '--ahora', '2020-01-01T00:00:00Z'])).stdout)).toEqual([]);
  });

  it('calificar gives exactly ts-fsrs’s state over a sequence of ratings on several cards', async () => {
    // The demo notes are one sentence each (one card each): four notes give four cards.
    for (const id of [9, 2, 7, 8]) await cli(['herramienta', 'crear_tarjetas', `{"id_nota":${id}}`]);
    const deck = deckFileCards<{ id: number; creada: string }>(JSON.parse(await readFile(path.join(dir, 'tarjetas.json'), 'utf8')));
    expect(deck.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    const scheduler = fsrs(generatorParameters({ request_retention: 0.85 }));
    const expected = new Map<number, FsrsCard>(deck.map((c) => [c.id, createEmptyCard(new Date(c.creada))]));
    // Each card follows its own history: lapses, hard answers, long gaps; several cards interleaved.
    const histories: Record<number, Grade[]> = { 1: [3, 3, 3, 1, 3, 4], 2: [1, 1, 2, 3, 3], 3: [4, 2, 1, 3], 4: [2, 3, 4, 4, 1, 1, 3] };
    let t = Date.parse(deck[deck.length - 1]!.creada) + 60_000;
    for (let step = 0; step < 7; step++) {
      for (const [idRaw, grades] of Object.entries(histories)) {
        const grade = grades[step];
        if (grade === undefined) continue;
        const id = Number(idRaw);
        const before = expected.get(id)!;
        // Answer when the card comes due (plus a bit), as a student would.
        t = Math.max(t + 37_000, before.due.getTime() + 3_600_000 * (step % 3));
        const now = new Date(t);
        const after = scheduler.next(before, now, grade).card;
        expected.set(id, after);
        const r = await cli(['calificar', String(id), WORDS[grade], '--ahora', now.toISOString(), '--json'], { RETENCION_DESEADA: '0.85' });
        expect(r.stderr).toBe('');
        expect(JSON.parse(r.stdout)).toEqual({
          id, vence: after.due.toISOString(), estabilidad: after.stability, dificultad: after.difficulty,
          estado: STATE[after.state], repeticiones: after.reps, fallos: after.lapses,
        });
      }
    }
    expect([...expected.values()].some((c) => c.lapses > 0)).toBe(true);
    expect([...expected.values()].some((c) => c.state === State.Review)).toBe(true);
    // The review log keeps every answer with the state before and after.
    const log = JSON.parse(await readFile(path.join(dir, 'repaso.json'), 'utf8')).registro;
    expect(log).toHaveLength(Object.values(histories).flat().length);
    expect(log[0]).toMatchObject({ n: 1, id_tarjeta: 1, calificacion: 3, antes: { state: 0, reps: 0 }, despues: { state: 1, reps: 1 } });
  });

  it('exit 2 with a clear message for an unknown card, a bad rating or a malformed date', async () => {
    await cli(['herramienta', 'crear_tarjetas', '{"id_nota":9}']);
    const unknown = await cli(['calificar', '99', 'bien']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('No existe la tarjeta 99');
    const bad = await cli(['calificar', '1', 'genial']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Calificación desconocida: «genial»');
    for (const date of ['2026-13-01T10:00:00Z', '2026-02-30T10:00:00Z', 'mañana', '2026-11-30T10:00:00']) {
      const r = await cli(['repaso', '--ahora', date]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`Fecha no válida en --ahora: «${date}»`);
      expect((await cli(['calificar', '1', 'bien', '--ahora', date])).code).toBe(2);
    }
    // Nothing was applied by the refused calls: every card of the deck is still due.
    const deck = deckFileCards(JSON.parse(await readFile(path.join(dir, 'tarjetas.json'), 'utf8')));
    expect(deck.length).toBeGreaterThan(0);
    expect(JSON.parse((await cli(['repaso', '--json'])).stdout)).toHaveLength(deck.length);
    const accented = await cli(['calificar', '1', 'Fácil', '--json']);
    expect(accented.code).toBe(0);
  });
});
