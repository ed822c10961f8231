/**
 * Support for the crash matrix (SPEC §7), one test file per label so they run in parallel: the real CLI as a child process, killed (exit 137) right after every
 * occurrence of every crash label during the standard week, then resumed with --reanudar. Every
 * side effect must have happened exactly once — or been reported as unknown, never silently redone —
 * and the run must complete.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import type { CrashLabel } from '../../src/agent/crash.js';
import { tempDir } from './helpers.js';
import { compiled } from '../support/compiled.js';

const ROOT = path.resolve(__dirname, '../..');
/**
 * Occurrences of each label in the standard week: 4 responses, 1 turn asking, 7 calls (search, a card
 * call for each of the week's 3 notes, cover, narration, usage), 3 turns with calls.
 */
export const OCCURRENCES: Record<CrashLabel, number> = { 'after-checkpoint-a': 4, 'after-approval-write': 1, 'after-intent-write': 7, 'after-effect-write': 7, 'after-checkpoint-b': 3 };
const EFFECTS = ['crear_tarjetas', 'generar_portada', 'narrar_resumen', 'registrar_uso'];
/** Calls of each effect in week 3's run: the cards are one call per note of the week (three). */
const CALLS_OF_THE_WEEK: Readonly<Record<string, number>> = { crear_tarjetas: 3 };
const cleanups: Array<() => Promise<void>> = [];
/** Call once per test file: removes the temp data dirs of its cases. */
export function cleanUpAfterAll(): void {
  afterAll(async () => {
    await Promise.all(cleanups.splice(0).map((c) => c()));
  });
}

/** Every occurrence of `label` in one week, crashed and resumed, a few children at a time. */
export async function crashMatrix(label: CrashLabel): Promise<void> {
  await pool(Array.from({ length: OCCURRENCES[label] }, (_, i) => () => crashThenResume(label, i + 1)));
}

function cli(args: string[], env: Record<string, string>, stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiled('cli'), 'preparar', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CUADERNO_MODELO: 'local', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

export async function crashThenResume(label: CrashLabel, n: number) {
  const tmp = await tempDir('cv-crash-');
  cleanups.push(tmp.cleanup);
  const env = { CUADERNO_DATA_DIR: tmp.dir };
  const first = await cli(['prepare la semana 3'], { ...env, CRASH_AFTER: `${label}:${n}` }, 's\ns\n');
  expect(first.code, first.stderr).toBe(137);
  const second = await cli(['--reanudar'], env, 's\ns\n');
  expect(second.code, second.stdout + second.stderr).toBe(0);
  const last = second.stdout.trim().split('\n').at(-1) ?? '';
  expect(last).toMatch(/^Parada: end_turn \| iteraciones: 4 \| texto leído y escrito: \d+ fragmentos \| coste: [\d.]+ USD$/);

  const audit = (await readFile(path.join(tmp.dir, 'auditoria.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { event: string; tool: string; call_id: string; outcome?: string });
  const unknown = second.stdout.split('\n').filter((l) => /Estado desconocido/.test(l));
  for (const tool of EFFECTS) {
    const results = audit.filter((e) => e.event === 'resultado' && e.tool === tool);
    let done = 0;
    for (const call of new Set(results.map((e) => e.call_id))) {
      const mine = results.filter((e) => e.call_id === call);
      const ok = mine.filter((e) => e.outcome === 'ok').length;
      // A kill between the idempotency record and the audit line leaves the effect done but not
      // audited; the resumed run then gets it from the store (`cache`) instead of redoing it.
      const doneBeforeKill = ok === 0 && mine.some((e) => e.outcome === 'cache') ? 1 : 0;
      expect(ok + doneBeforeKill, `${label}:${n} ${tool} ${call} done twice`).toBeLessThanOrEqual(1);
      done += ok + doneBeforeKill;
    }
    const reportedUnknown = unknown.filter((l) => l.includes(tool)).length;
    expect(done + reportedUnknown, `${label}:${n} ${tool}`).toBe(CALLS_OF_THE_WEEK[tool] ?? 1);
  }
  const cards = JSON.parse(await readFile(path.join(tmp.dir, 'tarjetas.json'), 'utf8'));
  expect((Array.isArray(cards) ? cards : cards.tarjetas ?? cards.cards).length).toBe(3);
  const usage = (await readFile(path.join(tmp.dir, 'registro_uso.csv'), 'utf8')).split('\n').filter((l) => l.includes('estimado:iteracion-'));
  expect(usage.map((l) => l.split(',')[1]).sort()).toEqual([1, 2, 3, 4].map((i) => `estimado:iteracion-${i}`));
  // Made in the first process or this one, once; the report says it in words (no file paths).
  expect(second.stdout).toMatch(/Portada: (hecha|ya estaba hecha)/);
  expect(second.stdout).toMatch(/Narración: (hecha|ya estaba hecha)/);
}

/** Runs `jobs` with at most `limit` at a time (the children are CPU-bound; the machine is small). */
export async function pool(jobs: Array<() => Promise<void>>, limit = 3): Promise<void> {
  const queue = [...jobs];
  await Promise.all(Array.from({ length: limit }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  }));
}

