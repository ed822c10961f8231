/**
 * The data folder is the owner's alone (issue 22, hole 1): notes, chats, voice, the audit and the
 * page's secret. Folders are 0700 and files 0600 — new ones through the process umask
 * (`PRIVATE_UMASK`, set by the entry points before they write anything), existing installs
 * (made 0755/0644 by older versions) narrowed once at start-up by `tightenDataDir`.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The umask the bot and the CLI run with: nothing for group or others. */
export const PRIVATE_UMASK = 0o077;

/** Mode of every folder in the data folder (and the folder itself). */
export const PRIVATE_DIR_MODE = 0o700;

/** Mode of every file in the data folder. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dataDir` (0700) if missing and takes away every group/other permission below it (a
 * 0644 file becomes 0600, a 0755 folder 0700; the owner's own bits stay): one
 * walk with one `lstat` per entry and a `chmod` only where something is open. Symbolic links are
 * neither followed nor changed (what they point to is not ours to narrow). An entry that vanishes
 * during the walk (another process's temp file) is skipped. Returns how many entries it narrowed.
 */
export async function tightenDataDir(dataDir: string): Promise<number> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return narrow(dataDir);
}

async function narrow(entry: string): Promise<number> {
  let st;
  try {
    st = await lstat(entry);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  if (st.isSymbolicLink()) return 0;
  let changed = 0;
  if ((st.mode & 0o077) !== 0) {
    try {
      await chmod(entry, st.mode & 0o700);
      changed++;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  if (!st.isDirectory()) return changed;
  let names: string[];
  try {
    names = await readdir(entry);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return changed;
    throw e;
  }
  for (const name of names) changed += await narrow(path.join(entry, name));
  return changed;
}
