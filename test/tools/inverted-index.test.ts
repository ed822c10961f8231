/**
 * The notes' inverted index against the full-scan TF-IDF of docs/design.md §3 (domain/tfidf.ts): seeded random
 * note sets, built whole, grown one note at a time and read back from its snapshot, must give
 * bit-identical similarities and the same order (ties in note order) for every k.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InvertedIndex, SnapshotError, stemKey } from '../../src/lib/invertedIndex.js';
import { INDEX } from '../../src/strings/console.js';
import { SEED_NOTES_FILE } from '../../src/store/index.js';
import type { Note } from '../../src/domain/notebook.js';
import { buildIndex, similarities, topK, type TfidfIndex } from '../../src/domain/tfidf.js';
import { generateNotes } from '../support/generated-notes.js';

const demo: Note[] = JSON.parse(await readFile(SEED_NOTES_FILE, 'utf8'));

/** The reference: docs/design.md §3 as written, scanning every note. */
function fullScan(reference: TfidfIndex, query: string, k: number) {
  return topK(similarities(reference, query), k).map(({ index, score }) => ({ pos: index, score }));
}

let matched = 0;
function expectSame(index: InvertedIndex, texts: readonly string[] | TfidfIndex, query: string, k: number): void {
  const reference = Array.isArray(texts) ? buildIndex(texts) : (texts as TfidfIndex);
  const got = index.search(query, k);
  const want = fullScan(reference, query, k);
  // toEqual on numbers is Object.is: bit-identical scores, not «close».
  expect(got, `«${query}», k=${k}, ${reference.rows.length} notas`).toEqual(want);
  if (want[0] && want[0].score > 0) matched++;
}

describe('inverted index = full-scan TF-IDF (docs/design.md §3)', () => {
  it('the docs/design.md §3 reference: «la luz y el color del impresionismo», k=2 → note 8 at 0.426', () => {
    const index = InvertedIndex.fromTexts(demo.map((n) => n.texto));
    const [first] = index.search('la luz y el color del impresionismo', 2);
    expect(demo[first!.pos]!.id).toBe(8);
    expect(first!.score.toFixed(3)).toBe('0.426');
    expectSame(index, demo.map((n) => n.texto), 'la luz y el color del impresionismo', 2);
  });

  it('seeded random notebooks: every query, every k, bit-identical scores and order', () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const g = generateNotes(seed, { notes: 1 + (seed * 7) % 60, vocabulary: 20 + seed * 5, wordsPerNote: [0, 40] });
      const index = InvertedIndex.fromTexts(g.texts);
      const reference = buildIndex(g.texts);
      for (let q = 0; q < 25; q++) {
        const query = g.query();
        for (const k of [1, 2, 3, 5, g.texts.length]) {
          expectSame(index, reference, query, k);
          compared++;
        }
      }
    }
    expect(compared).toBe(40 * 25 * 5);
    // Most comparisons are real matches, not the all-zero case.
    expect(matched).toBeGreaterThan(compared * 0.7);
  });

  it('grown one note at a time (what an import does), it stays equal to the full scan after every note', () => {
    const g = generateNotes(77, { notes: 80, vocabulary: 60, wordsPerNote: [0, 30] });
    const index = new InvertedIndex();
    const queries = Array.from({ length: 6 }, () => g.query());
    for (const [i, text] of g.texts.entries()) {
      index.append(text);
      for (const q of queries) expectSame(index, g.texts.slice(0, i + 1), q, 5);
    }
  });

  it('read back from its snapshot (what is on disk), it answers the same', () => {
    const g = generateNotes(5, { notes: 120, vocabulary: 90, wordsPerNote: [1, 50] });
    const index = InvertedIndex.fromSnapshot(structuredClone(InvertedIndex.fromTexts(g.texts).snapshot()));
    const reference = buildIndex(g.texts);
    for (let q = 0; q < 50; q++) expectSame(index, reference, g.query(), 4);
  });

  it('a query without a known word scores 0 everywhere, ties in note order, as the full scan', () => {
    const index = InvertedIndex.fromTexts(demo.map((n) => n.texto));
    expect(index.search('xyzzy 😀 漢字', 3)).toEqual([{ pos: 0, score: 0 }, { pos: 1, score: 0 }, { pos: 2, score: 0 }]);
    expect(InvertedIndex.fromTexts([]).search('luz', 3)).toEqual([]);
  });

  it('an inconsistent snapshot is refused with what is wrong (which the store says in words), never used', () => {
    const s = InvertedIndex.fromTexts(['gato perro', 'gato']).snapshot();
    const refusal = (bad: typeof s): string => {
      try {
        InvertedIndex.fromSnapshot(bad);
      } catch (e) {
        if (e instanceof SnapshotError) return INDEX.snapshot(e.problem);
        throw e;
      }
      throw new Error('the snapshot was used');
    };
    expect(refusal({ ...s, lengths: [2, 2] })).toMatch(/faltan palabras/);
    expect(refusal({ ...s, postings: [[0, 1, 0, 0, 1, 0], [0, 1, 1]] })).toMatch(/no cuadra/);
    expect(refusal({ ...s, words: ['gato', 'gato'] })).toMatch(/repetida/);
  });
});

describe('approximate search (accents folded, Spanish stems)', () => {
  it('finds what the exact words miss and nothing unrelated', () => {
    const index = InvertedIndex.fromTexts(['La fotosíntesis ocurre en el cloroplasto.', 'El color de la luz.', 'Nada que ver.']);
    expect(index.search('fotosintesis', 3).every((h) => h.score === 0)).toBe(true);
    expect(index.searchApprox('fotosintesis', 3).filter((h) => h.score > 0).map((h) => h.pos)).toEqual([0]);
    expect(index.searchApprox('colores', 3).filter((h) => h.score > 0).map((h) => h.pos)).toEqual([1]);
    expect(index.searchApprox('xyzzy', 3).filter((h) => h.score > 0)).toEqual([]);
    expect(stemKey('Impresionistas'.toLowerCase())).toBe(stemKey('impresionismo'));
  });
});
