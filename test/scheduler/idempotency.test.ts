import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateFileError } from '../../src/errors.js';
import { createFileIdempotencyStore, idempotencyKey, splitVersion } from '../../src/scheduler/idempotency.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cuaderno-idem-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('idempotencyKey', () => {
  it('follows docs/design.md §6: {task}-{year}-S{week}[-vN]', () => {
    expect(idempotencyKey('portada', 2026, 3)).toBe('portada-2026-S3');
    expect(idempotencyKey('portada', 2026, 3, 1)).toBe('portada-2026-S3');
    expect(idempotencyKey('portada', 2026, 3, 2)).toBe('portada-2026-S3-v2');
    expect(splitVersion('portada-2026-S3-v7')).toEqual({ base: 'portada-2026-S3', version: 7 });
  });
  it('refuses parts that would make a bad file name', () => {
    expect(() => idempotencyKey('../x', 2026, 3)).toThrow(/no válido/);
    expect(() => idempotencyKey('portada', 2026, 0)).toThrow(/no válidos/);
  });
});

describe('createFileIdempotencyStore', () => {
  it('runs the work once, stores it, then returns the stored result', async () => {
    const store = createFileIdempotencyStore(dir);
    let runs = 0;
    const work = async () => ({ data: `portada ${++runs}` });
    const first = await store.runOnce('portada-2026-S3', work);
    expect(first).toEqual({ output: { data: 'portada 1' }, cached: false });
    const second = await store.runOnce('portada-2026-S3', work);
    expect(second).toEqual({ output: { data: 'portada 1' }, cached: true });
    expect(runs).toBe(1);
    // A fresh store (another process) sees the stored file.
    const other = createFileIdempotencyStore(dir);
    expect(await other.get('portada-2026-S3')).toEqual({ data: 'portada 1' });
    // Atomic write: no temporary file is left next to the result.
    expect(await readdir(dir)).toEqual(['portada-2026-S3.json']);
  });

  it('single flight: concurrent identical keys share one execution', async () => {
    const store = createFileIdempotencyStore(dir);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let began!: () => void;
    const started = new Promise<void>((r) => (began = r));
    const work = async () => {
      runs++;
      began();
      await gate;
      return { data: 'narración' };
    };
    const calls = Array.from({ length: 8 }, () => store.runOnce('narracion-2026-S3', work));
    // The work has begun (an event); every call was made before it and joined its flight.
    await started;
    release();
    const results = await Promise.all(calls);
    expect(runs).toBe(1);
    expect(results.filter((r) => !r.cached)).toHaveLength(1);
    expect(results.every((r) => r.output.data === 'narración')).toBe(true);
    // Different keys do run in parallel.
    const [a, b] = await Promise.all([
      store.runOnce('portada-2026-S4', async () => ({ data: 'a' })),
      store.runOnce('portada-2026-S5', async () => ({ data: 'b' })),
    ]);
    expect([a.cached, b.cached]).toEqual([false, false]);
  });

  it('stores only successes: a failure is shared by joiners and stays retryable', async () => {
    const store = createFileIdempotencyStore(dir);
    let runs = 0;
    const failing = async () => {
      runs++;
      // Both calls are made in the same tick: the second joins this flight, whatever the timing.
      await Promise.resolve();
      throw new Error('GPU ocupada');
    };
    const both = await Promise.allSettled([store.runOnce('portada-2026-S3', failing), store.runOnce('portada-2026-S3', failing)]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await store.get('portada-2026-S3')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
    const ok = await store.runOnce('portada-2026-S3', async () => ({ data: 'ok' }));
    expect(ok.cached).toBe(false);
  });

  it('nextVersion: original, then -v2, -v3 … past the highest stored', async () => {
    const store = createFileIdempotencyStore(path.join(dir, 'no-existe-aun'));
    expect(await store.nextVersion('portada-2026-S3')).toBe('portada-2026-S3');
    await store.runOnce('portada-2026-S3', async () => ({ data: '1' }));
    expect(await store.nextVersion('portada-2026-S3')).toBe('portada-2026-S3-v2');
    await store.runOnce('portada-2026-S3-v2', async () => ({ data: '2' }));
    expect(await store.nextVersion('portada-2026-S3')).toBe('portada-2026-S3-v3');
    expect(await store.nextVersion('portada-2026-S3-v2')).toBe('portada-2026-S3-v3');
    // Another week's versions do not count.
    await store.runOnce('portada-2026-S30', async () => ({ data: 'x' }));
    expect(await store.nextVersion('portada-2026-S3')).toBe('portada-2026-S3-v3');
  });

  it('reports an unparsable stored file and does not overwrite it', async () => {
    const store = createFileIdempotencyStore(dir);
    const file = path.join(dir, 'portada-2026-S3.json');
    await writeFile(file, '{"version": 1, "output": {"con');
    let ran = false;
    const err = await store.runOnce('portada-2026-S3', async () => {
      ran = true;
      return { data: 'nuevo' };
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StateFileError);
    expect((err as StateFileError).code).toBe('CORRUPT_STATE');
    expect(ran).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('{"version": 1, "output": {"con');
    await writeFile(file, JSON.stringify({ version: 9, output: { data: 'x' } }));
    await expect(store.get('portada-2026-S3')).rejects.toMatchObject({ code: 'UNSUPPORTED_VERSION' });
  });

  it('refuses keys that are not plain file names', async () => {
    const store = createFileIdempotencyStore(dir);
    await expect(store.get('../fuera')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
