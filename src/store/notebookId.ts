/**
 * The notebook's id (`cuaderno.id`, 32 hex characters): made once, the first time the notebook is
 * opened, and never changed — not by moving the data folder, not by «borra mis datos». It is how
 * the keys folder finds the notebook's audit chain (auditChain.ts), since a path changes when the
 * folder moves. Created atomically (a whole file linked into place, never replaced), so two
 * processes opening a new notebook at once agree on one id.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { STATE } from '../strings/console.js';
import { createFileIfAbsent, syncDir } from '../lib/atomic.js';

export const NOTEBOOK_ID_FILE = 'cuaderno.id';

const ID = /^[0-9a-f]{32}$/;

/** The id of the notebook in `dir`, made on first use. A damaged id file is reported, never replaced. */
export async function notebookId(dir: string): Promise<string> {
  const file = path.join(dir, NOTEBOOK_ID_FILE);
  let text = await readId(file);
  if (text === undefined) {
    await createFileIfAbsent(file, `${randomBytes(16).toString('hex')}\n`);
    // The link is the commit: made durable before anything is recorded under the id.
    await syncDir(dir);
    text = await readId(file);
  }
  const id = text?.trim() ?? '';
  if (!ID.test(id)) throw new StateFileError('CORRUPT_STATE', file, STATE.notebookIdCorrupt(file));
  return id;
}

async function readId(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR') throw new StateFileError('CORRUPT_STATE', file, STATE.folderNotFile(file));
    throw e;
  }
}
