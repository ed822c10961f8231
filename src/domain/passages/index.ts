/**
 * The passage index: the chat's one search over the student's notes (docs/design.md §3 keeps
 * `buscar_notas` and its TF-IDF apart, for the model). A question is answered with the passages that
 * say it, not with whole notes: each note is cut into paragraphs and sentence windows (cut.ts), its
 * words folded and stemmed (terms.ts), and passages are ranked by BM25F over two fields: the
 * passage's own words, and the note's topic — its heading — shared by every passage under it
 * (TOPIC_WEIGHT times a body word, not length-normalised: a heading is short by nature), plus a bonus when two
 * words the question writes together stand together in the passage («ciclo de Carnot» over a
 * passage that names «ciclo» and «Carnot» apart), and one when the passage opens with a word of the
 * question (the passage that starts «La clorofila es…» is about it; one that names it in passing is not).
 *
 * Incremental: `sync` compares the notes with what was indexed and cuts only the notes that are
 * new or changed, so a question after an import costs the new notes, and a question after another
 * costs nothing but the ranking. Pure: the notes come in, the passages go out.
 */
import type { Note } from '../notebook.js';
import { cutPassages, firstParagraph, introducesNext, overlaps, type PassageSpan } from './cut.js';
import { asksWhatIs, asksWhen, givesDate, queryPairs, queryTerms, readPassage, terms } from './terms.js';

/**
 * Where an imported note's text comes from: the file, and the page its text starts on (null or
 * absent: a file without pages). The notes' own field when the reading of a file records it.
 */
export interface NoteSource {
  archivo: string;
  pagina?: number | null;
}

/** A note as the index reads it: any note, and where it comes from when it knows. */
export type SourcedNote = Note & { origen?: NoteSource };

export interface Passage extends PassageSpan {
  noteId: number;
  tema: string;
  origen?: NoteSource;
}

export interface PassageHit {
  passage: Passage;
  score: number;
  /** The share of the question's words (0–1) that the passage or its heading holds. */
  covers: number;
}

/** BM25's usual constants: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/** How many times a word of the note's topic counts in each of its passages. */
export const TOPIC_WEIGHT = 3;
/** Share of the pair's idf added when two words written together in the question stand together in a passage. */
const PAIR_BONUS = 0.5;
/** How many words apart (after leaving out function words) still count as together. */
const PAIR_GAP = 2;
/** Share of a word's idf added when the passage opens with it: a passage that starts with «La fase luminosa…» is about it. */
const LEAD_BONUS = 0.15;
/** How many of a passage's first words (function words left out) count as its opening. */
const LEAD_WORDS = 3;
/** How long a sync holds the event loop before it lets other work run, in milliseconds. */
const SYNC_SLICE_MS = 8;
/** Share of a word's idf added when the question asks what it is and the passage says it («X es…», «se llama X»). */
const DEFINES_BONUS = 0.5;
/** Share of a heading word's idf added to the passage that opens the section the heading names: its overview. */
const OPENS_BONUS = 0.3;
/** Share of the question's best idf added to a passage that gives a date when the question asks when. */
const DATE_BONUS = 0.5;
/** How many passages, best by BM25, the bonuses re-rank. */
const RERANKED = 100;
/** An answer's later passages must score at least this share of the first one's. */
export const RELEVANT_SHARE = 0.5;

interface Entry {
  passage: Passage;
  /** The body's stemmed words, in order. */
  words: string[];
  /** Term → frequency in the body. */
  tf: Map<string, number>;
  /** Term → frequency in the note's topic. */
  topic: Map<string, number>;
  /** The topic's stemmed words, in order. */
  topicWords: string[];
  /** Body length in words (BM25's document length). */
  length: number;
  /** The stems the passage defines or names (terms.ts). */
  defined: Set<string>;
  /** The passage gives a date (a year, a day of a month). */
  dated: boolean;
  note: IndexedNote;
}

interface IndexedNote {
  tema: string;
  texto: string;
  origen: string;
  /** The next note's first paragraph, taken in when this note ends by introducing it. */
  continuation: string | undefined;
  /** The note opens its section: the note before it has another topic or file. */
  opens: boolean;
  entries: Entry[];
}

export class PassageIndex {
  readonly #notes = new Map<number, IndexedNote>();
  /** Term → the passages holding it, for a query to visit only those. */
  readonly #postings = new Map<string, Set<Entry>>();
  #passages = 0;
  #totalLength = 0;

  /** How many passages are indexed. */
  get size(): number {
    return this.#passages;
  }

