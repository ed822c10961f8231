/**
 * `npm run bench`: runs the scheduler benchmark and, when present, the media and token benchmarks
 * (each module exports `run(): Promise<Record<string, unknown>>` and prints its own tables), then
 * writes everything to bench/results/latest.json. A missing module is skipped with a note.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/store/atomic.js';

type BenchModule = { run(): Promise<Record<string, unknown>> };

const here = path.dirname(fileURLToPath(import.meta.url));

async function optional(name: string): Promise<Record<string, unknown> | undefined> {
  if (!existsSync(path.join(here, `${name}.ts`))) {
    console.log(`\n(bench/${name}.ts no existe todavía: se omite)`);
    return undefined;
  }
  const mod = (await import(`./${name}.js`)) as BenchModule;
  return mod.run();
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const { run: scheduler } = (await import('./scheduler.js')) as BenchModule;
  const results: Record<string, unknown> = { ...(await scheduler()) };
  for (const name of ['media', 'tokens']) {
    const r = await optional(name);
    if (r) results[name] = r;
  }
  const meta = { fecha: started, node: process.version, plataforma: `${process.platform}-${process.arch}` };
  const file = path.join(here, 'results', 'latest.json');
  await writeFileAtomic(file, `${JSON.stringify({ ...results, meta }, null, 2)}\n`);
  console.log(`\nResultados escritos en ${path.relative(process.cwd(), file)}`);
}

main().catch((e: unknown) => {
  console.error(`Benchmark fallido: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exitCode = 1;
});
