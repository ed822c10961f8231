/**
 * TF-IDF retrieval over the notes, exactly as docs/design.md §3: lower-case, tokens `[a-záéíóúüñ]+`, stop
 * words removed, vocabulary = sorted distinct words of the notes, idf = ln((1+N)/(1+df)) + 1,
 * rows L2-normalised, similarity = row · q / ‖q‖ (0 when the query has no known word), ties keep
 * note order. Pure: no I/O.
 */

import { STOP_WORDS, tokenize } from '../lib/tokens.js';

export { STOP_WORDS, tokenize };

export interface TfidfIndex {
  /** Sorted distinct words of the documents. */
  vocabulary: string[];
  idf: Map<string, number>;
  /** L2-normalised tf·idf row per document, sparse (word → weight). */
  rows: Map<string, number>[];
}

/** Euclidean norm; a loop, not Math.hypot(...spread), so a long query cannot overflow the stack. */
function norm(values: Iterable<number>): number {
  let sum = 0;
  for (const v of values) sum += v * v;
  return Math.sqrt(sum);
}

function counts(tokens: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export function buildIndex(documents: readonly string[]): TfidfIndex {
  const tfs = documents.map((d) => counts(tokenize(d)));
  const df = new Map<string, number>();
  for (const tf of tfs) for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const vocabulary = [...df.keys()].sort();
  const n = documents.length;
  const idf = new Map(vocabulary.map((w) => [w, Math.log((1 + n) / (1 + df.get(w)!)) + 1]));
  const rows = tfs.map((tf) => {
    const row = new Map([...tf].map(([w, c]) => [w, c * idf.get(w)!]));
    const n = norm(row.values());
    if (n > 0) for (const [w, v] of row) row.set(w, v / n);
    return row;
  });
  return { vocabulary, idf, rows };
}

/** Cosine similarity of the query with every document, in document order. */
export function similarities(index: TfidfIndex, query: string): number[] {
  const q = new Map<string, number>();
  for (const [w, c] of counts(tokenize(query))) {
    const idf = index.idf.get(w);
    if (idf !== undefined) q.set(w, c * idf);
  }
  const qNorm = norm(q.values());
  return index.rows.map((row) => {
    if (qNorm === 0) return 0;
    let dot = 0;
    for (const [w, v] of q) dot += (row.get(w) ?? 0) * v;
    return dot / qNorm;
  });
}

/** Indices of the `k` most similar documents, highest first; ties keep document order. */
export function topK(scores: readonly number[], k: number): { index: number; score: number }[] {
  return scores
    .map((score, index) => ({ index, score }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, k);
}
