/**
 * Domain facts of docs/design.md §2 shared by every tool: notes and weeks. Which weeks exist, and what each
 * studies, is the owner's course (course/course.ts), never a constant here.
 */

export interface Note {
  id: number;
  tema: string;
  texto: string;
  /** The course week of the note (null: none; absent: a note from before notes carried one). */
  semana?: number | null;
  /** Where an imported note comes from: the file and the page its text starts on (null: a file without pages). */
  origen?: { archivo: string; pagina: number | null };
}

/**
 * The topic of a note written without one (`/nota texto`, a long message saved as notes): it names no
 * section, so a list names such a note by its first sentence (bot/notes-view.ts).
 */
export const DEFAULT_TOPIC = 'general';

/** Read access to the notebook; the lowdb store implements it, tests may pass an in-memory one. */
export interface NotesReader {
  list(): Promise<Note[]>;
}

/** A week number of the owner's course (1..N, N ≤ MAX_WEEKS). */
export type Week = number;

export { weekStem } from './course/course.js';
