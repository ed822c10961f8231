/**
 * Which script a worker thread or child process runs, for the module that starts it. Each such
 * script lives next to that module: TypeScript in src/, compiled in dist/.
 *
 * - Compiled (dist/, what `npm start` runs; the module's own URL ends in `.js`): `compiled`.
 * - From the TypeScript sources (`npm run dev`, vitest): `fromSources` — a shim that registers tsx
 *   in the new thread first, or the `.ts` itself for a child started with tsx.
 * - From the sources where `CUADERNO_HILOS_COMPILADOS=1` (the tests set it; vitest's globalSetup
 *   builds dist/ from these same sources before any test): `compiled` as it is in dist/. A thread
 *   that registers tsx starts a loader thread of its own and transforms its modules again, ≈ 0.3 s
 *   of CPU per thread, and a test run starts about a hundred of them.
 *
 * Callers write both as URLs relative to their own `import.meta.url`: the build checks that the
 * compiled one exists in dist/ (scripts/build.mjs).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface Script {
  url: URL;
  /** Whether `url` is compiled JavaScript (no tsx needed to run it). */
  compiled: boolean;
}

export function scriptBeside(moduleUrl: string, compiled: URL, fromSources: URL): Script {
  if (moduleUrl.endsWith('.js')) return { url: compiled, compiled: true };
  if (process.env.CUADERNO_HILOS_COMPILADOS === '1') {
    const file = fileURLToPath(compiled);
    const at = file.lastIndexOf('/src/');
    if (at !== -1) return { url: pathToFileURL(`${file.slice(0, at)}/dist/${file.slice(at + '/src/'.length)}`), compiled: true };
  }
  return { url: fromSources, compiled: false };
}
