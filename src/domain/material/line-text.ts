/**
 * One line's text from its positioned runs — pure: runs left to right, a smaller run raised or
 * lowered against the run it touches kept with it as a super- or subscript (T₁, pV^γ, ε₀A in a
 * fraction's numerator). reading-order.ts reads a page's lines with it; fractions.ts a fraction's
 * numerator and denominator.
 */

/** One run of text as pdf.js places it: `x`, `y` of its baseline in points (y grows upwards). */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A run this much smaller than its line's base, raised or lowered, is a super- or subscript. */
export const SMALL_RUN = 0.85;

/** The text of one line: runs left to right, super- and subscripts kept with their base. */
export function lineText(runs: readonly TextRun[]): { text: string; size: number; y: number } {
  const sorted = [...runs].sort((a, b) => a.x - b.x);
  const base = sorted.filter((r) => r.str.trim()).reduce<TextRun | undefined>((m, r) => (!m || r.height > m.height ? r : m), undefined) ?? sorted[0]!;
  const size = base.height || 10;
  let out = '';
  let end = -Infinity;
  // The full-size run a script touches: raised or lowered against it, not against the line's
  // largest run (a subscript in a numerator stands above the line's base, and is still a subscript).
  let owner = base;
  for (const r of sorted) {
    const gap = r.x - end;
    const small = r.str.trim() !== '' && r.height < SMALL_RUN * size;
    const shift = r.y - owner.y;
    // Only a run that touches the text before it: a smaller line beside a heading is not its superscript.
    const script = small && out && gap < 0.3 * size ? (shift > 0.15 * size ? 'sup' : shift < -0.08 * size ? 'sub' : undefined) : undefined;
    if (!script && out && gap > 0.15 * (r.height || 10) && !out.endsWith(' ') && !r.str.startsWith(' ')) out += ' ';
    out += script ? scripted(r.str.trim(), script) : r.str;
    if (r.str.trim() && !small) owner = r;
    end = r.x + r.width;
  }
  return { text: out.replace(/\s+/g, ' ').trim(), size, y: base.y };
}

const SUB: Readonly<Record<string, string>> = { 0: '₀', 1: '₁', 2: '₂', 3: '₃', 4: '₄', 5: '₅', 6: '₆', 7: '₇', 8: '₈', 9: '₉', '+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎', a: 'ₐ', e: 'ₑ', o: 'ₒ', x: 'ₓ', h: 'ₕ', k: 'ₖ', l: 'ₗ', m: 'ₘ', n: 'ₙ', p: 'ₚ', s: 'ₛ', t: 'ₜ', i: 'ᵢ', r: 'ᵣ', u: 'ᵤ', v: 'ᵥ' };
const SUP: Readonly<Record<string, string>> = { 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹', '+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', n: 'ⁿ', i: 'ⁱ', γ: 'ᵞ', x: 'ˣ' };

/** A sub- or superscript in Unicode's small forms when it has them all (T₁), else marked (pV^γ, x_max). */
function scripted(s: string, kind: 'sub' | 'sup'): string {
  const table = kind === 'sub' ? SUB : SUP;
  const chars = [...s];
  if (chars.every((c) => table[c] !== undefined)) return chars.map((c) => table[c]).join('');
  const mark = kind === 'sub' ? '_' : '^';
  return chars.length === 1 ? `${mark}${s}` : `${mark}(${s})`;
}

