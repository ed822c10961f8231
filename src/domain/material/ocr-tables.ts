/**
 * Ruled tables on a straightened page (issue 43 §5), found before Tesseract reads it. Tesseract's
 * page layout takes a table's columns for text columns and its rules for letters («|», «—»): the
 * rows come out in pieces, interleaved with the text beside them. So a table drawn with rules is
 * found here by its rules (OpenCV: the long horizontal and vertical strokes of the inked page,
 * kept by a morphological opening), painted out of the page Tesseract reads as a whole, and each of
 * its cells is read on its own (ocr-child.ts); the rows go back into the page's lines where the
 * table stood, one line a row, its cells split by «|» as ocr-page.ts reads a row.
 *
 * Only the OCR child loads OpenCV (opencv.ts); the rest of this module is plain pixel arithmetic.
 */
import type { OpenCv } from './opencv.js';

export interface Cell {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface RuledTable {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Its cells, row by row, left to right. */
  rows: Cell[][];
}

/**
 * Widest copy of the page the rules are looked for on, in pixels: a page at 200 dpi is found at its
 * own size (a thin grey rule scaled down to half fades under the threshold: measured, a header row's
 * rule was lost at 1,000 pixels), a larger scan is scaled down to it.
 */
const FIND_WIDTH = 2400;
/** A rule is at least this share of the page's width (horizontal) or the table's height (vertical). */
const MIN_RULE_WIDTH = 1 / 25;
/** A table spans at least this share of the page's width. */
const MIN_TABLE_WIDTH = 0.3;
/** A horizontal rule crosses at least this share of its table's width; a vertical one, of its height. */
const RULE_SPAN = 0.6;
/** An outline this close to the page's edge (pixels) is the page's frame, not a table. */
const EDGE = 3;
/** Rules closer than this (pixels) are one rule drawn a few pixels thick. */
const SAME_RULE = 6;

/** Positions closer than SAME_RULE merged to their mean. */
function merged(xs: number[]): number[] {
  const s = [...xs].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const x of s) {
    const last = out.at(-1);
    if (last && x - last.at(-1)! <= SAME_RULE) last.push(x);
    else out.push([x]);
  }
  return out.map((g) => g.reduce((a, b) => a + b, 0) / g.length);
}

/**
 * The ruled tables of a grey page (`pixels`, `width` × `height`, one byte a pixel): regions where
 * long horizontal and vertical rules cross, with at least two rows and two columns of cells.
 */
export function ruledTables(cv: OpenCv, pixels: Uint8Array, fullWidth: number, fullHeight: number): RuledTable[] {
  // Rules are looked for on a copy at most FIND_WIDTH wide, and the cells given back in the page's own pixels.
  const f = Math.min(1, FIND_WIDTH / fullWidth);
  const full = cv.matFromArray(fullHeight, fullWidth, cv.CV_8UC1, pixels);
  const grey = new cv.Mat();
  cv.resize(full, grey, new cv.Size(Math.round(fullWidth * f), Math.round(fullHeight * f)), 0, 0, cv.INTER_AREA);
  full.delete();
  const { cols: width, rows: height } = grey;
  const ink = new cv.Mat();
  const horiz = new cv.Mat();
  const vert = new cv.Mat();
  const grid = new cv.Mat();
  const hierarchy = new cv.Mat();
  const hk = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(Math.max(20, Math.round(width * MIN_RULE_WIDTH)), 1));
  // Vertical rules are a row or two tall at least: longer than any letter's stroke.
  const vk = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, Math.max(20, Math.round(height / 50))));
  const contours = new cv.MatVector();
  const tables: RuledTable[] = [];
  try {
    cv.adaptiveThreshold(grey, ink, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 25, 10);
    cv.morphologyEx(ink, horiz, cv.MORPH_OPEN, hk);
    cv.morphologyEx(ink, vert, cv.MORPH_OPEN, vk);
    cv.bitwise_or(horiz, vert, grid);
    const k3 = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5));
    cv.dilate(grid, grid, k3);
    k3.delete();
    // Every outline, not only the outermost: a photo's page keeps a dark frame at its edges, and a
    // table inside that frame is an inner outline. What touches the frame is the frame.
    cv.findContours(grid, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const rects = [];
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      rects.push(cv.boundingRect(c));
      c.delete();
    }
    // Largest first: an outline inside a table already found is one of its cells or its inner frame.
    rects.sort((a, b) => b.width * b.height - a.width * a.height);
    for (const r of rects) {
      if (r.width < width * MIN_TABLE_WIDTH || r.height < 40) continue;
      if (r.x <= EDGE || r.y <= EDGE || r.x + r.width >= width - EDGE || r.y + r.height >= height - EDGE) continue;
      // A table's outline is found twice (its outside and the inside of its frame): once is enough.
      if (tables.some((t) => r.x >= t.x0 - EDGE && r.y >= t.y0 - EDGE && r.x + r.width <= t.x1 + EDGE && r.y + r.height <= t.y1 + EDGE)) continue;
      const rowsAt = ruleLines(cv, horiz, r, 'h');
      const colsAt = ruleLines(cv, vert, r, 'v');
      if (rowsAt.length < 3 || colsAt.length < 3) continue;
      const rows: Cell[][] = [];
      for (let y = 0; y + 1 < rowsAt.length; y++) {
        const row: Cell[] = [];
        for (let x = 0; x + 1 < colsAt.length; x++) row.push({ x0: colsAt[x]! / f, y0: rowsAt[y]! / f, x1: colsAt[x + 1]! / f, y1: rowsAt[y + 1]! / f });
        rows.push(row);
      }
      tables.push({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height, rows });
    }
  } finally {
    for (const m of [grey, ink, horiz, vert, grid, hierarchy, hk, vk]) m.delete();
    contours.delete();
  }
  const px = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v / f)));
  return tables
    .map((t) => ({ x0: px(t.x0, fullWidth), y0: px(t.y0, fullHeight), x1: px(t.x1, fullWidth), y1: px(t.y1, fullHeight), rows: t.rows }))
    .sort((a, b) => a.y0 - b.y0);
}

