/**
 * The crash matrix (docs/design.md §7): the standard week on the terminal (`cuaderno preparar "prepare la
 * semana 3"`, both approvals answered `s`) killed right after every occurrence of every crash label
 * (`CRASH_AFTER=<label>:<k>`: the process exits with 137 right there), then resumed with
 * --reanudar. Every side effect must have happened exactly once — or been reported as unknown,
 * never silently redone — and the run must complete.
 *
 * By snapshot replay (test/support/replay): ONE uninterrupted run of the compiled CLI, with
 * `CRASH_TRACE=1`, records the data folder (and the audit keys) after every write and names each
 * crash point on stderr as it passes. Occurrence k of a label is then snapshot n, n = the writes
 * done when it passed: the disk exactly as `CRASH_AFTER=<label>:<k>` leaves it. Each occurrence is
 * resumed from its snapshot by a fresh CLI process (nothing in memory) and checked on the files and
 * what the resume printed — the audit holds the lines of before the crash and after it, so an effect
 * done twice shows. A few real CRASH_AFTER exits (`crashThenResume`) run the same checks, to show a
 * snapshot stands for a real crash.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CRASH_LABELS, CRASH_TRACE_PREFIX, type CrashLabel } from '../../src/agent/crash.js';
import { tempDir } from './helpers.js';
import { childEnv, compiled, ROOT } from '../support/compiled.js';
import { startRecording, type Recorded, type Restored } from '../support/replay/index.js';
import { startQuickSpeechServer } from '../support/media-servers.js';

/**
 * Occurrences of each label in the standard week: 4 responses, 1 turn asking, 7 calls (search, a card
 * call for each of the week's 3 notes, cover, narration, usage), 3 turns with calls.
 */
export const OCCURRENCES: Record<CrashLabel, number> = { 'after-checkpoint-a': 4, 'after-approval-write': 1, 'after-intent-write': 7, 'after-effect-write': 7, 'after-checkpoint-b': 3 };
/**
 * The standard week in the owner's voice: the narration comes from a speech stand-in that answers at
 * once with 3.2 s of audio (the crash points, not the narration, are the subject here; a week with
 * the CPU voice spends 1.3 s of its 3.3 s of CPU encoding 40 s of MP3, and most resumes redo it).
 */
const REQUEST = 'prepare la semana 3 con mi voz';
const ANSWERS = 's\ns\n';
const EFFECTS = ['crear_tarjetas', 'generar_portada', 'narrar_resumen', 'registrar_uso'];
/** Calls of each effect in week 3's run: the cards are one call per note of the week (three). */
const CALLS_OF_THE_WEEK: Readonly<Record<string, number>> = { crear_tarjetas: 3 };

interface Ran { code: number | null; stdout: string; stderr: string }

