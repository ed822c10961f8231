/**
 * The schemas of the files the product keeps (a run's `run.json`, `curso.json`, the notes' search
 * index), compiled on ONE Ajv instance, each on first use — or earlier, one at a time, by
 * `compileStateSchemas` while the bot waits for its first message.
 *
 * Why one instance: each file had its own, and every Ajv instance pays a set-up before its first
 * schema (with the meta-schema check, since dropped, ≈ 45 ms on the 2-core box). Why ahead of use: the
 * run's schema alone took ≈ 40 ms more, and it was compiled inside the first week's first commit —
 * the longest stall of the event loop in the first week after a start (bench `delivery`).
 */
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';

// strict: a typo in a schema fails where it is compiled. allErrors off: a file's first problem is
// what the owner is told. No optimising pass over the generated code: it was ~40 % of compiling the
// run's schema, and these validators check a file when it is read or written, not in a hot loop.
// No check of each schema against the JSON Schema meta-schema (`validateSchema`): compiling the
// meta-schema was most of the first compile, paid by every process that reads a state file (a
// CLI command, a bot, a worker), for schemas that are our own constants; strict mode still refuses
// a wrong type name or keyword value here, and a test checks every declared schema against the
// meta-schema (test/lib/state-schemas.test.ts).
let ajv: Ajv | undefined;
const instance = (): Ajv => (ajv ??= new Ajv({ allErrors: false, strict: true, validateSchema: false, code: { optimize: false } }));

/** Every state schema a loaded module declared, so they can be compiled ahead of use. */
const declared: Array<{ schema: AnySchema; get: () => unknown }> = [];

/** A validator for `schema`, compiled on its first call (or by `compileStateSchemas`), once. */
export function stateSchema<T = unknown>(schema: AnySchema): () => ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  const get = (): ValidateFunction<T> => (compiled ??= instance().compile<T>(schema));
  declared.push({ schema, get });
  return get;
}

/** The schemas declared so far by the loaded modules (for the test that checks them against the meta-schema). */
export function declaredStateSchemas(): readonly AnySchema[] {
  return declared.map((d) => d.schema);
}

/**
 * Sets up the compiler (its first compile), then each declared schema, each in its own turn of the event loop
 * (`setImmediate`), so an update that arrives meanwhile waits for one compile at most, never all.
 * Resolves when all are compiled.
 */
export async function compileStateSchemas(): Promise<void> {
  const steps: Array<() => unknown> = [() => instance().compile({ type: 'object' }), ...declared.map((d) => d.get)];
  for (const step of steps) {
    await new Promise((resolve) => setImmediate(resolve));
    step();
  }
}
