/**
 * The one text normaliser for comparing words: lower case without accents, so «narración» and
 * «narracion» read the same. Here, under every layer, because the understanding (agent/nlu) and the
 * passage search (domain/passages) must fold words alike.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
