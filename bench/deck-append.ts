/**
 * The deck's hot path: one card appended to a deck of 2,000 (`tarjetas.json`), as the study week
 * and the chat do, each append a whole read-check-write under the file's lock. Prints the median
 * and the CPU time per append. `npx tsx bench/deck-append.ts [cards] [appends]`
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCardDeck } from '../src/store/notesFile.js';
import type { Card } from '../src/store/types.js';

const size = Number(process.argv[2] ?? 2000);
const appends = Number(process.argv[3] ?? 200);
const dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-bench-mazo-'));
const file = path.join(dir, 'tarjetas.json');
const card = (id: number): Card => ({ id, id_nota: 1 + (id % 40), semana: 1 + (id % 12), tipo: 'cloze', pregunta: `¿Qué dice la idea ${id} del tema de la semana?`, respuesta: `La respuesta número ${id}, en una frase`, creada: '2026-01-01T00:00:00.000Z' });
await writeFile(file, `${JSON.stringify({ version: 2, tarjetas: Array.from({ length: size }, (_, i) => card(i + 1)) }, null, 2)}\n`);
const deck = createCardDeck(file);
await deck.list();
const times: number[] = [];
const cpu0 = process.cpuUsage();
for (let i = 0; i < appends; i++) {
  const t = performance.now();
  await deck.append([{ id_nota: 1, tipo: 'cloze', pregunta: `nueva ${i}`, respuesta: 'r' }]);
  times.push(performance.now() - t);
}
const cpu = process.cpuUsage(cpu0);
times.sort((a, b) => a - b);
console.log(`deck of ${size}, ${appends} appends: median ${times[appends >> 1]!.toFixed(2)} ms, p90 ${times[Math.floor(appends * 0.9)]!.toFixed(2)} ms, CPU ${((cpu.user + cpu.system) / 1000 / appends).toFixed(2)} ms per append; load ${os.loadavg()[0]!.toFixed(2)}`);
await rm(dir, { recursive: true, force: true });
