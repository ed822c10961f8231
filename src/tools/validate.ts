/**
 * Argument validation with one ajv instance (docs/design.md §3 dispatcher step 2). Each tool schema is
 * compiled once, when the tool is registered. No coercion: `"3"` and `true` are not integers.
 * Every problem is reported, structured ({code, field, reason}) and rendered in Spanish.
 *
 * The compiled schema is the model's schema plus internal limits the model never sees (strings at
 * most MAX_STRING_CHARS, counts ≥ 0), so a 1 MB argument is refused clearly instead of processed.
 */
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { CuadernoError } from '../errors.js';
import type { ObjectSchema } from './contract.js';
import { S } from '../strings/model.js';

/** Longest string argument accepted (characters); queries and task names are short by nature. */
export const MAX_STRING_CHARS = 2_000;

/** Per-argument bounds the dispatcher adds to a tool's schema (ToolDefinition.internalLimits). */
export type ToolLimits = Readonly<Record<string, { minimum?: number; maximum?: number }>>;

export type ProblemCode = 'missing' | 'extra' | 'type' | 'enum' | 'too_long' | 'out_of_range' | 'not_object' | 'other';

/** One structured validation problem; `reason` is the Spanish line shown to the model. */
export interface ValidationProblem {
  code: ProblemCode;
  /** Argument name (`semana`), or '' for the whole arguments object. */
  field: string;
  reason: string;
}

export type Validation<A> = { ok: true; value: A } | { ok: false; problems: ValidationProblem[] };
export type Validator<A> = (input: unknown) => Validation<A>;

/** Thrown by `assertValid`; carries every problem in `details.problems`. */
export class ValidationError extends CuadernoError {
  constructor(
    readonly tool: string,
    readonly problems: ValidationProblem[],
  ) {
    super('VALIDATION', S.invalidArgs(tool, problems.map((p) => p.reason)), { field: problems[0]?.field, problems });
  }
}

// allErrors: list every problem, not the first. strict: a typo in a schema (a type name, a keyword's
// value of the wrong kind) fails at registration. No check against the JSON Schema meta-schema
// (`validateSchema`): compiling the meta-schema cost every process that registers the tools ≈ 15 ms
// for schemas that are our own constants; test/tools/validate.test.ts checks each tool's compiled
// schema against the meta-schema instead.
const ajv = new Ajv({ allErrors: true, strict: true, validateSchema: false, coerceTypes: false, useDefaults: false, removeAdditional: false });

/** The schema actually compiled: the model's schema plus the internal limits described above. */
export function withInternalLimits(schema: ObjectSchema, limits: ToolLimits = {}): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const p: Record<string, unknown> = { ...prop, ...(Object.hasOwn(limits, name) ? limits[name] : {}) };
    if (p.type === 'string' && !('enum' in p) && !('maxLength' in p)) p.maxLength = MAX_STRING_CHARS;
    if (p.type === 'integer' && !('enum' in p)) {
      if (!('minimum' in p)) p.minimum = 0;
      if (!('maximum' in p)) p.maximum = Number.MAX_SAFE_INTEGER;
    }
    properties[name] = p;
  }
  return { ...schema, properties };
}

function fieldOf(e: ErrorObject): string {
  // instancePath is a JSON pointer: "/semana" → "semana"; nested paths keep their slashes.
  return e.instancePath.replace(/^\//, '').replace(/~1/g, '/').replace(/~0/g, '~');
}

function valueAt(input: unknown, field: string): unknown {
  return field === '' ? input : (input as Record<string, unknown>)[field];
}

function toProblem(e: ErrorObject, input: unknown): ValidationProblem {
  const field = fieldOf(e);
  const value = valueAt(input, field);
  switch (e.keyword) {
    case 'required': {
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      return { code: 'missing', field: missing, reason: S.missing(missing) };
    }
    case 'additionalProperties': {
      const extra = String((e.params as { additionalProperty: string }).additionalProperty);
      return { code: 'extra', field: extra, reason: S.extra(extra) };
    }
    case 'type':
      if (field === '') return { code: 'not_object', field, reason: S.notObject(input) };
      return { code: 'type', field, reason: S.wrongType(field, value, String((e.params as { type: string }).type)) };
    case 'enum':
      return { code: 'enum', field, reason: S.outOfEnum(field, value, (e.params as { allowedValues: unknown[] }).allowedValues) };
    case 'maxLength':
      return { code: 'too_long', field, reason: S.tooLong(field, [...String(value)].length, (e.params as { limit: number }).limit) };
    case 'minimum':
      return { code: 'out_of_range', field, reason: S.tooSmall(field, value, (e.params as { limit: number }).limit) };
    case 'maximum':
      return { code: 'out_of_range', field, reason: S.tooBig(field, value, (e.params as { limit: number }).limit) };
    default:
      return { code: 'other', field, reason: S.otherProblem(field, e.message ?? e.keyword) };
  }
}

/**
 * Validators by the text of their schema (limits included). Every toolbox registers the same five
 * schemas — one per student in class mode, again for the media tools when the course changes — and
 * Ajv keeps whatever it compiles for good (its cache is keyed by the schema object, and each
 * registration built a new one): the same schema is compiled once per process, not once per toolbox.
 */
const compiledValidators = new Map<string, Validator<unknown>>();

/**
 * Compiles `schema` (throws at registration if the schema itself is invalid) and returns a pure
 * validator. A wrong-typed field reports only its type (its enum/length problems would be noise);
 * a non-object input reports only that.
 */
export function compileValidator<A>(schema: ObjectSchema, limits: ToolLimits = {}): Validator<A> {
  const limited = withInternalLimits(schema, limits);
  const key = JSON.stringify(limited);
  const known = compiledValidators.get(key);
  if (known) return known as Validator<A>;
  const fn: ValidateFunction = ajv.compile(limited);
  const validator: Validator<A> = (input) => {
    if (fn(input)) return { ok: true, value: input as A };
    const problems = (fn.errors ?? []).map((e) => toProblem(e, input));
    if (problems.some((p) => p.code === 'not_object')) return { ok: false, problems: problems.filter((p) => p.code === 'not_object').slice(0, 1) };
    const typed = new Set(problems.filter((p) => p.code === 'type').map((p) => p.field));
    const seen = new Set<string>();
    const unique = problems.filter((p) => {
      if (p.code !== 'type' && typed.has(p.field) && p.code !== 'missing' && p.code !== 'extra') return false;
      const key = `${p.code}:${p.field}:${p.reason}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { ok: false, problems: unique };
  };
  compiledValidators.set(key, validator as Validator<unknown>);
  return validator;
}
