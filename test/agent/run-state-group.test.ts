/**
 * A run's writes as a group commit (run-state.ts mutate): the changes asked while the run's previous
 * write is still going to disk share the next write, none settles before the write holding it is on
 * disk, a failed write fails every change it held (memory stays as on disk), a change the loader
 * would refuse fails alone, and a read between two changes sees exactly what was asked before it.
 * The writes go through the store's own writer (writeFileAtomic) held at a gate the test opens.
 */
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunStore, runDir } from '../../src/agent/run-state.js';
import { writeFileAtomic } from '../../src/store/atomic.js';
import { tempDir } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/run-state/', import.meta.url));

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-run-group-'); });
afterEach(async () => { await tmp.cleanup(); });

/** A promise and its resolver. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

/**
 * The store's writer, gated: each write waits until the test opens it (`open(n)`, or `fail(n)` to
 * reject it as a full disk would), then writes for real. `started(n)` resolves when write n begins.
 */
function gatedWriter() {
  const texts: string[] = [];
  const gates: Array<ReturnType<typeof deferred<boolean>>> = [];
  const begun: Array<ReturnType<typeof deferred>> = [];
  const gate = (n: number) => (gates[n] ??= deferred<boolean>());
  const beginning = (n: number) => (begun[n] ??= deferred());
  const write = async (file: string, text: string): Promise<void> => {
    const n = texts.length;
    texts.push(text);
    beginning(n).resolve(undefined);
    if (!(await gate(n).promise)) throw new Error('disco lleno');
    await writeFileAtomic(file, text);
  };
  return { write, texts, started: (n: number) => beginning(n).promise, open: (n: number) => gate(n).resolve(true), fail: (n: number) => gate(n).resolve(false) };
}

/** Lets every settled promise's callbacks run (no timer: one turn of the event loop). */
const turn = () => new Promise((r) => setImmediate(r));

async function storeOn(writer: ReturnType<typeof gatedWriter>) {
  await cp(path.join(FIXTURES, 'v4', 'pausada'), runDir(tmp.dir, 'pausada'), { recursive: true });
  const store = new RunStore(tmp.dir, 'pausada', writer.write);
  const checkpoint = await store.load();
  return { store, checkpoint, onDisk: async () => JSON.parse(await readFile(store.file, 'utf8')) as { journal: Record<string, unknown>; decisions: Record<string, unknown>; turns: number } };
}

/** Watches a promise: whether it has settled yet, and how. */
function watch(p: Promise<unknown>) {
  const w = { settled: false, failed: false };
  p.then(() => { w.settled = true; }, () => { w.settled = true; w.failed = true; });
  return w;
}

describe('a run\'s writes as a group commit', () => {
  it('the changes asked while a write is on its way share the next write, and none settles before that write is on disk', async () => {
    const writer = gatedWriter();
    const { store, onDisk } = await storeOn(writer);
    const first = store.markStarted([{ id: 'a', name: 'buscar_notas' }]);
    await writer.started(0);
    // Three changes of different kinds while the first write is on its way.
    const rest: Array<Promise<unknown>> = [
      store.markStarted([{ id: 'b', name: 'crear_tarjetas' }]),
      store.recordDecision({ approvalId: 'ap-x', callId: 'b', approved: false, by: 'tg:1', at: new Date().toISOString() }),
      store.markStarted([{ id: 'c', name: 'generar_portada' }]),
    ];
    const watched = rest.map(watch);
    writer.open(0);
    await first;
    await writer.started(1);
    await turn();
    expect(watched.map((w) => w.settled)).toEqual([false, false, false]);
    writer.open(1);
    await Promise.all(rest);
    // Two writes, not four; the second holds all three changes.
    expect(writer.texts).toHaveLength(2);
    const disk = await onDisk();
    expect(Object.keys(disk.journal)).toEqual(expect.arrayContaining(['a', 'b', 'c']));
    expect(disk.decisions['ap-x']).toMatchObject({ callId: 'b', approved: false });
  });

  it('a failed write fails every change it held, and the store goes on from what is on disk', async () => {
    const writer = gatedWriter();
    const { store, onDisk } = await storeOn(writer);
    const first = store.markStarted([{ id: 'a', name: 'buscar_notas' }]);
    await writer.started(0);
    const held = [store.markStarted([{ id: 'b', name: 'crear_tarjetas' }]), store.markStarted([{ id: 'c', name: 'generar_portada' }])];
    const results = Promise.allSettled(held);
    writer.open(0);
    await first;
    await writer.started(1);
    writer.fail(1);
    expect((await results).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const read = store.read();
    const after = store.markStarted([{ id: 'd', name: 'narrar_resumen' }]);
    await writer.started(2);
    writer.open(2);
    await after;
    expect(Object.keys((await read)!.journal)).not.toContain('b');
    const journal = Object.keys((await onDisk()).journal);
    expect(journal).toEqual(expect.arrayContaining(['a', 'd']));
    expect(journal).not.toContain('b');
    expect(journal).not.toContain('c');
  });

  it('a change the loader would refuse fails alone; the others of its group are written', async () => {
    const writer = gatedWriter();
    const { store, checkpoint, onDisk } = await storeOn(writer);
    const first = store.markStarted([{ id: 'a', name: 'buscar_notas' }]);
    await writer.started(0);
    const bad = store.saveCheckpoint({ ...checkpoint, turns: -1 });
    const good = store.markStarted([{ id: 'b', name: 'crear_tarjetas' }]);
    const badResult = bad.then(() => 'written', (e: { code?: string }) => e.code);
    writer.open(0);
    await first;
    await writer.started(1);
    writer.open(1);
    await good;
    expect(await badResult).toBe('CORRUPT_STATE');
    const disk = await onDisk();
    expect(disk.turns).toBe(checkpoint.turns);
    expect(Object.keys(disk.journal)).toEqual(expect.arrayContaining(['a', 'b']));
  });

  it('a read asked between two changes sees the one before it and not the one after', async () => {
    const writer = gatedWriter();
    const { store } = await storeOn(writer);
    const first = store.markStarted([{ id: 'a', name: 'buscar_notas' }]);
    await writer.started(0);
    const before = store.markStarted([{ id: 'b', name: 'crear_tarjetas' }]);
    const read = store.read();
    const afterRead = store.markStarted([{ id: 'c', name: 'generar_portada' }]);
    writer.open(0);
    await first;
    await writer.started(1);
    writer.open(1);
    await before;
    const seen = Object.keys((await read)!.journal);
    expect(seen).toContain('b');
    expect(seen).not.toContain('c');
    await writer.started(2);
    writer.open(2);
    await afterRead;
    expect(writer.texts).toHaveLength(3);
  });
});
