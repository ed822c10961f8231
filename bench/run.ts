/**
 * `npm run bench`: runs the scheduler, media, token, delivery (tap → photo, event-loop delay), material
 * (PDF and photo import), search (10,000 notes), start-up and memory benchmarks (each module exports a function returning its
 * figures and prints its own tables), then writes everything to bench/results/latest.json. Names
 * select some of them: `npm run bench -- inicio memoria` (then the results go to bench/results/<names>.json).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/lib/atomic.js';
import { closePool } from '../src/workers/pool.js';
import { run as busqueda } from './busqueda.js';
import { run as delivery } from './delivery.js';
import { run as material } from './material.js';
import { inicio, memoria } from './inicio.js';
import { run as media } from './media.js';
import { run as scheduler } from './scheduler.js';
import { run as tokens } from './tokens.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every benchmark by name, in the order `npm run bench` runs them. */
const BENCHES: Record<string, () => Promise<Record<string, unknown>>> = { scheduler, media, tokens, delivery, material, busqueda, inicio, memoria };

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !(n in BENCHES));
  if (unknown.length > 0) throw new Error(`no existe ${unknown.join(', ')}; los hay: ${Object.keys(BENCHES).join(', ')}`);
  const started = new Date().toISOString();
  // One after another: each measures wall time, so they must not compete for the CPU.
  const results: Record<string, unknown> = {};
  for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
    const r = await BENCHES[name]!();
    // The scheduler's figures are the file's top level (as they always were); the others by name.
    if (name === 'scheduler') Object.assign(results, r);
    else results[name] = r;
  }
  await closePool();
  const meta = { fecha: started, node: process.version, plataforma: `${process.platform}-${process.arch}` };
  const file = path.join(here, 'results', names.length > 0 ? `${names.join('-')}.json` : 'latest.json');
  await writeFileAtomic(file, `${JSON.stringify({ ...results, meta }, null, 2)}\n`);
  console.log(`\nResultados escritos en ${path.relative(process.cwd(), file)}`);
}

main().catch((e: unknown) => {
  console.error(`Benchmark fallido: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exitCode = 1;
});
