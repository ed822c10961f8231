/**
 * Upgrade (issue 24 "Done means"): a data folder made by main at 26bbfae — version-1 notes, cards
 * with review history, a cached cover and episode — keeps the demo course after the upgrade, its
 * notes get their weeks (written in today's layout), and the cards, the review and the cached results
 * still work: nothing is made twice.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { NOTES_STATE_VERSION } from '../../src/store/notesFile.js';
import { makeToolbox, tempDir } from '../tools/helpers.js';
import { cli, copyFrozenFolder } from './helpers.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/datos-26bbfae/', import.meta.url));
const NOW = new Date('2026-12-01T18:00:00Z');
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('cuaderno-upgrade-'));
  await copyFrozenFolder(FIXTURE, dir);
});
afterAll(() => cleanup());

const listing = async () => (await readdir(dir, { recursive: true })).filter((f) => /^(portadas|audio)\//.test(f)).sort();

describe('a data folder from before courses', () => {
  it('keeps the demo course', async () => {
    const out = JSON.parse((await cli(dir, ['curso', '--json'])).stdout);
    expect(out.semanas.map((w: { numero: number }) => w.numero)).toEqual([1, 2, 3, 4]);
  });

  it('its notes get their weeks by topic, written once in the current layout of the notes', async () => {
    expect(Array.isArray(JSON.parse(await readFile(path.join(dir, 'notas.json'), 'utf8')))).toBe(true);
    await makeToolbox(dir, { now: () => NOW });
    const doc = JSON.parse(await readFile(path.join(dir, 'notas.json'), 'utf8'));
    expect(doc.version).toBe(NOTES_STATE_VERSION);
    expect(doc.notas.map((n: { id: number; semana: number }) => [n.id, n.semana])).toEqual([[1, 1], [2, 1], [3, 1], [4, 2], [5, 2], [6, 2], [7, 3], [8, 3], [9, 3], [10, 4], [11, 4], [12, 4]]);
  });

  it('the cached cover and episode are answered from the store: nothing is made twice', async () => {
    const before = await listing();
    const box = await makeToolbox(dir, { answer: { approved: true, by: 'test' }, now: () => NOW });
    const cover = await box.dispatch({ id: 'u1', name: 'generar_portada', input: { semana: 3, maqueta: true } });
    const episode = await box.dispatch({ id: 'u2', name: 'narrar_resumen', input: { semana: 3, motor: 'juguete' } });
    expect([cover.outcome, episode.outcome]).toEqual(['cache', 'cache']);
    expect((cover.data as { titulo: string }).titulo).toBe('Semana 3 · Historia del arte');
    expect(box.asked).toHaveLength(0);
    expect(await listing()).toEqual(before);
    expect((await readdir(path.join(dir, 'idempotencia'))).sort()).toEqual(['narracion-juguete-2026-S3.json', 'portada-maqueta-2026-S3.json', expect.stringMatching(/^tarjetas-nota8-/)]);
  });

  it('the cards keep their weeks and history; the same cards are not made again; review goes on', async () => {
    const box = await makeToolbox(dir, { now: () => NOW });
    const again = await box.dispatch({ id: 'u3', name: 'crear_tarjetas', input: { id_nota: 8 } });
    expect(again.is_error, again.content).toBe(false);
    const nb = await openNotebook(dir);
    const cards = await nb.cards.list();
    expect(cards.map((c) => [c.id, c.semana])).toEqual([[1, 3], [2, 3], [3, 3]]);
    const state = await nb.reviews.read();
    expect(state.registro.map((e) => [e.id_tarjeta, e.calificacion])).toEqual([[1, 3]]);
    const r = await cli(dir, ['calificar', '2', 'bien', '--ahora', '2026-12-01T10:00:00Z']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect((await nb.reviews.read()).registro).toHaveLength(2);
  });
});
