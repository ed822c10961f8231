/**
 * The files the student sent, kept so that a document can be read again by a better reader later
 * (reread.ts) without asking for it: `<data>/originales/<sha256>`, the import's key as the name.
 * Bounded: at most ORIGINALS_MAX_FILES files and ORIGINALS_MAX_BYTES in all; past either, the ones
 * kept longest go first (a document without its file is read again when the student sends it).
 * Imports made before this folder existed have none: reread.ts asks for the file then.
 */
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeOutput } from '../../store/outputs.js';
import { LOG } from '../../strings/log.js';

export const ORIGINALS_DIRNAME = 'originales';
/** Most bytes kept in all (a file is at most limits.ts MAX_FILE_BYTES). */
export const ORIGINALS_MAX_BYTES = 200 * 2 ** 20;
/** Most files kept. */
export const ORIGINALS_MAX_FILES = 100;

const isKey = (k: string) => /^[0-9a-f]{64}$/.test(k);

export interface Originals {
  /** Keeps `bytes` under `key` (the SHA-256 of the bytes), then drops the oldest past the bounds. Never throws: keeping is a convenience. */
  keep(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes kept under `key`, or undefined. */
  read(key: string): Promise<Uint8Array | undefined>;
  has(key: string): Promise<boolean>;
}

export function createOriginals(dataDir: string, opts: { maxBytes?: number; maxFiles?: number; log?: (message: string, error?: unknown) => void } = {}): Originals {
  const dir = path.join(dataDir, ORIGINALS_DIRNAME);
  const maxBytes = opts.maxBytes ?? ORIGINALS_MAX_BYTES;
  const maxFiles = opts.maxFiles ?? ORIGINALS_MAX_FILES;

  async function trim(): Promise<void> {
    const names = (await readdir(dir)).filter(isKey);
    const files = [];
    for (const n of names) {
      const s = await stat(path.join(dir, n)).catch(() => undefined);
      if (s) files.push({ n, size: s.size, at: s.mtimeMs });
    }
    files.sort((a, b) => b.at - a.at);
    let bytes = 0;
    for (const [i, f] of files.entries()) {
      bytes += f.size;
      if (i >= maxFiles || bytes > maxBytes) await rm(path.join(dir, f.n), { force: true });
    }
  }

  return {
    async keep(key, bytes) {
      if (!isKey(key) || bytes.byteLength > maxBytes) return;
      try {
        await mkdir(dir, { recursive: true });
        await writeOutput(path.join(dir, key), bytes);
        await trim();
      } catch (e) {
        opts.log?.(LOG.originalSave, e);
      }
    },
    async read(key) {
      if (!isKey(key)) return undefined;
      try {
        return new Uint8Array(await readFile(path.join(dir, key)));
      } catch {
        return undefined;
      }
    },
    async has(key) {
      return isKey(key) && (await stat(path.join(dir, key)).then(() => true, () => false));
    },
  };
}
