/**
 * A fraction set as a stack — its numerator raised over the formula's line, its denominator lowered
 * under it, the bar a drawn line that carries no text — read as one run «Q / ΔV» on the formula's
 * line — pure. Read by strips, the two terms came out side by side («C = Q ΔV», a product) or on
 * two lines; a subscript in the numerator, above the line's base, read as a superscript («ε⁰A»).
 *
 * A stack is told by its positions alone: two pieces of full-size text, one over the other a line's
 * height apart and overlapping across, each short (a formula's term, not a line of prose), and beside
 * them — touching on the left or the right — a piece of the formula's line whose baseline lies
 * between theirs («C =», «·»). Two lines of a paragraph have nothing between their baselines.
 */
import { lineText, SMALL_RUN, type TextRun } from './line-text.js';

/** A numerator's or denominator's widest, in its own letter heights: a term, not a line of prose. */
const TERM_WIDTH = 8;

/** Runs of one baseline chained left to right (a script touching its run goes with it). */
interface Piece {
  runs: TextRun[];
  left: number;
  right: number;
  y: number;
  size: number;
}

/** The visible runs as pieces: full-size runs on one baseline a word's gap or less apart, with the scripts that touch them. */
function pieces(runs: readonly TextRun[]): Piece[] {
  const visible = [...runs].filter((r) => r.str.trim()).sort((a, b) => a.x - b.x);
  const full = visible.filter((r) => !visible.some((o) => o !== r && touches(o, r) && r.height < SMALL_RUN * o.height));
  const out: Piece[] = [];
  for (const r of full) {
    const h = r.height || 10;
    const into = out.find((p) => Math.abs(p.y - r.y) <= 0.1 * h && Math.abs(p.size - h) <= 0.15 * h && r.x - p.right < 0.6 * h && r.x - p.right > -0.2 * h);
    if (into) {
      into.runs.push(r);
      into.right = Math.max(into.right, r.x + r.width);
    } else out.push({ runs: [r], left: r.x, right: r.x + r.width, y: r.y, size: h });
  }
  // A script joins the piece whose run it touches.
  for (const s of visible.filter((r) => !full.includes(r))) {
    const owner = out.find((p) => p.runs.some((r) => touches(r, s)));
    if (!owner) continue;
    owner.runs.push(s);
    owner.right = Math.max(owner.right, s.x + s.width);
  }
  return out;
}

/** Whether `s` starts where `r` ends (within a third of `r`'s height) and stands beside it vertically. */
function touches(r: TextRun, s: TextRun): boolean {
  const h = r.height || 10;
  return s.x - (r.x + r.width) < 0.3 * h && s.x - (r.x + r.width) > -0.3 * h && Math.abs(s.y - r.y) < 0.7 * h;
}

/** Whether two pieces overlap across by half the narrower one. */
const overlap = (a: Piece, b: Piece) => Math.min(a.right, b.right) - Math.max(a.left, b.left) >= 0.5 * Math.min(a.right - a.left, b.right - b.left);

/** The page's runs with each stacked fraction replaced by one run on its formula's line. */
export function stackedFractions(runs: readonly TextRun[]): TextRun[] {
  const all = pieces(runs);
  const used = new Set<TextRun>();
  const made: TextRun[] = [];
  for (const num of all) {
    const h = num.size;
    if (num.right - num.left > TERM_WIDTH * h || num.runs.some((r) => used.has(r))) continue;
    const den = all.find((d) => d !== num && !d.runs.some((r) => used.has(r)) && Math.abs(d.size - h) <= 0.15 * h && num.y - d.y >= 0.9 * h && num.y - d.y <= 2.1 * h && d.right - d.left <= TERM_WIDTH * h && overlap(num, d));
    if (!den) continue;
    const left = Math.min(num.left, den.left);
    const right = Math.max(num.right, den.right);
    // The formula's line beside the stack, its baseline between the two.
    const base = all.find((b) => b !== num && b !== den && Math.abs(b.size - h) <= 0.15 * h && b.y > den.y + 0.3 * h && b.y < num.y - 0.3 * h && ((b.right <= left + 0.3 * h && b.right >= left - 1.5 * h) || (b.left >= right - 0.3 * h && b.left <= right + 1.5 * h)));
    if (!base) continue;
    for (const r of [...num.runs, ...den.runs]) used.add(r);
    const str = `${term(lineText(num.runs).text, false)} / ${term(lineText(den.runs).text, true)}`;
    made.push({ str, x: left, y: base.y, width: right - left, height: base.size });
  }
  return made.length ? [...runs.filter((r) => !used.has(r)), ...made] : [...runs];
}

/**
 * A numerator or denominator as it reads after «/»: in brackets when it is a sum (or, under the bar,
 * a product: «1 / (4πε₀)», «Q² / (2C)»), so that «/» divides by all of it; a single quantity («ΔV»,
 * «d», «r²») or a numerator product («ε₀A», «q₁q₂») as it is.
 */
function term(text: string, under: boolean): string {
  if (/[\s+\-−±·×=/]/u.test(text)) return `(${text})`;
  if (!under) return text;
  const bare = text.replace(/[₀-₎ₐ-ₜᵢ-ᵪ⁰-⁾ⁱⁿᵞˣ]|[_^](?:\([^)]*\)|\S)/gu, '');
  const factors = bare.match(/\d+(?:[.,]\d+)?|Δ?\p{L}/gu) ?? [];
  return factors.length > 1 ? `(${text})` : text;
}
