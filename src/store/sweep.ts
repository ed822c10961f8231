/**
 * Start-up sweeps of the data dir: leftovers no later command would remove, and bounded histories.
 *
 * Our own atomic writes' leftovers: writeFileAtomic writes
 * `.<name>.<pid>.<8 hex>.tmp` (and createFileIfAbsent `.new`) next to the final file and renames
 * it; a process killed in between leaves that temp file behind forever. A temp file whose pid is
 * no longer running is removed; one of a live process (a write in progress) is left alone.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** The shape of our temp names (atomic.ts), with the writer's pid. */
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{8}\.(tmp|new)$/;

/** How deep under the data dir temp files can be (bot/, webchat/photos/, runs/<id>/…). */
const MAX_DEPTH = 3;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes stray temp files of dead writers under `dir`; returns how many it removed. */
export async function sweepStrayTemps(dir: string, depth = 0): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (depth < MAX_DEPTH && !e.name.endsWith('.lock')) removed += await sweepStrayTemps(full, depth + 1);
      continue;
    }
    const m = TEMP_NAME.exec(e.name);
    if (m && e.isFile() && !alive(Number(m[1]))) {
      await rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** A call's intermediate files, `trabajo/<key>/` (tools/stages/bind.ts `workDir`). */
export const WORK_DIRNAME = 'trabajo';
/** Stored results, `idempotencia/<key>.json` (scheduler/idempotency.ts). */
export const IDEMPOTENCY_DIRNAME = 'idempotencia';
/**
 * How many stored results `idempotencia/` keeps (the most recently written). An older request asked
 * again is still not made twice where its output names its key (the cover's and the narration's
 * sidecars); it only costs the lookup.
 */
export const IDEMPOTENCY_RECORDS_KEPT = 1_000;

/**
 * Removes `trabajo/<key>/` folders of finished calls: those whose result is stored under the same
 * key (a call's work folder is removed when it ends; a process killed between the last stage and
 * that removal left it behind). Returns how many it removed.
 */
export async function sweepFinishedWork(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(path.join(dir, WORK_DIRNAME));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const done = await stat(path.join(dir, IDEMPOTENCY_DIRNAME, `${name}.json`)).then((s) => s.isFile(), () => false);
    if (!done) continue;
    await rm(path.join(dir, WORK_DIRNAME, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Keeps the newest `keep` stored results in `idempotencia/` (by write time); returns how many it removed. */
export async function pruneIdempotency(dir: string, keep = IDEMPOTENCY_RECORDS_KEPT): Promise<number> {
  const folder = path.join(dir, IDEMPOTENCY_DIRNAME);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  } catch {
    return 0;
  }
  if (names.length <= keep) return 0;
  const dated = await Promise.all(names.map(async (n) => ({ n, t: await stat(path.join(folder, n)).then((s) => s.mtimeMs, () => Infinity) })));
  dated.sort((a, b) => b.t - a.t || a.n.localeCompare(b.n));
  const old = dated.slice(keep);
  for (const { n } of old) await rm(path.join(folder, n), { force: true });
  return old.length;
}

const swept = new Set<string>();

/**
 * Once per data dir per process (the first time a notebook is opened there): stray temp files,
 * finished calls' work folders, and the stored results' bounded history.
 */
export async function sweepOnce(dir: string): Promise<void> {
  if (swept.has(dir)) return;
  swept.add(dir);
  await sweepStrayTemps(dir).catch(() => 0);
  await sweepFinishedWork(dir).catch(() => 0);
  await pruneIdempotency(dir).catch(() => 0);
}
