/**
 * Issue 22, hole 7: the dispatcher validates, runs and audits one plain copy of the input's own
 * properties. An inherited `id_nota` (Object.create) used to pass validation, write three cards and
 * audit `args: {}`; a getter could show the validator one value and the tool another.
 * The real toolbox over a temp data dir.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeToolbox, tempDir } from './helpers.js';
import { deckFileCards } from '../support/deck-file.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

const deck = async () => deckFileCards<{ id_nota: number }>(JSON.parse(await readFile(path.join(dir, 'tarjetas.json'), 'utf8').catch(() => '[]')));

describe('the dispatcher works on the input\'s own properties only', () => {
  it('an inherited id_nota is not an argument: refused, no cards, and the audit shows what was checked', async () => {
    const box = await makeToolbox(dir);
    const r = await box.dispatch({ id: 'h1', name: 'crear_tarjetas', input: Object.create({ id_nota: 2 }) as Record<string, unknown> });
    expect(r).toMatchObject({ is_error: true, code: 'VALIDATION' });
    expect(await deck()).toEqual([]);
    const audit = await box.notebook.audit.list();
    expect(audit[0]).toMatchObject({ event: 'solicitud', call_id: 'h1', args: {} });
    expect(audit[1]).toMatchObject({ event: 'resultado', call_id: 'h1', is_error: true });
  });

  it('a getter is read once: what is validated is what runs and what is audited', async () => {
    const box = await makeToolbox(dir);
    let reads = 0;
    const input = { get id_nota() { reads++; return reads === 1 ? 2 : 99_999; } };
    const r = await box.dispatch({ id: 'h2', name: 'crear_tarjetas', input });
    expect(r).toMatchObject({ is_error: false });
    expect(reads).toBe(1);
    expect(new Set((await deck()).map((c) => c.id_nota))).toEqual(new Set([2]));
    expect((await box.notebook.audit.list())[0]).toMatchObject({ args: { id_nota: 2 } });
  });
});
