/**
 * The kill matrix of one PDF import (issue 26 Done means: «the kill matrix over one PDF import saves
 * every note exactly once»), by snapshot replay (test/support/replay): ONE uninterrupted run of the
 * compiled `cuaderno importar FILE --aprobar --json` over a generated 3-page PDF records the data
 * folder after each of its N `rename`/`appendFile`/`writeFile` calls, and what it printed. Then every
 * n in 1..N resumes a fresh copy of snapshot n as a killed import is resumed by hand: the same
 * command again (a new process, nothing in memory), then once more. The checks (`importChecks`) run
 * on the union of what was printed before the kill and after: each note of the PDF saved exactly
 * once (by topic and text), nothing else added, notas.json valid, the import done and naming those
 * notes, the answer naming them, at most one «saved» answer, and the repeat answering «ya lo tenía»
 * (`ya_existia`) and adding nothing. A few REAL SIGKILLs (first, middle, last write) run the same
 * checks, to show the snapshots stand for what a killed process leaves.
 * Env: KILL_ONLY (test/support/replay pickWrites), KILL_PARALLEL (default 3).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, compiled, ROOT } from '../support/compiled.js';
import { importDataChecks, readNotes, type ExpectedImport } from '../support/import-kill.js';
import { textPdf } from '../support/material-fixtures.js';
import { HOOK, pickWrites, replay, startRecording, type Recorded, type Restored } from '../support/replay/index.js';
import { NOTAS } from './importar-support.js';

interface Ran { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** `node [preload] dist/cli.js importar PDF --aprobar --json`, to its exit ('close'). */
function importar(pdf: string, env: Record<string, string>, opts: { preload?: boolean; via?: Restored } = {}): Promise<Ran> {
  const args = [compiled('cli'), 'importar', pdf, '--aprobar', '--json'];
  const [file, argv] = opts.via ? opts.via.spawn(process.execPath, args) : [process.execPath, opts.preload ? ['--import', HOOK, ...args] : args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, {
      cwd: ROOT,
      env: { ...childEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The folder's owner data under a root: the data folder and the audit keys. */
const envFor = (root: string) => ({ CUADERNO_DATA_DIR: path.join(root, 'data'), CUADERNO_CLAVES_DIR: path.join(root, 'claves') });

interface Answer { notas: number[]; ya_existia: boolean; paginas: number | null }
const answersIn = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Answer);

/**
 * The checks of one n, on the data folder as this process sees it after the resume and the repeat,
 * and on everything printed before the kill (`printedBefore`) and after it.
 */
async function importChecks(dataDir: string, exp: ExpectedImport, printedBefore: string, resumed: Ran, repeat: Ran, notesAfterResume: number | undefined): Promise<string[]> {
  const problems: string[] = [];
  if (resumed.code !== 0) problems.push(`the resumed import exited ${resumed.code}: ${resumed.stderr.trim().split('\n').at(-1) ?? ''}`);
  if (repeat.code !== 0) problems.push(`the repeat exited ${repeat.code}: ${repeat.stderr.trim().split('\n').at(-1) ?? ''}`);
  const data = await importDataChecks(dataDir, exp);
  problems.push(...data.problems);
  const { ids } = data;
  const total = await readNotes(dataDir).then((n) => n.length, () => undefined);
  if (notesAfterResume !== undefined && total !== undefined && notesAfterResume !== total) problems.push(`the repeat changed the notes (${notesAfterResume} → ${total})`);
  // What the owner read, before the kill and after: the answers name those notes; «saved» at most
  // once; the repeat says it already had the file.
  let answers: { before: Answer[]; resumed: Answer[]; repeat: Answer[] };
  try {
    answers = { before: answersIn(printedBefore), resumed: answersIn(resumed.stdout), repeat: answersIn(repeat.stdout) };
  } catch {
    return [...problems, `an answer is not JSON: ${JSON.stringify(printedBefore + resumed.stdout + repeat.stdout)}`];
  }
  if (answers.resumed.length !== 1 || answers.repeat.length !== 1) problems.push(`answers: ${answers.resumed.length} resumed, ${answers.repeat.length} repeated (expected 1 each)`);
  const all = [...answers.before, ...answers.resumed, ...answers.repeat];
  for (const a of all) if (JSON.stringify(a.notas) !== JSON.stringify(ids) || a.paginas !== 3) problems.push(`answered ${JSON.stringify(a)} (saved: ${JSON.stringify(ids)}, 3 pages)`);
  const saidSaved = all.filter((a) => !a.ya_existia).length;
  if (saidSaved > 1) problems.push(`«saved» answered ${saidSaved} times before and after`);
  if (answers.repeat[0] && !answers.repeat[0].ya_existia) problems.push('the repeat did not answer «ya lo tenía»');
  return problems;
}

/** The resume of a killed import by hand: the same command, then once more. */
async function resumeAndRepeat(run: () => Promise<Ran>, dataDir: string): Promise<{ resumed: Ran; repeat: Ran; notesAfterResume: number | undefined }> {
  const resumed = await run();
  const notesAfterResume = await readNotes(dataDir).then((n) => n.length, () => undefined);
  const repeat = await run();
  return { resumed, repeat, notesAfterResume };
}

const printedBefore = (rec: Recorded, n: number) => rec.before(n).filter((e) => e.kind === 'stdout').map((e) => String(e.value)).join('');

let files: string;
let pdf: string;
let rec: Recorded;
let exp: ExpectedImport;

beforeAll(async () => {
  files = await mkdtemp(path.join(os.tmpdir(), 'cv-importar-kill-'));
  pdf = path.join(files, 'Tema 4.pdf');
  await writeFile(pdf, await textPdf(NOTAS));
  const recording = await startRecording({ stdout: true });
  const ran = await importar(pdf, { ...envFor(recording.root), ...recording.env }, { preload: true });
  rec = await recording.finish();
  expect(ran.code, ran.stderr).toBe(0);
  const all = await readNotes(path.join(rec.snapshot(rec.N), 'data'));
  // The notebook's 12 demo notes, then the PDF's: one per paragraph of the fixture.
  const added = all.slice(12);
  expect(added.map((x) => x.texto)).toEqual(NOTAS.map((p) => p.at(-1)));
  exp = { notes: added.map((x) => [x.tema, x.texto]), total: all.length };
}, 120_000);

afterAll(async () => {
  await rec?.dispose();
  if (files) await rm(files, { recursive: true, force: true });
});

describe('kill matrix of one PDF import (snapshot replay)', () => {
  it('every n: resumed from the disk a kill after write n leaves, each note of the PDF is saved exactly once and the import is done', async () => {
    const started = Date.now();
    // The pending import, saving begun, every note in one write of the notebook, its search index,
    // the import done — at the least (an import's notes are one write since addMany).
    expect(rec.N).toBeGreaterThanOrEqual(5);
    const ns = pickWrites(rec.writes, process.env.KILL_ONLY);
    const failures = await replay(rec, { ns, parallel: Number(process.env.KILL_PARALLEL ?? 3) }, async (n, restored) => {
      const dataDir = path.join(restored.root, 'data');
      const r = await resumeAndRepeat(() => importar(pdf, envFor(rec.root), { via: restored }), dataDir);
      return importChecks(dataDir, exp, printedBefore(rec, n), r.resumed, r.repeat, r.notesAfterResume);
    });
    console.log(`importar (CLI, reproducción): N = ${rec.N} escrituras; ${ns.length - failures.length} de ${ns.length} sin problemas en ${Math.round((Date.now() - started) / 1000)} s`);
    expect(failures.map((f) => `n=${f.n} (${f.write}): ${f.problems.join('; ')}`)).toEqual([]);
  }, 300_000);

  it('real SIGKILLs after the first, middle and last write: the same command again saves each note exactly once', async () => {
    const ns = pickWrites(rec.writes, '1,mid,last');
    const problems = await Promise.all(ns.map(async (n) => {
      const root = await mkdtemp(path.join(files, `real-${n}-`));
      const dataDir = path.join(root, 'data');
      const killed = await importar(pdf, { ...envFor(root), KILL_AFTER_WRITE: String(n) }, { preload: true });
      if (killed.signal !== 'SIGKILL') return [`n=${n}: not killed (exit ${killed.code})`];
      const r = await resumeAndRepeat(() => importar(pdf, envFor(root)), dataDir);
      return (await importChecks(dataDir, exp, killed.stdout, r.resumed, r.repeat, r.notesAfterResume)).map((p) => `n=${n} (${rec.writes[n - 1]}): ${p}`);
    }));
    expect(problems.flat()).toEqual([]);
  }, 300_000);
});
