/** The cards of a `tarjetas.json` as read from disk: a version-2 document's `tarjetas`, or a version-1 plain list. */
export function deckFileCards<T = Record<string, unknown>>(json: unknown): T[] {
  if (Array.isArray(json)) return json as T[];
  const cards = (json as { tarjetas?: unknown } | null)?.tarjetas;
  return Array.isArray(cards) ? (cards as T[]) : [];
}
