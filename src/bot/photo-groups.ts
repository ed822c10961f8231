/**
 * Photos sent together (a Telegram media group) being gathered, kept on disk (issue 26). A group has
 * no end marker: it is ready once no photo of it has come for `quietMs`. Until then the photos
 * received so far are in `<data>/grupos_fotos/<key>.json` — each photo written (atomically) before
 * its handler returns — so a bot restarted inside the window reads the group from disk and finishes
 * it (`resume`) instead of losing the photos whose updates Telegram already considers delivered.
 * The file is removed once the group was answered (`done`).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeRecord } from '../store/outputs.js';
import { Mutex } from '../store/lock.js';
import { LOG } from '../strings/log.js';

export const PHOTO_GROUPS_DIRNAME = 'grupos_fotos';

export interface GroupPhoto {
  /** The message's id: the photos' order in the album. */
  id: number;
  fileId: string;
  size: number | undefined;
}

export interface PhotoGroup {
  chatId: number;
  group: string;
  photos: GroupPhoto[];
  /** When the latest photo came (ms since the epoch): the group is ready `quietMs` after it. */
  ultima: number;
}

export interface PhotoGroupsOptions {
  dataDir: string;
  quietMs: number;
  /** A group that is ready, its photos in album order; call `done` once it has been answered. */
  onReady: (group: PhotoGroup) => void;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
}

const keyOf = (chatId: number, group: string) => createHash('sha256').update(`${chatId}:${group}`).digest('hex').slice(0, 32);

export function createPhotoGroups(opts: PhotoGroupsOptions) {
  const dir = path.join(opts.dataDir, PHOTO_GROUPS_DIRNAME);
  const fileOf = (key: string) => path.join(dir, `${key}.json`);
  const now = opts.now ?? Date.now;
  const open = new Map<string, { group: PhotoGroup; timer?: NodeJS.Timeout }>();
  const mutex = new Mutex();
  let stopped = false;

  const arm = (key: string) => {
    const g = open.get(key)!;
    clearTimeout(g.timer);
    if (stopped) return;
    g.timer = setTimeout(() => {
      open.delete(key);
      opts.onReady({ ...g.group, photos: [...g.group.photos].sort((a, b) => a.id - b.id) });
    }, Math.max(0, g.group.ultima + opts.quietMs - now()));
  };

  return {
    /** Adds a photo to its group; resolves once the group as it is now is on disk. */
    async add(chatId: number, group: string, photo: GroupPhoto): Promise<void> {
      const key = keyOf(chatId, group);
      const g = open.get(key) ?? { group: { chatId, group, photos: [], ultima: now() } };
      open.set(key, g);
      g.group.photos.push(photo);
      g.group.ultima = now();
      arm(key);
      // The latest state of the group, one writer at a time: the last write holds every photo.
      // Not fsynced: a rename is enough for a bot killed or restarted (what this is for), and a photo
      // must not wait on the disk while the next ones of its album arrive.
      await mutex.run(() => (open.get(key) === g ? writeRecord(fileOf(key), g.group, { indent: 0, durable: false }) : Promise.resolve()));
    },

    /** The groups a previous run left on disk, each finished when its window closes (at once if it already has). */
    async resume(): Promise<number> {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((n) => /^[0-9a-f]{32}\.json$/.test(n));
      } catch {
        return 0;
      }
      let resumed = 0;
      for (const name of names) {
        const key = name.slice(0, -5);
        if (open.has(key)) continue;
        try {
          const group = JSON.parse(await readFile(fileOf(key), 'utf8')) as PhotoGroup;
          if (!Number.isInteger(group.chatId) || !Array.isArray(group.photos) || typeof group.ultima !== 'number') throw new Error('forma inesperada');
          open.set(key, { group });
          arm(key);
          resumed++;
        } catch (e) {
          opts.log(LOG.photoGroupUnreadable(name), e);
          await rm(fileOf(key), { force: true });
        }
      }
      return resumed;
    },

    /** The group was answered (a proposal or its sentence): forget it on disk. */
    done(chatId: number, group: string): Promise<void> {
      const key = keyOf(chatId, group);
      return mutex.run(() => (open.has(key) ? Promise.resolve() : rm(fileOf(key), { force: true })));
    },

    /** No more timers from this run (a stopping bot): what is on disk waits for the next run's `resume`. */
    stop(): void {
      stopped = true;
      for (const g of open.values()) clearTimeout(g.timer);
    },
  };
}

export type PhotoGroups = ReturnType<typeof createPhotoGroups>;
