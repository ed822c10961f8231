/**
 * A PDF page's text items in reading order — pure. pdf.js hands out the text runs in the order the
 * file draws them, which for a two-column page is often line by line across both columns. Here the
 * runs are grouped into lines by height, a gutter is looked for between the columns (an x no run
 * crosses, with text on both sides of it on several lines), and each band between full-width lines
 * (a title across the page) is read left column first, top to bottom, then the right one.
 */

/** One run of text as pdf.js places it: `x`, `y` of its baseline in points (y grows upwards). */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Line {
  y: number;
  height: number;
  runs: TextRun[];
}

/** Lines whose baselines differ by less than this share of the font height are one line. */
const SAME_LINE = 0.5;
/** A vertical gap above this many line heights starts a new paragraph. */
const PARAGRAPH_GAP = 1.6;
/** A gutter needs text on both sides on at least this many lines. */
const GUTTER_MIN_LINES = 3;

function groupLines(runs: readonly TextRun[]): Line[] {
  const sorted = runs.filter((r) => r.str.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  for (const r of sorted) {
    const h = r.height || 10;
    const line = lines.find((l) => Math.abs(l.y - r.y) < SAME_LINE * Math.max(h, l.height));
    if (line) line.runs.push(r);
    else lines.push({ y: r.y, height: h, runs: [r] });
  }
  for (const l of lines) l.runs.sort((a, b) => a.x - b.x);
  return lines.sort((a, b) => b.y - a.y);
}

/** The x of the gutter between two columns, if the page has two. */
export function findGutter(runs: readonly TextRun[], pageWidth: number): number | undefined {
  const lines = groupLines(runs);
  let best: { x: number; score: number } | undefined;
  for (let x = pageWidth * 0.3; x <= pageWidth * 0.7; x += 2) {
    let crossing = 0;
    let both = 0;
    for (const l of lines) {
      if (l.runs.some((r) => r.x < x && r.x + r.width > x)) crossing++;
      else if (l.runs.some((r) => r.x + r.width <= x) && l.runs.some((r) => r.x >= x)) both++;
    }
    // Full-width titles cross the gutter; body lines must not. Most lines of a two-column page
    // have text on both sides.
    if (both < GUTTER_MIN_LINES || crossing > both / 2) continue;
    const score = both - 2 * crossing;
    if (!best || score > best.score) best = { x, score };
  }
  return best?.x;
}

function lineText(runs: readonly TextRun[]): string {
  let out = '';
  let end = -Infinity;
  for (const r of runs) {
    const gap = r.x - end;
    if (out && gap > 0.15 * (r.height || 10) && !out.endsWith(' ') && !r.str.startsWith(' ')) out += ' ';
    out += r.str;
    end = r.x + r.width;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Lines as text, a blank line between paragraphs (a gap taller than a line and a half). */
function linesText(lines: readonly Line[]): string {
  let out = '';
  let prev: Line | undefined;
  for (const l of lines) {
    const t = lineText(l.runs);
    if (!t) continue;
    if (prev) out += prev.y - l.y > PARAGRAPH_GAP * Math.max(prev.height, l.height) ? '\n\n' : '\n';
    out += t;
    prev = l;
  }
  return out;
}

/** The page's text in reading order: paragraphs separated by a blank line. */
export function pageText(runs: readonly TextRun[], pageWidth: number): string {
  const gutter = findGutter(runs, pageWidth);
  const lines = groupLines(runs);
  if (gutter === undefined) return linesText(lines);
  const parts: string[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    for (const col of [left, right]) if (col.length) parts.push(linesText(col));
    left = [];
    right = [];
  };
  for (const l of lines) {
    if (l.runs.some((r) => r.x < gutter && r.x + r.width > gutter)) {
      flush();
      parts.push(linesText([l]));
      continue;
    }
    const l1 = l.runs.filter((r) => r.x + r.width <= gutter);
    const r1 = l.runs.filter((r) => r.x >= gutter);
    if (l1.length) left.push({ ...l, runs: l1 });
    if (r1.length) right.push({ ...l, runs: r1 });
  }
  flush();
  return parts.filter(Boolean).join('\n\n');
}
