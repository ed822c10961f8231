/**
 * «Leer de nuevo» survives a kill anywhere (issue 43 §7: «a crash mid-replace loses nothing»): one
 * uninterrupted `cuaderno releer FILE --aprobar --json` on an older install counts its N durable
 * writes; then for every n in 1..N a fresh older install is re-read by a process SIGKILLed right
 * after its n-th write (test/support/kill-after-write.mjs), and the same command is run again. After
 * it, whatever n: the lecture's notes are exactly the four passages, with the old ids 13–15 and one
 * new id, none twice, none lost, in their week; the other notes untouched; the unchanged card still
 * on its note with its review; the changed card on its note; the re-read audited.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, compiled, ROOT } from '../support/compiled.js';
import { textPdf } from '../support/material-fixtures.js';
import { auditEvents, FIXTURE, olderInstall, type Fixture } from '../support/reread-fixture.js';

const HOOK = path.resolve('test/support/kill-after-write.mjs');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

interface Ran { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

function releer(root: string, file: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, compiled('cli'), 'releer', file, '--aprobar', '--json'], {
      cwd: ROOT,
      env: { ...childEnv(), CUADERNO_DATA_DIR: path.join(root, 'data'), CUADERNO_CLAVES_DIR: path.join(root, 'claves'), ...env },
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

async function fresh(fx: Fixture, pdf: Uint8Array): Promise<{ root: string; file: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-releer-kill-'));
  dirs.push(root);
  await olderInstall(path.join(root, 'data'), fx, pdf);
  const file = path.join(root, 'Tema5.pdf');
  await writeFile(file, pdf);
  return { root, file };
}

/** What must hold after the re-read, whatever killed it before. */
async function problemsIn(root: string, fx: Fixture, reviewBefore: string): Promise<string[]> {
  const dataDir = path.join(root, 'data');
  const problems: string[] = [];
  const notes = (JSON.parse(await readFile(path.join(dataDir, 'notas.json'), 'utf8')) as { notas: { id: number; texto: string; semana: number | null }[] }).notas;
  const lecture = notes.filter((n) => n.id > 12);
  const want = fx.paginas.flat().slice(1);
  if (JSON.stringify(lecture.map((n) => n.texto)) !== JSON.stringify(want)) problems.push(`lecture notes ${JSON.stringify(lecture.map((n) => [n.id, n.texto.slice(0, 30)]))}`);
  if (JSON.stringify(lecture.map((n) => n.id).slice(0, 3)) !== '[13,14,15]' || lecture.length !== 4) problems.push(`ids ${JSON.stringify(lecture.map((n) => n.id))}`);
  if (lecture.some((n) => n.semana !== 4)) problems.push(`weeks ${JSON.stringify(lecture.map((n) => n.semana))}`);
  if (notes.filter((n) => n.id <= 12).length !== 12) problems.push('the other notes changed');
  const deck = (JSON.parse(await readFile(path.join(dataDir, 'tarjetas.json'), 'utf8')) as { tarjetas: { id: number; id_nota: number; borrada?: true }[] }).tarjetas;
  if (JSON.stringify(deck.map((c) => [c.id, c.id_nota, c.borrada ?? false])) !== '[[1,13,false],[2,14,false]]') problems.push(`deck ${JSON.stringify(deck)}`);
  if ((await readFile(path.join(dataDir, 'repaso.json'), 'utf8')) !== reviewBefore) problems.push('the review changed');
  if (!(await auditEvents(dataDir)).some((e) => e.event === 'documento_releido' && JSON.stringify(e.cambiadas) === '[14,15]')) problems.push('the re-read is not audited');
  return problems;
}

describe('cuaderno releer, killed after any write', () => {
  it('loses nothing and adds nothing twice', async () => {
    const fx = JSON.parse(await readFile(FIXTURE, 'utf8')) as Fixture;
    const pdf = await textPdf(fx.paginas);
    const first = await fresh(fx, pdf);
    const reviewBefore = await readFile(path.join(first.root, 'data', 'repaso.json'), 'utf8');
    const countFile = path.join(first.root, 'writes.log');
    const whole = await releer(first.root, first.file, { KILL_COUNT_FILE: countFile });
    expect(whole.code, whole.stderr).toBe(0);
    expect(await problemsIn(first.root, fx, reviewBefore)).toEqual([]);
    const writes = (await readFile(countFile, 'utf8')).trim().split('\n');
    expect(writes.length).toBeGreaterThan(3);

    const failures: string[] = [];
    const one = async (n: number) => {
      const { root, file } = await fresh(fx, pdf);
      const killed = await releer(root, file, { KILL_AFTER_WRITE: String(n) });
      if (killed.signal !== 'SIGKILL') failures.push(`n=${n}: not killed (${killed.code})`);
      const resumed = await releer(root, file);
      if (resumed.code !== 0) failures.push(`n=${n} (${writes[n - 1]}): the resume exited ${resumed.code}: ${resumed.stderr.trim()}`);
      for (const p of await problemsIn(root, fx, reviewBefore)) failures.push(`n=${n} (${writes[n - 1]}): ${p}`);
    };
    // A few at a time: each n is its own folder and its own processes.
    const next = { n: 1 };
    const worker = async () => {
      for (let n = next.n++; n <= writes.length; n = next.n++) await one(n);
    };
    await Promise.all(Array.from({ length: Number(process.env.KILL_PARALLEL ?? 3) }, worker));
    expect(failures.sort()).toEqual([]);
  }, 600_000);
});
