// The held-out syllabi (issue 42): written and committed before the parser they measure, never
// developed against. Prints the share of titles and dates right; the bar is 95 %.
import { describe, expect, it } from 'vitest';
import { fixtureNames, readFixture, scoreSyllabus, totals } from './syllabus-score.js';

const DIR = new URL('../fixtures/syllabi/heldout/', import.meta.url);
const names = fixtureNames(DIR);

describe('the held-out syllabi', () => {
  it('at least six, and ≥ 95 % of their titles and dates right', () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
    const scores = names.map((n) => { const f = readFixture(DIR, n); return scoreSyllabus(n, f.text, f.expected); });
    const all = totals(scores);
    const share = (n: number) => Math.round((1000 * n) / all.weeks) / 10;
    console.log(`held-out: ${names.length} syllabi, ${all.weeks} weeks — titles ${all.titles}/${all.weeks} (${share(all.titles)} %), dates ${all.dates}/${all.weeks} (${share(all.dates)} %), no-class flags ${all.flags}/${all.weeks}, names ${all.names}/${names.length}`);
    for (const s of scores) for (const m of s.misses) console.log(`  ${m}`);
    expect(all.titles / all.weeks).toBeGreaterThanOrEqual(0.95);
    expect(all.dates / all.weeks).toBeGreaterThanOrEqual(0.95);
  });
});
