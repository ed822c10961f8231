/** The whole deck, its FSRS state and review history as `.apkg` bytes (what /exportar sends). */
import type { NotesReader } from '../notebook.js';
import type { ReviewService } from '../review/service.js';
import { buildApkg } from './apkg.js';
import { weekNumbers, weekTitle, type Course } from '../course/course.js';

export { DECK_NAME } from './schema.js';
export { buildApkg, fieldChecksum } from './apkg.js';

/** `course`: the owner's course — the package is one deck named as it, with a subdeck per week. */
export async function exportDeck(deps: { review: ReviewService; notes: NotesReader; course?: Course }, now: Date): Promise<{ bytes: Uint8Array; cards: number; reviews: number }> {
  const [{ cards, log }, notes] = await Promise.all([deps.review.history(), deps.notes.list()]);
  const topic = new Map(notes.map((n) => [n.id, n.tema]));
  const course = deps.course;
  const deck = course ? { name: course.titulo, weeks: new Map(weekNumbers(course).map((w) => [w, weekTitle(course, w)])) } : undefined;
  const bytes = await buildApkg({ cards: cards.map((c) => ({ ...c, topic: topic.get(c.card.id_nota) })), log, now, ...(deck ? { deck } : {}) });
  return { bytes, cards: cards.length, reviews: log.length };
}
