/**
 * A note cut into passages (pure): its paragraphs, and a paragraph longer than PASSAGE_MAX_CHARS in
 * windows of whole sentences that overlap by one sentence, so an answer that spans two sentences is
 * whole in some window. A paragraph shorter than PASSAGE_MIN_CHARS (a formula on its own line, a
 * lone list item) joins the one before it, and so does the paragraph after one that ends in «:»
 * («…en el orden siguiente:» and its list), so it is found with what explains it and a fragment
 * never outranks the passage it belongs to.
 */

/** A paragraph up to this long is one passage; longer ones are cut in sentence windows. */
export const PASSAGE_MAX_CHARS = 600;
/** A paragraph shorter than this joins its neighbour. */
export const PASSAGE_MIN_CHARS = 80;

export interface PassageSpan {
  /** The passage's text, as written in the note (line breaks of lists kept). */
  text: string;
  /** Which paragraph of the note (0-based, after short ones joined) and which sentences of it [from, to). */
  paragraph: number;
  from: number;
  to: number;
}

function paragraphsOf(texto: string): string[] {
  const out: string[] = [];
  for (const raw of texto.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const p = raw.trim();
    if (!p) continue;
    const last = out.length - 1;
    // A short paragraph joins its neighbour; a paragraph that ends in «:» introduces the next (a list, a formula).
    if (last >= 0 && (p.length < PASSAGE_MIN_CHARS || out[last]!.length < PASSAGE_MIN_CHARS || out[last]!.endsWith(':'))) out[last] = `${out[last]}\n\n${p}`;
    else out.push(p);
  }
  return out;
}

/** Sentences with their end punctuation and the space after it; a list item's line ends one too. */
export function sentencesOf(p: string): string[] {
  return p.match(/[^.!?…\n]+(?:[.!?…]+["»”)]*[ \t]*\n?|\n|$)|\n/g)?.filter((s) => s.trim()) ?? [p];
}

/** The passages of one note's text, in reading order. */
export function cutPassages(texto: string): PassageSpan[] {
  const out: PassageSpan[] = [];
  paragraphsOf(texto).forEach((p, paragraph) => {
    if (p.length <= PASSAGE_MAX_CHARS) return void out.push({ text: p, paragraph, from: 0, to: 1 });
    const ss = sentencesOf(p);
    let from = 0;
    while (from < ss.length) {
      let to = from;
      let len = 0;
      // At least one sentence; then as many as fit.
      do len += ss[to++]!.length;
      while (to < ss.length && len + ss[to]!.length <= PASSAGE_MAX_CHARS);
      out.push({ text: ss.slice(from, to).join('').trim(), paragraph, from, to });
      if (to >= ss.length) break;
      // Overlap by one sentence when the window held more than one.
      from = to - from > 1 ? to - 1 : to;
    }
  });
  return out;
}

/** True when two passages of one note share text (the same paragraph, overlapping sentences). */
export function overlaps(a: PassageSpan, b: PassageSpan): boolean {
  return a.paragraph === b.paragraph && a.from < b.to && b.from < a.to;
}
