/** Shared helpers of the hardening tests: the CLI in this process, scripts for the scripted model. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli.js';
import { TEST_ENV } from '../support/test-env.js';
import { tempDir } from '../tools/helpers.js';

/** Every own property name of Object.prototype: what a model (or a hand-edited file) may throw at a lookup. */
export const PROTO_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/**
 * `cuaderno …` in this process: the same entry point and parsing as the real command, with the
 * product's settings for tests (test-env.ts: small covers, the run's own audit keys) under the
 * caller's `env`.
 */
export async function cli(args: string[], env: Record<string, string | undefined>, stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const input = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  input.end(stdin);
  const code = await runCli(args, { stdout, stderr, stdin: input, env: { ...TEST_ENV, ...env } });
  return { code, stdout: out, stderr: err };
}

/** A Messages-API response that calls one tool. */
export function toolTurn(id: string, name: string, input: unknown) {
  return { stop_reason: 'tool_use', content: [{ type: 'tool_use', id, name, input }], usage: { input_tokens: 10, output_tokens: 10 } };
}

export function finalTurn(text = 'Hecho.') {
  return { stop_reason: 'end_turn', content: [{ type: 'text', text }], usage: { input_tokens: 10, output_tokens: 10 } };
}

/** Writes a script file for `CUADERNO_MODELO=script:FILE` and returns the env value. */
export async function script(dir: string, name: string, responses: unknown[]): Promise<string> {
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(responses));
  return `script:${file}`;
}

/**
 * A fresh data folder and keys folder (the audit chain's, CUADERNO_CLAVES_DIR) in temp dirs, with the
 * env that points `cuaderno` at them; their removal is pushed to `cleanups`.
 */
export async function dataAndKeys(prefix: string, cleanups: Array<() => Promise<void>>): Promise<{ data: string; keys: string; env: Record<string, string> }> {
  const data = await tempDir(`${prefix}-`);
  const keys = await tempDir(`${prefix}-claves-`);
  cleanups.push(data.cleanup, keys.cleanup);
  return { data: data.dir, keys: keys.dir, env: { CUADERNO_DATA_DIR: data.dir, CUADERNO_CLAVES_DIR: keys.dir } };
}
