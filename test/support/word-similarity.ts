/**
 * Word-sequence similarity of issue 43's measurement: 2·M / (|a| + |b|) over word tokens (NFKC,
 * lower case, so sub- and superscript digits fold to digits), M the tokens matched by a
 * longest-matching-blocks alignment — Python's `difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()`
 * computed here (no junk heuristic: with it, every common word of a 1,000-word lecture would be junk).
 */

/** The word tokens of a text: NFKC, lower case, runs of letters and digits. */
export function wordTokens(text: string): string[] {
  return text.normalize('NFKC').toLocaleLowerCase('es').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The longest common block of a[alo..ahi) and b[blo..bhi): [i, j, size], earliest in a, then in b (difflib's rule). */
function longestMatch(a: readonly string[], b2j: ReadonlyMap<string, number[]>, alo: number, ahi: number, blo: number, bhi: number): [number, number, number] {
  let best: [number, number, number] = [alo, blo, 0];
  let lengths = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of b2j.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (lengths.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > best[2]) best = [i - k + 1, j - k + 1, k];
    }
    lengths = next;
  }
  return best;
}

/** Tokens matched by the recursive longest-block alignment (the sum of difflib's matching blocks). */
export function matchedTokens(a: readonly string[], b: readonly string[]): number {
  const b2j = new Map<string, number[]>();
  b.forEach((t, j) => {
    const list = b2j.get(t);
    if (list) list.push(j);
    else b2j.set(t, [j]);
  });
  let matched = 0;
  const stack: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (stack.length) {
    const [alo, ahi, blo, bhi] = stack.pop()!;
    const [i, j, k] = longestMatch(a, b2j, alo, ahi, blo, bhi);
    if (k === 0) continue;
    matched += k;
    if (alo < i && blo < j) stack.push([alo, i, blo, j]);
    if (i + k < ahi && j + k < bhi) stack.push([i + k, ahi, j + k, bhi]);
  }
  return matched;
}

/** 2·M / (|a| + |b|) of the two texts' word tokens (1 for two empty texts). */
export function wordSimilarity(a: string, b: string): number {
  const ta = wordTokens(a);
  const tb = wordTokens(b);
  if (ta.length + tb.length === 0) return 1;
  return (2 * matchedTokens(ta, tb)) / (ta.length + tb.length);
}
