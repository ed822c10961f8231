/**
 * A PDF's lines in reading order (reading-order.ts), page by page → its text as paragraphs — pure.
 * This is where the page stops mattering (docs/design.md §40: read like a person):
 *
 * - running headers, footers and page numbers go: a line at the top or bottom of its page whose text
 *   (digits aside) and size come back on at least half of the pages, or a bare page number there. Only
 *   this document's pages are compared, so two lectures that share a header both keep their text; and
 *   the top or bottom line of a page that stands where those headers or footers stand, at their size,
 *   though its text is another (a first page's own header);
 * - a heading (a line clearly larger than the body's text) becomes a Markdown heading line, which the
 *   note splitter makes a note's topic; a heading wrapped over two lines is one;
 * - a paragraph goes on across a column or page break when its last line does not end a sentence;
 *   within a column a gap taller than a line and a half ends one;
 * - a word broken with a hyphen at a line end is joined again (a hyphen before a capital stays: Kelvin-Planck);
 * - a table's rows stay one per line, cells joined by « · ».
 *
 * A paragraph belongs to the page where it starts: each page's text is the paragraphs that start on it.
 * A page read by OCR comes as positioned lines too (ocr-page.ts) and goes through the same logic;
 * on it, besides, a small line at the top or bottom set apart from the text (a header or footer band)
 * is dropped even when no other page repeats it: a photo is often one page alone.
 */
import type { LaidLine } from './reading-order.js';

/** One page's lines in reading order; `scanned` when they were read by OCR. */
export interface PageLines {
  lines: LaidLine[];
  scanned?: boolean;
}

/** A heading is at least this much larger than the body text. */
const HEADING_SIZE = 1.12;
/** A gap between two lines taller than this many line sizes ends a paragraph. */
const PARAGRAPH_GAP = 1.5;
/** Lines from each end of a page that may be a running header or footer. */
const EDGE_LINES = 2;
/** On a scanned page, an edge line under this share of the body's size… */
const BAND_SIZE = 0.9;
/** …whose baseline is at least this many body sizes from the next line's is a header or footer band. */
const BAND_GAP = 2;
/** A line that fills this share of its column ran to its edge: the paragraph goes on after it. */
const FULL_LINE = 0.9;
/** A line that ends this close to its column's edge (in line sizes) was stretched there: justified, not a paragraph's last. */
const JUSTIFIED_EDGE = 0.15;

