/** The `cuaderno` CLI in process over a data dir, and a 14-week course imported the way a student does. */
import { fileURLToPath } from 'node:url';
import { cli as runInProcess } from '../hardening/support.js';

export const BIOLOGIA = fileURLToPath(new URL('./biologia.txt', import.meta.url));

/** `cuaderno ARGS` in this process over `dataDir` (the shared in-process runner). */
export function cli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(args, { CUADERNO_DATA_DIR: dataDir });
}
