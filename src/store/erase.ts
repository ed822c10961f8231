/**
 * «Borra mis datos»: one person's data removed from their data folder (the whole one without class
 * mode, `usuarios/<id>/` in class mode) — notes, cards and review history, course, made and imported
 * files, runs, usage and audit — and a new audit chain whose first entry records the deletion
 * (date and counts, never content).
 *
 * Nothing is half-deleted on a crash: a trash folder `.borrando-datos-<hex>/` is made and its list
 * of entries written first (`pendiente.json`); then every entry is renamed into it, the new audit
 * chain started, an empty notebook written (the demo notes do not come back) and the trash removed.
 * A crash anywhere is finished forward by the next opening of the folder (`finishPendingErase`,
 * called by the start-up sweep): the remaining entries are moved and the same steps run, once.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../lib/atomic.js';
import { startNewAuditChain } from './auditLog.js';
import { fileLines } from './lines.js';
import { NOTES_STATE_VERSION } from './notesFile.js';
import { syncDir } from '../lib/atomic.js';
import { NOTEBOOK_ID_FILE, notebookId } from './notebookId.js';

/** Prefix of the trash folder of a deletion in progress. */
export const ERASE_PREFIX = '.borrando-datos-';
/** The trash folder's list of what it takes (written before anything moves). */
const PLAN_FILE = 'pendiente.json';

/**
 * What is not the person's data and stays: the notebook's id (what finds its audit chain), the bot's own state and lock (`bot/`), the local chat
 * page's files (`webchat/`), the class's own files (at the top of a class), the measured stage
 * durations of this machine, and other deletions' trash.
 */
const KEEP = new Set([NOTEBOOK_ID_FILE, 'bot', 'webchat', 'usuarios', '.usuarios-migrando', 'clase.json', 'clase.json.lock', 'clase.apartados.jsonl', 'duraciones.json', 'duraciones.json.lock']);

/** How much of each kind was removed (what the reply and the new chain's first entry say). */
export interface ErasedCounts {
  notas: number;
  tarjetas: number;
  /** Answers in the review history. */
  repasos: number;
  /** Weeks of the person's own course (0 when they had none: the demo course is not theirs). */
  semanas: number;
  /** Covers, narrations and imported material. */
  archivos: number;
  trabajos: number;
  /** Rows of the usage log. */
  usos: number;
  /** Lines of the old audit log. */
  auditoria: number;
}

/** Who asked for the deletion, as the new chain's first entry records it (never content). */
export type ErasedBy = {
  persona: { id: number; nombre: string };
};

/** The event name of the first entry of the chain a deletion starts. */
export const ERASE_EVENT = 'datos_borrados';

/**
 * Removes the person's data in `dir` and starts the new audit chain (keys in `keysDir`); returns
 * the counts. The caller stops whatever writes there first (runs cancelled and idle). `extra`
 * goes into the new chain's first entry (who asked). `crashAfter` (tests) throws after that many
 * entries were moved into the trash, the state a kill there leaves.
 */
export function eraseOwnerData(dir: string, opts: { keysDir: string; now?: Date; extra?: ErasedBy; crashAfter?: number }): Promise<ErasedCounts> {
  return serial(dir, async () => {
    // A deletion that failed earlier in this process is finished first (the next opening would).
    await finishLocked(dir, opts.keysDir);
    return eraseLocked(dir, opts);
  });
}

async function eraseLocked(dir: string, opts: { keysDir: string; now?: Date; extra?: ErasedBy; crashAfter?: number }): Promise<ErasedCounts> {  const trash = path.join(dir, `${ERASE_PREFIX}${randomBytes(4).toString('hex')}`);
  await mkdir(trash, { mode: 0o700 });
  const entries = (await readdir(dir)).filter((n) => !KEEP.has(n) && !n.startsWith(ERASE_PREFIX));
  await writeFileAtomic(path.join(trash, PLAN_FILE), `${JSON.stringify({ entradas: entries, ...(opts.extra ? { extra: opts.extra } : {}) })}\n`);
  await syncDir(trash);
  return finish(dir, trash, entries, opts.keysDir, opts.now ?? new Date(), opts.extra, opts.crashAfter);
}

/**
 * Finishes a deletion a crash interrupted in `dir` (none: nothing to do). Returns the counts of the
 * one it finished, if any.
 */
export function finishPendingErase(dir: string, keysDir: string): Promise<ErasedCounts | undefined> {
  return serial(dir, () => finishLocked(dir, keysDir));
}

