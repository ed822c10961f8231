/**
 * A note question answered in words ("¿qué tengo sobre el impresionismo?"): the same TF-IDF as the
 * search tool, over each note's topic and text folded (so "celula" finds "célula"), without a run
 * and without tokens. Pure: the notes come in, the matches go out.
 */
import { fold } from '../agent/understand.js';
import type { Note, Week } from '../tools/domain.js';
import { weekOfNote, type Course } from '../tools/course/course.js';
import { buildIndex, similarities, topK } from '../tools/tfidf.js';

/** How many notes an answer lists at most. */
export const SEARCH_MAX_HITS = 3;

export interface NoteHit {
  note: Note;
  /** The note's week in the owner's course; undefined for a note of no week. */
  week?: Week;
  score: number;
}

/** The notes that share a word with the query, best first (ties keep note order); empty when none does. */
export function matchingNotes(notes: readonly Note[], query: string, course: Course, k = SEARCH_MAX_HITS): NoteHit[] {
  if (notes.length === 0) return [];
  const index = buildIndex(notes.map((n) => fold(`${n.tema} ${n.texto}`)));
  return topK(similarities(index, fold(query)), k)
    .filter((h) => h.score > 0)
    .map((h) => {
      const note = notes[h.index]!;
      const week = weekOfNote(course, note);
      return { note, score: h.score, ...(week !== null ? { week } : {}) };
    });
}
