/**
 * Pseudo-translation (the classic i18n check): every string a strings module exports, and every
 * string its functions return, comes back reversed and wrapped in «⟦…⟧» — so no regex over the
 * original wording can still match it. Used through `vi.mock(path, wrapModule)`
 * so the code under test runs unchanged with every tool, agent and chat string rewritten: anything
 * that still works cannot be reading its own wording back.
 */
export const OPEN = '⟦';
export const CLOSE = '⟧';

export function pseudo<T>(v: T): T {
  if (typeof v === 'string') return `${OPEN}${Array.from(v).reverse().join('')}${CLOSE}` as T;
  if (typeof v === 'function') return ((...args: unknown[]) => pseudo((v as (...a: unknown[]) => unknown)(...args))) as T;
  if (Array.isArray(v)) return v.map(pseudo) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    // A command's name is an identifier the user types, not wording.
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'command' ? x : pseudo(x)])) as T;
  }
  return v;
}

/** For `vi.mock(path, wrapModule)`: the real module with every export pseudo-translated. */
export async function wrapModule(importOriginal: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  return pseudo({ ...(await importOriginal()) });
}
