/** The `cuaderno` CLI in process over a data dir, and a 14-week course imported the way a student does. */
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli.js';

export const BIOLOGIA = fileURLToPath(new URL('./biologia.txt', import.meta.url));

export async function cli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  stdin.end('');
  const code = await runCli(args, { stdout, stderr, stdin, env: { CUADERNO_DATA_DIR: dataDir } });
  return { code, stdout: out, stderr: err };
}
