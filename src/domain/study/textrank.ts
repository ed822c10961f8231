/**
 * TextRank over sentences (Mihalcea & Tarau 2004), small and hand-written: no maintained package
 * on the registry ranks Spanish sentences. Two sentences are linked by the stems they share,
 * normalised by the logs of their lengths; the ranks are PageRank's (damping 0.85) over that graph.
 */
import { STOP_WORDS } from '../../lib/tokens.js';
import { stem } from './reading.js';

const DAMPING = 0.85;
const ITERATIONS = 40;

function stems(sentence: string): Set<string> {
  const words = sentence.toLocaleLowerCase('es').match(/\p{L}+/gu) ?? [];
  return new Set(words.filter((w) => w.length > 2 && !STOP_WORDS.has(w)).map(stem));
}

/** A rank per sentence (same order as given); higher is more central to the text. */
export function textRank(sentences: readonly string[]): number[] {
  const sets = sentences.map(stems);
  const n = sentences.length;
  const weights = sets.map((a, i) => sets.map((b, j) => {
    if (i === j || a.size < 2 || b.size < 2) return 0;
    let shared = 0;
    for (const w of a) if (b.has(w)) shared++;
    return shared / (Math.log(a.size) + Math.log(b.size));
  }));
  const out = weights.map((row) => row.reduce((s, w) => s + w, 0));
  let rank = new Array<number>(n).fill(1);
  for (let it = 0; it < ITERATIONS; it++) {
    rank = rank.map((_, i) => (1 - DAMPING) + DAMPING * weights.reduce((s, row, j) => s + (out[j]! > 0 ? (row[i]! / out[j]!) * rank[j]! : 0), 0));
  }
  return rank;
}
