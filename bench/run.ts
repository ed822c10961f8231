/**
 * `npm run bench`: runs the scheduler, media, token, delivery (tap → photo, event-loop delay) and material (PDF and photo import) benchmarks (each module exports
 * `run(): Promise<Record<string, unknown>>` and prints its own tables), then writes everything to
 * bench/results/latest.json.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/store/atomic.js';
import { closePool } from '../src/workers/pool.js';
import { run as delivery } from './delivery.js';
import { run as material } from './material.js';
import { run as media } from './media.js';
import { run as scheduler } from './scheduler.js';
import { run as tokens } from './tokens.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const started = new Date().toISOString();
  // One after another: each measures wall time, so they must not compete for the CPU.
  const results: Record<string, unknown> = { ...(await scheduler()) };
  results.media = await media();
  results.tokens = await tokens();
  results.delivery = await delivery();
  results.material = await material();
  await closePool();
  const meta = { fecha: started, node: process.version, plataforma: `${process.platform}-${process.arch}` };
  const file = path.join(here, 'results', 'latest.json');
  await writeFileAtomic(file, `${JSON.stringify({ ...results, meta }, null, 2)}\n`);
  console.log(`\nResultados escritos en ${path.relative(process.cwd(), file)}`);
}

main().catch((e: unknown) => {
  console.error(`Benchmark fallido: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exitCode = 1;
});
