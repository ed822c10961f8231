/**
 * The inverted index behind `buscar_notas` (docs/design.md §3): the same TF-IDF as tfidf.ts — same tokens,
 * idf = ln((1+N)/(1+df)) + 1, L2-normalised rows, cosine with the query, ties in note order — but
 * a query only visits the notes that hold one of its words, and a new note is appended without
 * touching the others. Every score is computed with the same floating-point operations in the same
 * order as the full scan (tfidf.ts), so both give bit-identical similarities (the differential test
 * in test/tools/inverted-index.test.ts). Pure: no I/O (store/notesIndex.ts keeps it on disk).
 *
 * When the exact words find nothing, `searchApprox` folds accents and stems with the Snowball
 * Spanish stemmer: «fotosintesis» finds «fotosíntesis», «colores» finds «color». Those results are
 * approximate and say so.
 */
import { createRequire } from 'node:module';
import type { newStemmer, Stemmer } from 'snowball-stemmers';
import { STOP_WORDS, tokenize } from './tokens.js';
import { foldKeepingEnye } from './fold.js';

/**
 * The stemmer is one 850 kB CommonJS file: loaded with the first approximate search, by `require`
 * (an ESM `import` of it has Node scan the whole file for its exports first), so neither start-up
 * nor an exact search pays for it.
 */
const loadStemmers = () => createRequire(import.meta.url)('snowball-stemmers') as { newStemmer: typeof newStemmer };

export interface Hit {
  /** Position of the note in the notes' order. */
  pos: number;
  score: number;
}

/** One note's postings on disk: per term [pos, count, rank] (rank = order of first appearance in the note). */
export interface IndexSnapshot {
  words: string[];
  /** Per word, flat triples `pos, count, rank`, positions ascending. */
  postings: number[][];
  /** Distinct words per note, in note order. */
  lengths: number[];
}

function counts(tokens: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}


const FOLDED_STOP_WORDS: ReadonlySet<string> = new Set([...STOP_WORDS].map(foldKeepingEnye));
let stemmer: Stemmer | undefined;

/** The key two words share when they differ only in accents or in their Spanish ending. */
export function stemKey(word: string): string {
  stemmer ??= loadStemmers().newStemmer('spanish');
  return foldKeepingEnye(stemmer.stem(foldKeepingEnye(word)));
}

/** What is inconsistent in a snapshot, as a value: the store says it in words (lib sits below strings). */
export type SnapshotProblem = { kind: 'sin_lista' | 'faltan_palabras' } | { kind: 'repetida' | 'incompleta' | 'no_cuadra'; word: string };

export class SnapshotError extends Error {
  constructor(readonly problem: SnapshotProblem) {
    super(problem.kind);
    this.name = 'SnapshotError';
  }
}

export class InvertedIndex {
  readonly #termOf = new Map<string, number>();
  readonly #words: string[] = [];
  /** Per term: flat triples `pos, count, rank`, positions ascending (the snapshot's own lists). */
  readonly #postings: number[][] = [];
  /** Per note: flat pairs `term, count`, in order of first appearance (the full scan's row order). */
  readonly #docs: Int32Array[] = [];
  /** idf per term and row norm per note for the current N (every idf changes with N); empty = not yet. */
  #idfs = new Float64Array(0);
  #norms = new Float64Array(0);
  /** Stem key → terms; built on the first approximate search, then kept up to date. */
  #stems: Map<string, number[]> | undefined;
  #stemmed = 0;

  static fromTexts(texts: Iterable<string>): InvertedIndex {
    const index = new InvertedIndex();
    for (const t of texts) index.append(t);
    return index;
  }

