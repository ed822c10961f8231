/**
 * A new version of a lecture (the old text plus a new section) — pure, with near-duplicates.ts's
 * measure. The new file's text holds almost all of an earlier import's file-shingles (≥ CONTAINED of
 * them) without being the same document (that is sameDocument's «ya lo tenía»), and that import is
 * at least EARLIER_SHARE_MIN of the new text: it is that document again with more in it, and only its
 * new passages are proposed (imports.ts).
 */
import { CONTAINED, shingles } from './near-duplicates.js';

/** Least share of the new text's shingles an earlier version makes up: the old text is most of the new one. */
export const EARLIER_SHARE_MIN = 0.5;

/** The share of `older`'s shingles found in `newer` (0 when `older` has none). */
export function heldShare(older: ReadonlySet<number>, newer: ReadonlySet<number>): number {
  if (older.size === 0) return 0;
  let both = 0;
  for (const s of older) if (newer.has(s)) both++;
  return both / older.size;
}

/** The one of `known` that `text` holds best, if it holds at least CONTAINED of it and adds to it. */
export function previousVersion<T>(text: string, known: readonly T[], textOf: (k: T) => string): T | undefined {
  const mine = shingles(text);
  let best: { k: T; share: number } | undefined;
  for (const k of known) {
    const theirs = shingles(textOf(k));
    // Not bigger than the new text, and not a small part of it (a page sent earlier is not a version of the lecture).
    if (theirs.size >= mine.size || theirs.size < mine.size * EARLIER_SHARE_MIN) continue;
    const share = heldShare(theirs, mine);
    if (share >= CONTAINED && (!best || share > best.share)) best = { k, share };
  }
  return best?.k;
}