  /** Brings the index to `notes`: new or changed notes are cut again, removed ones dropped. */
  sync(notes: readonly SourcedNote[]): void {
    for (const _ of this.#syncSteps(notes)) { /* every step at once */ }
  }

  /**
   * `sync` for the chat's event loop: a first question over thousands of notes cuts them all
   * (about a second for 10,000), so the work yields every `sliceMs` and other chats go on. One sync
   * at a time: the caller waits for one before starting another.
   */
  async syncInSlices(notes: readonly SourcedNote[], sliceMs = SYNC_SLICE_MS): Promise<void> {
    let since = performance.now();
    for (const _ of this.#syncSteps(notes)) {
      if (performance.now() - since < sliceMs) continue;
      await new Promise((r) => setImmediate(r));
      since = performance.now();
    }
  }

  /** The sync, one step per note cut again or dropped. */
  *#syncSteps(notes: readonly SourcedNote[]): Generator<void> {
    const seen = new Set<number>();
    for (const [i, n] of notes.entries()) {
      seen.add(n.id);
      const origen = n.origen ? JSON.stringify(n.origen) : '';
      const next = notes[i + 1];
      const continuation = next && sameSection(n, next) && introducesNext(n.texto) ? firstParagraph(next.texto) : undefined;
      const opens = i === 0 || !sameSection(notes[i - 1]!, n);
      const had = this.#notes.get(n.id);
      if (had && had.tema === n.tema && had.texto === n.texto && had.origen === origen && had.continuation === continuation) {
        had.opens = opens;
        continue;
      }
      if (had) this.#drop(n.id, had);
      this.#add(n, origen, continuation, opens);
      yield;
    }
    const gone = [...this.#notes].filter(([id]) => !seen.has(id));
    for (const [id, had] of gone) {
      this.#drop(id, had);
      yield;
    }
  }

  #add(n: SourcedNote, origen: string, continuation: string | undefined, opens: boolean): void {
    const note: IndexedNote = { tema: n.tema, texto: n.texto, origen, continuation, opens, entries: [] };
    const topic = terms(n.tema);
    const entries = cutPassages(n.texto, continuation).map((span): Entry => {
      const { words, defined } = readPassage(span.text);
      // A heading line inside the note is the passage's nearer heading: its topic (the note's is then the document's title).
      // A few words that say nothing (a course's name, the dates of a week) are found by their own words only.
      const topicWords = !saysSomething(span.text, words.length) ? [] : span.heading !== undefined ? terms(span.heading) : topic;
      const passage: Passage = { ...span, noteId: n.id, tema: n.tema, ...(n.origen ? { origen: n.origen } : {}) };
      return { passage, words, tf: frequencies(words), topic: frequencies(topicWords), topicWords, length: words.length, defined, dated: givesDate(span.text), note };
    });
    note.entries = entries;
    for (const e of entries) {
      for (const t of new Set([...e.tf.keys(), ...e.topic.keys()])) {
        let set = this.#postings.get(t);
        if (!set) this.#postings.set(t, (set = new Set()));
        set.add(e);
      }
      this.#totalLength += e.length;
    }
    this.#passages += entries.length;
    this.#notes.set(n.id, note);
  }