/** One deletion step at a time per folder in this process (a finish never races the deletion it would finish). */
const queues = new Map<string, Promise<unknown>>();
function serial<R>(dir: string, fn: () => Promise<R>): Promise<R> {
  const key = path.resolve(dir);
  const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => { if (queues.get(key) === tail) queues.delete(key); });
  return run;
}

async function finishLocked(dir: string, keysDir: string): Promise<ErasedCounts | undefined> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.startsWith(ERASE_PREFIX)).sort();
  let last: ErasedCounts | undefined;
  for (const name of names) {
    const trash = path.join(dir, name);
    const plan = await readFile(path.join(trash, PLAN_FILE), 'utf8').then((t) => JSON.parse(t) as { entradas?: unknown; extra?: unknown }, () => undefined);
    const entries = Array.isArray(plan?.entradas) ? plan.entradas.filter((e): e is string => typeof e === 'string' && isPlainName(e)) : undefined;
    // No plan yet: the crash came before anything moved.
    if (!entries) {
      await rm(trash, { recursive: true, force: true, maxRetries: 3 });
      continue;
    }
    const extra = plan?.extra && typeof plan.extra === 'object' ? (plan.extra as Record<string, unknown>) : undefined;
    last = await finish(dir, trash, entries, keysDir, new Date(), extra);
  }
  return last;
}

const isPlainName = (n: string) => n !== '' && n !== '.' && n !== '..' && !n.includes('/') && !n.includes('\\') && !KEEP.has(n);

async function finish(dir: string, trash: string, entries: readonly string[], keysDir: string, now: Date, extra?: Record<string, unknown>, crashAfter?: number): Promise<ErasedCounts> {
  for (const [i, e] of entries.entries()) {
    if (crashAfter !== undefined && i >= crashAfter) throw new Error(`simulated crash after ${i} move(s)`);
    await rename(path.join(dir, e), path.join(trash, e)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
  await syncDir(dir);
  const counts = await countErased(trash);
  const audit = path.join(dir, 'auditoria.jsonl');
  // The new chain is written once: after a crash past this point the file is already there.
  if (!(await exists(audit))) {
    await startNewAuditChain(audit, keysDir, { timestamp: now.toISOString(), event: ERASE_EVENT, cuentas: counts, ...extra }, await notebookId(dir));
  }
  const notes = path.join(dir, 'notas.json');
  if (!(await exists(notes))) await writeFileAtomic(notes, `${JSON.stringify({ version: NOTES_STATE_VERSION, notas: [] }, null, 2)}\n`);
  await rm(trash, { recursive: true, force: true, maxRetries: 3 });
  return counts;
}

/** The counts of what sits in the trash folder (a damaged file counts what can be read of it, else 0). */
async function countErased(trash: string): Promise<ErasedCounts> {
  const json = async (name: string): Promise<unknown> => readFile(path.join(trash, name), 'utf8').then((t) => JSON.parse(t) as unknown, () => undefined);
  const notes = await json('notas.json');
  const cards = await json('tarjetas.json');
  const reviews = await json('repaso.json');
  const course = await json('curso.json');
  const listOf = (v: unknown, key: string): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' && Array.isArray((v as Record<string, unknown>)[key]) ? ((v as Record<string, unknown>)[key] as unknown[]) : []);
  const usage = await countLines(path.join(trash, 'registro_uso.csv'));
  return {
    notas: listOf(notes, 'notas').length,
    tarjetas: listOf(cards, 'tarjetas').length,
    repasos: listOf(reviews, 'registro').length,
    semanas: listOf(course, 'semanas').length,
    archivos: (await countFiles(path.join(trash, 'portadas'))) + (await countFiles(path.join(trash, 'audio'))) + (await countFiles(path.join(trash, 'importaciones'))),
    trabajos: (await readdir(path.join(trash, 'runs')).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).length,
    // The usage log's first line is its header.
    usos: Math.max(0, usage - 1),
    auditoria: await countLines(path.join(trash, 'auditoria.jsonl')),
  };
}

/** Non-empty lines of a file, streamed (a log of any size). */
async function countLines(file: string): Promise<number> {
  let n = 0;
  try {
    for await (const line of fileLines(file, { missingOk: true })) if (line.text.trim() !== '') n += 1;
  } catch {
    return n;
  }
  return n;
}

/** Regular files under `dir`, at any depth (hidden temp files left out). */
async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let n = 0;
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory()) n += await countFiles(path.join(dir, e.name));
    else if (e.isFile()) n += 1;
  }
  return n;
}

const exists = (p: string) => stat(p).then(() => true, () => false);
