import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/common.js';
import { run as plan } from '../../src/cli/plan.js';
import { run as simular } from '../../src/cli/simular.js';
import { decodePng, isPng } from '../../src/domain/media/raster.js';
import { compiled } from '../support/compiled.js';

function capture(): { io: CliIO; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let o = '';
  let e = '';
  stdout.on('data', (d: Buffer) => (o += d.toString()));
  stderr.on('data', (d: Buffer) => (e += d.toString()));
  return { io: { stdout, stderr, stdin: new PassThrough(), env: {} }, out: () => o, err: () => e };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cuaderno-plan-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('plan', () => {
  it('--json reproduces docs/design.md §5', async () => {
    const c = capture();
    expect(await plan(['--json'], c.io)).toBe(0);
    const r = JSON.parse(c.out());
    expect(r.orden).toEqual(['T1', 'T2', 'T3', 'T4', 'T6', 'T5', 'T7']);
    expect(r.niveles).toEqual({ 0: ['T1'], 1: ['T2', 'T3', 'T4'], 2: ['T6', 'T5'], 3: ['T7'] });
    expect(Object.fromEntries(r.tareas.map((t: { id: string; holgura: number }) => [t.id, t.holgura]))).toEqual({ T1: 0, T2: 14, T3: 0, T4: 5, T5: 5, T6: 0, T7: 0 });
    expect(r.tareas.find((t: { id: string }) => t.id === 'T6')).toMatchObject({ inicio: 6, fin: 21 });
    expect(r.ruta_critica).toEqual(['T1', 'T3', 'T6', 'T7']);
    expect(r.makespan).toEqual({ secuencial: 44, paralelo: 23, gpu: 33, por_niveles: 24 });
    expect(((1 - r.makespan.paralelo / r.makespan.secuencial) * 100).toFixed(1)).toBe('47.7');
    expect(r.ahorro_pct).toBe(47.7);
  });

  it('prints a table and writes a Gantt PNG', async () => {
    const c = capture();
    const out = path.join(dir, 'semana.png');
    expect(await plan(['--gpu', '2', '--gantt', out], c.io)).toBe(0);
    expect(c.out()).toMatch(/Ruta crítica: T1 → T3 → T6 → T7 = 23 s/);
    expect(c.out()).toMatch(/con 2 GPUs\s+23 s/);
    expect(c.out()).toMatch(/ahorro 47\.7 %/);
    const png = await readFile(out);
    expect(isPng(png)).toBe(true);
    const raster = decodePng(png);
    expect(raster.width).toBe(1100);
    // The critical path's red outline is drawn.
    let red = 0;
    for (let i = 0; i < raster.data.length; i += 4) if (raster.data[i]! === 200 && raster.data[i + 1]! === 30 && raster.data[i + 2]! === 45) red++;
    expect(red).toBeGreaterThan(200);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('plans a graph file', async () => {
    const file = path.join(dir, 'ok.json');
    await writeFile(file, JSON.stringify({ tareas: [
      { id: 'A', nombre: 'Uno', duracion: 2, deps: [], carril: 'cpu' },
      { id: 'B', duracion: 3, deps: ['A'], carril: 'gpu' },
      { id: 'C', duracion: 4, deps: ['A'], carril: 'gpu' },
    ] }));
    const c = capture();
    expect(await plan(['--grafo', file, '--json'], c.io)).toBe(0);
    expect(JSON.parse(c.out()).makespan).toEqual({ secuencial: 9, paralelo: 6, gpu: 9, por_niveles: 6 });
  });

  it.each([
    ['ciclo', { tareas: [{ id: 'A', duracion: 1, deps: ['B'] }, { id: 'B', duracion: 1, deps: ['A'] }] }, /ciclo: (A → B → A|B → A → B)/],
    ['dependencia desconocida', { tareas: [{ id: 'A', duracion: 1, deps: ['Z'] }] }, /no existe: "Z"/],
    ['id duplicado', { tareas: [{ id: 'A', duracion: 1 }, { id: 'A', duracion: 2 }] }, /duplicado: A/],
    ['duración negativa', { tareas: [{ id: 'A', duracion: -1 }] }, /"duracion" de A/],
    ['duración no numérica', { tareas: [{ id: 'A', duracion: '3' }] }, /"duracion" de A/],
    ['carril desconocido', { tareas: [{ id: 'A', duracion: 1, carril: 'tpu' }] }, /carril desconocido en A/],
    ['sin lista', { tasks: [] }, /lista "tareas"/],
    ['no JSON', '{"tareas": [', /no es JSON válido/],
  ])('refuses a bad file (%s) with one message and exit 2', async (name, content, message) => {
    const file = path.join(dir, `${name}.json`);
    await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
    const c = capture();
    expect(await plan(['--grafo', file], c.io)).toBe(2);
    expect(c.out()).toBe('');
    expect(c.err()).toMatch(message);
    expect(c.err().trim().split('\n')).toHaveLength(1);
    expect(c.err()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a missing file and bad flags', async () => {
    const c = capture();
    expect(await plan(['--grafo', path.join(dir, 'nada.json')], c.io)).toBe(2);
    expect(c.err()).toMatch(/no existe/);
    expect(await plan(['--gpu', '0'], capture().io)).toBe(2);
    expect(await plan(['--rapido'], capture().io)).toBe(2);
  });

  it('the real command exits 2 on a cyclic file (child process)', async () => {
    const file = path.join(dir, 'ciclo-cli.json');
    await writeFile(file, JSON.stringify({ tareas: [{ id: 'A', duracion: 1, deps: ['A'] }] }));
    const err = await promisify(execFile)(process.execPath, [compiled('cli'), 'plan', '--grafo', file], { cwd: process.cwd() })
      .then(() => undefined, (e: { code: number; stderr: string }) => e);
    expect(err?.code).toBe(2);
    expect(err?.stderr.trim()).toMatch(/^Grafo .* no válido: El grafo tiene un ciclo: A → A\./);
  });
});

describe('simular', () => {
  it('--json prints exactly the issue keys; no retryable error final; by default (docs/design.md §6: a slot per ready task) p50 is the critical path', async () => {
    const c = capture();
    expect(await simular(['--json'], c.io)).toBe(0);
    const r = JSON.parse(c.out());
    expect(Object.keys(r)).toEqual(['semanas', 'completas', 'p50', 'p95', 'max', 'errores', 'espera_total', 'teoria']);
    expect(Object.keys(r.errores).sort()).toEqual(['400', '429', '500', '529', 'red']);
    expect(Object.keys(r.teoria)).toEqual(['fallo_tarea', 'fallo_semana']);
    expect(r.semanas).toBe(1000);
    expect(r.p50).toBe(23);
    expect(r.p95).toBeGreaterThan(r.p50);
    expect(r.p95).toBeLessThan(40);
    for (const key of ['429', '500', '529', 'red']) expect(r.errores[key].definitivos).toBe(0);
    expect(r.errores['400'].definitivos).toBe(r.errores['400'].ocurrencias);
    expect(r.teoria.fallo_semana).toBeCloseTo(0.0749, 4);
    // Failed weeks within a 95 % interval of theory: |observed − theory| ≤ 1.96 σ.
    const failed = (r.semanas - r.completas) / r.semanas;
    const sigma = Math.sqrt((r.teoria.fallo_semana * (1 - r.teoria.fallo_semana)) / r.semanas);
    expect(Math.abs(failed - r.teoria.fallo_semana)).toBeLessThan(1.96 * sigma);
    expect(r.espera_total).toBeGreaterThan(0);
  });

  it('each week runs on the live lanes: two CPU slots cost the median week its slack; the GPU engines share one GPU', async () => {
    const p50 = async (args: string[]) => {
      const c = capture();
      expect(await simular(['--json', ...args], c.io)).toBe(0);
      return (JSON.parse(c.out()) as { p50: number }).p50;
    };
    const live = await p50(['--vivos']); // CPU_LANES=2, GPU_LANES=1, the CPU engines: as /semana runs here
    expect(live).toBeGreaterThan(23);
    expect(live).toBeLessThan(33);
    expect(await p50(['--cpu', '2'])).toBe(live);
    expect(await p50(['--cpu', '3'])).toBe(23); // the week's three tasks of level 1 never wait for a slot
    expect(await p50(['--motores', 'gpu'])).toBe(33); // docs/design.md §5: one GPU lane, 33 s
    expect(await p50(['--motores', 'gpu', '--gpu', '2', '--cpu', '3'])).toBe(23);
    expect(await simular(['--cpu', '0'], capture().io)).toBe(2);
    expect(await simular(['--motores', 'nube'], capture().io)).toBe(2);
  });

  it('text output says how close to theory, with the interval; same seed, same result', async () => {
    const a = capture();
    const b = capture();
    expect(await simular(['--semanas', '300', '--semilla', '5'], a.io)).toBe(0);
    await simular(['--semanas', '300', '--semilla', '5'], b.io);
    expect(a.out()).toBe(b.out());
    expect(a.out()).toMatch(/Fallo por semana: .*IC 95 %.*teoría 7\.49 %/);
    expect(await simular(['--p', '2'], capture().io)).toBe(2);
  });
});
