/**
 * Issue 22, hole 6: cached results keep paths relative to the data folder. After the folder moves,
 * asking again answers from the cache with a path that exists; a cached result whose file is gone
 * is made again, once.
 */
import { access, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const COVER = ['herramienta', 'generar_portada', '{"semana":2,"maqueta":true}', '--aprobar'];
const exists = (f: string) => access(f).then(() => true, () => false);

interface Out { is_error: boolean; content: string; artifacts?: Array<{ path: string }> }
async function cover(env: Record<string, string>): Promise<{ out: Out; file: string }> {
  const r = await cli(COVER, env);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Out;
  expect(out.is_error).toBe(false);
  const file = out.artifacts?.[0]?.path ?? (JSON.parse(out.content) as { ruta?: string; archivo?: string }).ruta!;
  return { out, file };
}
const results = async (dir: string) => (await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8')).split('\n').filter(Boolean)
  .map((l) => JSON.parse(l) as { event: string; tool?: string; outcome?: string }).filter((e) => e.event === 'resultado' && e.tool === 'generar_portada').map((e) => e.outcome);

describe('cached results survive the data folder moving', () => {
  it('moved folder: the cached cover is reported where it is now; a deleted cover is made again, once', async () => {
    const base = await tempDir('cv-moved-');
    const keys = await tempDir('cv-moved-keys-');
    cleanups.push(base.cleanup, keys.cleanup);
    const a = path.join(base.dir, 'a');
    const b = path.join(base.dir, 'b');
    const first = await cover({ CUADERNO_DATA_DIR: a, CUADERNO_CLAVES_DIR: keys.dir });
    expect(first.file.startsWith(`${a}${path.sep}`)).toBe(true);
    expect(await exists(first.file)).toBe(true);

    await rename(a, b);
    const envB = { CUADERNO_DATA_DIR: b, CUADERNO_CLAVES_DIR: keys.dir };
    const moved = await cover(envB);
    expect(moved.file).toBe(path.join(b, path.relative(a, first.file)));
    expect(await exists(moved.file)).toBe(true);
    expect(await results(b)).toEqual(['ok', 'cache']);

    await rm(moved.file);
    const remade = await cover(envB);
    expect(await exists(remade.file)).toBe(true);
    const again = await cover(envB);
    expect(again.file).toBe(remade.file);
    expect(await results(b)).toEqual(['ok', 'cache', 'ok', 'cache']);
  });
});
