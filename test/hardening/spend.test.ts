/**
 * Hole 5 (the model controls the budget) and hole 8 (an empty usage CSV corrupted by the product).
 * The budget counts only what the program measured from the API's usage; `registrar_uso` is a
 * note of the model, bounded by the dispatcher and never counted; `/gasto` shows both apart.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook, USAGE_COLUMNS } from '../../src/store/index.js';
import { real } from '../bot/steps.js';
import { OWNER, startStack, type Stack } from '../bot/stack.js';
import { tempDir } from '../tools/helpers.js';
import { cli, finalTurn, script, toolTurn } from './support.js';
import { TEST_ENV } from '../support/test-env.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
async function dataDir(): Promise<string> {
  const t = await tempDir('cv-spend-');
  cleanups.push(t.cleanup);
  return t.dir;
}
const registrar = (args: Record<string, unknown>) => JSON.stringify({ tarea: 'preparar semana 3', modelo: 'claude-sonnet-5-5', tokens_entrada: 100, tokens_salida: 10, ...args });

describe('spend: the program measures, the model only notes', () => {
  it('registrar_uso refuses token counts over the run budget and the output cap; nothing is written', async () => {
    const dir = await dataDir();
    for (const args of [{ tokens_entrada: 2 ** 53 - 1 }, { tokens_entrada: 60_001 }, { tokens_salida: 4_097 }]) {
      const r = await cli(['herramienta', 'registrar_uso', registrar(args)], { CUADERNO_DATA_DIR: dir });
      const line = JSON.parse(r.stdout) as { content: string; is_error: boolean };
      expect(line.is_error, JSON.stringify(args)).toBe(true);
      expect(line.content).toMatch(/como máximo/);
    }
    await expect(readFile(path.join(dir, 'registro_uso.csv'), 'utf8')).rejects.toThrow(/ENOENT/);
    // The bound is the dispatcher's: the schema the model sees carries no numeric bounds (strict mode).
    const { createToolbox } = await import('../../src/tools/index.js');
    const { loadConfig } = await import('../../src/config.js');
    const tb = await createToolbox({ config: loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: dir }) });
    const schema = JSON.stringify(tb.tools.get('registrar_uso')!.input_schema);
    expect(schema).not.toMatch(/maximum|minimum/);
  });

  it("the model's note never counts as spend, whatever its task is called; the agent's measured usage does", async () => {
    const dir = await dataDir();
    const model = await script(dir, 'nota', [
      toolTurn('toolu_u1', 'registrar_uso', { tarea: 'estimado: nada que ver', modelo: 'claude-fable-5-1', tokens_entrada: 60_000, tokens_salida: 4_096 }),
      toolTurn('toolu_u2', 'registrar_uso', { tarea: 'agente:iteracion-9', modelo: 'claude-fable-5-1', tokens_entrada: 60_000, tokens_salida: 4_096 }),
      finalTurn(),
    ]);
    const r = await cli(['preparar', 'prepare la semana 3'], { CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: model });
    expect(r.code).toBe(0);
    const nb = await openNotebook(dir);
    const rows = await nb.usage.list();
    expect(rows.map((x) => x.origen)).toEqual(['facturado', 'nota_del_modelo', 'facturado', 'nota_del_modelo', 'facturado']);
    const billed = rows.filter((x) => x.origen === 'facturado').reduce((s, x) => s + x.coste_usd, 0);
    expect(await nb.usage.monthTotal(new Date())).toBeCloseTo(billed, 8);
    expect(billed).toBeLessThan(0.01);
    expect((await readFile(nb.files.usage, 'utf8')).split('\n')[0]).toBe('fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd,origen,clave');
  });

  it('a file written before `origen` existed still loads, and the next row upgrades it without losing one', async () => {
    const dir = await dataDir();
    const file = path.join(dir, 'registro_uso.csv');
    await writeFile(file, 'fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd\n' +
      '2026-03-02T10:00:00.000Z,agente:iteracion-1,claude-sonnet-5-5,12000,900,0.033\n' +
      '2026-03-02T10:00:01.000Z,estimado:semana-3,claude-sonnet-5-5,100,10,0.0003\n' +
      '2026-03-02T10:00:02.000Z,preparar semana 3,claude-sonnet-5-5,100,10,0.0003\n');
    const listed = await cli(['uso', '--json'], { CUADERNO_DATA_DIR: dir });
    expect(listed.code).toBe(0);
    const nb = await openNotebook(dir);
    expect((await nb.usage.list()).map((x) => x.origen)).toEqual(['facturado', 'estimado', 'nota_del_modelo']);
    expect(await nb.usage.monthTotal(new Date('2026-03-15T00:00:00Z'))).toBe(0.033);
    const r = await cli(['herramienta', 'registrar_uso', registrar({})], { CUADERNO_DATA_DIR: dir });
    expect(JSON.parse(r.stdout).is_error).toBe(false);
    const text = await readFile(file, 'utf8');
    expect(text.split('\n')[0]).toBe('fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd,origen,clave');
    expect((await nb.usage.list()).map((x) => x.tarea)).toEqual(['agente:iteracion-1', 'estimado:semana-3', 'preparar semana 3', 'preparar semana 3']);
  });

  it('hole 8: an empty usage file gets its header back; `uso` lists the row and nothing advises deleting it', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'registro_uso.csv'), '');
    const r = await cli(['herramienta', 'registrar_uso', registrar({})], { CUADERNO_DATA_DIR: dir });
    expect(JSON.parse(r.stdout).is_error).toBe(false);
    const uso = await cli(['uso'], { CUADERNO_DATA_DIR: dir });
    expect(uso.stderr).toBe('');
    expect(uso.code).toBe(0);
    expect(uso.stdout).toMatch(/preparar semana 3/);
    // A file that lost its header (rows only) is reported with advice that keeps every row.
    await writeFile(path.join(dir, 'registro_uso.csv'), '2026-03-02T10:00:00.000Z,t,claude-sonnet-5-5,1,1,0.00001,facturado\n');
    const broken = await cli(['uso'], { CUADERNO_DATA_DIR: dir });
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toMatch(/cabecera/);
    expect(broken.stderr).not.toMatch(/borrar la última línea/);
  });
});

describe('a usage row cut inside its last field (issue 40, hole 11)', () => {
  it('is refused with one sentence, never read with a shortened key; nothing is appended after it', async () => {
    const dir = await dataDir();
    const file = path.join(dir, 'registro_uso.csv');
    const whole = '2026-03-02T10:00:00.000Z,agente:iteracion-12,claude-sonnet-5-5,1000,200,0.004,facturado,r1@2026-03-02T10:00:00.000Z#iteracion-12\n';
    // Killed inside the key: «#iteracion-12» written as «#iteracion-1», a key another row owns.
    const text = `${USAGE_COLUMNS.join(',')}\n${whole}${whole.slice(0, whole.length - 2)}`;
    await writeFile(file, text);
    const usage = (await openNotebook(dir)).usage;
    await expect(usage.list()).rejects.toThrow(/la línea 3 está cortada.*basta con borrar la última línea/);
    await expect(usage.append({ tarea: 't', modelo: 'claude-sonnet-5-5', tokens_entrada: 1, tokens_salida: 1, origen: 'facturado', clave: 'r1@2026-03-02T10:00:00.000Z#iteracion-1' })).rejects.toThrow(/cortada/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});

describe('/gasto shows billed spend and the model notes apart', () => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it('a note claiming a fortune neither exhausts the budget nor hides in the total', async () => {
    stack = await startStack(real, { PRESUPUESTO_MENSUAL_USD: '1' });
    await stack.notebook.usage.append({ origen: 'facturado', tarea: 'agente:iteracion-1', modelo: 'claude-sonnet-5-5', tokens_entrada: 10_000, tokens_salida: 1_000 });
    await stack.notebook.usage.append({ origen: 'nota_del_modelo', tarea: 'preparar', modelo: 'claude-fable-5-1', tokens_entrada: 60_000, tokens_salida: 4_096 });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('/gasto');
    const m = await owner.waitText(/Gasto de este mes/);
    expect(m.text).toMatch(/^📅 Gasto de este mes \(todos tus trabajos\): 0,03 USD de 1,00 USD \(te quedan [\d,]+ USD\)\. Es lo que ha costado que el asistente leyera y escribiera unas 8300 palabras\./);
    expect(m.text).toMatch(/el asistente apuntó lo que gastó una vez \(solo como referencia/);
    expect(m.text.match(/USD/g)).toHaveLength(3); // spent, budget, left: the model's note is not priced
    expect(m.text).not.toMatch(/agotado/);
  });

  it('a folder where the usage log should be: one sentence in the chat and from `uso`, never a raw EISDIR', async () => {
    stack = await startStack(async (config) => {
      await mkdir(path.join(config.dataDir, 'registro_uso.csv'), { recursive: true });
      return real(config);
    });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('/gasto');
    const m = await owner.waitText(/registro de gastos/);
    expect(m.text).not.toMatch(/EISDIR|registro_uso|\//);
    const r = await cli(['uso'], { CUADERNO_DATA_DIR: stack.config.dataDir });
    expect(r.code).toBe(1); // damaged state, as for every state file
    expect(r.stderr).toMatch(/registro_uso\.csv hay una carpeta donde debería haber un archivo/);
    expect(r.stderr).not.toMatch(/EISDIR/);
  });
});
