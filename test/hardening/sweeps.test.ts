/**
 * Issue 22, hole 8: start-up sweeps. `trabajo/<key>/` of a finished call (its result stored under
 * the same key) is removed by the next command; `idempotencia/` keeps the newest 1,000 results and
 * `runs/` the newest 200 finished runs — an unfinished run always stays.
 */
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, dataAndKeys } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const dirs = () => dataAndKeys('cv-sweep', cleanups);
const record = (key: string) => `${JSON.stringify({ version: 1, key, storedAt: '2026-03-01T18:00:00.000Z', output: { data: { ok: true } } })}\n`;

describe('start-up sweeps and bounded histories', () => {
  it("a finished call's work folder (8 MB, left by a kill before its last rename) is removed; a call without a stored result keeps its folder", async () => {
    const d = await dirs();
    const done = 'portada-maqueta-2026-S3';
    const open = 'narracion-juguete-2026-S3';
    await mkdir(path.join(d.data, 'idempotencia'), { recursive: true });
    await writeFile(path.join(d.data, 'idempotencia', `${done}.json`), record(done));
    for (const k of [done, open]) {
      await mkdir(path.join(d.data, 'trabajo', k), { recursive: true });
      await writeFile(path.join(d.data, 'trabajo', k, 'imagen.rgba'), Buffer.alloc(8 * 2 ** 20));
    }
    expect((await cli(['tarjetas'], d.env)).code).toBe(0);
    expect(await readdir(path.join(d.data, 'trabajo'))).toEqual([open]);
  });

  it('idempotencia/ keeps the newest 1,000 stored results', async () => {
    const d = await dirs();
    const folder = path.join(d.data, 'idempotencia');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < 1_005; i++) {
      const key = `tarjetas-nota-${String(i).padStart(4, '0')}`;
      const file = path.join(folder, `${key}.json`);
      await writeFile(file, record(key));
      const t = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      await utimes(file, t, t);
    }
    expect((await cli(['tarjetas'], d.env)).code).toBe(0);
    const left = (await readdir(folder)).sort();
    expect(left).toHaveLength(1_000);
    expect(left[0]).toBe('tarjetas-nota-0005.json');
  });

  it('runs/ keeps the newest 200 finished runs and every unfinished one', async () => {
    const d = await dirs();
    const fixture = JSON.parse(await readFile('test/fixtures/run-state/v1/fixture-v1/checkpoint.json', 'utf8')) as Record<string, unknown>;
    const write = async (runId: string, finishedAt?: string) => {
      await mkdir(path.join(d.data, 'runs', runId), { recursive: true });
      const cp = { ...fixture, task: { ...(fixture.task as object), runId }, ...(finishedAt ? { finished: { stopReason: 'end_turn', at: finishedAt } } : {}) };
      await writeFile(path.join(d.data, 'runs', runId, 'checkpoint.json'), JSON.stringify(cp));
    };
    for (let i = 0; i < 205; i++) await write(`r${String(i).padStart(3, '0')}`, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString());
    await write('cli');
    // preparar opens the agent (the start-up of a run) and stops at once: the unfinished run asks for the owner's word.
    expect((await cli(['preparar', 'prepare la semana 3'], d.env)).code).toBe(2);
    const left = (await readdir(path.join(d.data, 'runs'))).sort();
    expect(left).toHaveLength(201);
    expect(left).toContain('cli');
    expect(left.filter((r) => r !== 'cli')[0]).toBe('r005');
  });
});