  /** The index as it was written (`snapshot()`); throws a SnapshotError naming what is inconsistent. */
  static fromSnapshot(s: IndexSnapshot): InvertedIndex {
    const index = new InvertedIndex();
    if (s.postings.length !== s.words.length) throw new SnapshotError({ kind: 'sin_lista' });
    const docs = s.lengths.map((n) => new Int32Array(2 * n).fill(-1));
    for (const [t, word] of s.words.entries()) {
      if (index.#termOf.has(word)) throw new SnapshotError({ kind: 'repetida', word });
      index.#termOf.set(word, t);
      index.#words.push(word);
      const flat = s.postings[t]!;
      if (flat.length === 0 || flat.length % 3 !== 0) throw new SnapshotError({ kind: 'incompleta', word });
      let last = -1;
      for (let i = 0; i < flat.length; i += 3) {
        const [pos, count, rank] = [flat[i]!, flat[i + 1]!, flat[i + 2]!];
        const doc = docs[pos];
        if (doc === undefined || pos <= last || count < 1 || rank >= doc.length / 2 || doc[2 * rank] !== -1) {
          throw new SnapshotError({ kind: 'no_cuadra', word });
        }
        last = pos;
        doc[2 * rank] = t;
        doc[2 * rank + 1] = count;
      }
      index.#postings.push(flat);
    }
    if (docs.some((d) => d.includes(-1))) throw new SnapshotError({ kind: 'faltan_palabras' });
    for (const d of docs) index.#docs.push(d);
    return index;
  }

  get size(): number {
    return this.#docs.length;
  }

  /** Adds the next note (position `size`). Only its own words' lists grow. */
  append(text: string): void {
    const pos = this.#docs.length;
    const tf = counts(tokenize(text));
    const doc = new Int32Array(2 * tf.size);
    let i = 0;
    for (const [word, count] of tf) {
      let t = this.#termOf.get(word);
      if (t === undefined) {
        t = this.#words.length;
        this.#termOf.set(word, t);
        this.#words.push(word);
        this.#postings.push([]);
      }
      this.#postings[t]!.push(pos, count, i / 2);
      doc[i++] = t;
      doc[i++] = count;
    }
    this.#docs.push(doc);
    // N changed: every idf, so every norm, changed with it.
    this.#idfs = new Float64Array(0);
  }

  /** What goes on disk. The lists are the index's own (no copy): serialise them, do not change them. */
  snapshot(): IndexSnapshot {
    return { words: this.#words, postings: this.#postings, lengths: this.#docs.map((d) => d.length / 2) };
  }

  /** idf and norms for the current N, computed once after each change (one pass over the postings). */
  #weights(): { idfs: Float64Array; norms: Float64Array } {
    if (this.#idfs.length === this.#words.length && this.#norms.length === this.#docs.length && this.#words.length > 0) return { idfs: this.#idfs, norms: this.#norms };
    const n = this.#docs.length;
    // The full scan's expression, term for term: ln((1+N)/(1+df)) + 1.
    const idfs = Float64Array.from(this.#postings, (list) => Math.log((1 + n) / (1 + list.length / 3)) + 1);
    const norms = new Float64Array(n);
    for (let pos = 0; pos < n; pos++) {
      const doc = this.#docs[pos]!;
      let sum = 0;
      // In the note's word order, as the full scan sums its row.
      for (let i = 0; i < doc.length; i += 2) {
        const v = doc[i + 1]! * idfs[doc[i]!]!;
        sum += v * v;
      }
      norms[pos] = Math.sqrt(sum);
    }
    this.#idfs = idfs;
    this.#norms = norms;
    return { idfs, norms };
  }

  /** Scores of a query vector (terms with their weights, in query order) → the k best, ties in note order. */
  #rank(query: readonly (readonly [number, number])[], k: number): Hit[] {
    let sum = 0;
    for (const [, v] of query) sum += v * v;
    const qNorm = Math.sqrt(sum);
    const hits: Hit[] = [];
    if (qNorm > 0) {
      const { idfs, norms } = this.#weights();
      const dots = new Float64Array(this.#docs.length);
      const touched: number[] = [];
      for (const [t, v] of query) {
        const idf = idfs[t]!;
        const list = this.#postings[t]!;
        for (let i = 0; i < list.length; i += 3) {
          const pos = list[i]!;
          if (dots[pos] === 0) touched.push(pos);
          // (c·idf)/‖row‖ · v, accumulated per note in query order: the full scan's sum, minus its zeros.
          dots[pos] = dots[pos]! + ((list[i + 1]! * idf) / norms[pos]!) * v;
        }
      }
      for (const pos of touched) {
        const score = dots[pos]! / qNorm;
        if (score > 0) hits.push({ pos, score });
      }
    }
    hits.sort((a, b) => b.score - a.score || a.pos - b.pos);
    const top = hits.slice(0, k);
    // Fewer matches than k: the full scan fills with notes of similarity 0, in note order.
    const taken = new Set(top.map((h) => h.pos));
    for (let pos = 0; top.length < k && pos < this.#docs.length; pos++) if (!taken.has(pos)) top.push({ pos, score: 0 });
    return top;
  }

  /** docs/design.md §3: the k most similar notes; a query with no known word scores 0 everywhere. */
  search(query: string, k: number): Hit[] {
    const q: [number, number][] = [];
    for (const [word, count] of counts(tokenize(query))) {
      const t = this.#termOf.get(word);
      if (t !== undefined) q.push([t, count * this.#weights().idfs[t]!]);
    }
    return this.#rank(q, k);
  }

  /**
   * The approximate search: each query word stands for every word of the notes with the same
   * stem key (accents folded, Snowball Spanish stem), weighted by its own idf. Similar in spirit to
   * `search`, not its contract: what it returns is marked approximate.
   */
  searchApprox(query: string, k: number): Hit[] {
    const stems = this.#stemIndex();
    const q: [number, number][] = [];
    const keys = counts(
      (foldKeepingEnye(query.toLowerCase()).match(/[a-zñ]+/g) ?? []).filter((w) => !FOLDED_STOP_WORDS.has(w)).map(stemKey),
    );
    const { idfs } = this.#weights();
    for (const [key, count] of keys) for (const t of stems.get(key) ?? []) q.push([t, count * idfs[t]!]);
    return this.#rank(q, k);
  }

  #stemIndex(): Map<string, number[]> {
    const stems = (this.#stems ??= new Map());
    for (; this.#stemmed < this.#words.length; this.#stemmed++) {
      const key = stemKey(this.#words[this.#stemmed]!);
      const list = stems.get(key);
      if (list) list.push(this.#stemmed);
      else stems.set(key, [this.#stemmed]);
    }
    return stems;
  }
}
