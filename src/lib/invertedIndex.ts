/**
 * The inverted index behind `buscar_notas` (SPEC §3): the same TF-IDF as tfidf.ts — same tokens,
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
import { newStemmer, type Stemmer } from 'snowball-stemmers';
import { STOP_WORDS, tokenize } from './tokens.js';

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

/** Lower-case, no acute accents or diaeresis (ñ stays ñ). */
export function foldAccents(word: string): string {
  return word.normalize('NFD').replace(/[\u0301\u0308]/g, '').normalize('NFC');
}

const FOLDED_STOP_WORDS: ReadonlySet<string> = new Set([...STOP_WORDS].map(foldAccents));
let stemmer: Stemmer | undefined;

/** The key two words share when they differ only in accents or in their Spanish ending. */
export function stemKey(word: string): string {
  stemmer ??= newStemmer('spanish');
  return foldAccents(stemmer.stem(foldAccents(word)));
}

export class InvertedIndex {
  readonly #termOf = new Map<string, number>();
  readonly #words: string[] = [];
  /** Per term: flat pairs `pos, count`, positions ascending. */
  readonly #postings: number[][] = [];
  /** Per note: flat pairs `term, count`, in order of first appearance (the full scan's row order). */
  readonly #docs: Int32Array[] = [];
  /** Row norms for the current N (they change with every idf), computed lazily; NaN = not yet. */
  #norms = new Float64Array(0);
  /** Stem key → terms; built on the first approximate search, then kept up to date. */
  #stems: Map<string, number[]> | undefined;
  #stemmed = 0;

  static fromTexts(texts: Iterable<string>): InvertedIndex {
    const index = new InvertedIndex();
    for (const t of texts) index.append(t);
    return index;
  }

  /** The index as it was written (`snapshot()`); throws a Spanish sentence if it is inconsistent. */
  static fromSnapshot(s: IndexSnapshot): InvertedIndex {
    const index = new InvertedIndex();
    if (s.postings.length !== s.words.length) throw new Error('hay palabras sin lista de notas');
    const docs = s.lengths.map((n) => new Int32Array(2 * n).fill(-1));
    for (const [t, word] of s.words.entries()) {
      if (index.#termOf.has(word)) throw new Error(`la palabra «${word}» está repetida`);
      index.#termOf.set(word, t);
      index.#words.push(word);
      const flat = s.postings[t]!;
      if (flat.length === 0 || flat.length % 3 !== 0) throw new Error(`la lista de «${word}» está incompleta`);
      const pairs: number[] = [];
      let last = -1;
      for (let i = 0; i < flat.length; i += 3) {
        const [pos, count, rank] = [flat[i]!, flat[i + 1]!, flat[i + 2]!];
        const doc = docs[pos];
        if (doc === undefined || pos <= last || count < 1 || rank >= doc.length / 2 || doc[2 * rank] !== -1) {
          throw new Error(`la lista de «${word}» no cuadra con las notas`);
        }
        last = pos;
        doc[2 * rank] = t;
        doc[2 * rank + 1] = count;
        pairs.push(pos, count);
      }
      index.#postings.push(pairs);
    }
    if (docs.some((d) => d.includes(-1))) throw new Error('a alguna nota le faltan palabras');
    index.#docs.push(...docs);
    index.#norms = new Float64Array(docs.length).fill(NaN);
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
      this.#postings[t]!.push(pos, count);
      doc[i++] = t;
      doc[i++] = count;
    }
    this.#docs.push(doc);
    // N changed: every idf, so every norm, changed with it.
    this.#norms = new Float64Array(this.#docs.length).fill(NaN);
  }

  snapshot(): IndexSnapshot {
    const postings: number[][] = this.#words.map(() => []);
    for (const [pos, doc] of this.#docs.entries()) {
      for (let r = 0; r < doc.length / 2; r++) postings[doc[2 * r]!]!.push(pos, doc[2 * r + 1]!, r);
    }
    return { words: [...this.#words], postings, lengths: this.#docs.map((d) => d.length / 2) };
  }

  #idf(t: number): number {
    // The full scan's expression, term for term: ln((1+N)/(1+df)) + 1.
    return Math.log((1 + this.#docs.length) / (1 + this.#postings[t]!.length / 2)) + 1;
  }

  #norm(pos: number): number {
    let n = this.#norms[pos]!;
    if (!Number.isNaN(n)) return n;
    const doc = this.#docs[pos]!;
    let sum = 0;
    for (let i = 0; i < doc.length; i += 2) {
      const v = doc[i + 1]! * this.#idf(doc[i]!);
      sum += v * v;
    }
    n = Math.sqrt(sum);
    this.#norms[pos] = n;
    return n;
  }

  /** Scores of a query vector (terms with their weights, in query order) → the k best, ties in note order. */
  #rank(query: readonly (readonly [number, number])[], k: number): Hit[] {
    let sum = 0;
    for (const [, v] of query) sum += v * v;
    const qNorm = Math.sqrt(sum);
    const dots = new Map<number, number>();
    if (qNorm > 0) {
      for (const [t, v] of query) {
        const idf = this.#idf(t);
        const list = this.#postings[t]!;
        for (let i = 0; i < list.length; i += 2) {
          const pos = list[i]!;
          // (c·idf)/‖row‖ · v, accumulated per note in query order: the full scan's sum, minus its zeros.
          dots.set(pos, (dots.get(pos) ?? 0) + ((list[i + 1]! * idf) / this.#norm(pos)) * v);
        }
      }
    }
    const hits: Hit[] = [];
    for (const [pos, dot] of dots) {
      const score = dot / qNorm;
      if (score > 0) hits.push({ pos, score });
    }
    hits.sort((a, b) => b.score - a.score || a.pos - b.pos);
    const top = hits.slice(0, k);
    // Fewer matches than k: the full scan fills with notes of similarity 0, in note order.
    const taken = new Set(top.map((h) => h.pos));
    for (let pos = 0; top.length < k && pos < this.#docs.length; pos++) if (!taken.has(pos)) top.push({ pos, score: 0 });
    return top;
  }

  /** SPEC §3: the k most similar notes; a query with no known word scores 0 everywhere. */
  search(query: string, k: number): Hit[] {
    const q: [number, number][] = [];
    for (const [word, count] of counts(tokenize(query))) {
      const t = this.#termOf.get(word);
      if (t !== undefined) q.push([t, count * this.#idf(t)]);
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
      (foldAccents(query.toLowerCase()).match(/[a-zñ]+/g) ?? []).filter((w) => !FOLDED_STOP_WORDS.has(w)).map(stemKey),
    );
    for (const [key, count] of keys) for (const t of stems.get(key) ?? []) q.push([t, count * this.#idf(t)]);
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
