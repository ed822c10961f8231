/**
 * One way to keep a per-installation secret in a file (the bot token of the local Bot API, the
 * chat page's secret): mode 0600, created exclusively so two starts agree on one value, narrowed
 * back to 0600 when someone widened it, replaced when it does not hold a valid secret.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { CuadernoError } from '../errors.js';
import { STATE } from '../strings/console.js';

/**
 * Reads the secret in `file`, creating it with `make()` when it is missing or `valid` refuses it.
 * A directory in its place stops with one sentence saying what to do (never a raw EISDIR).
 */
export async function loadSecretFile(file: string, make: () => string, valid: (s: string) => boolean): Promise<string> {
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const secret = (await readFile(file, 'utf8')).trim();
        if (valid(secret)) {
          await chmod(file, 0o600);
          return secret;
        }
        await writeFile(file, `${make()}\n`, { mode: 0o600 });
        await chmod(file, 0o600);
        continue;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      try {
        await writeFile(file, `${make()}\n`, { flag: 'wx', mode: 0o600 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    return (await readFile(file, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') throw new CuadernoError('CONFIG', STATE.folderNotFile(file), { field: file }, { cause: e });
    throw e;
  }
}
