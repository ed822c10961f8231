/**
 * Lookups by a name that came from outside (a model, a request, a file): only the record's own
 * keys count. `record[name]` would find `constructor`, `toString` or `__proto__` on
 * Object.prototype and hand a function (or the prototype) to code that expects a value.
 */
export function own<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return typeof name === 'string' && Object.hasOwn(record, name) ? record[name] : undefined;
}

/** Sets `record[name]` as an own, enumerable property — also for `__proto__`, which `=` would not. */
export function setOwn<T>(record: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Deeper than this, a copy stops and writes a marker instead: no tool's input nests past a few
 * levels, so what is cut would be refused anyway — but copying (or validating, or auditing) 5,000
 * levels by recursion overflowed the stack, and whether it did depended on how busy the machine was.
 */
export const PLAIN_COPY_MAX_DEPTH = 64;

/**
 * A plain copy of data that came from outside: arrays and objects rebuilt from their OWN
 * enumerable string keys (nothing inherited, each getter read once), other values as they are.
 * What a validator checked is then exactly what runs and what is written down. A cycle is refused;
 * nesting past PLAIN_COPY_MAX_DEPTH becomes the marker string `tooDeep` gives (its words are the
 * caller's: lib sits below strings).
 */
export function plainCopy(value: unknown, tooDeep: (levels: number) => string): unknown {
  const seen = new Set<object>();
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    if (depth >= PLAIN_COPY_MAX_DEPTH) return tooDeep(PLAIN_COPY_MAX_DEPTH);
    if (seen.has(v)) throw new TypeError('circular input');
    seen.add(v);
    let out: unknown;
    if (Array.isArray(v)) {
      const arr: unknown[] = [];
      for (let i = 0; i < v.length; i++) arr.push(copy(Object.hasOwn(v, i) ? (v as unknown[])[i] : undefined, depth + 1));
      out = arr;
    } else {
      const obj: Record<string, unknown> = {};
      for (const key of Object.keys(v)) setOwn(obj, key, copy((v as Record<string, unknown>)[key], depth + 1));
      out = obj;
    }
    seen.delete(v);
    return out;
  };
  return copy(value, 0);
}
