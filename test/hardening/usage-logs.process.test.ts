/**
 * Issue 22, holes 5 and 11: the usage log only grows, so it is read as a stream — a log much larger
 * than the process's heap still answers `uso`, `registrar_uso` and the month /gasto shows — and
 * `cuaderno uso`'s «Total» is the billed total, the figure /gasto counts, with the model's own notes apart.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook, USAGE_COLUMNS } from '../../src/store/index.js';
import { cli, dataAndKeys } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const dirs = () => dataAndKeys('cv-usage', cleanups);

const HEADER = `${USAGE_COLUMNS.join(',')}\n`;

describe('cuaderno uso: the total is the billed total, like /gasto', () => {
  it('a billed row, a model note and an estimate: «Total» counts only the billed one; the note is shown apart', async () => {
    const d = await dirs();
    await writeFile(path.join(d.data, 'registro_uso.csv'), HEADER + [
      '2026-03-02T10:00:00.000Z,agente:iteracion-1,claude-sonnet-5-5,1000,200,0.004,facturado,r1@x#iteracion-1',
      '2026-03-02T10:00:01.000Z,semana 3,claude-fable-5-1,10000,10000,0.6,nota_del_modelo,',
      '2026-03-02T10:00:02.000Z,estimado:iteracion-2,claude-sonnet-5-5,300,100,0.0016,estimado,r1@x#iteracion-2',
    ].map((l) => `${l}\n`).join(''));
    const gasto = await (await openNotebook(d.data)).usage.month(new Date('2026-03-15T12:00:00Z'));
    expect(gasto.billedUsd).toBe(0.004);

    const json = JSON.parse((await cli(['uso', '--json'], d.env)).stdout) as { filas: unknown[]; total_usd: number; notas_del_modelo: { filas: number; usd: number } };
    expect(json.filas).toHaveLength(3);
    expect(json.total_usd).toBe(gasto.billedUsd);
    expect(json.notas_del_modelo).toEqual({ filas: 1, usd: 0.6 });

    const human = (await cli(['uso'], d.env)).stdout;
    expect(human).toContain('Total: 0.004 USD facturados (3 filas)');
    expect(human).toContain('Aparte, lo que el modelo apuntó como gasto propio: 0.6 USD en 1 fila (solo');
    expect(human).not.toMatch(/Total: 0\.60/);
  });
});

describe('the usage log is read as a stream', () => {
  it('a 60 MB log answers uso, registrar_uso and the month of /gasto in a child with a 96 MB heap', { timeout: 300_000 }, async () => {
    const d = await dirs();
    const file = path.join(d.data, 'registro_uso.csv');
    const ROWS = 600_000;
    const out = createWriteStream(file);
    out.write(HEADER);
    for (let i = 0; i < ROWS; i += 10_000) {
      let chunk = '';
      for (let j = i; j < i + 10_000; j++) chunk += `2026-03-02T10:00:00.000Z,agente:iteracion-1,claude-sonnet-5-5,1000,200,0.004,facturado,run-${j}@2026-03-02T10:00:00.000Z#iteracion-1\n`;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    expect((await stat(file)).size).toBeGreaterThan(60 * 2 ** 20);

    const child = spawn(process.execPath, ['--max-old-space-size=96', '--import', 'tsx', 'test/hardening/usage-memory.child.ts', d.data, d.keys], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    const [code] = (await once(child, 'close')) as [number | null];
    expect(stderr).not.toMatch(/heap out of memory/);
    expect(code).toBe(0);
    const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as { uso: number; usoBytes: number; tool: number; toolOut: string; month: { billedUsd: number }; peakHeapMB: number };
    expect(r.uso).toBe(0);
    expect(r.usoBytes).toBeGreaterThan(ROWS * 100);
    expect(r.tool).toBe(0);
    expect(JSON.parse(r.toolOut)).toMatchObject({ is_error: false });
    expect(r.month.billedUsd).toBeCloseTo(ROWS * 0.004, 4);
    expect(r.peakHeapMB).toBeLessThan(80);
  });
});
