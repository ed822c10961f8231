/**
 * Hole 7: the audit log has gaps. A cut last line is set aside (quarantine) on the next open and
 * reported, so the next entry is not glued onto it; an input nested thousands of levels deep still
 * leaves its request and result lines; `cuaderno auditoria --verificar` checks the whole log.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';
import { runCompiled } from '../support/compiled.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
async function dataDir(): Promise<string> {
  const t = await tempDir('cv-audit-');
  cleanups.push(t.cleanup);
  return t.dir;
}

function child(dir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCompiled('cli', args, { env: { ...process.env, CUADERNO_DATA_DIR: dir }, cwd: process.cwd() });
}

const lines = async (dir: string) => (await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8')).split('\n').filter(Boolean);

function nested(depth: number): string {
  return `{"consulta":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"k":1}`;
}

describe('the audit log keeps every call and says when something is wrong', () => {
  it('a cut last line is moved to quarantine and reported once; the next entries are whole lines', async () => {
    const dir = await dataDir();
    const log = path.join(dir, 'auditoria.jsonl');
    const whole = JSON.stringify({ timestamp: '2026-03-02T10:00:00.000Z', event: 'solicitud', call_id: 'x', tool: 'buscar_notas', args: {} });
    const whole2 = JSON.stringify({ timestamp: '2026-03-02T10:00:00.100Z', event: 'resultado', call_id: 'x', tool: 'buscar_notas', outcome: 'ok' });
    await writeFile(log, `${whole}\n${whole2}\n{"timestamp":"2026-03-02T10:00:01.000Z","event":"solic`);
    const cut = await cli(['auditoria', '--verificar'], { CUADERNO_DATA_DIR: dir });
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(/línea 3: está cortada/);

    const r = await child(dir, ['herramienta', 'buscar_notas', '{"consulta":"impresionismo","k":1}']);
    expect(JSON.parse(r.stdout).is_error).toBe(false);
    expect(r.stderr.match(/Registro de auditoría: la última línea/g)).toHaveLength(1);
    const all = await lines(dir);
    expect(all).toHaveLength(4);
    for (const l of all) expect(() => JSON.parse(l)).not.toThrow();
    expect(await readFile(`${log}.cuarentena`, 'utf8')).toBe('{"timestamp":"2026-03-02T10:00:01.000Z","event":"solic\n');
    const ok = await cli(['auditoria', '--verificar'], { CUADERNO_DATA_DIR: dir });
    expect(ok.stdout).toMatch(/Registro íntegro: 4 líneas, 2 llamadas/);
    expect(ok.stdout).toMatch(/1 fragmento cortado apartado en /);
    expect(ok.code).toBe(0);
  });

  it('inputs nested 3,000 and 5,000 levels deep leave a request and a result line each', async () => {
    const dir = await dataDir();
    for (const depth of [3_000, 5_000]) {
      const r = await cli(['herramienta', 'buscar_notas', nested(depth)], { CUADERNO_DATA_DIR: dir });
      expect(JSON.parse(r.stdout).is_error).toBe(true);
    }
    const entries = (await lines(dir)).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => e.event)).toEqual(['solicitud', 'resultado', 'solicitud', 'resultado']);
    expect(entries[1]).toMatchObject({ outcome: 'error', code: 'VALIDATION' });
    expect((await cli(['auditoria', '--verificar'], { CUADERNO_DATA_DIR: dir })).code).toBe(0);
  });

  it('--verificar names each problem with its line number (exit 1); misuse is exit 2', async () => {
    const dir = await dataDir();
    const log = path.join(dir, 'auditoria.jsonl');
    await appendFile(log, [
      JSON.stringify({ timestamp: '2026-03-02T10:00:00.000Z', event: 'solicitud', call_id: 'a' }),
      'esto no es json',
      JSON.stringify({ timestamp: 'ayer', event: 'resultado', call_id: 'a' }),
      JSON.stringify({ timestamp: '2026-03-02T10:00:02.000Z', event: 'resultado', call_id: 'b' }),
      JSON.stringify({ timestamp: '2026-03-02T10:00:03.000Z', event: 'otro' }),
      '',
    ].join('\n'));
    const r = await cli(['auditoria', '--verificar'], { CUADERNO_DATA_DIR: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/línea 2: no es JSON válido/);
    expect(r.stdout).toMatch(/línea 3: no tiene una fecha válida/);
    expect(r.stdout).toMatch(/línea 4: un resultado sin la solicitud que lo pidió/);
    expect(r.stdout).toMatch(/línea 5: el evento "otro"/);
    expect((await cli(['auditoria'], { CUADERNO_DATA_DIR: dir })).code).toBe(2);
    expect((await cli(['auditoria', '--verificar', 'x'], { CUADERNO_DATA_DIR: dir })).code).toBe(2);
    expect((await cli(['auditoria', '--reparar'], { CUADERNO_DATA_DIR: dir })).code).toBe(2);
  });
});
