/**
 * The words of a text as docs/design.md §3 counts them (buscar_notas' TF-IDF): lower-case, tokens
 * `[a-záéíóúüñ]+`, docs/design.md §2 stop words removed. Here, under every layer, because both the full scan
 * (domain/tfidf.ts) and the notes' index on disk (store/notesIndex.ts) must read words alike.
 */

/** docs/design.md §2 stop words. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a al antes cada con cómo cuando de del dos el en es esa la las lo los más no para por que se sobre sus un una y luego puede mismo pero sin'.split(' '),
);

const TOKEN = /[a-záéíóúüñ]+/g;

/** Lower-cased tokens of `text` without stop words, in order (repeats kept: they are the tf). */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(TOKEN) ?? []).filter((t) => !STOP_WORDS.has(t));
}
