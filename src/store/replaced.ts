/**
 * The files of an earlier layout that a migration replaced (a run's checkpoint.json, decisions.json
 * and journal.json, now one run.json): removed only once the file that replaces them is durable —
 * the folder is synced first, so its rename survives a power cut before they go.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { syncDir } from '../lib/atomic.js';

/** Syncs `dir`, then removes `names` in it; whether all are gone (a failure leaves the rest for the next try). */
export async function removeReplaced(dir: string, names: readonly string[]): Promise<boolean> {
  await syncDir(dir);
  const removed = await Promise.all(names.map((f) => rm(path.join(dir, f), { force: true }).then(() => true, () => false)));
  return removed.every(Boolean);
}
