/**
 * Photos sent together, gathered on disk (bot/photo-groups.ts, issue 26): a run that stops inside
 * the group's window — every object of it dropped — leaves the photos received so far on disk, and
 * the next run finishes the group from there, in album order; an answered group is gone for good.
 * Real files in a temp dir; the window's end is the instance's clock (`now`), no waiting on time.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPhotoGroups, PHOTO_GROUPS_DIRNAME, type PhotoGroup } from '../../src/bot/photo-groups.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const HOUR = 3_600_000;

/** One run of the bot's collector over `dataDir`; `late` moves its clock past any window. */
function run(dataDir: string, late = 0) {
  const ready: PhotoGroup[] = [];
  const waiters: Array<() => void> = [];
  const logged: string[] = [];
  const groups = createPhotoGroups({
    dataDir,
    quietMs: HOUR,
    onReady: (g) => {
      ready.push(g);
      for (const w of waiters.splice(0)) w();
    },
    log: (m) => logged.push(m),
    now: () => Date.now() + late,
  });
  /** Resolves once `n` groups are ready. */
  const until = async (n: number) => {
    while (ready.length < n) await new Promise<void>((r) => waiters.push(r));
  };
  return { groups, ready, until, logged };
}

describe('photo groups on disk', () => {
  it('a restart inside the window finishes the group from disk, photos in album order; once answered it is gone', async () => {
    const { dir, cleanup } = await tempDir('grupos-');
    cleanups.push(cleanup);
    const first = run(dir);
    await Promise.all([
      first.groups.add(7, 'album-1', { id: 12, fileId: 'c', size: 30 }),
      first.groups.add(7, 'album-1', { id: 10, fileId: 'a', size: 10 }),
      first.groups.add(7, 'album-1', { id: 11, fileId: 'b', size: undefined }),
    ]);
    await first.groups.add(8, 'album-2', { id: 5, fileId: 'x', size: 1 });
    // The bot stops (or dies) an hour before the window would close: nothing was answered.
    first.groups.stop();
    expect(first.ready).toEqual([]);

    const second = run(dir, 2 * HOUR);
    expect(await second.groups.resume()).toBe(2);
    await second.until(2);
    const byChat = new Map(second.ready.map((g) => [g.chatId, g]));
    expect(byChat.get(7)!.group).toBe('album-1');
    expect(byChat.get(7)!.photos.map((p) => [p.id, p.fileId, p.size])).toEqual([[10, 'a', 10], [11, 'b', undefined], [12, 'c', 30]]);
    expect(byChat.get(8)!.photos.map((p) => p.fileId)).toEqual(['x']);

    await second.groups.done(7, 'album-1');
    const third = run(dir, 2 * HOUR);
    expect(await third.groups.resume()).toBe(1);
    await second.groups.done(8, 'album-2');
    expect(await readdir(path.join(dir, PHOTO_GROUPS_DIRNAME))).toEqual([]);
    third.groups.stop();
    expect([...first.logged, ...second.logged, ...third.logged]).toEqual([]);
  });
});
