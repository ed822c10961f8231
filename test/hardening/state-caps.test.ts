/**
 * Issue 22, hole 5 (second half): files the product reads whole have a size cap, checked before
 * reading, with the usual one-sentence refusal; 10,000 notes fit under the notes' cap.
 */
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, dataAndKeys } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const dirs = () => dataAndKeys('cv-caps', cleanups);

describe('state files read whole have a size cap', () => {
  it('10,000 notes of 1 KB each load', async () => {
    const d = await dirs();
    const texto = 'El impresionismo estudia la luz y el color al aire libre. '.repeat(18);
    const notes = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, tema: 'historia del arte', texto }));
    await writeFile(path.join(d.data, 'notas.json'), JSON.stringify(notes, null, 2));
    const r = await cli(['notas', '--json'], d.env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(10_000);
  });

  it('a 65 MB notas.json is refused in one sentence before it is read, and left as it is', async () => {
    const d = await dirs();
    const file = path.join(d.data, 'notas.json');
    const handle = await open(file, 'w');
    await handle.write('[{"id":1,"tema":"arte","texto":"una nota"}');
    const spaces = Buffer.alloc(2 ** 20, 0x20);
    for (let i = 0; i < 65; i++) await handle.write(spaces);
    await handle.write(']\n');
    await handle.close();
    const r = await cli(['notas', '--json'], d.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/notas\.json está dañado: ocupa 66 MB, más de los 64 MB que se leen de una vez/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect((await readFile(file)).length).toBeGreaterThan(65 * 2 ** 20);
  });
});
