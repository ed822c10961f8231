/**
 * `npm run kill-matrix`: the kill-after-every-write matrix over the standard week on the terminal
 * (`cuaderno preparar "prepare la semana 3"`, both approvals answered `s`), by snapshot replay
 * (test/support/replay/index.ts): ONE uninterrupted run of the compiled CLI records the data folder
 * (and the audit keys) after each of its N `rename`/`appendFile`/`writeFile` calls, and what it
 * printed up to each; then for every n in 1..N a fresh copy of snapshot n is resumed in this process
 * (`runCli` of dist/cli.js with new objects: `--reanudar`, or — killed before the run had a
 * checkpoint — the request asked again), several at a time. Each n must leave: the run complete
 * (end_turn, 4 iterations), 3 cards, each usage row once, the cover and the narration files present
 * and — if they were in the snapshot — not made again (same inode), and over what was printed
 * before AND after, no approval asked again whose answer was on disk.
 * Prints one line per failing n, a summary with N, and writes bench/results/kill-matrix.json.
 * Exit 1 if any n fails.
 *
 * `npm run kill-matrix -- --real`: the same matrix with a real SIGKILL of the CLI process after
 * write n and a resumed process (the former matrix, slow). Env: KILL_ONLY=3,mid,last,/audio\/semana_03\.mp3/ (only these n: test/support/replay pickWrites),
 * KILL_PARALLEL (default 4 replayed, 3 real).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/lib/atomic.js';
import { replay, startRecording, type Recorded, type Restored, pickWrites } from '../test/support/replay/index.js';
import { TEST_ENV } from '../test/support/test-env.js';
import { deckFileCards } from '../test/support/deck-file.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOOK = path.join(ROOT, 'test', 'support', 'kill-after-write.mjs');
const ANSWERS = 's\ns\n';

interface Ran { code: number | null; signal: NodeJS.Signals | null; stdout: string }

function cli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, 'dist/cli.js', 'preparar', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...TEST_ENV, CUADERNO_MODELO: 'local', CUADERNO_DATA_DIR: dataDir, ...env },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout }));
    child.stdin.end(ANSWERS);
  });
}

const inode = async (file: string) => (await stat(file).catch(() => undefined))?.ino;
const readJson = async <T>(file: string): Promise<T | undefined> => JSON.parse(await readFile(file, 'utf8').catch(() => 'null')) ?? undefined;

async function one(n: number, retried = false): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-kill-'));
  const log = `${dir}.writes`;
  try {
    const first = await cli(dir, ['prepare la semana 3'], { KILL_AFTER_WRITE: String(n), KILL_COUNT_FILE: log });
    if (first.signal !== 'SIGKILL') {
      // A week's number of writes is not fixed: a stage retried in one run (its time limit passed
      // on a loaded machine) and not in the other writes more. A run that ended whole with fewer
      // writes than n is killed again after its own last write, once (the pick «last»).
      const done = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
      if (!retried && first.code === 0 && done < n) return await one(done, true);
      return [`the first run was not killed (exit ${first.code})`];
    }
    const cover = path.join(dir, 'portadas', 'semana_03.png');
    const wav = path.join(dir, 'audio', 'semana_03.wav');
    const before = { cover: await inode(cover), wav: await inode(wav) };
    const cp = await readJson<{ approvals?: Array<{ callId: string; tool: string }>; decisions?: Record<string, { callId: string }> }>(path.join(dir, 'runs', 'cli', 'run.json'));
    const decided = Object.values(cp?.decisions ?? {});
    const decidedTools = (cp?.approvals ?? []).filter((a) => decided.some((d) => d.callId === a.callId)).map((a) => a.tool);

    // Killed before the run had a checkpoint: there is nothing to resume; the owner asks again.
    const started = await inode(path.join(dir, 'runs', 'cli', 'run.json'));
    const second = await cli(dir, started ? ['--reanudar'] : ['prepare la semana 3']);
    const problems: string[] = [];
    const last = second.stdout.trim().split('\n').at(-1) ?? '';
    if (second.code !== 0 || !/^Parada: end_turn \| iteraciones: 4 \|/.test(last)) problems.push(`resume did not complete: ${last}`);
    const cards = deckFileCards(await readJson<unknown>(path.join(dir, 'tarjetas.json')));
    if (cards.length !== 3) problems.push(`${cards.length} cards`);
    const rows = (await readFile(path.join(dir, 'registro_uso.csv'), 'utf8').catch(() => '')).split('\n').slice(1).filter(Boolean).map((l) => l.split(',')[1]);
    for (const tarea of ['estimado:iteracion-1', 'estimado:iteracion-2', 'estimado:iteracion-3', 'estimado:iteracion-4', 'estimado:semana-3']) {
      const k = rows.filter((r) => r === tarea).length;
      if (k !== 1) problems.push(`usage row ${tarea} ×${k}`);
    }
    const after = { cover: await inode(cover), wav: await inode(wav) };
    if (!after.cover) problems.push('no cover');
    if (!after.wav) problems.push('no narration');
    if (before.cover && before.cover !== after.cover) problems.push('cover regenerated');
    if (before.wav && before.wav !== after.wav) problems.push('narration regenerated');
    for (const tool of decidedTools) if (second.stdout.includes(`¿Aprobar ${tool}?`)) problems.push(`${tool} asked again`);
    return problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(log, { force: true });
  }
}

async function mainReal(): Promise<void> {
  const count = await mkdtemp(path.join(os.tmpdir(), 'cv-count-'));
  const log = path.join(count, 'writes.log');
  const counted = await cli(count, ['prepare la semana 3'], { KILL_COUNT_FILE: log });
  if (counted.code !== 0) throw new Error(`the counting run failed (exit ${counted.code})`);
  const writes = (await readFile(log, 'utf8')).trim().split('\n').map((l) => l.split(' ').slice(1).join(' '));
  await rm(count, { recursive: true, force: true });
  const N = writes.length;
    const ns = pickWrites(writes, process.env.KILL_ONLY);
  console.log(`Semana estándar (CLI): N = ${N} escrituras; probando ${ns.length} muertes…`);
  const failures: Array<{ n: number; write: string; problems: string[] }> = [];
  const queue = [...ns];
  const started = Date.now();
  await Promise.all(Array.from({ length: Number(process.env.KILL_PARALLEL ?? 3) }, async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const problems = await one(n);
      if (problems.length) {
        failures.push({ n, write: writes[n - 1] ?? '?', problems });
        console.log(`n=${n} (${writes[n - 1]}): ${problems.join('; ')}`);
      }
    }
  }));
  failures.sort((a, b) => a.n - b.n);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`kill-matrix: N = ${N}; ${ns.length - failures.length} de ${ns.length} sin problemas en ${seconds} s`);
  if (!process.env.KILL_ONLY) await writeFileAtomic(path.join(ROOT, 'bench', 'results', 'kill-matrix.json'), `${JSON.stringify({ N, tried: ns.length, failures, seconds, writes }, null, 2)}\n`);
  process.exitCode = failures.length ? 1 : 0;
}

const REQUEST = 'prepare la semana 3';
const USAGE_TASKS = ['estimado:iteracion-1', 'estimado:iteracion-2', 'estimado:iteracion-3', 'estimado:iteracion-4', 'estimado:semana-3'];

/** The compiled CLI resumed on snapshot n (a fresh process: nothing in memory). */
function cliOn(restored: Restored, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const [file, argv] = restored.spawn(process.execPath, ['dist/cli.js', 'preparar', ...args]);
    const child = spawn(file, argv, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
    child.stdin.end(ANSWERS);
  });
}

