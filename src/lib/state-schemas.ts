/**
 * The schemas of the files the product keeps (a run's `run.json`, `curso.json`, the notes' search
 * index), compiled on ONE Ajv instance, each on first use — or earlier, one at a time, by
 * `compileStateSchemas` while the bot waits for its first message.
 *
 * Why one instance: every new Ajv instance compiles the JSON Schema meta-schema again before its
 * first schema (≈ 45 ms on the 2-core box), and each file had its own. Why ahead of use: the
 * run's schema alone took ≈ 40 ms more, and it was compiled inside the first week's first commit —
 * the longest stall of the event loop in the first week after a start (bench `delivery`).
 */
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';

// strict: a typo in a schema fails where it is compiled. allErrors off: a file's first problem is
// what the owner is told. No optimising pass over the generated code: it was ~40 % of compiling the
// run's schema, and these validators check a file when it is read or written, not in a hot loop.
let ajv: Ajv | undefined;
const instance = (): Ajv => (ajv ??= new Ajv({ allErrors: false, strict: true, code: { optimize: false } }));

/** Every state schema a loaded module declared, so they can be compiled ahead of use. */
const declared: Array<() => unknown> = [];

/** A validator for `schema`, compiled on its first call (or by `compileStateSchemas`), once. */
export function stateSchema<T = unknown>(schema: AnySchema): () => ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  const get = (): ValidateFunction<T> => (compiled ??= instance().compile<T>(schema));
  declared.push(get);
  return get;
}

/**
 * Compiles the meta-schema, then each declared schema, each in its own turn of the event loop
 * (`setImmediate`), so an update that arrives meanwhile waits for one compile at most, never all.
 * Resolves when all are compiled.
 */
export async function compileStateSchemas(): Promise<void> {
  const steps: Array<() => unknown> = [() => instance().compile({ type: 'object' }), ...declared];
  for (const step of steps) {
    await new Promise((resolve) => setImmediate(resolve));
    step();
  }
}
