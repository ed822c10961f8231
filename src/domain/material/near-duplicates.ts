/**
 * Nothing twice — pure. Texts are compared by their word shingles: every run of a few words
 * (NFKC, lower case, letters and digits only, so a re-print's other line breaks, hyphens and spacing
 * do not count), hashed to 32 bits. Exact sets, not MinHash: a student's imports and notes are a few
 * thousand shingles each, so the exact Jaccard costs less than building signatures would.
 *
 * - A file whose shingle set has Jaccard ≥ SAME_FILE with an import already saved is that file again.
 * - A new note whose NOTE_SHINGLE-word shingles lie ≥ CONTAINED inside one existing note says nothing new
 *   (compared on their words of two letters or more, where a scan and its print agree: `lettersOnly`).
 */

/** Words per shingle of a file (a re-print must match long runs). */
export const SHINGLE = 5;
/** Words per shingle of a note (shorter: a scanned page's few misread words break fewer of them). */
export const NOTE_SHINGLE = 3;
/** Jaccard of two files' shingles at or above which they are the same document (a re-print, a re-export). */
export const SAME_FILE = 0.9;
/** Share of a note's shingles found in one existing note at or above which it is already there. */
export const CONTAINED = 0.8;

/** The text's words as the comparison sees them. */
function words(text: string): string[] {
  return text.normalize('NFKC').toLocaleLowerCase('es').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words a scan reads the same as the text it was printed from: words of two letters or more.
 * What OCR gets wrong on a printed page is mostly the small marks — a subscript read as «:» or lost
 * (T₁ → «T:»), an arrow, a list's bullet read as a letter («e Encuadres»), a digit of a formula — so
 * single letters and anything with a digit are left out before a note is compared with the notes
 * already there. A note that differs from one of them only in its numbers is the same note.
 */
function lettersOnly(text: string): string {
  return words(text).filter((w) => w.length >= 2 && !/\p{N}/u.test(w)).join(' ');
}

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The text's shingles (a text shorter than one shingle is one shingle of all its words). */
export function shingles(text: string, k = SHINGLE): Set<number> {
  const w = words(text);
  const out = new Set<number>();
  if (w.length === 0) return out;
  if (w.length < k) out.add(hash(w.join(' ')));
  for (let i = 0; i + k <= w.length; i++) out.add(hash(w.slice(i, i + k).join(' ')));
  return out;
}

export function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

/** The first of `known` whose text is nearly the same as `text` (Jaccard ≥ SAME_FILE). */
export function sameDocument<T>(text: string, known: readonly T[], textOf: (k: T) => string): T | undefined {
  const mine = shingles(text);
  if (mine.size === 0) return undefined;
  return known.find((k) => jaccard(mine, shingles(textOf(k))) >= SAME_FILE);
}

/**
 * Which of `fresh` are almost wholly inside one of `existing` (≥ CONTAINED of their shingles):
 * one inverted index of the existing notes' shingles, so each new note costs its own shingles.
 */
export function containedIn(fresh: readonly string[], existing: readonly string[]): boolean[] {
  const where = new Map<number, number[]>();
  existing.forEach((t, i) => {
    for (const s of shingles(lettersOnly(t), NOTE_SHINGLE)) {
      const list = where.get(s);
      if (list) list.push(i);
      else where.set(s, [i]);
    }
  });
  return fresh.map((t) => {
    const mine = shingles(lettersOnly(t), NOTE_SHINGLE);
    if (mine.size === 0) return false;
    const hits = new Map<number, number>();
    for (const s of mine) for (const i of where.get(s) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    let best = 0;
    for (const n of hits.values()) best = Math.max(best, n);
    return best / mine.size >= CONTAINED;
  });
}
