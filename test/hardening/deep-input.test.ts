/**
 * An input nested far deeper than any tool's schema is refused as invalid and audited like any other
 * call. The copy the dispatcher makes of it recursed once per level: 5,000 levels overflowed the stack
 * only when the code was not yet optimised (a busy machine), so the process test of 5,000 levels failed
 * only on a loaded CI run; 200,000 levels overflow every time.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeToolbox, tempDir } from '../tools/helpers.js';

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('a deeply nested input', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await tempDir('cv-deep-')));
  afterAll(async () => cleanup());

  it('is refused as invalid (never an internal error) and leaves its request and result lines', async () => {
    const toolbox = await makeToolbox(dir);
    for (const [i, depth] of [5_000, 200_000].entries()) {
      const result = await toolbox.dispatch({ id: `hondo-${i}`, name: 'buscar_notas', input: { consulta: nested(depth), k: 1 } });
      expect(result).toMatchObject({ kind: 'error', code: 'VALIDATION' });
      const array = await toolbox.dispatch({ id: `lista-${i}`, name: 'crear_tarjetas', input: nested(depth) });
      expect(array).toMatchObject({ kind: 'error', code: 'VALIDATION' });
    }
    const lines = (await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as { event: string; call_id: string; code?: string });
    expect(lines.map((l) => `${l.call_id} ${l.event}${l.code ? ` ${l.code}` : ''}`)).toEqual([
      'hondo-0 solicitud', 'hondo-0 resultado VALIDATION', 'lista-0 solicitud', 'lista-0 resultado VALIDATION',
      'hondo-1 solicitud', 'hondo-1 resultado VALIDATION', 'lista-1 solicitud', 'lista-1 resultado VALIDATION',
    ]);
  });
});

describe('an input that cannot be read, a name that is not text (issue 40, hole 11)', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await tempDir('cv-unreadable-')));
  afterAll(async () => cleanup());

  it('a circular input is refused as invalid, saying why, and audited with the reason in place of its arguments; an object as the name is an unknown tool', async () => {
    const toolbox = await makeToolbox(dir);
    const circular: Record<string, unknown> = { consulta: 'luz', k: 1 };
    circular.yo = circular;
    const r = await toolbox.dispatch({ id: 'ciclo', name: 'buscar_notas', input: circular });
    expect(r).toMatchObject({ kind: 'error', code: 'VALIDATION' });
    expect(r.content).toMatch(/los argumentos no se pueden leer como datos JSON \(circular input\)/);
    const named = await toolbox.dispatch({ id: 'objeto', name: Object.create(null) as string, input: {} });
    expect(named).toMatchObject({ kind: 'error', code: 'UNKNOWN_TOOL' });
    expect(named.content).toMatch(/^no existe la herramienta \[object\]/);
    const lines = (await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as { event: string; call_id: string; code?: string; args?: unknown });
    expect(lines.map((l) => `${l.call_id} ${l.event}${l.code ? ` ${l.code}` : ''}`)).toEqual(['ciclo solicitud', 'ciclo resultado VALIDATION', 'objeto solicitud', 'objeto resultado UNKNOWN_TOOL']);
    expect(lines[0]!.args).toBe('[argumentos ilegibles: circular input]');
  });
});