/** How much more room (in line sizes) a line's sub- or superscripts may take from the gap between two lines. */
const SCRIPT_ROOM = 0.4;
/** A formula set apart from its sentence sits at most this many line sizes from the lines around it. */
const DISPLAY_GAP = 3.5;
const SUBSCRIPT = /[₀-₎ₐ-ₜᵢ-ᵪ]|_[\p{L}\p{N}(]/u;
const SUPERSCRIPT = /[⁰-⁾ⁱⁿᵞˣ¹²³]|\^[\p{L}\p{N}(]/u;
const PAGE_NUMBER = /^(?:p[áa]g(?:ina|\.)?\s*)?\d{1,4}(?:\s*(?:de|\/|of)\s*\d{1,4})?$/iu;
const BULLET = /^(?:[•●▪◦*–-]\s|\d{1,2}[.)]\s)/u;
const SENTENCE_END = /[.!?:…;]["»”)\]]*$/u;

/** A line's identity for the running-header count: text with digits folded, and its size. */
const runningKey = (l: LaidLine) => `${l.text.toLocaleLowerCase('es').replace(/\d+/g, '#').replace(/\s+/g, ' ')}|${Math.round(l.size)}`;

/** The lines of each page without its running header, footer and page numbers (and, scanned, its header and footer bands). */
export function withoutRunning(pages: readonly PageLines[]): PageLines[] {
  const edges = (p: PageLines) => new Set([...p.lines.slice(0, EDGE_LINES), ...p.lines.slice(-EDGE_LINES)]);
  const seen = new Map<string, number>();
  for (const p of pages) for (const k of new Set([...edges(p)].map(runningKey))) seen.set(k, (seen.get(k) ?? 0) + 1);
  const enough = Math.max(2, Math.ceil(pages.length / 2));
  const body = bodySize(pages);
  const running = (l: LaidLine) => (seen.get(runningKey(l)) ?? 0) >= enough;
  // Where the running headers and footers stand: a page whose header says something else there (the
  // first page's «Apuntes de clase, semana 5…» above pages that say «Tema 5 · Termodinámica») has
  // its own header, in the same place and the same size, and it goes too.
  const spots = pages.flatMap((p) => [...edges(p)].filter(running).map((l) => ({ y: l.y, size: Math.round(l.size) })));
  const atSpot = (l: LaidLine) => spots.some((s) => Math.abs(s.y - l.y) <= body / 2 && s.size === Math.round(l.size));
  return pages.map((p) => {
    const edge = edges(p);
    const band = p.scanned ? bands(p.lines, body) : new Set<LaidLine>();
    const outer = new Set([p.lines.reduce<LaidLine | undefined>((a, l) => (a && a.y >= l.y ? a : l), undefined), p.lines.reduce<LaidLine | undefined>((a, l) => (a && a.y <= l.y ? a : l), undefined)]);
    const apart = apartFromBody(p.lines, body);
    // An edge line goes when it is a page number, or — set apart from the body — a running header or
    // footer, or the outermost line where those stand.
    const goes = (l: LaidLine) => PAGE_NUMBER.test(l.text.trim()) || (apart.has(l) && (running(l) || (outer.has(l) && atSpot(l))));
    return { ...p, lines: p.lines.filter((l) => !band.has(l) && (!edge.has(l) || !goes(l))) };
  });
}

/**
 * The edge lines set apart from the page's body: between such a line and the body's first (or last)
 * line there is a gap wider than a line's (PARAGRAPH_GAP). A running header or footer stands in the
 * margin; a line that goes on at the text's own spacing is the text, however alike it is from page to
 * page — a lecture made from a template lost the last two lines of every page («…el profesor lo /
 * explicó con el ejemplo 12 de la práctica») as a footer.
 */
function apartFromBody(lines: readonly LaidLine[], body: number): Set<LaidLine> {
  const out = new Set<LaidLine>();
  const gapAfter = (i: number) => Math.abs(lines[i]!.y - lines[i + 1]!.y) > PARAGRAPH_GAP * body;
  const n = lines.length;
  // From the body outwards: once a wide gap is crossed, every edge line beyond it is apart.
  let gap = false;
  for (let i = Math.min(EDGE_LINES, n - 1) - 1; i >= 0; i--) if ((gap ||= gapAfter(i))) out.add(lines[i]!);
  gap = false;
  for (let i = Math.max(n - EDGE_LINES, 1); i < n; i++) if ((gap ||= gapAfter(i - 1))) out.add(lines[i]!);
  return out;
}

/**
 * A scanned page's header and footer bands: from each end, the lines smaller than the body's text
 * whose baseline lies BAND_GAP body sizes or more from the next line's (the margin that parts a
 * running header or footer from the page's text).
 */
function bands(lines: readonly LaidLine[], body: number): Set<LaidLine> {
  const out = new Set<LaidLine>();
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  const take = (from: readonly LaidLine[]) => {
    for (let i = 0; i < Math.min(EDGE_LINES, from.length - 1); i++) {
      const l = from[i]!;
      if (l.size >= BAND_SIZE * body || Math.abs(l.y - from[i + 1]!.y) < BAND_GAP * body) break;
      out.add(l);
    }
  };
  take(byHeight);
  take([...byHeight].reverse());
  return out;
}

/** The body's font size: the size most of the text is set in. */
function bodySize(pages: readonly PageLines[]): number {
  const weight = new Map<number, number>();
  for (const p of pages) for (const l of p.lines) {
    const s = Math.round(l.size * 2) / 2;
    weight.set(s, (weight.get(s) ?? 0) + l.text.length);
  }
  let best = 0;
  let size = 10;
  for (const [s, w] of weight) if (w > best) [best, size] = [w, s];
  return size;
}

/** `a` and `b` as one line of text: a word broken by a hyphen at the end of `a` joined again. */
export function joinLines(a: string, b: string): string {
  if (!a) return b;
  if (/\p{L}[-\u00ad]$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  if (/\u00ad$/u.test(a)) return a.slice(0, -1) + b;
  if (/[\p{L}\p{N}][-–]$/u.test(a)) return a + b;
  return `${a} ${b}`;
}

interface Para {
  page: number;
  kind: 'text' | 'heading' | 'table';
  text: string;
  size: number;
  last?: LaidLine;
  /** Its last line is a formula set on its own line (displayFormula). */
  display?: boolean;
}

/** A line that is a formula set apart: short, with «=», indented or centred against the line before it. */
function displayFormula(l: LaidLine, prev: LaidLine): boolean {
  return l.text.includes('=') && l.text.length <= 80 && l.left - prev.left >= 2 * l.size && l.right - l.left <= 0.8 * l.regionWidth;
}

/** The document's text, page by page: each page's paragraphs (those that start on it), a blank line between them. */
export function documentPages(pages: readonly PageLines[]): string[] {
  const clean = withoutRunning(pages);
  const body = bodySize(clean);
  const paras: Para[] = [];
  let cur: Para | undefined;
  const flush = () => {
    if (cur?.text.trim()) paras.push(cur);
    cur = undefined;
  };
  clean.forEach((p, index) => {
    const page = index + 1;
    for (const l of p.lines) {
      const heading = l.size >= HEADING_SIZE * body && !l.row && l.text.length <= 160;
      if (heading) {
        if (cur?.kind === 'heading' && cur.last && Math.abs(cur.size - l.size) < 0.5 && cur.last.block === l.block && cur.last.y - l.y < 1.6 * l.size) {
          cur.text = joinLines(cur.text, l.text);
          cur.last = l;
          continue;
        }
        flush();
        cur = { page, kind: 'heading', text: l.text, size: l.size, last: l };
        continue;
      }
      if (l.row) {
        if (cur?.kind === 'table' && cur.last?.block === l.block) {
          cur.text += `\n${l.text}`;
          cur.last = l;
          continue;
        }
        flush();
        cur = { page, kind: 'table', text: l.text, size: l.size, last: l };
        continue;
      }
      if (cur?.kind === 'text' && cur.last && goesOn(cur, l, body)) {
        cur.display = cur.last.block === l.block && cur.last.y - l.y > (PARAGRAPH_GAP + SCRIPT_ROOM) * l.size && displayFormula(l, cur.last);
        cur.text = joinLines(cur.text, l.text);
        cur.last = l;
        continue;
      }
      flush();
      cur = { page, kind: 'text', text: l.text, size: l.size, last: l };
    }
  });
  flush();
  const out: string[][] = pages.map(() => []);
  for (const p of paras) out[p.page - 1]!.push(p.kind === 'heading' ? `## ${p.text}` : p.text);
  return out.map((ps) => ps.join('\n\n'));
}

/** Whether line `l` continues the paragraph `p` (whose last line is `p.last`). */
function goesOn(p: Para, l: LaidLine, body: number): boolean {
  const prev = p.last!;
  if (BULLET.test(l.text)) return false;
  if (Math.abs(prev.size - l.size) > 0.15 * body) return false;
  if (prev.block === l.block && prev.y > l.y) {
    const size = Math.max(prev.size, l.size);
    // A subscript under the line before, or a superscript over this one, spreads the two lines apart.
    const scripts = SUBSCRIPT.test(prev.text) || SUPERSCRIPT.test(l.text) ? SCRIPT_ROOM : 0;
    if (prev.y - l.y <= (PARAGRAPH_GAP + scripts) * size) return true;
    // A formula set on its own line is part of its sentence: after «… una distancia d,» (the sentence
    // goes on), and the words after it in lower case («donde ε₀ es …»). A passage quoted from the
    // sentence then has its formula.
    if (prev.y - l.y > DISPLAY_GAP * size) return false;
    if (p.display) return /^\p{Ll}/u.test(l.text);
    return !/[.!?…;]["»”)\]]*$/u.test(prev.text) && displayFormula(l, prev);
  }
  // Another column or page (or a line above the last one: a new column): the paragraph goes on
  // unless its sentence ended — or, ended, when its line ran to the column's edge and the next
  // line goes on in lower case (a sentence cut after an abbreviation), or when its line was
  // stretched to the very edge: justified text stretches every line of a paragraph but its last
  // («…cada vez mayores.» at a column's foot, «El pudelado…» at the next one's head: one paragraph).
  if (!SENTENCE_END.test(prev.text)) return true;
  if (prev.left + prev.regionWidth - prev.right <= JUSTIFIED_EDGE * prev.size) return true;
  return prev.right - prev.left >= FULL_LINE * prev.regionWidth && /^\p{Ll}/u.test(l.text);
}