const asked = (text: string, tool: string) => text.split(`¿Aprobar ${tool}?`).length - 1;

/** The recording: the CLI as a process, once, every write snapshotted, its stdout logged. */
async function record(): Promise<Recorded> {
  const rec = await startRecording({ stdout: true });
  const data = path.join(rec.root, 'data');
  const ran = await new Promise<{ code: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, [...rec.execArgv, 'dist/cli.js', 'preparar', REQUEST], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...TEST_ENV, CUADERNO_MODELO: 'local', CUADERNO_DATA_DIR: data, CUADERNO_CLAVES_DIR: path.join(rec.root, 'claves'), ...rec.env },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code }));
    child.stdin.end(ANSWERS);
  });
  const recorded = await rec.finish();
  if (ran.code !== 0) throw new Error(`the recording run failed (exit ${ran.code})`);
  return recorded;
}

async function resumeOne(rec: Recorded, n: number, restored: Restored): Promise<string[]> {
  // Files are read from the copy; the process sees it at the recorded path.
  const dir = path.join(restored.root, 'data');
  const env = { ...TEST_ENV, CUADERNO_MODELO: 'local', CUADERNO_DATA_DIR: path.join(rec.root, 'data'), CUADERNO_CLAVES_DIR: path.join(rec.root, 'claves') };
  const cover = path.join(dir, 'portadas', 'semana_03.png');
  const wav = path.join(dir, 'audio', 'semana_03.wav');
  const before = { cover: await inode(cover), wav: await inode(wav) };
  const cp = await readJson<{ approvals?: Array<{ callId: string; tool: string }>; decisions?: Record<string, { callId: string }> }>(path.join(dir, 'runs', 'cli', 'run.json'));
  const decided = Object.values(cp?.decisions ?? {});
  const decidedTools = new Set((cp?.approvals ?? []).filter((a) => decided.some((d) => d.callId === a.callId)).map((a) => a.tool));
  const printedBefore = rec.before(n).filter((e) => e.kind === 'stdout').map((e) => String(e.value)).join('');
  const started = await inode(path.join(dir, 'runs', 'cli', 'run.json'));
  const second = await cliOn(restored, started ? ['--reanudar'] : [REQUEST], env);
  const problems: string[] = [];
  const last = second.stdout.trim().split('\n').at(-1) ?? '';
  if (second.code !== 0 || !/^Parada: end_turn \| iteraciones: 4 \|/.test(last)) problems.push(`resume did not complete: ${last}`);
  const cards = deckFileCards(await readJson<unknown>(path.join(dir, 'tarjetas.json')));
  if (cards.length !== 3) problems.push(`${cards.length} cards`);
  const rows = (await readFile(path.join(dir, 'registro_uso.csv'), 'utf8').catch(() => '')).split('\n').slice(1).filter(Boolean).map((l) => l.split(',')[1]);
  for (const tarea of USAGE_TASKS) {
    const k = rows.filter((r) => r === tarea).length;
    if (k !== 1) problems.push(`usage row ${tarea} ×${k}`);
  }
  const after = { cover: await inode(cover), wav: await inode(wav) };
  if (!after.cover) problems.push('no cover');
  if (!after.wav) problems.push('no narration');
  if (before.cover && before.cover !== after.cover) problems.push('cover regenerated');
  if (before.wav && before.wav !== after.wav) problems.push('narration regenerated');
  if (problems.length && process.env.KILL_VERBOSE) problems.push(`resume printed:\n${second.stdout}`);
  // The union of what the terminal showed before the kill and after: an approval whose answer was
  // on disk is never asked again; one that was not is asked exactly once more.
  const tools = new Set([...rec.effects.map((e) => String(e.value)).join('').matchAll(/¿Aprobar (\S+)\?/g)].map((m) => m[1]!));
  for (const tool of tools) {
    const total = asked(printedBefore, tool) + asked(second.stdout, tool);
    const expected = decidedTools.has(tool) ? asked(printedBefore, tool) : asked(printedBefore, tool) + 1;
    if (decidedTools.has(tool) ? total !== expected : total > expected) problems.push(`${tool} asked ${total} times before and after (expected ${expected})`);
  }
  return problems;
}

async function main(): Promise<void> {
  if (process.argv.includes('--real')) return mainReal();
  const started = Date.now();
  const rec = await record();
  const recorded = Math.round((Date.now() - started) / 1000);
  try {
    const N = rec.N;
        const ns = pickWrites(rec.writes, process.env.KILL_ONLY);
    console.log(`Semana estándar (CLI): N = ${N} escrituras; probando ${ns.length} muertes…`);
    const failures = await replay(rec, { ns, parallel: Number(process.env.KILL_PARALLEL ?? 4) }, (n, restored) => resumeOne(rec, n, restored));
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`kill-matrix: N = ${N}; ${ns.length - failures.length} de ${ns.length} sin problemas en ${seconds} s (grabación ${recorded} s)`);
    if (!process.env.KILL_ONLY) await writeFileAtomic(path.join(ROOT, 'bench', 'results', 'kill-matrix.json'), `${JSON.stringify({ N, tried: ns.length, mode: 'replay', failures, seconds, recordedSeconds: recorded, writes: rec.writes }, null, 2)}\n`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await rec.dispose();
  }
}

main().catch((e: unknown) => {
  console.error(`kill-matrix: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
