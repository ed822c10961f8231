/**
 * How a syllabus fixture is scored (issue 42): a week's title is right when it equals the expected
 * one after collapsing spaces, its date when `inicio` is exactly the expected ISO Monday (or both
 * null), and a week without class must carry `sin_clase: true` (and only such a week). Shared by
 * the fixture test and the held-out measurement.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { parseSyllabusText } from '../../src/domain/course/syllabus.js';

export interface ExpectedWeek { numero: number; titulo: string; inicio: string | null; sin_clase?: true }
export interface Expected { ahora: string; titulo: string; semanas: ExpectedWeek[] }
export interface Score { weeks: number; titles: number; dates: number; flags: number; name: boolean; count: boolean; misses: string[] }

export const fixtureNames = (dir: URL) => readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4)).sort();
export const readFixture = (dir: URL, name: string) => ({
  text: readFileSync(new URL(`${name}.txt`, dir), 'utf8'),
  expected: JSON.parse(readFileSync(new URL(`${name}.expected.json`, dir), 'utf8')) as Expected,
});

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Scores one syllabus: counts of right titles, dates and flags, and a line for each miss. */
export function scoreSyllabus(name: string, text: string, expected: Expected): Score {
  const result = parseSyllabusText(text, { now: new Date(`${expected.ahora}T12:00:00Z`) });
  const score: Score = { weeks: expected.semanas.length, titles: 0, dates: 0, flags: 0, name: false, count: false, misses: [] };
  if (!result.ok) {
    score.misses.push(`${name}: rechazado — ${result.problem}`);
    return score;
  }
  const got = result.course;
  score.name = got.titulo === expected.titulo;
  if (!score.name) score.misses.push(`${name}: curso «${got.titulo}» ≠ «${expected.titulo}»`);
  score.count = got.semanas.length === expected.semanas.length;
  if (!score.count) score.misses.push(`${name}: ${got.semanas.length} semanas ≠ ${expected.semanas.length}`);
  for (const want of expected.semanas) {
    const w = got.semanas.find((s) => s.numero === want.numero);
    const where = `${name} semana ${want.numero}`;
    if (w && collapse(w.titulo) === collapse(want.titulo)) score.titles++;
    else score.misses.push(`${where}: título «${w?.titulo}» ≠ «${want.titulo}»`);
    if (w && w.inicio === want.inicio) score.dates++;
    else score.misses.push(`${where}: inicio ${w?.inicio} ≠ ${want.inicio}`);
    if (w && (w.sin_clase === true) === (want.sin_clase === true)) score.flags++;
    else score.misses.push(`${where}: sin_clase ${w?.sin_clase} ≠ ${want.sin_clase}`);
  }
  return score;
}

/** The totals over a set of scores: weeks, and the share of titles and of dates right. */
export function totals(scores: Score[]): { weeks: number; titles: number; dates: number; flags: number; names: number } {
  const sum = (f: (s: Score) => number) => scores.reduce((a, s) => a + f(s), 0);
  return { weeks: sum((s) => s.weeks), titles: sum((s) => s.titles), dates: sum((s) => s.dates), flags: sum((s) => s.flags), names: sum((s) => (s.name ? 1 : 0)) };
}
