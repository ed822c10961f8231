// repaso.json: a frozen version-1 file keeps loading; an unknown version or a broken file is reported
// with the file and the recovery and left as it is; updates are atomic read-modify-write.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-reviews-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const FIXTURE = new URL('../fixtures/repaso-v1.json', import.meta.url);

describe('review store', () => {
  it('loads the frozen version-1 fixture as it was written', async () => {
    const nb = await openNotebook(dir);
    await copyFile(FIXTURE, nb.files.reviews);
    const state = await nb.reviews.read();
    expect(state.registro.map((e) => [e.n, e.id_tarjeta, e.calificacion])).toEqual([[1, 1, 3], [2, 1, 3]]);
    expect(state.tarjetas[2]).toEqual({ suspendida: true });
    expect(state.sesiones[101]).toMatchObject({ actual: 3, mostrada: true, respuestas: [1, 2] });
    expect(state.recordatorio).toEqual({ hora: '20:00', ultimo_dia: '2026-11-30', chat: 101 });
  });

  it('an unknown version or broken JSON is reported with the file and recovery, never replaced', async () => {
    const nb = await openNotebook(dir);
    const v2 = JSON.stringify({ ...JSON.parse(await readFile(FIXTURE, 'utf8')), version: 2 });
    await writeFile(nb.files.reviews, v2);
    await expect(nb.reviews.update(() => undefined)).rejects.toThrow(/tiene la versión 2 y este programa solo entiende la 1[\s\S]*se pierde el historial de repasos/);
    expect(await readFile(nb.files.reviews, 'utf8')).toBe(v2);
    await writeFile(nb.files.reviews, '{"version": 1,');
    await expect(nb.reviews.read()).rejects.toThrow(nb.files.reviews);
  });

  it('an update that throws writes nothing; concurrent updates in one process all land', async () => {
    const nb = await openNotebook(dir);
    await expect(nb.reviews.update((s) => {
      s.recordatorio.hora = '07:00';
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect((await nb.reviews.read()).recordatorio).toEqual({});
    await Promise.all(Array.from({ length: 20 }, (_, i) => nb.reviews.update((s) => {
      s.tarjetas[i + 1] = { suspendida: true };
    })));
    expect(Object.keys((await nb.reviews.read()).tarjetas)).toHaveLength(20);
  });
});

describe('deck edits from the chat', () => {
  it('edit keeps the id; a deleted card is hidden and its id is never reused', async () => {
    const nb = await openNotebook(dir);
    await nb.cards.append([{ id_nota: 1, tipo: 'cloze', pregunta: 'p1', respuesta: 'r1' }, { id_nota: 1, tipo: 'cloze', pregunta: 'p2', respuesta: 'r2' }]);
    expect(await nb.cards.edit(1, 'nueva', 'respuesta')).toMatchObject({ id: 1, id_nota: 1, pregunta: 'nueva', respuesta: 'respuesta' });
    expect(await nb.cards.remove(2)).toBe(true);
    expect(await nb.cards.remove(2)).toBe(false);
    expect(await nb.cards.edit(2, 'a', 'b')).toBeUndefined();
    expect((await nb.cards.list()).map((c) => c.id)).toEqual([1]);
    const { added } = await nb.cards.append([{ id_nota: 1, tipo: 'cloze', pregunta: 'p2', respuesta: 'r2' }]);
    expect(added.map((c) => c.id)).toEqual([3]);
  });
});
