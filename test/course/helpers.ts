/** The `cuaderno` CLI in process over a data dir, and a 14-week course imported the way a student does. */
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli as runInProcess } from '../hardening/support.js';

export const BIOLOGIA = fileURLToPath(new URL('./biologia.txt', import.meta.url));

/** `cuaderno ARGS` in this process over `dataDir` (the shared in-process runner). */
export function cli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(args, { CUADERNO_DATA_DIR: dataDir });
}

/**
 * Copies a frozen data folder made by an older main and puts back the media bytes its fixture left
 * out (megabytes each; see its LEEME.md): every file a stored result points at, at the same place
 * under the copy. The stored results keep the absolute paths of the folder they were made in, so the
 * copy is exactly a data folder that moved — which is what an upgrade must cope with.
 */
export async function copyFrozenFolder(fixture: string, to: string): Promise<void> {
  await cp(fixture, to, { recursive: true });
  const records = (await readdir(path.join(to, 'idempotencia'))).filter((f) => f.endsWith('.json'));
  for (const name of records) {
    const stored = JSON.parse(await readFile(path.join(to, 'idempotencia', name), 'utf8')) as { output: { artifacts?: Array<{ path: string }> } };
    for (const { path: made } of stored.output.artifacts ?? []) {
      const tail = /[\\/]((?:portadas|audio)[\\/][^\\/]+)$/.exec(made)?.[1];
      if (!tail) continue;
      await mkdir(path.dirname(path.join(to, tail)), { recursive: true });
      await writeFile(path.join(to, tail), `bytes left out of the fixture: ${tail}\n`);
    }
  }
}
