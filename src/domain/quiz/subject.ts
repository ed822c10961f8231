/**
 * Which documents of a course read as one subject (pure): each document a TF-IDF vector of its
 * content words' stems (the project's Spanish stemmer, lib/invertedIndex.ts `stemKey`), two
 * documents one subject when their vectors' cosine reaches SAME_SUBJECT_COSINE, or when most of
 * the shorter one's weight lies on words the longer one says too (a one-sentence note). A distractor from
 * another week is offered only from a document of the question's subject: words every subject
 * uses («sistema», «cambio», «valor») weigh little, the subject's own («calor», «entropía»,
 * «temperatura») weigh much, so a thermodynamics question never gets an economics option just
 * because both lectures say «cantidad» and «variación» (docs/design.md §3).
 */
import { stemKey } from '../../lib/invertedIndex.js';
import { tokenize } from '../../lib/tokens.js';
import { fold } from '../../lib/fold.js';

/** Cosine at which two documents read as one subject: two lectures of one subject share their key words (0.4–0.5 in our examples), two subjects only the words of any lecture (under 0.15). */
export const SAME_SUBJECT_COSINE = 0.2;

type Vector = Map<string, number>;

/**
 * Words any lecture uses to define and measure, whatever its subject («la magnitud que mide…», «el
 * proceso que…»): two subjects share them, so they say nothing of which subject a document is.
 */
const GENERIC = new Set(['magnitud', 'medida', 'mide', 'miden', 'medir', 'cantidad', 'unidad', 'valor', 'valores', 'proceso', 'procesos', 'sistema',
  'sistemas', 'variacion', 'cambio', 'cambia', 'cambian', 'forma', 'formas', 'parte', 'partes', 'tipo', 'tipos', 'caso', 'casos', 'ejemplo',
  'llama', 'llaman', 'define', 'definicion', 'decir', 'dice', 'tiene', 'tienen', 'puede', 'pueden', 'hace', 'hacen', 'entre', 'sobre',
  'cuando', 'donde', 'segun', 'mismo', 'misma', 'mismos', 'mismas', 'otro', 'otra', 'otros', 'otras', 'todo', 'toda', 'todos', 'todas',
  'mayor', 'menor', 'menos', 'mucho', 'mucha', 'muchos', 'muchas', 'general', 'primer', 'primera', 'primero', 'segundo', 'segunda', 'tema',
  'semana', 'clase', 'apuntes', 'curso', 'numero', 'tiempo', 'calcula', 'calcular', 'resultado', 'aquel', 'aquella', 'cada', 'esta', 'este']);

/** The stems of a text's content words (four letters or more: short words say little of a subject), GENERIC aside. */
export function subjectStems(text: string): string[] {
  return tokenize(text).filter((w) => w.length >= 4 && /\p{L}/u.test(w) && !/\d/u.test(w) && !GENERIC.has(fold(w))).map(stemKey);
}

/** One TF-IDF vector per document (key → its text), the idf counted over these documents. */
export function subjectVectors(docs: ReadonlyMap<string, string>): Map<string, Vector> {
  const counts = new Map<string, Map<string, number>>();
  const df = new Map<string, number>();
  for (const [key, text] of docs) {
    const tf = new Map<string, number>();
    for (const s of subjectStems(text)) tf.set(s, (tf.get(s) ?? 0) + 1);
    counts.set(key, tf);
    for (const s of tf.keys()) df.set(s, (df.get(s) ?? 0) + 1);
  }
  const n = docs.size;
  const out = new Map<string, Vector>();
  for (const [key, tf] of counts) {
    // Smoothed idf (a stem in every document still counts): a course of two documents has no idf to
    // speak of, and what tells subjects apart there is the words themselves (GENERIC aside).
    out.set(key, new Map([...tf].map(([s, c]) => [s, (1 + Math.log(c)) * (1 + Math.log((1 + n) / (1 + df.get(s)!)))])));
  }
  return out;
}

export function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [s, w] of a) {
    na += w * w;
    const v = b.get(s);
    if (v !== undefined) dot += w * v;
  }
  for (const w of b.values()) nb += w * w;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * The share of the smaller document's weight on stems the larger one has too: a short note («El pH
 * es una medida de la acidez de una disolución…») is of a lecture's subject when most of what it
 * says the lecture says, however little of the lecture it covers (its cosine stays low).
 */
export function coveredShare(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let total = 0;
  let shared = 0;
  for (const [s, w] of small) {
    total += w;
    if (large.has(s)) shared += w;
  }
  return total === 0 ? 0 : shared / total;
}

/** Covered share at which a short document reads as a longer one's subject (two subjects: 0.28 at most in our examples, one subject 0.34 and up). */
export const SAME_SUBJECT_SHARE = 0.3;

/** A test of «same subject» between documents by key, read once for a course. */
export function subjectTest(docs: ReadonlyMap<string, string>): (a: string, b: string) => boolean {
  const vectors = subjectVectors(docs);
  const memo = new Map<string, boolean>();
  return (a, b) => {
    if (a === b) return true;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    if (!memo.has(key)) {
      const va = vectors.get(a);
      const vb = vectors.get(b);
      memo.set(key, va !== undefined && vb !== undefined && (cosine(va, vb) >= SAME_SUBJECT_COSINE || coveredShare(va, vb) >= SAME_SUBJECT_SHARE));
    }
    return memo.get(key)!;
  };
}

/** Share of a sentence's content words a subject's vocabulary holds, at which the sentence speaks that subject. */
export const FITS_SUBJECT = 0.5;

/**
 * True when `sentence` speaks the subject whose stems are `vocabulary`: most of its content words
 * are the subject's («a temperatura constante la presión de un gas…» in a thermodynamics course;
 * never «lo que pagan los compradores» there). Two weeks of one course may read as two topics by
 * their whole texts and still share a distractor whose own sentence belongs to both.
 */
export function speaksSubject(sentence: string, vocabulary: ReadonlySet<string>): boolean {
  const stems = [...new Set(subjectStems(sentence))];
  return stems.length > 0 && stems.filter((s) => vocabulary.has(s)).length / stems.length >= FITS_SUBJECT;
}
