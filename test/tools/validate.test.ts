import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ObjectSchema } from '../../src/tools/contract.js';
import { compileValidator, MAX_STRING_CHARS, withInternalLimits } from '../../src/tools/validate.js';
import { makeToolbox, tempDir } from './helpers.js';

const portada: ObjectSchema = {
  type: 'object',
  properties: { semana: { type: 'integer', enum: [1, 2, 3, 4] }, maqueta: { type: 'boolean' } },
  required: ['semana', 'maqueta'],
  additionalProperties: false,
};
const uso: ObjectSchema = {
  type: 'object',
  properties: { tarea: { type: 'string' }, motor: { type: 'string', enum: ['xtts', 'juguete'] }, tokens: { type: 'integer' } },
  required: ['tarea', 'motor', 'tokens'],
  additionalProperties: false,
};

const problems = (schema: ObjectSchema, input: unknown) => {
  const r = compileValidator(schema)(input);
  if (r.ok) throw new Error('expected invalid');
  return r.problems;
};

describe('compileValidator', () => {
  it('compiles a schema once per process: the same schema (and limits), registered again by another toolbox, gets the same validator; other limits another', () => {
    const first = compileValidator(portada, { semana: { maximum: 4 } });
    expect(compileValidator(structuredClone(portada), { semana: { maximum: 4 } })).toBe(first);
    expect(compileValidator(portada, { semana: { maximum: 5 } })).not.toBe(first);
    expect(compileValidator(portada)).not.toBe(first);
  });

  it('accepts valid input untouched', () => {
    const input = { semana: 3, maqueta: true };
    expect(compileValidator(portada)(input)).toEqual({ ok: true, value: input });
  });

  it('uses the docs/design.md §3 wording for an out-of-enum value', () => {
    expect(problems(portada, { semana: 9, maqueta: true })).toEqual([{ code: 'enum', field: 'semana', reason: 'semana=9 fuera de [1, 2, 3, 4]' }]);
    expect(problems(uso, { tarea: 'x', motor: 'nube', tokens: 1 })[0]!.reason).toBe('motor="nube" fuera de ["xtts", "juguete"]');
  });

  it('does not coerce: "3" and true are not integers, "true" is not a boolean', () => {
    const p = problems(portada, { semana: '3', maqueta: 'true' });
    expect(p.map((x) => [x.code, x.field])).toEqual([
      ['type', 'semana'],
      ['type', 'maqueta'],
    ]);
    expect(p[0]!.reason).toBe('semana="3" no es un entero (es un texto)');
    expect(problems(portada, { semana: true, maqueta: true })[0]!.reason).toBe('semana=true no es un entero (es un booleano)');
    expect(problems(portada, { semana: 2.5, maqueta: true })[0]!.reason).toMatch(/^semana=2.5 no es un entero/);
  });

  it('lists every problem: missing, extra and wrong type together', () => {
    const p = problems(uso, { motor: 'xtts', tokens: '5', sobra: 1, otra: 2 });
    expect(p).toEqual(
      expect.arrayContaining([
        { code: 'missing', field: 'tarea', reason: 'falta el campo obligatorio "tarea"' },
        { code: 'extra', field: 'sobra', reason: 'sobra el campo "sobra" (no está en el esquema)' },
        { code: 'extra', field: 'otra', reason: 'sobra el campo "otra" (no está en el esquema)' },
        expect.objectContaining({ code: 'type', field: 'tokens' }),
      ]),
    );
    expect(p).toHaveLength(4);
  });

  it.each([
    [[1, 2], 'una lista'],
    ['{"semana":3}', 'un texto'],
    [null, 'null'],
    [7, 'un entero'],
  ])('refuses a non-object %j', (input, what) => {
    expect(problems(portada, input)).toEqual([{ code: 'not_object', field: '', reason: `los argumentos deben ser un objeto JSON {…}, se recibió ${what}` }]);
  });

  it('caps strings internally (a 1 MB string is refused, not processed) and counts characters, not bytes', () => {
    const big = 'a'.repeat(1024 * 1024);
    expect(problems(uso, { tarea: big, motor: 'xtts', tokens: 1 })).toEqual([
      { code: 'too_long', field: 'tarea', reason: `tarea es demasiado largo: ${1024 * 1024} caracteres, máximo ${MAX_STRING_CHARS}` },
    ]);
    const emoji = '😀'.repeat(MAX_STRING_CHARS);
    expect(compileValidator(uso)({ tarea: emoji, motor: 'xtts', tokens: 1 }).ok).toBe(true);
  });

  it('refuses negative counts but keeps the schema sent to the model unchanged', () => {
    expect(problems(uso, { tarea: 'x', motor: 'xtts', tokens: -1 })[0]).toMatchObject({ code: 'out_of_range', field: 'tokens' });
    expect(uso.properties.tarea).toEqual({ type: 'string' });
  });

  it('every tool schema, as compiled (internal limits added), is valid JSON Schema: the meta-schema check the product skips at start-up', async () => {
    const tmp = await tempDir('cv-schemas-');
    try {
      const { tools } = await makeToolbox(tmp.dir);
      const checker = new Ajv({ strict: true });
      expect(tools.size).toBe(5);
      for (const def of tools.values()) {
        const compiled = withInternalLimits(def.input_schema, def.internalLimits);
        expect(checker.validateSchema(compiled), `${def.name}: ${checker.errorsText(checker.errors)}`).toBe(true);
      }
      // And the check does refuse a schema that strict compilation lets through.
      expect(checker.validateSchema({ type: 'object', properties: { a: { type: 'string', maxLength: -1 } } })).toBe(false);
    } finally {
      await tmp.cleanup();
    }
  });

  it('fails at registration time for a broken schema', () => {
    const broken = { ...portada, properties: { semana: { type: 'entero' } } } as unknown as ObjectSchema;
    expect(() => compileValidator(broken)).toThrow();
  });
});
