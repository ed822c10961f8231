/** What a quiz asks about (ideas.ts reads them; tables.ts and mentions.ts add theirs): its own module, so they need not import each other. */
import type { Note } from '../notebook.js';

export type QuizIdeaKind = 'definicion' | 'enunciado' | 'formula' | 'termino' | 'fecha' | 'persona' | 'obra';

export interface QuizIdea {
  kind: QuizIdeaKind;
  /** What the answer option says: a term, a named statement, a formula, a year, a name, a work. */
  term: string;
  /** What the question says: the definition, the statement's words, what the formula gives. */
  statement: string;
  /** Where it was read: the note, and the file and page when the note keeps them. */
  source: { noteId: number; file?: string; page?: number };
  /** The sentence as the note writes it (the explanation quotes it). */
  passage: string;
  /** The article its note gives the term («las» of «Las placas…»), for naming it as its card does. */
  article?: string;
  /** Only an option: a person, year or movement the document names (mentions.ts), never asked about. */
  mention?: true;
  /** A mention that is a section's title («El enlace metálico»): offered only beside an answer of the same head noun. */
  heading?: true;
}

/** A note and where it comes from: its own `origen` (an import's file and page), or a file named by the caller. */
export type SourceNote = Note & { archivo?: string; pagina?: number | null };
