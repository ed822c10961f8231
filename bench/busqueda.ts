/**
 * `npm run bench -- busqueda`: `buscar_notas` at notebook scale (issue 26, item 5) over 10,000
 * generated notes of 120–1,500 characters in a fresh data folder, through the notebook's own index
 * (store/notesIndex.ts, wired as openNotebook wires it):
 *   - the notes file against its size cap;
 *   - building the index from notas.json (first search of a folder without one) and loading it
 *     back from disk (another process);
 *   - search p50/p95/max over 300 queries (target p95 ≤ 20 ms), and the full scan for comparison;
 *   - memory the index adds (heap and RSS after a GC; target ≤ 100 MB), notes held for the answers included;
 *   - each added note: the whole write and the index's part of it.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { writeFileAtomic } from '../src/lib/atomic.js';
import { STATE_FILE_MAX_BYTES } from '../src/store/document.js';
import { createNotesStore } from '../src/store/notesFile.js';
import { createNotesIndex, NOTES_INDEX_FILE, type NotesIndex } from '../src/store/notesIndex.js';
import { buildIndex, similarities, topK } from '../src/domain/tfidf.js';
import { generateNotes } from '../test/support/generated-notes.js';
import { pct } from './support/stats.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const NOTES = 10_000;
const QUERIES = 300;
const ADDS = 20;
const P95_TARGET_MS = 20;
const MEMORY_TARGET_MB = 100;

const round = (x: number, d = 1) => Number(x.toFixed(d));
const mb = (bytes: number) => bytes / 2 ** 20;
const line = (name: string, value: string, target?: string, ok?: boolean) =>
  console.log(`  ${name.padEnd(42)} ${value.padStart(24)}${target ? `   objetivo ${target} ${ok ? '✓' : '✗'}` : ''}`);

/** Wall and CPU milliseconds of `fn` (this machine is shared: CPU time is what the work itself costs). */
async function timed(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c = process.cpuUsage();
  const t = performance.now();
  await fn();
  const used = process.cpuUsage(c);
  return { wall: performance.now() - t, cpu: (used.user + used.system) / 1000 };
}
const both = (x: { wall: number; cpu: number }) => `${Math.round(x.wall)} ms (CPU ${Math.round(x.cpu)} ms)`;

