/**
 * Files that are not a state document (store/document.ts) but must never be seen half-written:
 * - a made file (`writeOutput`): audio, an image, a deck, a chart, an original kept as it was sent
 *   — bytes written whole, read back only as themselves;
 * - a small record (`writeRecord`): one JSON value per key or per made file (a stage's stored
 *   result, the sidecar of an image or an episode), written whole and replaced whole, each read
 *   back by its owner's own check. A record with a version, read back and changed (a course
 *   proposal, an import, a run's closing) is a durable document instead (store/record.ts).
 * Both go through the one atomic writer (lib/atomic.ts: temp file, fsync, rename), which nothing
 * outside store/ may import (eslint.config.js): a new kind of state file comes here, or onto the
 * durable document, never to its own writer.
 */
import { writeFileAtomic } from '../lib/atomic.js';

export interface WriteOptions {
  /** false: no fsync (bookkeeping rewritten often, where a power cut may keep the version before). */
  durable?: boolean;
  /** The file's permissions from its creation. */
  mode?: number;
}

/** A made file, whole or not at all. */
export function writeOutput(file: string, data: string | Uint8Array, opts?: WriteOptions): Promise<void> {
  return writeFileAtomic(file, data, opts);
}

/** A small JSON record (`indent`: 2 by default; 0 for one line), whole or not at all. */
export function writeRecord(file: string, value: unknown, opts: WriteOptions & { indent?: number } = {}): Promise<void> {
  const { indent = 2, ...rest } = opts;
  return writeFileAtomic(file, `${JSON.stringify(value, null, indent || undefined)}\n`, rest);
}