  #drop(id: number, had: IndexedNote): void {
    for (const e of had.entries) {
      for (const t of new Set([...e.tf.keys(), ...e.topic.keys()])) {
        const set = this.#postings.get(t);
        set?.delete(e);
        if (set?.size === 0) this.#postings.delete(t);
      }
      this.#totalLength -= e.length;
    }
    this.#passages -= had.entries.length;
    this.#notes.delete(id);
  }

  /**
   * The best passages for `query`, best first, at most `k`, none overlapping another; a later one
   * only when it scores at least RELEVANT_SHARE of the first. Empty when no word of the query is in
   * the notes. Ties keep note order, then reading order.
   */
  search(query: string, k = 3): PassageHit[] {
    const q = queryTerms(query);
    const distinct = [...new Set(q)];
    const n = this.#passages;
    if (n === 0 || distinct.length === 0) return [];
    const avg = this.#totalLength / n || 1;
    const idf = new Map(distinct.map((t) => {
      const df = this.#postings.get(t)?.size ?? 0;
      return [t, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }));
    const scores = new Map<Entry, number>();
    for (const t of distinct) {
      for (const e of this.#postings.get(t) ?? []) {
        // BM25F: the body's frequency normalised by the body's length, the topic's added with its
        // weight (a heading is short by nature), then one saturation for both.
        const f = (e.tf.get(t) ?? 0) / (1 - B + (B * e.length) / avg) + TOPIC_WEIGHT * (e.topic.get(t) ?? 0);
        const s = (idf.get(t)! * f * (K1 + 1)) / (f + K1);
        scores.set(e, (scores.get(e) ?? 0) + s);
      }
    }
    const definition = asksWhatIs(query);
    const when = asksWhen(query) ? DATE_BONUS * Math.max(...idf.values()) : 0;
    const pairs = queryPairs(query);
    const byScore = (a: [Entry, number], b: [Entry, number]) => b[1] - a[1] || a[0].passage.noteId - b[0].passage.noteId || order(a[0].passage, b[0].passage);
    // The bonuses read each passage's words: only the best RERANKED by BM25 are read, so a common
    // word in a big notebook costs a sort, not a walk through every passage that holds it.
    const ranked = best(scores, RERANKED, byScore).map(([e, s]): [Entry, number] => {
      // Words written together stand together in the passage or in its heading: counted once.
      const together = Math.max(pairBonus(e.words, pairs, idf), pairBonus(e.topicWords, pairs, idf));
      const defines = definition ? shareOfIdf(DEFINES_BONUS, distinct, idf, (t) => e.defined.has(t)) : 0;
      const opens = e.passage.opens && (e.passage.heading !== undefined || e.note.opens) ? shareOfIdf(OPENS_BONUS, distinct, idf, (t) => e.topic.has(t)) : 0;
      return [e, s + together + leadBonus(e.words, distinct, idf) + defines + opens + (e.dated ? when : 0)];
    }).sort(byScore);
    const out: PassageHit[] = [];
    for (const [e, score] of ranked) {
      if (out.length >= k || score < RELEVANT_SHARE * (out[0]?.score ?? 0)) break;
      if (out.some((h) => h.passage.noteId === e.passage.noteId && overlaps(h.passage, e.passage))) continue;
      // A note's passage already quoted inside the one before it (which took it in as its continuation), or the other way round.
      if (out.some((h) => h.passage.text.includes(e.passage.text) || e.passage.text.includes(h.passage.text))) continue;
      out.push({ passage: e.passage, score, covers: distinct.filter((t) => e.tf.has(t) || e.topic.has(t)).length / distinct.length });
    }
    return out;
  }
}

/** The `k` best of `scores` in `cmp` order, kept in a sorted array of at most `k` (most entries fail the first comparison). */
function best<T>(scores: ReadonlyMap<T, number>, k: number, cmp: (a: [T, number], b: [T, number]) => number): [T, number][] {
  const top: [T, number][] = [];
  for (const item of scores) {
    if (top.length === k && cmp(item, top[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(top[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}

/** Fewer words than this, with no sentence, say nothing of their own: front matter, a line of dates. */
const SAYS_MIN_WORDS = 12;
/** Whether a passage says something: a sentence, or a table or list long enough to be content. */
function saysSomething(text: string, words: number): boolean {
  return /[.!?:;…]/.test(text) || words >= SAYS_MIN_WORDS;
}

/** Two notes of one section: the same topic, from the same file (or both typed). */
function sameSection(a: SourcedNote, b: SourcedNote): boolean {
  return a.tema === b.tema && a.origen?.archivo === b.origen?.archivo;
}

/** `share` of the idf of each of the question's words that `has`. */
function shareOfIdf(share: number, query: readonly string[], idf: ReadonlyMap<string, number>, has: (t: string) => boolean): number {
  let bonus = 0;
  for (const t of query) if (has(t)) bonus += share * idf.get(t)!;
  return bonus;
}

function frequencies(words: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

function order(a: PassageSpan, b: PassageSpan): number {
  return a.paragraph - b.paragraph || a.from - b.from;
}

/** LEAD_BONUS of the idf of each of the question's words among the passage's first LEAD_WORDS words. */
function leadBonus(words: readonly string[], query: readonly string[], idf: ReadonlyMap<string, number>): number {
  const lead = words.slice(0, LEAD_WORDS);
  let bonus = 0;
  for (const t of query) if (lead.includes(t)) bonus += LEAD_BONUS * idf.get(t)!;
  return bonus;
}

/** PAIR_BONUS of the pair's mean idf for each pair of the question's words that stand together in the passage. */
function pairBonus(words: readonly string[], pairs: readonly (readonly [string, string])[], idf: ReadonlyMap<string, number>): number {
  if (pairs.length === 0) return 0;
  let bonus = 0;
  for (const [a, b] of pairs) {
    for (let i = 0; i < words.length; i++) {
      if (words[i] !== a) continue;
      if (words.slice(i + 1, i + 1 + PAIR_GAP).includes(b)) {
        bonus += (PAIR_BONUS * (idf.get(a)! + idf.get(b)!)) / 2;
        break;
      }
    }
  }
  return bonus;
}