/** The positions of the rules in `mask` inside `r` that cross most of it (rows' y, or columns' x). */
function ruleLines(cv: OpenCv, mask: InstanceType<OpenCv['Mat']>, r: { x: number; y: number; width: number; height: number }, dir: 'h' | 'v'): number[] {
  const roi = mask.roi(r);
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const at: number[] = [];
  try {
    cv.findContours(roi, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const b = cv.boundingRect(c);
      c.delete();
      if (dir === 'h' && b.width >= RULE_SPAN * r.width) at.push(r.y + b.y + b.height / 2);
      if (dir === 'v' && b.height >= RULE_SPAN * r.height) at.push(r.x + b.x + b.width / 2);
    }
  } finally {
    roi.delete();
    contours.delete();
    hierarchy.delete();
  }
  return merged(at).map(Math.round);
}

/** How far inside its rules a cell is read (pixels): the rules themselves are left out. */
const CELL_INSET = 5;
/** White margin around a cell's crop: Tesseract reads a word touching the edge poorly. */
const CELL_MARGIN = 12;

/**
 * How much a cell is enlarged before it is read: a table's text is set small and its sub- and
 * superscripts smaller still (T₁ read as «T:» at the page's scale); twice the size, Tesseract reads them.
 */
export const CELL_SCALE = 2;

/** A cell of the page as its own grey PGM (and its pixels), white-framed and CELL_SCALE times larger; undefined for a cell too small to hold text. */
export function cellPgm(cv: OpenCv, pixels: Uint8Array, width: number, cell: Cell): { pgm: Uint8Array; pixels: Uint8Array; width: number } | undefined {
  const height = pixels.length / width;
  const x0 = Math.max(0, Math.ceil(cell.x0 + CELL_INSET));
  const x1 = Math.min(width, Math.floor(cell.x1 - CELL_INSET));
  const y0 = Math.max(0, Math.ceil(cell.y0 + CELL_INSET));
  const y1 = Math.min(height, Math.floor(cell.y1 - CELL_INSET));
  if (x1 - x0 < 8 || y1 - y0 < 8) return undefined;
  const w = x1 - x0 + 2 * CELL_MARGIN;
  const h = y1 - y0 + 2 * CELL_MARGIN;
  const body = new Uint8Array(w * h).fill(255);
  let dark = 0;
  for (let y = y0; y < y1; y++) {
    const from = y * width + x0;
    const row = pixels.subarray(from, from + (x1 - x0));
    body.set(row, (y - y0 + CELL_MARGIN) * w + CELL_MARGIN);
    for (const v of row) if (v < 128) dark++;
  }
  // An empty cell: nothing to read.
  if (dark < 10) return undefined;
  const small = cv.matFromArray(h, w, cv.CV_8UC1, body);
  const large = new cv.Mat();
  try {
    cv.resize(small, large, new cv.Size(w * CELL_SCALE, h * CELL_SCALE), 0, 0, cv.INTER_CUBIC);
    const out = large.data.slice(0, w * h * CELL_SCALE * CELL_SCALE);
    return { pgm: pgm(out, w * CELL_SCALE, h * CELL_SCALE), pixels: out, width: w * CELL_SCALE };
  } finally {
    small.delete();
    large.delete();
  }
}

/** Grey bytes as a binary PGM. */
export function pgm(pixels: Uint8Array, width: number, height: number): Uint8Array {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + pixels.length);
  out.set(header, 0);
  out.set(pixels, header.length);
  return out;
}

/** The page's pixels with the tables painted white (a copy): what Tesseract reads as the page. */
export function withoutTables(pixels: Uint8Array, width: number, tables: readonly RuledTable[]): Uint8Array {
  const out = new Uint8Array(pixels);
  for (const t of tables) for (let y = t.y0; y < t.y1; y++) out.fill(255, y * width + t.x0, y * width + t.x1);
  return out;
}
