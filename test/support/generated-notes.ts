/**
 * Seeded notes for the search index's differential test and the `busqueda` bench: Spanish-looking
 * words (some accented, some stop words, repeats) from a Zipf-like vocabulary, so common words
 * hit many notes and rare ones few, like a real notebook. The same seed gives the same notes.
 */
import { mulberry32 } from '../../src/lib/prng.js';

const SYLLABLES = ['ca', 'lo', 'ri', 'ma', 'te', 'sa', 'ción', 'bre', 'fo', 'to', 'sín', 'te', 'sis', 'pin', 'tu', 'ra', 'luz', 'co', 'lor', 'ñu', 'güe', 'gé', 'ne', 'ti', 'ca', 'rá', 'pi', 'do'];
const STOPS = ['la', 'el', 'de', 'y', 'en', 'los', 'que', 'por', 'una', 'más'];

export interface GeneratedNotes {
  vocabulary: string[];
  texts: string[];
  /** A query of 1–6 words: mostly known words, some unknown, sometimes a stop word or a repeat. */
  query(): string;
}

export function generateNotes(seed: number, opts: { notes: number; vocabulary: number; wordsPerNote: [number, number] }): GeneratedNotes {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const words = new Set<string>();
  while (words.size < opts.vocabulary) {
    let w = '';
    for (let i = 1 + Math.floor(rnd() * 3); i >= 0; i--) w += pick(SYLLABLES);
    words.add(w);
  }
  const vocabulary = [...words];
  // Zipf-like: index = floor(V · u^3) makes the first words far more frequent than the last.
  const zipf = () => vocabulary[Math.floor(vocabulary.length * rnd() ** 3)]!;
  const [lo, hi] = opts.wordsPerNote;
  const texts: string[] = [];
  for (let n = 0; n < opts.notes; n++) {
    const len = lo + Math.floor(rnd() * (hi - lo + 1));
    const out: string[] = [];
    for (let i = 0; i < len; i++) {
      const r = rnd();
      out.push(r < 0.25 ? pick(STOPS) : r < 0.3 ? zipf().toUpperCase() : zipf());
      if (rnd() < 0.08) out.push(rnd() < 0.5 ? '.' : ',');
    }
    // Now and then an empty note or a copy of an earlier one (ties).
    texts.push(rnd() < 0.02 ? '' : rnd() < 0.03 && texts.length > 0 ? pick(texts) : out.join(' '));
  }
  const query = () => {
    const q: string[] = [];
    for (let i = 1 + Math.floor(rnd() * 6); i > 0; i--) {
      const r = rnd();
      q.push(r < 0.1 ? 'xyzzy' : r < 0.2 ? pick(STOPS) : r < 0.6 ? zipf() : pick(vocabulary));
      if (rnd() < 0.1) q.push(q.at(-1)!);
    }
    return q.join(' ');
  };
  return { vocabulary, texts, query };
}
