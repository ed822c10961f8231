/**
 * A PDF page's text runs → its lines in reading order — pure. No well-kept JavaScript layout
 * library does this from positioned runs (npm's «pdf layout» packages render PDFs; pdf.js hands out
 * runs in drawing order), so this is a small recursive XY-cut of our own (docs/design.md §40: keep the reading order):
 *
 * 1. The region's runs are cut into horizontal strips where no run spans the gap between them (a sub-
 *    or superscript overlaps its base, so it stays in its line's strip).
 * 2. Consecutive strips that leave the same vertical channel empty (a gutter ≥ GUTTER_MIN) form a
 *    block; a strip with text across the channel (a title over both columns) ends it.
 * 3. A block with one channel and wide lines on both sides is two columns: each side is read as its
 *    own region (recursively: a column may hold a table), left first. A block with more channels, or
 *    narrow cells, is a table: its strips grouped into rows (a wider gap between rows than between the
 *    lines of a cell) and each row read across, cell by cell.
 * 4. Every other strip is one line: its runs left to right, a smaller run raised or lowered against
 *    the line's base kept with it as a super- or subscript (T₁, pV^γ; line-text.ts).
 *
 * Before all this, a fraction set as a stack (a numerator over a denominator beside its formula's
 * line) becomes one run «Q / ΔV» on that line (fractions.ts): read by strips it was two terms side
 * by side, or two lines.
 *
 * The document-level work — running headers, paragraphs across pages and columns, hyphenation,
 * headings — is paragraphs.ts's.
 */

import { lineText, type TextRun } from './line-text.js';
import { stackedFractions } from './fractions.js';

export type { TextRun } from './line-text.js';

/** A line of the page in reading order. `block` numbers the region it was read in (a column, a table, the page's flow). */
export interface LaidLine {
  text: string;
  /** The line's base font size (its largest run's height). */
  size: number;
  left: number;
  right: number;
  /** Baseline y (points from the page's bottom). */
  y: number;
  /** The region it was read in: a change of block between two lines is a change of column or table. */
  block: number;
  /** Width of that region (a column's width, the page's text width). */
  regionWidth: number;
  /** A table row, its cells joined by CELL_JOIN. */
  row?: true;
}

/** How a table row's cells are joined in the text. */
export const CELL_JOIN = ' · ';
/** The narrowest empty vertical channel that separates columns or table cells, in points. */
const GUTTER_MIN = 5;
interface Box extends TextRun {
  top: number;
  bottom: number;
}

const boxOf = (r: TextRun): Box => {
  const h = r.height || 10;
  return { ...r, height: h, top: r.y + 0.8 * h, bottom: r.y - 0.22 * h };
};

