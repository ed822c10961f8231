/** The `cuaderno` entry point run in this process on a temp data dir (same parsing and code path). */
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli.js';
import { CONFIG_HOME_ENV } from '../support/test-env.js';

export async function cliIn(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const code = await runCli(args, { stdout, stderr, stdin: new PassThrough(), env: { ...CONFIG_HOME_ENV, CUADERNO_DATA_DIR: dataDir, ...env } });
  return { code, stdout: out, stderr: err };
}
