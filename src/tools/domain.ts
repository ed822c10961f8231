/** Domain facts of SPEC §2 shared by every tool: notes, weeks and the topic each week studies. */

export interface Note {
  id: number;
  tema: string;
  texto: string;
}

/** Read access to the notebook; the lowdb store implements it, tests may pass an in-memory one. */
export interface NotesReader {
  list(): Promise<Note[]>;
}

export const WEEKS = [1, 2, 3, 4] as const;
export type Week = (typeof WEEKS)[number];

/** The `semana` argument of the tools that work on a week (SPEC §3: integer enum 1–4). */
export const WEEK_PROPERTY = Object.freeze({
  type: 'integer',
  enum: [...WEEKS],
  description: 'Semana de estudio (1 estadística, 2 python, 3 historia del arte, 4 música).',
});

/** Week N studies topic N, in this order (SPEC §2: week 3 = historia del arte). */
export const WEEK_TOPICS: Readonly<Record<Week, string>> = Object.freeze({
  1: 'estadística',
  2: 'python',
  3: 'historia del arte',
  4: 'música',
});

/** The week that studies `topic`, if any (a note added on another topic belongs to no week). */
export function weekOfTopic(topic: string): Week | undefined {
  return WEEKS.find((w) => WEEK_TOPICS[w] === topic);
}

/** The notes a week studies, in note order. */
export function notesOfWeek(notes: readonly Note[], week: Week): Note[] {
  const topic = WEEK_TOPICS[week];
  return notes.filter((n) => n.tema === topic);
}

/** "Semana 3 · Historia del arte" — the title drawn on the cover and used in captions. */
export function weekTitle(week: Week): string {
  const topic = WEEK_TOPICS[week];
  return `Semana ${week} · ${topic.charAt(0).toUpperCase()}${topic.slice(1)}`;
}

/** Zero-padded file stem, e.g. `semana_03`. */
export function weekStem(week: number): string {
  return `semana_${String(week).padStart(2, '0')}`;
}
