// `node scripts/file-seconds.mjs`: writes test/support/file-seconds.json, the seconds each test file
// took in vitest's last whole run here (its own record, under node_modules/.vite), for a clone that
// has no record of its own yet: vitest.config.ts starts the costliest files first with it. Only the
// order of the files depends on it, never a result; rerun it when files are added or change much.
/* global console, process */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'node_modules', '.vite', 'vitest');
const seconds = {};
for (const dir of readdirSync(CACHE)) {
  const { results } = JSON.parse(readFileSync(path.join(CACHE, dir, 'results.json'), 'utf8'));
  for (const [key, { duration }] of results) {
    // `todo:` is the whole run's project (vitest.config.ts); a tier's run times its files alone.
    if (key.startsWith('todo:') && duration) seconds[key.slice('todo:'.length)] = Math.round(duration / 100) / 10;
  }
}
const files = Object.keys(seconds).sort();
if (files.length === 0) {
  console.error('No hay registro de una ejecución completa: corre antes `npx vitest run`.');
  process.exit(1);
}
writeFileSync(path.join(ROOT, 'test', 'support', 'file-seconds.json'), `${JSON.stringify(Object.fromEntries(files.map((f) => [f, seconds[f]])), null, 1)}\n`);
console.log(`test/support/file-seconds.json: ${files.length} archivos`);
