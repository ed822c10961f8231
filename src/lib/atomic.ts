/**
 * Atomic file writes: write a temporary sibling, fsync, then rename over the final name, so a
 * reader (or a process killed mid-write) never sees a half-written file under the final name.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** A hidden temporary sibling of `file`, unique to this process and call (`ext`: `tmp` or `new`). */
const besideTemp = (file: string, ext: string): string => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.${ext}`);

/**
 * `durable: false` skips the fsync: the file is still never seen half-written, but a power cut may
 * leave the previous version. For small bookkeeping rewritten on every entry (the audit chain's
 * mirror), where an fsync per write would cost more than the entry itself.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, opts: { durable?: boolean; mode?: number } = {}): Promise<void> {
  const tmp = besideTemp(file, 'tmp');
  // `mode`: the file's permissions from its creation (a private file is never readable by others, not even between write and chmod).
  const handle = await openMakingFolder(tmp, opts.mode);
  try {
    await handle.writeFile(data);
    if (opts.durable !== false) await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(tmp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * writeFileAtomic without the thread pool and without the fsync (`durable: false`): for a few bytes
 * of bookkeeping rewritten under a lock held synchronously (the audit chain's mirror, auditLog.ts).
 * The folder must exist.
 */
export function writeFileAtomicSync(file: string, data: string, opts: { mode?: number } = {}): void {
  const tmp = besideTemp(file, 'tmp');
  const fd = openSync(tmp, 'w', opts.mode);
  try {
    writeFileSync(fd, data);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Opens `file` for writing, making its folder first only when it is missing: the folder almost
 * always exists, and a `mkdir` before every write was one more trip through the thread pool for
 * each of them (a run's state, every audit line's mirror).
 */
async function openMakingFolder(file: string, mode: number | undefined) {
  try {
    return await open(file, 'w', mode);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    await mkdir(path.dirname(file), { recursive: true });
    return open(file, 'w', mode);
  }
}

/**
 * Creates `file` with `data` only if it does not exist yet, atomically: write a temporary sibling,
 * then link() it — which fails with EEXIST if another process created the file first, and then
 * theirs is kept. Never clobbers an existing file (seeded notes, a CSV with rows).
 */
export async function createFileIfAbsent(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = besideTemp(file, 'new');
  await writeFileAtomic(tmp, data);
  try {
    await link(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await rm(tmp, { force: true });
  }
}

/** fsync a directory so the renames in it survive a power cut (best effort where unsupported). */
export async function syncDir(dir: string): Promise<void> {
  const h = await open(dir, 'r').catch(() => undefined);
  if (!h) return;
  await h.sync().catch(() => undefined);
  await h.close();
}