/** `node dist/cli.js preparar …args` as `[file, argv]` (or through `wrap`, a snapshot's private mount), run to its end. */
function preparar(args: string[], env: Record<string, string>, wrap: Restored['spawn'] = (f, a) => [f, [...a]], extra: { execArgv?: string[] } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const [file, argv] = wrap(process.execPath, [...(extra.execArgv ?? []), compiled('cli'), 'preparar', ...args]);
    const child = spawn(file, argv, {
      cwd: ROOT,
      env: { ...childEnv(), CUADERNO_MODELO: 'local', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(ANSWERS);
  });
}

let speech: Promise<Server> | undefined;
/** Stops the speech stand-in (call once per test file, after the last week). */
export async function stopVoice(): Promise<void> {
  const s = await speech;
  speech = undefined;
  if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
}

/**
 * The folders of one week, the data and the audit keys side by side under `root`, and the voice:
 * its consent in the data folder, its server in this process (started once).
 */
async function folders(root: string): Promise<Record<string, string>> {
  const data = path.join(root, 'data');
  await mkdir(data, { recursive: true });
  await writeFile(path.join(data, 'consentimiento.json'), JSON.stringify({ titular: 'Estudiante', alcance: 'resúmenes de estudio', valido_hasta: '2099-12-31' }));
  const { port } = (await (speech ??= startQuickSpeechServer())).address() as AddressInfo;
  return { CUADERNO_DATA_DIR: data, CUADERNO_CLAVES_DIR: path.join(root, 'claves'), XTTS_URL: `http://127.0.0.1:${port}` };
}

export interface RecordedWeek {
  rec: Recorded;
  /** For each label, the snapshot of each of its occurrences: `points[label][k - 1]` = n. */
  points: Record<CrashLabel, number[]>;
}

/** The uninterrupted week, every write snapshotted, every crash point placed among the writes. */
export async function recordWeek(): Promise<RecordedWeek> {
  const recording = await startRecording({ stderr: true });
  const ran = await preparar([REQUEST], { ...(await folders(recording.root)), ...recording.env, CRASH_TRACE: '1' }, undefined, { execArgv: recording.execArgv });
  const rec = await recording.finish();
  if (ran.code !== 0) {
    await rec.dispose();
    throw new Error(`the recorded week failed (exit ${ran.code}):\n${ran.stdout}${ran.stderr}`);
  }
  const points = Object.fromEntries(CRASH_LABELS.map((l) => [l, [] as number[]])) as Record<CrashLabel, number[]>;
  for (const e of rec.effects.filter((x) => x.kind === 'stderr')) {
    for (const line of String(e.value).split('\n')) {
      const label = line.startsWith(CRASH_TRACE_PREFIX) ? (line.slice(CRASH_TRACE_PREFIX.length) as CrashLabel) : undefined;
      // `after` writes were done when the point passed: snapshot `after` is the disk right then.
      if (label && label in points) points[label].push(e.after);
    }
  }
  return { rec, points };
}

/** The crash point(s) `where` (`<label>:<k>`), resumed from its snapshot by a fresh CLI process; its problems. */
export async function resumeFromSnapshot(week: RecordedWeek, where: string, restored: Restored): Promise<string[]> {
  const { port } = (await speech!).address() as AddressInfo;
  // The snapshot holds the consent; the process sees the copy at the recorded path.
  const env = { CUADERNO_DATA_DIR: path.join(week.rec.root, 'data'), CUADERNO_CLAVES_DIR: path.join(week.rec.root, 'claves'), XTTS_URL: `http://127.0.0.1:${port}` };
  const resumed = await preparar(['--reanudar'], env, restored.spawn);
  return checkWeek(where, path.join(restored.root, 'data'), resumed);
}

/** A real `CRASH_AFTER=<label>:<k>` (exit 137), then --reanudar; its problems. */
export async function crashThenResume(label: CrashLabel, k: number): Promise<string[]> {
  const tmp = await tempDir('cv-crash-');
  try {
    const env = await folders(tmp.dir);
    const first = await preparar([REQUEST], { ...env, CRASH_AFTER: `${label}:${k}` });
    if (first.code !== 137) return [`${label}:${k} the first run exited ${first.code}, not 137: ${first.stderr}`];
    return await checkWeek(`${label}:${k}`, env.CUADERNO_DATA_DIR!, await preparar(['--reanudar'], env));
  } finally {
    await tmp.cleanup();
  }
}

/**
 * What a week crashed at `where` and resumed must leave in `dir`, its data folder, and in what the
 * resume printed: the run complete, each effect done once (or reported unknown), 3 cards, each
 * iteration's usage row once, and the report saying the cover and the narration exist.
 */
async function checkWeek(where: string, dir: string, resumed: Ran): Promise<string[]> {
  const problems: string[] = [];
  const last = resumed.stdout.trim().split('\n').at(-1) ?? '';
  if (resumed.code !== 0 || !/^Parada: end_turn \| iteraciones: 4 \| texto leído y escrito: \d+ fragmentos \| coste: [\d.]+ USD$/.test(last)) {
    return [`${where} the resume did not complete (exit ${resumed.code}): ${resumed.stdout}${resumed.stderr}`];
  }
  const audit = (await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { event: string; tool: string; call_id: string; outcome?: string });
  const unknown = resumed.stdout.split('\n').filter((l) => /Estado desconocido/.test(l));
  for (const tool of EFFECTS) {
    const results = audit.filter((e) => e.event === 'resultado' && e.tool === tool);
    let done = 0;
    for (const call of new Set(results.map((e) => e.call_id))) {
      const mine = results.filter((e) => e.call_id === call);
      const ok = mine.filter((e) => e.outcome === 'ok').length;
      // A kill between the idempotency record and the audit line leaves the effect done but not
      // audited; the resumed run then gets it from the store (`cache`) instead of redoing it.
      const doneBeforeKill = ok === 0 && mine.some((e) => e.outcome === 'cache') ? 1 : 0;
      if (ok + doneBeforeKill > 1) problems.push(`${where} ${tool} ${call} done twice`);
      done += ok + doneBeforeKill;
    }
    const reportedUnknown = unknown.filter((l) => l.includes(tool)).length;
    const expected = CALLS_OF_THE_WEEK[tool] ?? 1;
    if (done + reportedUnknown !== expected) problems.push(`${where} ${tool}: ${done} done + ${reportedUnknown} unknown, expected ${expected}`);
  }
  const cards = JSON.parse(await readFile(path.join(dir, 'tarjetas.json'), 'utf8'));
  const count = (Array.isArray(cards) ? cards : cards.tarjetas ?? cards.cards).length;
  if (count !== 3) problems.push(`${where} ${count} cards`);
  const usage = (await readFile(path.join(dir, 'registro_uso.csv'), 'utf8')).split('\n').filter((l) => l.includes('estimado:iteracion-'));
  const rows = usage.map((l) => l.split(',')[1]).sort().join(' ');
  if (rows !== [1, 2, 3, 4].map((i) => `estimado:iteracion-${i}`).join(' ')) problems.push(`${where} usage rows: ${rows}`);
  // Made in the first process or this one, once; the report says it in words (no file paths).
  if (!/Portada: (hecha|ya estaba hecha)/.test(resumed.stdout)) problems.push(`${where} the report does not say the cover exists`);
  if (!/Narración: (hecha|ya estaba hecha)/.test(resumed.stdout)) problems.push(`${where} the report does not say the narration exists`);
  return problems;
}
