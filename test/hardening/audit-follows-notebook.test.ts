/**
 * Issue 40, hole 6: the audit chain's record in the keys folder is found by the notebook's id, kept
 * in the notebook, not by the data folder's path. After the folder moves, an emptied log or one that
 * lost half its lines is still reported by `cuaderno auditoria --verificar` (exit 1, one sentence per
 * finding); a notebook from before ids existed gets its id on first open and adopts its path's record.
 * The entries are written in-process through the notebook's own audit log; the check is the CLI's.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { NOTEBOOK_ID_FILE } from '../../src/store/notebookId.js';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function folders() {
  const base = await tempDir('cv-follow-');
  const keys = await tempDir('cv-follow-keys-');
  cleanups.push(base.cleanup, keys.cleanup);
  return { a: path.join(base.dir, 'a'), b: path.join(base.dir, 'b'), keys: keys.dir };
}

/** Ten calls (twenty lines) written through the notebook at `dir`. */
async function tenCalls(dir: string, keys: string): Promise<void> {
  const audit = (await openNotebook(dir, { keysDir: keys })).audit;
  for (let i = 1; i <= 10; i++) {
    await audit.append({ timestamp: new Date().toISOString(), event: 'solicitud', call_id: `c${i}`, tool: 'buscar_notas', args: { consulta: `tema ${i}`, k: 1 } });
    await audit.append({ timestamp: new Date().toISOString(), event: 'resultado', call_id: `c${i}`, tool: 'buscar_notas', outcome: 'ok' });
  }
}

const verify = (dir: string, keys: string) => cli(['auditoria', '--verificar'], { CUADERNO_DATA_DIR: dir, CUADERNO_CLAVES_DIR: keys });
const lines = async (log: string) => (await readFile(log, 'utf8')).split('\n').filter(Boolean);

describe('the audit chain follows the notebook, not its path', () => {
  it.each([
    ['emptied', (_l: string[]) => []],
    ['its first 10 of 20 lines cut', (l: string[]) => l.slice(10)],
    ['its last 10 of 20 lines cut', (l: string[]) => l.slice(0, 10)],
  ])('a moved folder whose log was %s fails the check (exit 1)', async (_what, cut) => {
    const { a, b, keys } = await folders();
    await tenCalls(a, keys);
    expect((await verify(a, keys)).code).toBe(0);
    await rename(a, b);
    const log = path.join(b, 'auditoria.jsonl');
    const kept = cut(await lines(log));
    await writeFile(log, kept.map((l) => `${l}\n`).join(''));
    const r = await verify(b, keys);
    expect(r.stdout).not.toMatch(/Registro íntegro/);
    expect(r.stdout).toMatch(/^✗ .+(se ha vaciado|faltan las entradas)/m);
    expect(r.code).toBe(1);
  });

  it('a moved folder whose log lost its last 10 of 20 lines, then got new entries, still shows the gap (exit 1)', async () => {
    const { a, b, keys } = await folders();
    await tenCalls(a, keys);
    await rename(a, b);
    const log = path.join(b, 'auditoria.jsonl');
    await writeFile(log, (await lines(log)).slice(0, 10).map((l) => `${l}\n`).join(''));
    // The next writer numbers after the chain's record, not after what is left in the file.
    await tenCalls(b, keys);
    const r = await verify(b, keys);
    expect(r.stdout).toMatch(/faltan las entradas 11–20/);
    expect(r.stdout).not.toMatch(/Registro íntegro/);
    expect(r.code).toBe(1);
  });

  it('a moved folder whose log is whole is still intact, and its new entries go on the same chain', async () => {
    const { a, b, keys } = await folders();
    await tenCalls(a, keys);
    await rename(a, b);
    await tenCalls(b, keys);
    const r = await verify(b, keys);
    expect(r.stdout).toMatch(/Registro íntegro: 40 líneas, 20 llamadas/);
    expect(r.code).toBe(0);
    expect((await lines(path.join(b, 'auditoria.jsonl'))).map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('the id is made once and kept: reopening never changes it', async () => {
    const { a, keys } = await folders();
    const first = await openNotebook(a, { keysDir: keys });
    expect(first.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await readFile(path.join(a, NOTEBOOK_ID_FILE), 'utf8')).trim()).toBe(first.id);
    expect((await openNotebook(a, { keysDir: keys })).id).toBe(first.id);
  });

  it('a notebook from before ids existed adopts its path\'s record on first open, then survives a move', async () => {
    const { a, b, keys } = await folders();
    await tenCalls(a, keys);
    // As an older install left it: the chain recorded by the log's path only.
    await rm(path.join(a, NOTEBOOK_ID_FILE));
    await rm(path.join(keys, 'auditoria', 'cuadernos'), { recursive: true, force: true });
    expect((await verify(a, keys)).code).toBe(0);
    await rename(a, b);
    await writeFile(path.join(b, 'auditoria.jsonl'), '');
    const r = await verify(b, keys);
    expect(r.stdout).toMatch(/ninguna de las 20 entradas firmadas que tenía: se ha vaciado/);
    expect(r.code).toBe(1);
  });

  it('a damaged id is reported in one sentence, not replaced', async () => {
    const { a, keys } = await folders();
    await tenCalls(a, keys);
    await writeFile(path.join(a, NOTEBOOK_ID_FILE), 'no es un id\n');
    const r = await verify(a, keys);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/está dañado: debía guardar el identificador del cuaderno/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(path.join(a, NOTEBOOK_ID_FILE), 'utf8')).toBe('no es un id\n');
  });
});