/** Horizontal strips: runs chained by vertical overlap, top to bottom. */
function strips(boxes: readonly Box[]): Box[][] {
  const sorted = [...boxes].sort((a, b) => b.top - a.top);
  const out: Box[][] = [];
  let cur: Box[] = [];
  let floor = Infinity;
  for (const b of sorted) {
    // Overlap must be real (more than a third of the smaller run), or tight leading would chain lines.
    if (cur.length && b.top - floor > 0.34 * Math.min(b.height, minHeight(cur))) {
      cur.push(b);
      floor = Math.min(floor, b.bottom);
    } else {
      if (cur.length) out.push(cur);
      cur = [b];
      floor = b.bottom;
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

const minHeight = (bs: readonly Box[]) => bs.reduce((m, b) => Math.min(m, b.height), Infinity);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 10;
const topOf = (bs: readonly Box[]) => Math.max(...bs.map((b) => b.top));
const bottomOf = (bs: readonly Box[]) => Math.min(...bs.map((b) => b.bottom));

type Interval = [number, number];

/** The empty x-channels (≥ GUTTER_MIN wide) between a strip's runs, inside [lo, hi]. */
function channels(strip: readonly Box[]): Interval[] {
  const spans = strip.filter((b) => b.str.trim()).map((b): Interval => [b.x, b.x + b.width]).sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  let end = -Infinity;
  for (const [s, e] of spans) {
    if (end > -Infinity && s - end >= GUTTER_MIN) out.push([end, s]);
    end = Math.max(end, e);
  }
  return out;
}

interface Region {
  boxes: Box[];
  left: number;
  right: number;
}

/** The page's lines in reading order. */
export function readingOrder(runs: readonly TextRun[]): LaidLine[] {
  const boxes = stackedFractions(runs.filter((r) => r.str !== '')).map(boxOf);
  const visible = boxes.filter((b) => b.str.trim());
  if (visible.length === 0) return [];
  const out: LaidLine[] = [];
  const counter = { block: 0 };
  readRegion({ boxes, left: Math.min(...visible.map((b) => b.x)), right: Math.max(...visible.map((b) => b.x + b.width)) }, out, counter, 0);
  return out;
}

/**
 * One region, recursively: a table is read row by row; a region with a gutter (an empty channel with
 * lines on both sides) is cut into its columns, left first; any other is cut at its widest
 * horizontal gap, top first; a region of one strip is a line.
 */
function readRegion(region: Region, out: LaidLine[], counter: { block: number }, block: number): void {
  const all = strips(region.boxes);
  if (all.length === 0) return;
  if (all.length === 1) {
    const s = all[0]!;
    const t = lineText(s);
    if (t.text) out.push({ ...t, left: Math.min(...s.map((b) => b.x)), right: Math.max(...s.map((b) => b.x + b.width)), block, regionWidth: region.right - region.left });
    return;
  }
  const chans = channels(all.flat());
  const size = median(all.flat().map((b) => b.height));
  const gutter = [...chans].sort((a, b) => b[1] - b[0] - (a[1] - a[0])).find((c) => isGutter(all, c, size, region));
  const table = tableRun(all);
  // A «table» one of whose channels is the gutter of two columns is the columns' justified lines
  // (a word that starts at one x on three lines): the columns are read first, a table inside one after.
  if (table && !(gutter && table[2].some(([lo, hi]) => lo < gutter[1] && hi > gutter[0]))) {
    // A table is read row by row, and the text above and below it on its own.
    const [from, to, cells] = table;
    readRegion({ ...region, boxes: all.slice(0, from).flat() }, out, counter, block);
    readTable(all.slice(from, to), cells, region, out, ++counter.block);
    readRegion({ ...region, boxes: all.slice(to).flat() }, out, counter, block);
    return;
  }
  const across = gutter ? spanning(all, gutter, size) : -1;
  if (gutter && across >= 0) {
    // A heading alone over the columns' gutter (nothing beside it) parts the columns above it from those below.
    const at = across === 0 ? 1 : across;
    readRegion({ ...region, boxes: all.slice(0, at).flat() }, out, counter, block);
    readRegion({ ...region, boxes: all.slice(at).flat() }, out, counter, block);
    return;
  }
  if (gutter) {
    const [lo, hi] = gutter;
    const boxes = all.flat();
    readRegion({ boxes: boxes.filter((b) => b.x + b.width <= hi), left: region.left, right: lo }, out, counter, ++counter.block);
    readRegion({ boxes: boxes.filter((b) => b.x + b.width > hi), left: hi, right: region.right }, out, counter, ++counter.block);
    return;
  }
  // Lines across the page over two columns (a title, a byline) or under them: cut where the columns start or end.
  const columns = columnsAt(all, size, region);
  if (columns > 0) {
    readRegion({ ...region, boxes: all.slice(0, columns).flat() }, out, counter, block);
    readRegion({ ...region, boxes: all.slice(columns).flat() }, out, counter, block);
    return;
  }
  // The widest gap between two strips (the topmost of equals): a title's, a paragraph's, then a line's.
  let cut = 1;
  let widest = -Infinity;
  for (let k = 1; k < all.length; k++) {
    const gap = bottomOf(all[k - 1]!) - topOf(all[k]!);
    if (gap > widest + 0.5) [widest, cut] = [gap, k];
  }
  readRegion({ ...region, boxes: all.slice(0, cut).flat() }, out, counter, block);
  readRegion({ ...region, boxes: all.slice(cut).flat() }, out, counter, block);
}

/**
 * Where two columns under lines across the page start (the first strip from which a gutter runs to
 * the region's foot), or where columns over such lines end; 0 when neither. Cut at the widest gap
 * instead, a gap inside the columns (above a display formula) wider than the title's parted them
 * into a top half read across and a bottom half.
 */
function columnsAt(all: readonly Box[][], size: number, region: Region): number {
  // No strip with a gap as wide as a gutter: no columns anywhere (most of a one-column page's regions).
  if (!all.some((s) => channels(s).some(([lo, hi]) => hi - lo >= 1.5 * size))) return 0;
  // The x-ranges still empty as strips are added one by one, from the foot up (then from the top
  // down): a gutter of the strips so far is one of them, so isGutter is asked only of those wide
  // enough between text on both sides.
  const walk = (order: readonly number[], part: (k: number) => readonly Box[][], cut: (k: number) => number): number => {
    let free: Interval[] = [[-Infinity, Infinity]];
    let found = 0;
    for (const k of order) {
      free = keepFree(free, all[k]!);
      const wide = free.filter(([lo, hi]) => lo > -Infinity && hi < Infinity && hi - lo >= 1.5 * size);
      if (wide.length === 0) continue;
      const strips = part(k);
      if (strips.length >= 3 && wide.some((c) => isGutter(strips, c, size, region))) found = cut(k);
    }
    return found > 0 && found < all.length ? found : 0;
  };
  const ks = all.map((_s, k) => k);
  return walk([...ks].reverse().slice(0, -1), (k) => all.slice(k), (k) => k) || walk(ks.slice(0, -1), (k) => all.slice(0, k + 1), (k) => k + 1);
}

/** The x-ranges of `free` that a strip's text leaves empty. */
function keepFree(free: readonly Interval[], strip: readonly Box[]): Interval[] {
  let out = [...free];
  for (const b of strip) {
    if (!b.str.trim()) continue;
    const [x0, x1] = [b.x, b.x + b.width];
    out = out.flatMap(([lo, hi]): Interval[] => (x1 <= lo || x0 >= hi ? [[lo, hi]] : [...(x0 > lo ? [[lo, x0] as Interval] : []), ...(x1 < hi ? [[x1, hi] as Interval] : [])]));
  }
  return out.filter(([lo, hi]) => hi - lo > 0);
}

const sideStrips = (all: readonly Box[][], pick: (b: Box) => boolean) => all.filter((s) => s.some((b) => b.str.trim() && pick(b))).length;

/**
 * The first strip set larger than the text with nothing on the other side of the gutter that parts
 * the columns (a heading across the page, however short), or -1. A column's own heading has nothing
 * beside it either: see partsColumns.
 */
function spanning(all: readonly Box[][], [lo, hi]: Interval, size: number): number {
  return all.findIndex((s, k) => {
    const vis = s.filter((b) => b.str.trim());
    const big = Math.max(...vis.map((b) => b.height)) > 1.1 * size;
    if (!big) return false;
    const left = vis.every((b) => b.x + b.width <= lo);
    if (!left && !vis.every((b) => b.x >= hi)) return false;
    return partsColumns(all, k, left ? (b) => b.x >= hi : (b) => b.x + b.width <= lo, size);
  });
}

/**
 * Whether a heading on one side of the gutter (strip k) stands across the page: the other side's
 * text stops above it and starts again below it, none of it beside the heading, and the empty band
 * there is taller than a heading (a paragraph's gap in the other column is not). A heading inside one
 * column («3. La obra legislativa», alone halfway down the right column) has the other
 * column running on beside it: parted there, a column's sentence was read into the other's (issue
 * #44, tema2-cadiz.pdf).
 */
function partsColumns(all: readonly Box[][], k: number, other: (b: Box) => boolean, size: number): boolean {
  const vis = (s: readonly Box[]) => s.filter((b) => b.str.trim() && other(b));
  const heading = all[k]!.filter((b) => b.str.trim());
  const [top, bottom] = [topOf(heading), bottomOf(heading)];
  const above = all.slice(0, k).flatMap(vis);
  const below = all.slice(k + 1).flatMap(vis);
  if (above.length === 0 || below.length === 0) return true;
  // Text of the other column at the heading's height, however little: a column running on beside it.
  if (bottomOf(above) < top || topOf(below) > bottom) return false;
  return bottomOf(above) - topOf(below) >= top - bottom + 0.25 * size;
}

/**
 * A gutter between columns: text on each side on at least three lines and a channel of a letter and a
 * half, or two lines and two letters and a half — a justified line's wide word gaps, or a table's cells
 * under a column gutter, leave narrower channels.
 */
function isGutter(all: readonly Box[][], c: Interval, size: number, region: Region): boolean {
  const [lo, hi] = c;
  const left = sideStrips(all, (b) => b.x + b.width <= lo);
  const right = sideStrips(all, (b) => b.x >= hi);
  const width = hi - lo;
  const enough = (left >= 3 && right >= 3 && width >= 1.5 * size) || (left >= 2 && right >= 2 && width >= 2.5 * size);
  // Columns of text fill their side; a list of short terms beside their definitions does not, and reads across.
  return enough && fills(all, (b) => b.x + b.width <= lo, hi - region.left) && fills(all, (b) => b.x >= hi, region.right - lo);
}

/** Whether most lines on one side of a channel run across most of that side. */
function fills(all: readonly Box[][], side: (b: Box) => boolean, width: number): boolean {
  const spans = all.map((s) => s.filter((b) => b.str.trim() && side(b))).filter((s) => s.length).map((s) => Math.max(...s.map((b) => b.x + b.width)) - Math.min(...s.map((b) => b.x)));
  return spans.filter((w) => w >= 0.6 * width).length >= 0.5 * spans.length;
}

/**
 * The channels of `a` still empty once `strip` is added: a run reaching into one narrows it, a run
 * across one closes it (a cell's second line, with text in fewer cells, keeps them all).
 */
function keepChannels(a: readonly Interval[], strip: readonly Box[]): Interval[] {
  const spans = strip.filter((b) => b.str.trim()).map((b): Interval => [b.x, b.x + b.width]);
  const out: Interval[] = [];
  for (const [s, e] of a) {
    let lo = s;
    let hi = e;
    for (const [x0, x1] of spans) {
      if (x1 <= lo || x0 >= hi) continue;
      if (x0 <= lo && x1 >= hi) hi = lo;
      else if (x0 <= lo) lo = x1;
      else if (x1 >= hi) hi = x0;
      else if (x0 - lo >= hi - x1) hi = x0;
      else lo = x1;
    }
    if (hi - lo >= GUTTER_MIN) out.push([lo, hi]);
  }
  return out;
}

/**
 * The first table among the strips: at least three consecutive strips that keep two or more channels
 * empty all the way down, starting at a row with text in three cells ([from, to) and the channels).
 * Two columns of text keep one (the gutter); a justified line's wide word gaps do not line up.
 */
function tableRun(all: readonly Box[][]): [number, number, Interval[]] | undefined {
  for (let i = 0; i < all.length; i++) {
    let chans = channels(all[i]!);
    if (chans.length < 2) continue;
    let j = i + 1;
    for (; j < all.length; j++) {
      const next = keepChannels(chans, all[j]!);
      if (next.length < 2) break;
      chans = next;
    }
    const sorted = [...chans].sort((a, b) => a[0] - b[0]);
    if (j - i >= 3 && sorted.filter((c, k) => cellsAligned(all.slice(i, j), c, sorted[k + 1]?.[0] ?? Infinity)).length >= 2 && !chans.some((c) => goesOnBeside(all, i, j, c))) return [i, j, chans];
  }
  return undefined;
}

/**
 * Whether a channel of the strips [i, j) stays empty with text on both sides in two of the two strips
 * above and the two below: a gutter between columns, not a table's (the text about a table crosses its
 * channels). A column of justified text has a word start at one x on three lines now and then.
 */
function goesOnBeside(all: readonly Box[][], i: number, j: number, c: Interval): boolean {
  const around = [...all.slice(Math.max(0, i - 2), i), ...all.slice(j, j + 2)];
  // Against the channel as this strip leaves it: a justified line ends a hair past the table's lines (286.1 against 286.0).
  const beside = (s: readonly Box[]) => keepChannels([c], s).some(([lo, hi]) => s.some((b) => b.str.trim() && b.x + b.width <= lo) && s.some((b) => b.str.trim() && b.x >= hi));
  return around.filter(beside).length >= 2;
}

/** Whether the text after a channel starts at one x on every strip (at least three) that has some (a table's cells are aligned; the words after a wide gap of justified text are not). */
function cellsAligned(rows: readonly Box[][], [, hi]: Interval, next: number): boolean {
  // The cell after the channel ends at the next channel: a line with that cell empty says nothing.
  const starts = rows.map((s) => s.filter((b) => b.str.trim() && b.x >= hi && b.x < next).reduce((m, b) => Math.min(m, b.x), Infinity)).filter((x) => x < Infinity);
  if (starts.length < 3) return false;
  const first = Math.min(...starts);
  return starts.every((x) => x - first <= 2);
}

/** A table: its strips grouped into rows (a row's lines are closer together than two rows), each row read across. */
function readTable(group: readonly Box[][], chans: readonly Interval[], region: Region, out: LaidLine[], block: number): void {
  const tops = group.map((s) => Math.max(...s.map((b) => b.top)));
  const bottoms = group.map((s) => Math.min(...s.map((b) => b.bottom)));
  const gaps = group.slice(1).map((_s, k) => bottoms[k]! - tops[k + 1]!);
  const sortedGaps = [...gaps].sort((a, b) => a - b);
  const smallest = sortedGaps[0] ?? 0;
  // Lines of one cell sit at the smallest gap; a row ends where the gap is clearly larger.
  const rowBreak = (g: number) => g > smallest + Math.max(1.5, 0.25 * minHeight(group.flat()));
  const uniform = sortedGaps.length > 0 && sortedGaps.at(-1)! - smallest <= Math.max(1.5, 0.25 * minHeight(group.flat()));
  const rows: Box[][][] = [[group[0]!]];
  gaps.forEach((g, k) => {
    if (uniform || rowBreak(g)) rows.push([group[k + 1]!]);
    else rows.at(-1)!.push(group[k + 1]!);
  });
  const edges = [region.left - 1, ...chans.map(([lo, hi]) => (lo + hi) / 2), region.right + 1];
  for (const row of rows) {
    const cells: string[] = [];
    for (let c = 0; c + 1 < edges.length; c++) {
      const lines = row.map((s) => s.filter((b) => b.x + b.width / 2 >= edges[c]! && b.x + b.width / 2 < edges[c + 1]!)).filter((s) => s.some((b) => b.str.trim()));
      cells.push(joinCellLines(lines.map((s) => lineText(s).text)));
    }
    const flat = row.flat();
    const t = lineText(flat);
    out.push({ text: cells.filter(Boolean).join(CELL_JOIN), size: t.size, y: t.y, left: Math.min(...flat.map((b) => b.x)), right: Math.max(...flat.map((b) => b.x + b.width)), block, regionWidth: region.right - region.left, row: true });
  }
}

/** A cell's wrapped lines as one text (a word broken with a hyphen at a line end joined again). */
function joinCellLines(lines: readonly string[]): string {
  let out = '';
  for (const l of lines) {
    if (!out) out = l;
    else if (/\p{Ll}-$/u.test(out) && /^\p{Ll}/u.test(l)) out = out.slice(0, -1) + l;
    else out = `${out} ${l}`;
  }
  return out;
}
