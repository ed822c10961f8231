/**
 * Wrong formulas made from a right one (pure). A lecture often writes one or two formulas, and a
 * formula question needs three wrong options; where the course has too few formulas of other
 * quantities, the options are the right formula with one operation of its right side changed —
 * the fraction turned over, a division made a product, a sign changed, a square dropped or added —
 * the mistakes a student makes. All four options then compute the same quantity, so the left side
 * tells nothing and the question asks exactly which operation is right (docs/design.md §3).
 */

/** Positions of `ops` in `text` outside any bracket. */
function topLevel(text: string, ops: RegExp): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && ops.test(c)) out.push(i);
  }
  return out;
}

/** A part in brackets where it holds an operation outside any bracket («1 − T₂» → «(1 − T₂)»), else as it is. */
const bracket = (s: string) => (topLevel(s, /[+−\-/·×]/u).some((i) => s[i - 1] === ' ') ? `(${s})` : s);
const unbracket = (s: string) => (/^\((?:[^()]|\([^()]*\))*\)$/u.test(s) ? s.slice(1, -1).trim() : s);
const norm = (s: string) => s.replace(/\s+/gu, '');

/** A product or quotient's variants: turned over, a division made a product, a product a division. */
function termVariants(term: string): string[] {
  const divisions = topLevel(term, /\//u);
  if (divisions.length === 1) {
    const at = divisions[0]!;
    const [a, b] = [term.slice(0, at).trim(), term.slice(at + 1).trim()];
    return [`${bracket(unbracket(b))} / ${bracket(unbracket(a))}`, `${a} ${term.includes('×') ? '×' : '·'} ${b}`];
  }
  const products = topLevel(term, /[·×]/u);
  if (divisions.length === 0 && products.length >= 1) {
    const at = products.at(-1)!;
    return [`${term.slice(0, at).trim()} / ${term.slice(at + 1).trim()}`];
  }
  return [];
}

/** The right side's variants, each one operation away from it and never equal to it. */
function variantsOf(right: string): string[] {
  const out: string[] = [];
  // The terms of a sum («1 − T₂ / T₁»: 1 and T₂ / T₁), each varied alone: a quotient binds tighter than a sign.
  const signs = topLevel(right, /[+−-]/u).filter((i) => right[i - 1] === ' ' && right[i + 1] === ' ');
  const bounds = [-1, ...signs, right.length];
  for (let t = 0; t + 1 < bounds.length; t++) {
    const [from, to] = [bounds[t]! + 1, bounds[t + 1]!];
    for (const v of termVariants(right.slice(from, to).trim())) out.push(`${right.slice(0, from)}${from > 0 ? ' ' : ''}${v}${to < right.length ? ' ' : ''}${right.slice(to)}`.trim());
  }
  // A bracket's fraction turned over, one at a time («(ΔQ / Q) / (ΔP / P)» → «(Q / ΔQ) / (ΔP / P)»).
  for (const m of right.matchAll(/\(([^()/]+?)\s*\/\s*([^()/]+?)\)/gu)) out.push(`${right.slice(0, m.index)}(${m[2]!.trim()} / ${m[1]!.trim()})${right.slice(m.index! + m[0].length)}`);
  // A sign changed, one at a time.
  for (const m of right.matchAll(/\s([+−-])\s/gu)) {
    const to = m[1] === '+' ? '−' : '+';
    out.push(`${right.slice(0, m.index)} ${to} ${right.slice(m.index! + m[0].length)}`);
  }
  // A square dropped, one at a time.
  for (const m of right.matchAll(/²/gu)) out.push(`${right.slice(0, m.index)}${right.slice(m.index! + 1)}`);
  // A square added to the last symbol, where none is written (speeds, powers and areas get squared by mistake).
  const last = /([\p{L}][\p{N}₀-₉]*)$/u.exec(right);
  if (last && !right.includes('²')) out.push(`${right}²`);
  const seen = new Set([norm(right)]);
  return out.filter((v) => !seen.has(norm(v)) && seen.add(norm(v)));
}

/** Wrong formulas of the same quantity as `formula` («s² = …» with one operation changed), in a fixed order. */
export function wrongFormulas(formula: string): string[] {
  const at = formula.indexOf('=');
  if (at < 0) return [];
  const left = formula.slice(0, at).trim();
  return variantsOf(formula.slice(at + 1).trim()).map((r) => `${left} = ${r}`);
}
