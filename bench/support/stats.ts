/** The benchmarks' small statistics: a percentile of a sample and Jain's fairness index. */

/** The `p`-th quantile (0..1) of `xs` by nearest rank; NaN for an empty sample. */
export function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
}

/** Jain's index: 1 when every share is equal, 1/n when one takes everything. */
export function jain(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) ** 2 / (xs.length * xs.reduce((a, b) => a + b * b, 0));
}
