/** The whole deck, its FSRS state and review history as `.apkg` bytes (what /exportar sends). */
import type { NotesReader } from '../domain.js';
import type { ReviewService } from '../review/service.js';
import { buildApkg } from './apkg.js';

export { DECK_NAME } from './schema.js';
export { buildApkg, fieldChecksum } from './apkg.js';

export async function exportDeck(deps: { review: ReviewService; notes: NotesReader }, now: Date): Promise<{ bytes: Uint8Array; cards: number; reviews: number }> {
  const [{ cards, log }, notes] = await Promise.all([deps.review.history(), deps.notes.list()]);
  const topic = new Map(notes.map((n) => [n.id, n.tema]));
  const bytes = await buildApkg({ cards: cards.map((c) => ({ ...c, topic: topic.get(c.card.id_nota) })), log, now });
  return { bytes, cards: cards.length, reviews: log.length };
}
