// `npm run bench` measures what `npm start` runs: the compiled product (dist/), not the sources
// compiled on the fly. Registered after tsx (`node --import tsx --import ./bench/support/compiled.mjs`),
// this hook sends every import that resolves to a source of src/ to its compiled file in dist/modules/ (each
// module compiled on its own, beside the bundled entry points: scripts/build.mjs), so
// the benchmarks and the test helpers they drive (written against src/) load one copy of each module:
// the compiled one. Without it, a first week's figures held the on-the-fly compilation of each module
// loaded then (the first week's longest stall: 198–307 ms with it, against ~20 ms on a second week).
// Plain JavaScript: it runs before anything is compiled.
/* global URL */
import { register } from 'node:module';

const SRC = new URL('../../src/', import.meta.url).href;
const DIST = new URL('../../dist/modules/', import.meta.url).href;

if (!import.meta.url.includes('?hook')) {
  register(`${import.meta.url}?hook`, import.meta.url, { data: { SRC, DIST } });
}

/** Module hook (node:module `register`): src/**.ts → dist/**.js. */
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url.startsWith(SRC) && r.url.endsWith('.ts')) return { ...r, url: `${DIST}${r.url.slice(SRC.length, -3)}.js`, format: 'module' };
  return r;
}
