/**
 * Hole 3: state files shared by several processes (the bot and any number of `cuaderno` commands).
 * Each read-modify-write runs under an inter-process lock and ids are allocated under it: no card
 * reported is lost, no reported id belongs to another note's card.
 */
import { mkdir, readdir, stat, utimes } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { BotStateFile } from '../../src/bot/state.js';
import { makeToolbox, tempDir } from '../tools/helpers.js';
import { runCompiled } from '../support/compiled.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function herramienta(dir: string, name: string, json: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCompiled('cli', ['herramienta', name, json], { env: { ...process.env, CUADERNO_DATA_DIR: dir }, cwd: process.cwd() });
}

interface CardsResult { id_nota: number; ids: number[] }

async function checkDeck(dir: string, results: CardsResult[]): Promise<void> {
  const deck = await (await openNotebook(dir)).cards.list();
  const byId = new Map(deck.map((c) => [c.id, c]));
  const reported = results.flatMap((r) => r.ids.map((id) => ({ id, note: r.id_nota })));
  expect(deck).toHaveLength(reported.length);
  for (const { id, note } of reported) expect(byId.get(id)?.id_nota, `card ${id}`).toBe(note);
  expect(new Set(deck.map((c) => c.id)).size).toBe(deck.length);
}

describe('several processes writing the same notebook', () => {
  it('two toolboxes (the bot and the CLI) creating cards for 12 notes at once lose nothing', async () => {
    const t = await tempDir('cv-lock-');
    cleanups.push(t.cleanup);
    const boxes = [await makeToolbox(t.dir), await makeToolbox(t.dir)];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      boxes[i % 2]!.dispatch({ id: `c${i}`, name: 'crear_tarjetas', input: { id_nota: i + 1 } })));
    for (const r of results) expect(r.is_error, r.content).toBe(false);
    await checkDeck(t.dir, results.map((r) => JSON.parse(r.content) as CardsResult));
  });

  it('two note stores adding notes at once get distinct ids and keep every note', async () => {
    const t = await tempDir('cv-lock-');
    cleanups.push(t.cleanup);
    const [a, b] = [await openNotebook(t.dir), await openNotebook(t.dir)];
    await a.notes.list(); // seeded once
    const added = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).notes.add(`tema ${i}`, `texto ${i}`)));
    const ids = added.map((n) => n.id);
    expect(new Set(ids).size).toBe(20);
    const all = await a.notes.list();
    for (const n of added) expect(all.find((x) => x.id === n.id)?.tema).toBe(n.tema);
  });

  it('the same cover asked by two processes at once is generated once: the other gets the stored result', async () => {
    const t = await tempDir('cv-lock-');
    cleanups.push(t.cleanup);
    const answer = { approved: true, by: 'test' } as const;
    const boxes = [await makeToolbox(t.dir, { answer }), await makeToolbox(t.dir, { answer })];
    const results = await Promise.all(boxes.map((b, i) => b.dispatch({ id: `p${i}`, name: 'generar_portada', input: { semana: 3, maqueta: true } })));
    expect(results.map((r) => r.outcome).sort()).toEqual(['cache', 'ok']);
    const audit = await (await openNotebook(t.dir)).audit.list();
    expect(audit.filter((e) => e.event === 'resultado' && e.outcome === 'ok')).toHaveLength(1);
  });

  it('a lock left by a process killed with kill -9 does not block the next one for long', async () => {
    const t = await tempDir('cv-lock-');
    cleanups.push(t.cleanup);
    const nb = await openNotebook(t.dir);
    const lock = `${nb.files.cards}.lock`;
    await mkdir(lock);
    const past = new Date(Date.now() - 60_000);
    await utimes(lock, past, past);
    const r = await (await makeToolbox(t.dir)).dispatch({ id: 'k', name: 'crear_tarjetas', input: { id_nota: 1 } });
    expect(r.is_error, r.content).toBe(false);
    await expect(stat(lock)).rejects.toThrow(/ENOENT/);
  });

  it('a second bot on the same data dir does not start: one clear sentence', async () => {
    const t = await tempDir('cv-lock-');
    cleanups.push(t.cleanup);
    const first = new BotStateFile(t.dir);
    await first.load();
    cleanups.push(() => first.close());
    const second = new BotStateFile(t.dir);
    await expect(second.load()).rejects.toThrow(/Otra copia de Cuaderno Vivo está usando ya esta carpeta de datos/);
    await first.close();
    await second.load();
    await second.close();
  });

  it('eight real `herramienta crear_tarjetas` processes at once: every reported card is stored, under its note', async () => {
    const t = await tempDir('cv-lock-');
    cleanups.push(t.cleanup);
    await (await openNotebook(t.dir)).notes.list(); // seed before the race, as a used notebook is
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => herramienta(t.dir, 'crear_tarjetas', JSON.stringify({ id_nota: i + 1 }))));
    const results = runs.map((r) => {
      const line = JSON.parse(r.stdout) as { content: string; is_error: boolean };
      expect(line.is_error, line.content + r.stderr).toBe(false);
      return JSON.parse(line.content) as CardsResult;
    });
    await checkDeck(t.dir, results);
    // No lock or temp file is left behind.
    expect((await readdir(t.dir)).filter((f) => f.endsWith('.lock') || f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);
});
