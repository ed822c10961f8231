/**
 * Start-up sweep of our own atomic writes' leftovers. writeFileAtomic writes
 * `.<name>.<pid>.<8 hex>.tmp` (and createFileIfAbsent `.new`) next to the final file and renames
 * it; a process killed in between leaves that temp file behind forever. A temp file whose pid is
 * no longer running is removed; one of a live process (a write in progress) is left alone.
 */
import { readdir, rm } from 'node:fs/promises';
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

const swept = new Set<string>();

/** sweepStrayTemps once per data dir per process (the first time a notebook is opened there). */
export async function sweepOnce(dir: string): Promise<void> {
  if (swept.has(dir)) return;
  swept.add(dir);
  await sweepStrayTemps(dir).catch(() => 0);
}
