/**
 * The bad-input matrix of issue 2, for every tool through the real dispatcher over a temp data dir:
 * missing, extra, wrong type, out of enum, not an object, a 1 MB string, unicode. Each is refused
 * with a clear message (or, for valid unicode, handled) and nothing in the data dir changes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT, makeToolbox, snapshot, tempDir } from './helpers.js';

const MB = 'ñ'.repeat(1024 * 1024);

type Case = [label: string, input: unknown, expected: string[]];
const matrix: Record<string, Case[]> = {
  buscar_notas: [
    ['missing', { consulta: 'arte' }, ['falta el campo obligatorio "k"']],
    ['all missing', {}, ['falta el campo obligatorio "consulta"', 'falta el campo obligatorio "k"', '(2 problemas)']],
    ['extra', { consulta: 'arte', k: 2, filtro: 'x' }, ['sobra el campo "filtro"']],
    ['wrong type "3"', { consulta: 'arte', k: '3' }, ['k="3" no es un entero']],
    ['wrong type true', { consulta: true, k: true }, ['consulta=true no es un texto', 'k=true no es un entero']],
    ['out of enum', { consulta: 'arte', k: 6 }, ['k=6 fuera de [1, 2, 3, 4, 5]']],
    ['not an object', ['arte', 2], ['deben ser un objeto JSON', 'una lista']],
    ['1 MB string', { consulta: MB, k: 2 }, ['consulta es demasiado largo: 1048576 caracteres, máximo 2000']],
    ['unicode extra key', { consulta: 'arte', k: 2, 'ñandú😀': 1 }, ['sobra el campo "ñandú😀"']],
  ],
  crear_tarjetas: [
    ['missing', {}, ['falta el campo obligatorio "id_nota"']],
    ['extra', { id_nota: 8, cantidad: 5 }, ['sobra el campo "cantidad"']],
    ['wrong type "8"', { id_nota: '8' }, ['id_nota="8" no es un entero']],
    ['wrong type true', { id_nota: true }, ['id_nota=true no es un entero']],
    // No enum (issue 26: it would change the cached prompt on every import): the dispatcher checks it.
    ['no such note', { id_nota: 13 }, ['la nota 13 no existe']],
    ['no such note, zero', { id_nota: 0 }, ['la nota 0 no existe']],
    ['negative', { id_nota: -1 }, ['id_nota=-1 debe ser como mínimo 0']],
    ['not an object', 'id_nota=8', ['deben ser un objeto JSON', 'un texto']],
    ['1 MB string', { id_nota: MB }, ['no es un entero (es un texto)']],
    ['unicode', { id_nota: 'ocho 😀' }, ['id_nota="ocho 😀" no es un entero']],
  ],
  generar_portada: [
    ['missing', { semana: 3 }, ['falta el campo obligatorio "maqueta"']],
    ['extra', { semana: 3, maqueta: true, estilo: 'óleo' }, ['sobra el campo "estilo"']],
    ['wrong type', { semana: '3', maqueta: 'sí' }, ['semana="3" no es un entero', 'maqueta="sí" no es un booleano']],
    ['out of enum', { semana: 9, maqueta: true }, ['semana=9 fuera de [1, 2, 3, 4]']],
    ['not an object', null, ['deben ser un objeto JSON', 'null']],
    ['1 MB string', { semana: 3, maqueta: MB }, ['maqueta="ñññ', 'no es un booleano']],
    ['unicode', { semana: 'tres', maqueta: true }, ['semana="tres" no es un entero']],
  ],
  narrar_resumen: [
    ['missing', { motor: 'juguete' }, ['falta el campo obligatorio "semana"']],
    ['extra', { semana: 3, motor: 'juguete', voz: 'nube' }, ['sobra el campo "voz"']],
    ['wrong type', { semana: 3.0001, motor: 1 }, ['semana=3.0001 no es un entero', 'motor=1 no es un texto']],
    ['out of enum', { semana: 3, motor: 'nube' }, ['motor="nube" fuera de ["xtts", "juguete"]']],
    ['not an object', 42, ['deben ser un objeto JSON', 'un entero']],
    ['1 MB string', { semana: 3, motor: MB }, ['fuera de ["xtts", "juguete"]']],
    ['unicode', { semana: 0, motor: 'jügüete' }, ['semana=0 fuera de [1, 2, 3, 4]', 'motor="jügüete" fuera de']],
  ],
  registrar_uso: [
    ['missing', { tarea: 'semana 3', modelo: 'claude-haiku-5-5' }, ['falta el campo obligatorio "tokens_entrada"', 'falta el campo obligatorio "tokens_salida"']],
    ['extra', { tarea: 'x', modelo: 'claude-haiku-5-5', tokens_entrada: 1, tokens_salida: 1, coste: 9 }, ['sobra el campo "coste"']],
    ['wrong type', { tarea: 'x', modelo: 'claude-haiku-5-5', tokens_entrada: '100', tokens_salida: false }, ['tokens_entrada="100" no es un entero', 'tokens_salida=false no es un entero']],
    ['out of enum', { tarea: 'x', modelo: 'gpt-5', tokens_entrada: 1, tokens_salida: 1 }, ['modelo="gpt-5" fuera de ["claude-haiku-5-5", "claude-sonnet-5-5", "claude-fable-5-1"]']],
    ['negative', { tarea: 'x', modelo: 'claude-haiku-5-5', tokens_entrada: -5, tokens_salida: 1 }, ['tokens_entrada=-5 debe ser como mínimo 0']],
    ['not an object', [], ['deben ser un objeto JSON', 'una lista']],
    ['1 MB string', { tarea: MB, modelo: 'claude-haiku-5-5', tokens_entrada: 1, tokens_salida: 1 }, ['tarea es demasiado largo: 1048576 caracteres']],
  ],
};

let dir: string;
let cleanup: () => Promise<void>;
let box: Awaited<ReturnType<typeof makeToolbox>>;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  box = await makeToolbox(dir, { answer: { approved: true, by: 'test' } });
  // Seed notas.json and its search index before the first snapshot.
  await box.dispatch({ id: 'seed', name: 'buscar_notas', input: { consulta: 'luz', k: 1 } });
});
afterAll(() => cleanup());

describe.each(Object.entries(matrix))('%s refuses bad input', (tool, cases) => {
  it.each(cases)('%s', async (_label, input, expected) => {
    const before = await snapshot(dir, [AUDIT]);
    const auditBefore = (await box.notebook.audit.list()).length;
    const r = await box.dispatch({ id: `t-${tool}`, name: tool, input });
    expect(r).toMatchObject({ is_error: true, outcome: 'error', code: 'VALIDATION' });
    expect(r.content).toMatch(new RegExp(`^Argumentos no válidos para ${tool}`));
    for (const e of expected) expect(r.content).toContain(e);
    expect(r.content.length).toBeLessThan(3_000); // a 1 MB value is never echoed back
    expect(await snapshot(dir, [AUDIT])).toEqual(before);
    expect(box.asked).toHaveLength(0); // refused before anyone is asked
    // Still on record: one request and one result line, with long values cut.
    const audit = await box.notebook.audit.list();
    expect(audit.slice(auditBefore).map((e) => [e.event, e.tool, e.outcome ?? null, e.code ?? null])).toEqual([
      ['solicitud', tool, null, null],
      ['resultado', tool, 'error', 'VALIDATION'],
    ]);
    expect(JSON.stringify(audit.slice(auditBefore)).length).toBeLessThan(5_000);
  });
});

describe('valid unicode is handled, not refused', () => {
  it('buscar_notas with accents, emoji and CJK still ranks note 8 first', async () => {
    const r = await box.dispatch({ id: 'u1', name: 'buscar_notas', input: { consulta: '¿Qué pintó el IMPRESIONISMO con la luz? 😀 漢字', k: 1 } });
    expect(r.is_error).toBe(false);
    expect(JSON.parse(r.content)[0]).toMatchObject({ id: 8, tema: 'historia del arte' });
  });

  it('registrar_uso keeps a unicode task name intact in the CSV', async () => {
    const r = await box.dispatch({ id: 'u2', name: 'registrar_uso', input: { tarea: 'semana 3 — ñandú 😀, "arte"', modelo: 'claude-haiku-5-5', tokens_entrada: 1000, tokens_salida: 200 } });
    expect(r.is_error).toBe(false);
    const rows = await box.notebook.usage.list();
    expect(rows.at(-1)).toMatchObject({ tarea: 'semana 3 — ñandú 😀, "arte"', coste_usd: 0.0002 });
    expect(await readFile(path.join(dir, 'registro_uso.csv'), 'utf8')).toContain('"semana 3 — ñandú 😀, ""arte"""');
  });
});
