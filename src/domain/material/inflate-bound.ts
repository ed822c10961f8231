/**
 * How much a deflated stream inflates to, counted as it inflates and never held (issue 40): the
 * checks of zip-bounds.ts and pdf-bounds.ts run this before a reader inflates the same bytes whole.
 * node:zlib's streaming inflate hands out chunks of 16 KB, so a 1 GB bomb costs 16 KB of memory
 * and stops the moment it passes its cap.
 */
import { createInflate, createInflateRaw } from 'node:zlib';

export interface Inflated {
  /** Bytes it inflated to (up to where it stopped). */
  size: number;
  /** It would inflate past `max`: it was stopped there. */
  over: boolean;
  /** The data is not a whole deflate stream (what inflated before the damage is counted). */
  broken: boolean;
  /** The inflated bytes, when asked for with `keep` and not over. */
  bytes?: Buffer;
}

/** Inflates `data` (zlib, or raw deflate as in a zip) counting its bytes; stops past `max`. */
export function inflateCapped(data: Uint8Array, format: 'zlib' | 'raw', max: number, keep = false): Promise<Inflated> {
  return new Promise((resolve) => {
    const z = format === 'raw' ? createInflateRaw() : createInflate();
    const kept: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (over: boolean, broken: boolean) => {
      if (settled) return;
      settled = true;
      z.destroy();
      resolve({ size, over, broken, ...(keep && !over ? { bytes: Buffer.concat(kept) } : {}) });
    };
    z.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return finish(true, false);
      if (keep) kept.push(chunk);
    });
    z.on('end', () => finish(false, false));
    z.on('error', () => finish(false, true));
    z.end(data);
  });
}
