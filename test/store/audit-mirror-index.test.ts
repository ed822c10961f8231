/**
 * The audit chain's mirrors (store/auditChain.ts) are found by the log's path through a path index,
 * so a log that names no chain (new or emptied) is matched to its own mirror without reading every
 * other mirror of the keys folder; a keys folder from before the index is indexed once by a scan.
 * Tier: rapido (files only).
 */
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findMirror, newChainId, removeMirrorsOf, writeMirror, type ChainMirror } from '../../src/store/auditChain.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function keysDir(): Promise<string> {
  const t = await tempDir('cv-mirrors-');
  cleanups.push(t.cleanup);
  return t.dir;
}

const mirror = (ruta: string, seq = 3): ChainMirror => ({ cadena: newChainId(), ruta, seq, mac: 'a'.repeat(64) });

describe('audit chain mirrors are found by the log path through an index', () => {
  it('an emptied log (no chain named) finds its own mirror among many others', async () => {
    const dir = await keysDir();
    for (let i = 0; i < 40; i++) await writeMirror(dir, mirror(`/datos/alumno-${i}/auditoria.jsonl`));
    const mine = mirror('/datos/yo/auditoria.jsonl', 17);
    await writeMirror(dir, mine);
    expect(await findMirror(dir, mine.ruta)).toEqual(mine);
    expect(await findMirror(dir, '/datos/nadie/auditoria.jsonl')).toBeUndefined();
    // By chain id still wins (a moved folder), whatever the path.
    expect(await findMirror(dir, '/otro/sitio/auditoria.jsonl', mine.cadena)).toEqual(mine);
  });

  it('a keys folder written before the index is indexed once; the newest chain of a path wins', async () => {
    const dir = await keysDir();
    const ruta = '/datos/yo/auditoria.jsonl';
    const older = mirror(ruta, 9);
    const newer = mirror(ruta, 2);
    const other = mirror('/datos/otro/auditoria.jsonl');
    // As an older version left it: mirror files only, no index.
    await mkdir(path.join(dir, 'auditoria'), { recursive: true });
    for (const [m, at] of [[newer, 2_000_000], [older, 1_000_000], [other, 1_500_000]] as const) {
      const file = path.join(dir, 'auditoria', `${m.cadena}.json`);
      await writeFile(file, `${JSON.stringify(m)}\n`);
      await utimes(file, at, at);
    }
    expect(await findMirror(dir, ruta)).toEqual(newer);
    expect(await findMirror(dir, other.ruta)).toEqual(other);
    expect(await readdir(path.join(dir, 'auditoria', 'rutas'))).toHaveLength(2);
  });

  it('a mirror whose log moved away is not taken for the log now at its old path', async () => {
    const dir = await keysDir();
    const m = mirror('/datos/antes/auditoria.jsonl');
    await writeMirror(dir, m);
    await writeMirror(dir, { ...m, ruta: '/datos/despues/auditoria.jsonl', seq: 4 });
    expect(await findMirror(dir, '/datos/antes/auditoria.jsonl')).toBeUndefined();
    expect(await findMirror(dir, '/datos/despues/auditoria.jsonl')).toMatchObject({ cadena: m.cadena, seq: 4 });
  });

  it('removing a log\'s mirrors (a deletion) removes its route: the path starts a new chain', async () => {
    const dir = await keysDir();
    const m = mirror('/datos/yo/auditoria.jsonl');
    await writeMirror(dir, m);
    await removeMirrorsOf(dir, m.ruta);
    expect(await findMirror(dir, m.ruta)).toBeUndefined();
    const again = mirror(m.ruta, 1);
    await writeMirror(dir, again);
    expect(await findMirror(dir, m.ruta)).toEqual(again);
    await rm(path.join(dir, 'auditoria', `${again.cadena}.json`));
    expect(await findMirror(dir, m.ruta)).toBeUndefined();
  });
});
