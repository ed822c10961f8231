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
 * A plain copy of data that came from outside: arrays and objects rebuilt from their OWN
 * enumerable string keys (nothing inherited, each getter read once), other values as they are.
 * What a validator checked is then exactly what runs and what is written down. A cycle is refused.
 */
export function plainCopy(value: unknown): unknown {
  const seen = new Set<object>();
  const copy = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    if (seen.has(v)) throw new TypeError('circular input');
    seen.add(v);
    let out: unknown;
    if (Array.isArray(v)) {
      const arr: unknown[] = [];
      for (let i = 0; i < v.length; i++) arr.push(copy(Object.hasOwn(v, i) ? (v as unknown[])[i] : undefined));
      out = arr;
    } else {
      const obj: Record<string, unknown> = {};
      for (const key of Object.keys(v)) setOwn(obj, key, copy((v as Record<string, unknown>)[key]));
      out = obj;
    }
    seen.delete(v);
    return out;
  };
  return copy(value);
}
