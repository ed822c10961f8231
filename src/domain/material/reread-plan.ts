/**
 * A document read again, matched against the notes its first reading made — pure. Each new passage
 * (a note draft of today's reader) is paired with at most one old note, by their word shingles
 * (near-duplicates.ts NOTE_SHINGLE):
 *
 * - **igual**: Jaccard ≥ SAME_FILE — the same passage (maybe a hyphen undone): its note keeps its id,
 *   week and cards, whose review history is untouched.
 * - **cambiada**: they share at least SHARED_MIN of the smaller one's shingles — the passage, read
 *   better or cut elsewhere (an old reader cut notes mid-sentence at page breaks): the new text
 *   replaces the note's in place (same id, same week); its cards are offered for review.
 * - **quitada**: an old note no passage pairs with; removed. Its cards are offered for review too,
 *   moved to the note that took most of its words (when one did), so a card kept has a note.
 * - **nueva**: a passage no old note pairs with; added, to the document's week.
 *
 * Pairs are taken greedily, best first, so a note split in two by the old reader keeps its id on the
 * half that holds most of it. A note the student edited after the import (its text is not what the
 * import saved) is theirs: left as it is, and the passages it already holds are not added again.
 */
import { containedIn, jaccard, NOTE_SHINGLE, SAME_FILE, shingles } from './near-duplicates.js';

/** Share of the smaller text's shingles two texts must share to be one passage read twice. */
export const SHARED_MIN = 0.5;

export interface OldNote {
  id: number;
  texto: string;
  semana: number | null;
  /** The student changed the note after it was imported: kept as they wrote it. */
  edited: boolean;
  /** An edited note's text as the import saved it: the passage it was, before the student's changes. */
  original?: string;
}

export interface Passage {
  tema: string;
  texto: string;
  pagina: number | null;
}

export interface RereadPlan {
  /** Old note id → the passage that replaces its text in place (igual or cambiada). */
  replaced: { id: number; passage: number; same: boolean }[];
  /** Old notes no passage pairs with, each with the passage that took most of its words. */
  removed: { id: number; into?: number }[];
  /** Passages with no old note: appended, in order. */
  added: number[];
  /** Old notes the student edited: untouched. */
  kept: number[];
  /** Passages left out because a note the student edited holds them already. */
  skipped: number[];
}

export function planReread(old: readonly OldNote[], passages: readonly Passage[]): RereadPlan {
  const editable = old.filter((n) => !n.edited);
  const kept = old.filter((n) => n.edited).map((n) => n.id);
  const edited = old.filter((n) => n.edited);
  const newSh = passages.map((p) => shingles(p.texto, NOTE_SHINGLE));
  // A passage an edited note holds — as the student wrote it, or as it was imported (the passage the
  // student corrected, read again) — is theirs already: not added a second time.
  const contained = containedIn(passages.map((p) => p.texto), edited.flatMap((n) => [n.texto, ...(n.original ? [n.original] : [])]));
  const originals = edited.flatMap((n) => (n.original ? [shingles(n.original, NOTE_SHINGLE)] : []));
  const held = passages.map((_p, i) => contained[i] === true || originals.some((a) => sharedCount(a, newSh[i]!) / smallerSize(a, newSh[i]!) >= SHARED_MIN));
  const skipped = passages.flatMap((_p, i) => (held[i] ? [i] : []));
  const live = passages.map((_p, i) => i).filter((i) => !held[i]);
  const oldSh = editable.map((n) => shingles(n.texto, NOTE_SHINGLE));
  const pairs: { o: number; p: number; j: number; shared: number }[] = [];
  for (const [o, a] of oldSh.entries()) {
    for (const p of live) {
      const b = newSh[p]!;
      const shared = sharedCount(a, b);
      if (shared > 0) pairs.push({ o, p, j: jaccard(a, b), shared });
    }
  }
  const usedOld = new Set<number>();
  const usedNew = new Set<number>();
  const replaced: RereadPlan['replaced'] = [];
  // The same passages first, then the best-sharing ones.
  const same = pairs.filter((x) => x.j >= SAME_FILE).sort((x, y) => y.j - x.j || x.o - y.o);
  const near = pairs.filter((x) => x.shared / smallerSize(oldSh[x.o]!, newSh[x.p]!) >= SHARED_MIN).sort((x, y) => y.shared - x.shared || x.o - y.o);
  for (const [list, isSame] of [[same, true], [near, false]] as const) {
    for (const x of list) {
      if (usedOld.has(x.o) || usedNew.has(x.p)) continue;
      usedOld.add(x.o);
      usedNew.add(x.p);
      replaced.push({ id: editable[x.o]!.id, passage: x.p, same: isSame });
    }
  }
  const removed = editable.flatMap((n, o) => {
    if (usedOld.has(o)) return [];
    const best = pairs.filter((x) => x.o === o).sort((x, y) => y.shared - x.shared)[0];
    return [{ id: n.id, ...(best ? { into: best.p } : {}) }];
  });
  const added = live.filter((p) => !usedNew.has(p));
  replaced.sort((a, b) => a.passage - b.passage);
  return { replaced, removed, added, kept, skipped };
}

/** How many shingles two texts share. */
function sharedCount<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared;
}

/** The smaller text's shingle count (at least 1): «one passage read twice» is measured against it. */
function smallerSize<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  return Math.max(1, Math.min(a.size, b.size));
}
