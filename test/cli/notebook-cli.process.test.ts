/**
 * The notebook subcommands as a user runs them: real child processes of the compiled `cuaderno` (`node dist/cli.js`) with
 * CUADERNO_DATA_DIR pointing at a temp dir (issue 2 "Done means").
 */
import { access, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli as runInProcess } from '../hardening/support.js';
import { openNotebook } from '../../src/store/index.js';
import { runCompiled } from '../support/compiled.js';

let dir: string;
const extraDirs: string[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-cli-'));
});
afterAll(() => Promise.all([dir, ...extraDirs].map((d) => rm(d, { recursive: true, force: true }))));

/** Its own data dir, so the slow child-process tests can run concurrently without sharing state. */
async function freshDir(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-cli-'));
  extraDirs.push(d);
  return d;
}

function cli(args: string[], opts: { stdin?: string; dataDir?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  // Closed stdin: a confirmation prompt reads "no".
  return runCompiled('cli', args, { env: { ...process.env, CUADERNO_DATA_DIR: opts.dataDir ?? dir }, stdin: opts.stdin ?? '', cwd: process.cwd() });
}

/**
 * The same entry point in this process (same parsing, same code path, no child start-up cost):
 * used for the many misuse/listing cases; the Done-means commands above run as real processes.
 */
function inProcess(args: string[], opts: { stdin?: string; dataDir?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(args, { CUADERNO_DATA_DIR: opts.dataDir ?? dir }, opts.stdin ?? '');
}

/** Exactly one JSON line with exactly {content, is_error}. */
function oneLine(stdout: string): { content: string; is_error: boolean } {
  const lines = stdout.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  const out = JSON.parse(lines[0]!);
  expect(Object.keys(out).sort()).toEqual(['content', 'is_error']);
  return out;
}

const listFiles = async (d: string) => (await readdir(d, { recursive: true })).sort();

describe('cuaderno on a class data dir', () => {
  it('refuses the top of a class (one notebook per person) and says how to name one; works on a person\'s folder', async () => {
    const root = await freshDir();
    await mkdir(path.join(root, 'usuarios', '7'), { recursive: true });
    const r = await inProcess(['notas', '--json'], { dataDir: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/es la carpeta de una clase, con un cuaderno por persona: indica el de una con CUADERNO_DATA_DIR=.*usuarios\/<id>/);
    expect(await readdir(root)).toEqual(['usuarios']);
    const one = await inProcess(['notas', '--json'], { dataDir: path.join(root, 'usuarios', '7') });
    expect(one.code).toBe(0);
  });
});

describe.concurrent('cuaderno herramienta, Done means (real processes)', () => {
  it('buscar_notas reference: note 8 first with similitud 0.426', async () => {
    const r = await cli(['herramienta', 'buscar_notas', '{"consulta":"la luz y el color del impresionismo","k":2}'], { dataDir: await freshDir() });
    expect(r.code).toBe(0);
    const out = oneLine(r.stdout);
    expect(out.is_error).toBe(false);
    expect(JSON.parse(out.content)[0]).toMatchObject({ id: 8, similitud: 0.426 });
  });

  it('generar_portada semana 9 → is_error naming "semana=9 fuera de [1, 2, 3, 4]", exit 0', async () => {
    const r = await cli(['herramienta', 'generar_portada', '{"semana":9,"maqueta":true}'], { dataDir: await freshDir() });
    expect(r.code).toBe(0);
    const out = oneLine(r.stdout);
    expect(out.is_error).toBe(true);
    expect(out.content).toContain('semana=9 fuera de [1, 2, 3, 4]');
  });

  it('narrar_resumen xtts --rechazar → not approved, not executed, not an error, nothing written', async () => {
    const dir = await freshDir();
    await (await openNotebook(dir)).notes.list(); // an existing notebook: only the call itself may write
    const before = await listFiles(dir);
    const r = await cli(['herramienta', 'narrar_resumen', '{"semana":3,"motor":"xtts"}', '--rechazar'], { dataDir: dir });
    expect(r.code).toBe(0);
    const out = oneLine(r.stdout);
    expect(out.is_error).toBe(false);
    expect(out.content).toMatch(/No aprobado.*no se ejecutó/);
    // Besides the audit, only the one-call run's own record (its state under runs/, the decision in it).
    const record = (f: string) => f === 'auditoria.jsonl' || f === 'runs' || f.startsWith(`runs${path.sep}`);
    expect((await listFiles(dir)).filter((f) => !record(f))).toEqual(before.filter((f) => !record(f)));
    const runs = await readdir(path.join(dir, 'runs'));
    expect(runs).toHaveLength(1);
    const decisions = JSON.parse(await readFile(path.join(dir, 'runs', runs[0]!, 'run.json'), 'utf8')) as { decisions: Record<string, unknown> };
    expect(Object.values(decisions.decisions)).toEqual([expect.objectContaining({ approved: false, by: 'cli --rechazar', reason: 'rechazado' })]);
    expect(await access(path.join(dir, 'audio')).then(() => true, () => false)).toBe(false);
  });

  it('without --aprobar a confirmation tool asks on stderr showing the arguments; closed stdin means no', async () => {
    const dir = await freshDir();
    const r = await cli(['herramienta', 'generar_portada', '{"semana":2,"maqueta":true}'], { dataDir: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('¿Aprobar generar_portada?');
    expect(r.stderr).toContain('argumentos: {"semana":2,"maqueta":true}');
    expect(r.stderr).toContain('[s/n]');
    const out = oneLine(r.stdout);
    expect(out).toMatchObject({ is_error: false });
    expect(JSON.parse(out.content)).toMatchObject({ no_aprobado: true, mensaje: expect.stringMatching(/^No aprobado/) });
    expect(await access(path.join(dir, 'portadas')).then(() => true, () => false)).toBe(false);
  });
});

describe('cuaderno herramienta', () => {
  it('--simulacro says what would be written and writes nothing', async () => {
    const r = await inProcess(['herramienta', 'crear_tarjetas', '{"id_nota":8}', '--simulacro']);
    const out = oneLine(r.stdout);
    expect(JSON.parse(out.content)).toMatchObject({ simulacro: true, escribiria: [path.join(dir, 'tarjetas.json')] });
    expect(await access(path.join(dir, 'tarjetas.json')).then(() => true, () => false)).toBe(false);
  });

  it('misuse exits 2 with a clear message and writes nothing: bad JSON, missing args, both flags', async () => {
    for (const args of [
      ['herramienta', 'buscar_notas', '{consulta: arte}'],
      ['herramienta', 'buscar_notas'],
      ['herramienta', 'generar_portada', '{"semana":1,"maqueta":true}', '--aprobar', '--rechazar'],
      ['herramienta', 'buscar_notas', '{}', '--desconocida'],
    ]) {
      const r = await inProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/Uso: npm run -s cuaderno -- herramienta/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await inProcess(['herramienta', 'buscar_notas', '{consulta: arte}'])).stderr).toMatch(/no son JSON válido/);
    // And once as a real process: exit status 2 reaches the shell.
    const real = await cli(['herramienta', 'buscar_notas', '{consulta: arte}']);
    expect(real.code).toBe(2);
    expect(real.stderr).toMatch(/no son JSON válido/);
  });

  it('a 1 MB argument read from stdin (-) is refused clearly', async () => {
    const r = await inProcess(['herramienta', 'buscar_notas', '-'], { stdin: JSON.stringify({ consulta: 'á'.repeat(1024 * 1024), k: 2 }) });
    expect(r.code).toBe(0);
    const out = oneLine(r.stdout);
    expect(out.is_error).toBe(true);
    expect(out.content).toContain('consulta es demasiado largo: 1048576 caracteres, máximo 2000');
  });
});

describe('cuaderno notas / tarjetas / uso', () => {
  it('lists notes, cards and usage as JSON, after real tool calls', async () => {
    expect((await inProcess(['herramienta', 'crear_tarjetas', '{"id_nota":8}'])).code).toBe(0);
    expect((await inProcess(['herramienta', 'registrar_uso', '{"tarea":"semana 3","modelo":"claude-sonnet-5-5","tokens_entrada":12000,"tokens_salida":900}'])).code).toBe(0);
    const notas = JSON.parse((await cli(['notas', '--json'])).stdout); // real process: CUADERNO_DATA_DIR from the environment
    expect(notas).toHaveLength(12);
    expect(notas[7]).toMatchObject({ id: 8, tema: 'historia del arte' });
    const tarjetas = JSON.parse((await inProcess(['tarjetas', '--json'])).stdout);
    // Note 8 is one sentence: one card (a second cloze of it would give the first one's answer away).
    expect(tarjetas.map((t: { id: number; id_nota: number }) => [t.id, t.id_nota])).toEqual([[1, 8]]);
    const uso = JSON.parse((await inProcess(['uso', '--json'])).stdout);
    // The model's own note is shown apart, never in the total (issue 22, hole 11): the total is what /gasto counts.
    expect(uso).toEqual({ filas: [expect.objectContaining({ tarea: 'semana 3', modelo: 'claude-sonnet-5-5', coste_usd: 0.033, origen: 'nota_del_modelo' })], total_usd: 0, notas_del_modelo: { filas: 1, usd: 0.033 }, tokens_estimados: 0 });
    const human = await inProcess(['uso']);
    expect(human.stdout).toContain('Total: 0 USD facturados (1 fila)');
    expect(human.stdout).toContain('Aparte, lo que el modelo apuntó como gasto propio: 0.033 USD en 1 fila (solo');
  });

  it('a corrupt notas.json is reported (file, problem, recovery), exit 1, and left untouched', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-cli-bad-'));
    try {
      const file = path.join(other, 'notas.json');
      await writeFile(file, '[{"id": 1, "tema"');
      for (const run of [cli, inProcess]) {
        const args = run === cli ? ['notas'] : ['herramienta', 'buscar_notas', '{"consulta":"arte","k":1}'];
        const r = await run(args, { dataDir: other });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(file);
        expect(r.stderr).toContain('no es JSON válido');
        expect(r.stderr).toMatch(/restaura una copia/);
      }
      expect(await readFile(file, 'utf8')).toBe('[{"id": 1, "tema"');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
