/**
 * Years for date questions (pure). A lecture names few years, and a date question needs three wrong
 * ones near the right one (build.ts YEAR_SPAN); where the course has too few, the rest are made
 * from the right year a few years either side — wrong by construction (the event happened once,
 * in the year the passage says), plausible because near it, and never later than the latest year
 * the course itself writes (a year still to come is no plausible date of anything it tells).
 * A person's sentence that dates what they did («Karl Pearson fundó en 1911 el primer
 * departamento…») is also asked by its year («¿En qué año Karl Pearson fundó…?») (docs/design.md §3).
 */
import type { QuizIdea } from './idea-types.js';

/** Steps from the right year a made year lies at: near enough to be plausible, far enough to be a different date. */
const STEPS = [2, 3, 4, 5, 6, 8, 10, 12];
const YEAR = /(?<![\p{N}])(?:1\d{3}|20\d{2})(?![\p{N}])/gu;

/** Years the pool's ideas write, as numbers. */
export function yearsOf(pool: readonly QuizIdea[]): number[] {
  return pool.flatMap((i) => (i.kind === 'fecha' ? [Number(i.term)] : [...`${i.passage} ${i.statement}`.matchAll(YEAR)].map((m) => Number(m[0]))));
}

/**
 * Up to `count` made years for `answer`: STEPS either side, in an order `random` gives, none in
 * `taken` (the options already chosen, the years the question and its passage say), none after `latest`.
 */
export function madeYears(answer: number, count: number, taken: ReadonlySet<number>, latest: number, random: () => number): string[] {
  const candidates = STEPS.flatMap((s) => [answer - s, answer + s]).filter((y) => y <= latest && !taken.has(y));
  const out: string[] = [];
  while (out.length < count && candidates.length > 0) {
    const [y] = candidates.splice(Math.floor(random() * candidates.length), 1);
    out.push(String(y));
  }
  return out;
}

/** «fundó en 1911 el primer…» without its date: the year, and where it was said, out. */
const DATED = (year: string) => new RegExp(`\\s*(?:(?:en|hacia|desde)\\s+(?:el\\s+año\\s+)?|el\\s+año\\s+)${year}(?![\\p{N}])`, 'iu');
/** A year the sentence goes on to speak of («…en 1863, fecha con la que…»): without it, the rest reads wrong. */
const SPOKEN_OF = (year: string) => new RegExp(`${year},?\\s+(?:fecha|año|momento|cuando)(?![\\p{L}])`, 'iu');

/**
 * The year question of a person's idea whose sentence dates what they did, or undefined: one year
 * said once, after «en» or «hacia», so that what is left still tells the event without its date.
 */
export function personYear(idea: QuizIdea): QuizIdea | undefined {
  if (idea.kind !== 'persona' || idea.mention || idea.statement.startsWith('¿')) return undefined;
  const years = [...idea.statement.matchAll(YEAR)].map((m) => m[0]);
  if (years.length !== 1 || !idea.passage.includes(years[0]!)) return undefined;
  const year = years[0]!;
  if (SPOKEN_OF(year).test(idea.statement) || !DATED(year).test(idea.statement)) return undefined;
  const event = idea.statement.replace(DATED(year), ' ').replace(/\s+/gu, ' ').replace(/\s+,/gu, ',').trim();
  if (event.includes(year) || event.split(' ').length < 3) return undefined;
  return { kind: 'fecha', term: year, statement: `${idea.term} ${event}`, source: idea.source, passage: idea.passage };
}
