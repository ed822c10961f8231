/**
 * A note question answered in words ("¿qué tengo sobre el impresionismo?"): the same TF-IDF as the
 * search tool, over each note's topic and text folded (so "musica" finds "música"), without a run
 * and without tokens. Pure: the notes come in, the matches go out.
 */
import { fold } from '../agent/understand.js';
import { WEEK_TOPICS, type Note, type Week } from '../tools/domain.js';
import { buildIndex, similarities, topK } from '../tools/tfidf.js';

/** How many notes an answer lists at most. */
export const SEARCH_MAX_HITS = 3;

export interface NoteHit {
  note: Note;
  /** The week that studies the note's topic; undefined for notes of other topics. */
  week?: Week;
  score: number;
}

/** The notes that share a word with the query, best first (ties keep note order); empty when none does. */
export function matchingNotes(notes: readonly Note[], query: string, k = SEARCH_MAX_HITS): NoteHit[] {
  if (notes.length === 0) return [];
  const index = buildIndex(notes.map((n) => fold(`${n.tema} ${n.texto}`)));
  const weekOfTopic = new Map(Object.entries(WEEK_TOPICS).map(([w, topic]) => [topic, Number(w) as Week]));
  return topK(similarities(index, fold(query)), k)
    .filter((h) => h.score > 0)
    .map((h) => {
      const note = notes[h.index]!;
      const week = weekOfTopic.get(note.tema);
      return { note, score: h.score, ...(week !== undefined ? { week } : {}) };
    });
}
