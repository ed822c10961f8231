/**
 * A note cut into passages (pure): its paragraphs, and a paragraph longer than PASSAGE_MAX_CHARS in
 * windows of whole sentences that overlap by one sentence, so an answer that spans two sentences is
 * whole in some window. A paragraph shorter than PASSAGE_MIN_CHARS (a formula on its own line, a
 * lone list item) joins the one before it, and so does the paragraph after one that ends in «:» or
 * «?» («…en el orden siguiente:» and its list; a worked example's question and its solution), so it
 * is found with what explains it and a fragment never outranks the passage it belongs to. A
 * paragraph that stops mid-sentence («…y por tanto su rendimiento es») takes the next in too (its
 * formula), and a sentence window never ends at such a line. A line
 * that reads as a heading («1. Por qué hace falta un segundo principio», left in a note's text when
 * its section was too short for a note of its own) is never a passage: it is the heading of the
 * paragraphs under it, weighed with the note's topic.
 */

/** A paragraph up to this long is one passage; longer ones are cut in sentence windows. */
export const PASSAGE_MAX_CHARS = 600;
/** A paragraph shorter than this joins its neighbour. */
export const PASSAGE_MIN_CHARS = 80;

/** A line this short, alone in its paragraph and not ending a sentence, is a heading (as material/split.ts reads one). */
const HEADING_MAX = 80;

export interface PassageSpan {
  /** The passage's text, as written in the note (line breaks of lists kept). */
  text: string;
  /** The heading line above it inside the note's text, when the note carries one. */
  heading?: string;
  /** True for the first window under a heading line, or of the note's first paragraph: where a section opens. */
  opens: boolean;
  /** Which paragraph of the note (0-based, after short ones joined) and which sentences of it [from, to). */
  paragraph: number;
  from: number;
  to: number;
}

interface Paragraph {
  text: string;
  heading?: string;
  /** A heading line stands right above it. */
  headed: boolean;
}

function isHeadingLine(p: string): boolean {
  return !p.includes('\n') && p.length <= HEADING_MAX && !/[.,;:!?…»)\]]$/.test(p) && /^[\p{Lu}\d¿¡]/u.test(p) && p.split(/\s+/).length <= 12;
}

/** A paragraph that introduces the next: a list after «…siguiente:», a solution after the question it answers. */
export const introducesNext = (p: string): boolean => /[:?]["»”)]*$/.test(p.trim());

/** A list item or a table row (its cells joined by « · »): a line that ends without ending a sentence, and is whole. */
const LIST_OR_ROW = /^\s*(?:[-*•–]\s|\d{1,2}[.)]\s)|\s·\s/u;

/**
 * A line whose sentence goes on in the next one: it ends in a word or a comma, not in a sentence's
 * end, and neither it nor the next is a list item or a table row, and the next does not start a
 * sentence of its own — «…y por tanto su rendimiento es» and the formula «η = 1 − T₂ / T₁» under
 * it are one sentence, and a quote never stops before its formula.
 */
export function goesOn(line: string, next: string): boolean {
  const a = line.trim();
  const b = next.trim();
  if (!a || !b || LIST_OR_ROW.test(a) || LIST_OR_ROW.test(b) || isHeadingLine(a)) return false;
  if (/[.!?…:;]["»”)\]]*$/u.test(a)) return false;
  // The next line starts a sentence of its own when it opens with a capital word (not a formula's letter: «W = …»).
  return !/^[¿¡]|^\p{Lu}\p{Ll}/u.test(b);
}

function paragraphsOf(texto: string, continuation?: string): Paragraph[] {
  const out: Paragraph[] = [];
  let pending: string | undefined;
  let heading: string | undefined;
  const raws = texto.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  // The next note's first paragraph, when this one ends by introducing it.
  if (continuation !== undefined && introducesNext(texto)) raws.push(continuation);
  for (const raw of raws) {
    const p = raw.trim();
    if (!p) continue;
    if (isHeadingLine(p)) {
      // Two heading lines in a row: the first is text (a course's name above the section's heading).
      if (pending !== undefined) push(pending, false);
      pending = p;
      continue;
    }
    const headed = pending !== undefined;
    if (headed) heading = pending;
    pending = undefined;
    push(p, headed);
  }
  // A heading with nothing under it is text: nothing is lost.
  if (pending !== undefined) push(pending, false);
  return out;

  function push(p: string, headed: boolean): void {
    const last = out.at(-1);
    // A short paragraph joins its neighbour, and a paragraph that ends in «:» or «?», or in the middle
    // of a sentence that goes on below it, the next; never across a heading.
    const joins = last !== undefined && (p.length < PASSAGE_MIN_CHARS || last.text.length < PASSAGE_MIN_CHARS || introducesNext(last.text) || goesOn(last.text.split('\n').at(-1)!, p.split('\n')[0]!));
    if (last && !headed && joins) last.text = `${last.text}\n\n${p}`;
    else out.push({ text: p, headed, ...(heading !== undefined ? { heading } : {}) });
  }
}

/**
 * Sentences with their end punctuation and the space after it; a list item's line ends one too, but
 * not a line whose sentence goes on below it (a formula on its own line after «…es»: `goesOn`).
 */
export function sentencesOf(p: string): string[] {
  const pieces = p.match(/[^.!?…\n]+(?:[.!?…]+["»”)]*[ \t]*\n?|\n|$)|\n/g) ?? [p];
  const out: string[] = [];
  let open = false;
  pieces.forEach((piece, i) => {
    if (open) out[out.length - 1] += piece;
    else out.push(piece);
    // A blank line keeps the sentence open or closed as it was.
    if (!piece.trim()) return;
    const next = pieces.slice(i + 1).find((x) => x.trim());
    open = piece.endsWith('\n') && next !== undefined && goesOn(piece, next);
  });
  return out.filter((s) => s.trim());
}

/**
 * The passages of one note's text, in reading order. `continuation`: the first paragraph of the note
 * that follows it in the same section, taken in when this note ends by introducing it («:», «?»).
 */
export function cutPassages(texto: string, continuation?: string): PassageSpan[] {
  const out: PassageSpan[] = [];
  paragraphsOf(texto, continuation).forEach(({ text: p, heading, headed }, paragraph) => {
    const about = heading !== undefined ? { heading } : {};
    const opens = headed || paragraph === 0;
    if (p.length <= PASSAGE_MAX_CHARS) return void out.push({ text: p, ...about, opens, paragraph, from: 0, to: 1 });
    const ss = sentencesOf(p);
    let from = 0;
    while (from < ss.length) {
      let to = from;
      let len = 0;
      // At least one sentence; then as many as fit.
      do len += ss[to++]!.length;
      while (to < ss.length && len + ss[to]!.length <= PASSAGE_MAX_CHARS);
      out.push({ text: ss.slice(from, to).join('').trim(), ...about, opens: opens && from === 0, paragraph, from, to });
      if (to >= ss.length) break;
      // Overlap by one sentence when the window held more than one.
      from = to - from > 1 ? to - 1 : to;
    }
  });
  return out;
}

/** The first paragraph of a note's text: what a note ending in «:» or «?» takes from the next. */
export function firstParagraph(texto: string): string {
  return texto.replace(/\r\n?/g, '\n').trim().split(/\n\s*\n/)[0]!.trim();
}

/** True when two passages of one note share text (the same paragraph, overlapping sentences). */
export function overlaps(a: PassageSpan, b: PassageSpan): boolean {
  return a.paragraph === b.paragraph && a.from < b.to && b.from < a.to;
}
