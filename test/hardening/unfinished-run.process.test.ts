/**
 * Hole 10: a new request must not discard an unfinished run (docs/design.md §7). `preparar "<otra>"` with an
 * unfinished run exits 2 naming --reanudar and --descartar and keeps the checkpoint; --descartar
 * is the owner's word; --reanudar continues it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentService } from '../../src/agent/service.js';
import { loadConfig } from '../../src/config.js';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';
import { childEnv, compiled } from '../support/compiled.js';
import { TEST_ENV } from '../support/test-env.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir('cv-unfinished-')));
afterAll(() => cleanup());

const env = () => ({ ...TEST_ENV, CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local' });
const unfinished = async () => (await createAgentService({ config: loadConfig(env()) })).unfinished();

/** `preparar` killed right after its first checkpoint, as a real process. */
function crashedRun(text: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiled('cli'), 'preparar', text], {
      cwd: path.resolve('.'), env: { ...childEnv(), ...env(), CRASH_AFTER: 'after-checkpoint-a:1' }, stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.stdin.end('');
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
}

describe('an unfinished run is never discarded without the owner', () => {
  it('a new request exits 2 naming --reanudar and --descartar, and the unfinished run stays', async () => {
    expect(await crashedRun('prepare la semana 3')).toBe(137);
    expect((await unfinished()).map((u) => u.text)).toEqual(['prepare la semana 3']);
    const r = await cli(['preparar', 'prepare la semana 4'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--reanudar/);
    expect(r.stderr).toMatch(/--descartar/);
    expect(r.stderr).toMatch(/prepare la semana 3/);
    expect((await unfinished()).map((u) => u.text)).toEqual(['prepare la semana 3']);
    expect((await cli(['preparar', '--reanudar', '--descartar'], env())).code).toBe(2);
  });

  it('--descartar is the word: the old run goes and the new one runs', async () => {
    const r = await cli(['preparar', 'prepare las tarjetas de la semana 4', '--descartar'], env());
    expect(r.stdout).toMatch(/Descartada la preparación sin terminar «prepare la semana 3»/);
    expect(r.code).toBe(0);
    expect(await unfinished()).toEqual([]);
  });
});
