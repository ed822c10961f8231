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