function memory(): { heap: number; rss: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

function wire(notesFile: string, indexFile: string, onIndexWrite?: (ms: number) => void) {
  const notes = createNotesStore(notesFile, {
    afterWrite: async (...a) => {
      const t = performance.now();
      await index.afterWrite(...a);
      onIndexWrite?.(performance.now() - t);
    },
  });
  const index: NotesIndex = createNotesIndex({ notesFile, indexFile, list: () => notes.list() });
  return { notes, index };
}

export async function run(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-busqueda-'));
  try {
    const notesFile = path.join(dir, 'notas.json');
    const indexFile = path.join(dir, NOTES_INDEX_FILE);
    // 20–200 words of ~7 letters: notes of about 120 to 1,500 characters, as an import splits them.
    const g = generateNotes(2026, { notes: NOTES, vocabulary: 20_000, wordsPerNote: [20, 200] });
    const notas = g.texts.map((texto, i) => ({ id: i + 1, tema: `tema ${1 + (i % 40)}`, texto: texto || 'nota vacía', semana: 1 + (i % 14) }));
    await writeFileAtomic(notesFile, `${JSON.stringify({ version: 2, notas }, null, 2)}\n`);
    const fileBytes = (await stat(notesFile)).size;
    const chars = notas.map((n) => n.texto.length).sort((a, b) => a - b);
    const queries = Array.from({ length: QUERIES }, () => g.query());

    console.log(`\nBúsqueda en el cuaderno (${NOTES} notas generadas, ${QUERIES} consultas)`);
    line('notas.json', `${round(mb(fileBytes))} MB`, `≤ ${mb(STATE_FILE_MAX_BYTES)} MB (límite del archivo)`, fileBytes <= STATE_FILE_MAX_BYTES);
    line('caracteres por nota (mín · mediana · máx)', `${chars[0]} · ${chars[chars.length >> 1]} · ${chars.at(-1)}`);

    const before = memory();
    const a = wire(notesFile, indexFile);
    const build = await timed(() => a.index.search('consulta de arranque', 1));
    const after = memory();
    const heapMb = mb(after.heap - before.heap);
    const rssMb = mb(after.rss - before.rss);
    const indexBytes = (await stat(indexFile)).size;
    line('construir el índice (primera búsqueda)', both(build));
    line('indice_notas.json', `${round(mb(indexBytes))} MB`);
    line('memoria añadida, heap', `${round(heapMb)} MB`, `≤ ${MEMORY_TARGET_MB} MB`, heapMb <= MEMORY_TARGET_MB);
    line('memoria añadida, RSS', `${round(rssMb)} MB`, `≤ ${MEMORY_TARGET_MB} MB`, rssMb <= MEMORY_TARGET_MB);

    const times: number[] = [];
    let approximate = 0;
    let t = 0;
    for (const q of queries) {
      t = performance.now();
      const r = await a.index.search(q, 5);
      times.push(performance.now() - t);
      if (r.approximate) approximate++;
    }
    const p95 = pct(times, 0.95);
    line('búsqueda p50', `${round(pct(times, 0.5), 2)} ms`);
    line('búsqueda p95', `${round(p95, 2)} ms`, `≤ ${P95_TARGET_MS} ms`, p95 <= P95_TARGET_MS);
    line('búsqueda máx', `${round(Math.max(...times), 2)} ms`, undefined);
    line('consultas respondidas de forma aproximada', `${approximate}`);

    // For comparison: the full scan of docs/design.md §3 as it was (every note tokenised on every query).
    const texts = notas.map((n) => n.texto);
    t = performance.now();
    for (const q of queries.slice(0, 5)) topK(similarities(buildIndex(texts), q), 5);
    const scanMs = (performance.now() - t) / 5;
    line('recorrido completo (antes), por consulta', `${Math.round(scanMs)} ms`);

    // Another process: loads the index from disk instead of rebuilding it.
    const b = wire(notesFile, indexFile);
    const load = await timed(() => b.index.search('consulta de arranque', 1));
    line('cargar el índice del disco (otro proceso)', both(load));

    // Each added note (what an import does per note): the whole write, and the index's share of it.
    const indexMs: number[] = [];
    const c = wire(notesFile, indexFile, (ms) => indexMs.push(ms));
    await c.index.search('consulta de arranque', 1);
    const addMs: number[] = [];
    const addCpu: number[] = [];
    for (let i = 0; i < ADDS; i++) {
      const x = await timed(() => c.notes.add('importada', g.texts[i]! || 'nota importada', 1));
      addMs.push(x.wall);
      addCpu.push(x.cpu);
    }
    line('añadir una nota (mediana, todo)', both({ wall: pct(addMs, 0.5), cpu: pct(addCpu, 0.5) }));
    line('  de ello, actualizar el índice', `${Math.round(pct(indexMs, 0.5))} ms`);

    return {
      notas: NOTES,
      consultas: QUERIES,
      notas_json_mb: round(mb(fileBytes)),
      notas_json_limite_mb: mb(STATE_FILE_MAX_BYTES),
      indice_json_mb: round(mb(indexBytes)),
      construir_ms: Math.round(build.wall),
      construir_cpu_ms: Math.round(build.cpu),
      cargar_ms: Math.round(load.wall),
      cargar_cpu_ms: Math.round(load.cpu),
      busqueda_p50_ms: round(pct(times, 0.5), 2),
      busqueda_p95_ms: round(p95, 2),
      busqueda_max_ms: round(Math.max(...times), 2),
      busqueda_p95_objetivo_ms: P95_TARGET_MS,
      recorrido_completo_ms: Math.round(scanMs),
      memoria_heap_mb: round(heapMb),
      memoria_rss_mb: round(rssMb),
      memoria_objetivo_mb: MEMORY_TARGET_MB,
      anadir_nota_ms: Math.round(pct(addMs, 0.5)),
      anadir_nota_cpu_ms: Math.round(pct(addCpu, 0.5)),
      actualizar_indice_ms: Math.round(pct(indexMs, 0.5)),
      aproximadas: approximate,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
