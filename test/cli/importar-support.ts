/**
 * Shared by the `importar` CLI tests: the compiled CLI (`node dist/cli.js`, built once per test run
 * by the procesos tier's globalSetup) as a child process with the kill-after-write preload, temp
 * dirs, sample notes.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { childEnv, compiled } from '../support/compiled.js';

const HOOK = path.resolve('test/support/kill-after-write.mjs');
const dirs: string[] = [];
/** Removes every temp dir made by `fresh` (call from afterAll, after the children exited). */
export const removeDirs = () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));

export async function fresh(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-importar-'));
  dirs.push(d);
  return d;
}

export interface Ran { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

export function cli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, compiled('cli'), 'importar', ...args], {
      env: { ...childEnv(), CUADERNO_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export const NOTAS = [
  ['Genética', 'La genética estudia cómo se heredan los caracteres de padres a hijos. Mendel trabajó con guisantes y descubrió que los caracteres se transmiten por unidades que hoy llamamos genes.'],
  ['Los alelos son las formas distintas de un mismo gen. Un individuo homocigoto tiene dos alelos iguales y uno heterocigoto tiene dos alelos diferentes para ese carácter.'],
  ['Evolución', 'Darwin explicó la evolución por selección natural: sobreviven y se reproducen más los individuos mejor adaptados a su medio, y sus caracteres se vuelven más frecuentes.'],
];

/** The notes on disk (notas.json: a versioned file whose `notas` are the notes, each with its week). */
export const notesOf = async (dataDir: string) =>
  (JSON.parse(await readFile(path.join(dataDir, 'notas.json'), 'utf8')) as { notas: { id: number; tema: string; texto: string; semana: number | null }[] }).notas;

