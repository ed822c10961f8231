/**
 * The deck file keeps a deleted card as a tombstone (version 2): a version-1 deck (a plain list) is
 * migrated on its first read and written back as version 2, its deleted cards kept; the next plan sees them.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CARDS_STATE_VERSION, openNotebook } from '../../src/store/index.js';
import type { Card } from '../../src/store/index.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const card = (id: number, extra: Partial<Card> = {}): Card => ({ id, id_nota: 2, semana: 1, tipo: 'cloze', pregunta: `pregunta ${id}`, respuesta: `respuesta ${id}`, creada: '2026-01-01T00:00:00.000Z', ...extra });

describe('the deck file', () => {
  it('migrates a version-1 list to version 2, keeping its tombstones, and hands them to the next plan', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-mazo-'));
    dirs.push(dir);
    const file = path.join(dir, 'tarjetas.json');
    await writeFile(file, JSON.stringify([card(1), card(2, { borrada: true })]));
    const nb = await openNotebook(dir);
    expect((await nb.cards.list()).map((c) => c.id)).toEqual([1]);
    // Migrated once, by the first read: the file is version 2 before the deck changes.
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: CARDS_STATE_VERSION, tarjetas: [card(1), card(2, { borrada: true })] });

    let seen: readonly Card[] = [];
    await nb.cards.append((_deck, deleted) => {
      seen = deleted;
      return [{ id_nota: 3, tipo: 'cloze', pregunta: 'nueva', respuesta: 'otra' }];
    });
    expect(seen.map((c) => c.id)).toEqual([2]);
    const written = JSON.parse(await readFile(file, 'utf8')) as { version: number; tarjetas: Card[] };
    expect(written.version).toBe(CARDS_STATE_VERSION);
    // A new card never takes a deleted card's id.
    expect(written.tarjetas.map((c) => [c.id, c.borrada ?? false])).toEqual([[1, false], [2, true], [3, false]]);

    expect(await nb.cards.remove(1)).toBe(true);
    const after = JSON.parse(await readFile(file, 'utf8')) as { tarjetas: Card[] };
    expect(after.tarjetas.find((c) => c.id === 1)).toMatchObject({ borrada: true, borrada_el: expect.any(String), pregunta: 'pregunta 1' });
  });

  it('refuses a version it does not know, saying which', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-mazo-'));
    dirs.push(dir);
    await writeFile(path.join(dir, 'tarjetas.json'), JSON.stringify({ version: 9, tarjetas: [] }));
    const nb = await openNotebook(dir);
    await expect(nb.cards.list()).rejects.toThrow(/versión 9/);
  });
});
