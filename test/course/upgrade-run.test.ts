/**
 * Upgrade with a finished run (issue 24 "Done means"): the folder of `datos-26bbfae/` after 26bbfae
 * also ran `preparar "prepara la semana 3"` to the end. After the upgrade the finished run is not
 * taken for an unfinished one, the same week again makes nothing twice (cover and narration from
 * the store, no card asked twice), and the old unchained audit log is kept as the chain's prefix.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { cli } from '../hardening/support.js';
import { tempDir } from '../tools/helpers.js';
import { copyFrozenFolder } from './helpers.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/datos-26bbfae-semana/', import.meta.url));
let root: string;
let cleanup: () => Promise<void>;
const data = () => path.join(root, 'datos');
const env = () => ({ CUADERNO_DATA_DIR: data(), CUADERNO_CLAVES_DIR: path.join(root, 'claves'), CUADERNO_MODELO: 'local' });
const media = async () => (await readdir(data(), { recursive: true })).filter((f) => /^(portadas|audio)\//.test(f)).sort();

beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir('cuaderno-upgrade-run-'));
  await copyFrozenFolder(FIXTURE, data());
});
afterAll(() => cleanup());

describe('a data folder from before courses, with a finished run', () => {
  it('the same week again: the finished run is not pending, and nothing is made twice', async () => {
    const before = await media();
    const cardsBefore = await (await openNotebook(data())).cards.list();
    const r = await cli(['preparar', 'prepara la semana 3'], env(), 's\ns\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Portada: ya estaba hecha; no la he repetido\./);
    expect(r.stdout).toMatch(/Narración: ya estaba hecha; no la he repetido\./);
    expect(await media()).toEqual(before);
    const cards = await (await openNotebook(data())).cards.list();
    // Cards 1–6 are kept as they were; none is asked twice.
    expect(cards.slice(0, cardsBefore.length)).toEqual(cardsBefore);
    expect(new Set(cards.map((c) => c.pregunta)).size).toBe(cards.length);
  });

  it('the old audit log is the chain\'s prefix: the check passes and says so', async () => {
    const r = await cli(['auditoria', '--verificar'], env());
    expect(r.code, `${r.stdout}${r.stderr}`).toBe(0);
    // The old lines (before the upgrade) seal into the chain the new run's lines continue.
    expect(r.stdout).toMatch(/prefijo heredado/);
    expect(r.stdout).toMatch(/Registro íntegro: \d+ líneas/);
  });
});
