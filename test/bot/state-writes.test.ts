/**
 * The bot's state file holds every chat of a class and changes many times a second: changes made
 * while it is being written share the next write, and each change's promise settles only once a
 * file holding it is on disk.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BotStateFile, type RunRecord } from '../../src/bot/state.js';
import { writeFileAtomic } from '../../src/lib/atomic.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const run = (i: number): RunRecord => ({ runId: `tg${i}-a`, chatId: 1000 + i, ownerId: 1000 + i, group: false, mode: 'semana', text: `prepara la semana ${1 + (i % 4)}`, startedAt: i });

async function freshState(write?: (file: string, text: string) => Promise<void>): Promise<BotStateFile> {
  const t = await tempDir('cv-state-writes-');
  cleanups.push(t.cleanup);
  const state = new BotStateFile(t.dir, write);
  cleanups.push(() => state.close());
  await state.load();
  return state;
}

const runIdsOnDisk = (file: string): string[] => (JSON.parse(readFileSync(file, 'utf8')) as { runs: RunRecord[] }).runs.map((r) => r.runId);

describe('the bot state file under a class', () => {
  it('a change is on disk when its promise settles, also among 300 made at once', async () => {
    const state = await freshState();
    const missing: string[] = [];
    await Promise.all(Array.from({ length: 300 }, (_, i) => state.update((s) => BotStateFile.addRun(s, run(i))).then(() => {
      // Read at the moment this change's promise settles: the file must already hold it.
      if (!runIdsOnDisk(state.file).includes(run(i).runId)) missing.push(run(i).runId);
    })));
    expect(missing).toEqual([]);
    expect(runIdsOnDisk(state.file)).toHaveLength(300);
  });

  it('changes made while the file is being written share the next write: 300 changes, two writes', async () => {
    let writes = 0;
    let onFirstWrite!: () => void;
    const firstWriteStarted = new Promise<void>((resolve) => (onFirstWrite = resolve));
    const state = await freshState((file, text) => {
      writes += 1;
      onFirstWrite();
      return writeFileAtomic(file, text);
    });
    const first = state.update((s) => BotStateFile.addRun(s, run(0)));
    await firstWriteStarted;
    // The 299 changes made while the first write is on its way share one more.
    await Promise.all([first, ...Array.from({ length: 299 }, (_, i) => state.update((s) => BotStateFile.addRun(s, run(i + 1))))]);
    expect(writes).toBe(2);
    expect(runIdsOnDisk(state.file)).toHaveLength(300);
    // A change after they settled gets its own write.
    await state.update((s) => BotStateFile.addRun(s, run(300)));
    expect(writes).toBe(3);
  });

  it('a failed write fails every change it carried and leaves memory and disk as they were (written first, then remembered)', async () => {
    let fail = false;
    const state = await freshState(async (file, text) => {
      if (fail) throw new Error('disco lleno');
      await writeFileAtomic(file, text);
    });
    await state.update((s) => BotStateFile.addRun(s, run(1)));
    fail = true;
    const lost = state.update((s) => { s.runs[0]!.statusMessageId = 7; BotStateFile.addRun(s, run(2)); });
    await expect(lost).rejects.toThrow('disco lleno');
    // Neither the file nor the bot's memory holds what could not be written.
    expect(state.runs.map((r) => r.runId)).toEqual([run(1).runId]);
    expect(state.runs[0]!.statusMessageId).toBeUndefined();
    expect(runIdsOnDisk(state.file)).toEqual([run(1).runId]);
    fail = false;
    await state.update((s) => BotStateFile.addRun(s, run(3)));
    expect(runIdsOnDisk(state.file)).toEqual([run(1).runId, run(3).runId]);
    expect(state.runs.map((r) => r.runId)).toEqual([run(1).runId, run(3).runId]);
  });

  it('while a change is being written, memory still shows the state before it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let onWrite!: () => void;
    const writing = new Promise<void>((resolve) => (onWrite = resolve));
    const state = await freshState(async (file, text) => {
      onWrite();
      await gate;
      await writeFileAtomic(file, text);
    });
    // Released at the end whatever happens, so a failed expectation does not leave the write hanging.
    cleanups.push(async () => release());
    const change = state.update((s) => BotStateFile.addRun(s, run(1)));
    await writing;
    expect(state.runs).toHaveLength(0);
    release();
    await change;
    expect(state.runs.map((r) => r.runId)).toEqual([run(1).runId]);
  });

});
