/**
 * `notas.json` version 3 (issue 43 §2): an imported note keeps its source (file and page); a version-2
 * file is read as it is and written back as version 3, its notes unchanged, the first time notes change.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateFileError } from '../../src/errors.js';
import { openNotebook } from '../../src/store/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-source-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const V2 = { version: 2, notas: [{ id: 1, tema: 'óptica', texto: 'La luz se refracta al cambiar de medio.', semana: 3 }, { id: 2, tema: 'ondas', texto: 'Una onda transporta energía.', semana: null }] };

describe('notes with their source', () => {
  it('reads a version-2 file, adds a note with its file and page, and writes version 3 with the old notes as they were', async () => {
    await writeFile(path.join(dir, 'notas.json'), JSON.stringify(V2));
    const nb = await openNotebook(dir);
    expect(await nb.notes.list()).toEqual(V2.notas);
    const [added] = await nb.notes.addMany([{ tema: 'calor', texto: 'El calor pasa del cuerpo caliente al frío.', semana: 5, origen: { archivo: 'Tema5.pdf', pagina: 2 } }]);
    expect(added).toEqual({ id: 3, tema: 'calor', texto: 'El calor pasa del cuerpo caliente al frío.', semana: 5, origen: { archivo: 'Tema5.pdf', pagina: 2 } });
    const raw = JSON.parse(await readFile(nb.files.notes, 'utf8')) as { version: number; notas: unknown[] };
    expect(raw.version).toBe(3);
    expect(raw.notas).toEqual([...V2.notas, added]);
    expect(await (await openNotebook(dir)).notes.list()).toEqual([...V2.notas, added]);
  });

  it('refuses a source that is not a file and a page, saying which note', async () => {
    await writeFile(path.join(dir, 'notas.json'), JSON.stringify({ version: 3, notas: [{ id: 4, tema: 'x', texto: 'y', semana: null, origen: { archivo: 'a.pdf', pagina: 0 } }] }));
    const e = await (await openNotebook(dir)).notes.list().then(() => undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(StateFileError);
    expect((e as Error).message).toMatch(/la nota 4 tiene un "origen"/);
  });
});
