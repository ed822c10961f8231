/**
 * Group commit of a run's file (issue 41): changes asked while a write of the run is on its way
 * land together in one write, in the order asked, and each caller hears back only once a write
 * holding its change is on disk; a change that throws, or a write that fails, answers only its
 * own callers, and what is on disk is always what the changes one by one would have left.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunStore, runDir } from '../../src/agent/run-state.js';
import { tempDir } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/run-state/', import.meta.url));

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-run-group-'); });
afterEach(async () => { await tmp.cleanup(); });

/** A paused run of the current layout, loaded into a fresh store. */
async function pausedRun(): Promise<{ store: RunStore; file: string }> {
  const dir = runDir(tmp.dir, 'pausada');
  await cp(path.join(FIXTURES, 'v4', 'pausada'), dir, { recursive: true });
  const store = new RunStore(tmp.dir, 'pausada');
  await store.load();
  return { store, file: path.join(dir, 'run.json') };
}

const onDisk = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as { journal: Record<string, { name: string; result?: unknown }>; decisions: Record<string, { approved: boolean }> };

describe('a run’s file, group commit', () => {
  it('twenty calls marked started at once: all on disk, in one write, not twenty', async () => {
    const { store, file } = await pausedRun();
    const ids = Array.from({ length: 20 }, (_, i) => `toolu_grupo_${i}`);
    const before = store.writes;
    await Promise.all(ids.map((id) => store.markStarted([{ id, name: 'buscar_notas' }])));
    // Asked in one tick, while nothing of the run was being written: they go as one.
    expect(store.writes - before).toBe(1);
    const journal = (await onDisk(file)).journal;
    for (const id of ids) expect(journal[id]).toMatchObject({ name: 'buscar_notas' });
  });

  it('in the order asked: the file is what the same changes one by one leave', async () => {
    const ok = { kind: 'ok' as const, data: { n: 1 } };
    const changes = (store: RunStore) => [
      () => store.markStarted([{ id: 'toolu_a', name: 'x' }]),
      () => store.markStarted([{ id: 'toolu_b', name: 'x' }]),
      () => store.recordResult('toolu_b', 'x', ok),
      () => store.recordResult('toolu_a', 'x', ok),
      // A start mark again after its result: it replaces the entry, as it would alone.
      () => store.markStarted([{ id: 'toolu_a', name: 'y' }]),
    ];
    const together = await pausedRun();
    // Asked in one tick: one batch, one write.
    await Promise.all(changes(together.store).map((c) => c()));
    expect(together.store.writes).toBe(1);
    const joint = (await onDisk(together.file)).journal;
    await tmp.cleanup();
    tmp = await tempDir('cv-run-group-');
    const alone = await pausedRun();
    for (const c of changes(alone.store)) await c();
    expect(alone.store.writes).toBe(5);
    const shape = (j: typeof joint) => Object.fromEntries(Object.entries(j).map(([id, e]) => [id, { name: e.name, result: e.result }]));
    expect(shape(joint)).toEqual(shape((await onDisk(alone.file)).journal));
    expect(joint.toolu_b!.result).toEqual(ok);
    expect(joint.toolu_a).toMatchObject({ name: 'y' });
    expect(joint.toolu_a!.result).toBeUndefined();
  });

  it('the first decision wins inside one batch too', async () => {
    const { store, file } = await pausedRun();
    const at = new Date().toISOString();
    await store.markStarted([{ id: 'toolu_w', name: 'x' }]);
    const [first, second] = await Promise.all([
      store.recordDecision({ approvalId: 'ap-grupo', callId: 'toolu_w', approved: true, at }),
      store.recordDecision({ approvalId: 'ap-grupo', callId: 'toolu_w', approved: false, at }),
    ]);
    expect(first.approved).toBe(true);
    expect(second.approved).toBe(true);
    expect((await onDisk(file)).decisions['ap-grupo']!.approved).toBe(true);
  });

  it('a change that cannot be written is refused alone; the batch’s others land', async () => {
    const { store, file } = await pausedRun();
    const cpNow = await store.load();
    const results = await Promise.allSettled([
      store.markStarted([{ id: 'toolu_1', name: 'x' }]),
      store.markStarted([{ id: 'toolu_2', name: 'x' }]),
      // A state the loader would refuse: refused alone, its caller told why.
      store.saveCheckpoint({ ...cpNow, turns: -1 }),
      store.markStarted([{ id: 'toolu_3', name: 'x' }]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results[2]).toMatchObject({ reason: { code: 'CORRUPT_STATE' } });
    const disk = await onDisk(file);
    expect(Object.keys(disk.journal)).toEqual(expect.arrayContaining(['toolu_1', 'toolu_2', 'toolu_3']));
    expect((disk as unknown as { turns: number }).turns).toBe(cpNow.turns);
  });

  it('a read asked between two changes sees the first and not the second', async () => {
    const { store } = await pausedRun();
    const first = store.markStarted([{ id: 'toolu_r1', name: 'x' }]);
    const read = store.read();
    const second = store.markStarted([{ id: 'toolu_r2', name: 'x' }]);
    const [, state] = await Promise.all([first, read, second]);
    expect(Object.keys(state!.journal)).toContain('toolu_r1');
    expect(Object.keys(state!.journal)).not.toContain('toolu_r2');
  });
});
