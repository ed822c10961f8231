/**
 * Which script a thread or child runs (src/lib/script-beside.ts). The tests run them compiled from
 * dist/ (TEST_ENV sets CUADERNO_HILOS_COMPILADOS), so the path `npm run dev` takes — the sources,
 * each thread registering tsx — is covered here on its own: a child started with tsx and without
 * that setting runs real work on a pool thread loaded from the sources. Tier: procesos.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scriptBeside } from '../../src/lib/script-beside.js';
import { childEnv, ROOT } from '../support/compiled.js';

const SRC_MODULE = new URL('../../src/workers/pool.ts', import.meta.url).href;
const compiledUrl = new URL('./work.js', SRC_MODULE);
const sourcesUrl = new URL('./worker.mjs', SRC_MODULE);

describe('the script beside a module', () => {
  it('compiled, the module runs its neighbour .js', () => {
    const DIST_MODULE = new URL('../../dist/workers/pool.js', import.meta.url).href;
    const s = scriptBeside(DIST_MODULE, new URL('./work.js', DIST_MODULE), new URL('./worker.mjs', DIST_MODULE));
    expect(s).toEqual({ url: new URL('../../dist/workers/work.js', import.meta.url), compiled: true });
  });

  it('from the sources, the tsx shim; with the tests\' setting, the compiled script in dist/ (built before any test)', () => {
    const before = process.env.CUADERNO_HILOS_COMPILADOS;
    try {
      delete process.env.CUADERNO_HILOS_COMPILADOS;
      expect(scriptBeside(SRC_MODULE, compiledUrl, sourcesUrl)).toEqual({ url: sourcesUrl, compiled: false });
      process.env.CUADERNO_HILOS_COMPILADOS = '1';
      const s = scriptBeside(SRC_MODULE, compiledUrl, sourcesUrl);
      expect(s).toEqual({ url: new URL('../../dist/workers/work.js', import.meta.url), compiled: true });
      expect(existsSync(fileURLToPath(s.url))).toBe(true);
    } finally {
      if (before === undefined) delete process.env.CUADERNO_HILOS_COMPILADOS;
      else process.env.CUADERNO_HILOS_COMPILADOS = before;
    }
  });

  it('as `npm run dev` runs it: a pool thread loaded from the sources through tsx answers', async () => {
    const env = { ...childEnv() };
    delete env.CUADERNO_HILOS_COMPILADOS;
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/lib/pool-from-sources.child.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (c) => resolve({ code: c, stdout, stderr }));
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ ready: true, bad: 'INTERNAL' });
  });
});
