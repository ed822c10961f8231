/**
 * The guard of issue 24: nothing in src/ but the demo-course fixture names a demo topic or a fixed
 * week range. Weeks are the owner's data (docs/design.md §38); a constant that happens to fit the demo
 * is what made a 14-week course impossible. FSRS grades are 1–4 too: they are named once, GRADES.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');
const FIXTURE = path.join('domain', 'course', 'demo.ts');
/** The one definition of the FSRS grades (grades, not weeks). */
const GRADES_LINE = /^export const GRADES\b/;

const FORBIDDEN: ReadonlyArray<[string, RegExp]> = [
  ['un tema de ejemplo', /\b(estad[ií]stica|python|historia del arte|m[uú]sica)\b/i],
  ['«1–4»', /\b1\s*[–-]\s*4\b/],
  ['«1 al 4»', /\b1 al 4\b/],
  ['«1 a 4»', /\bsemanas 1 a 4\b/],
  ['[1, 2, 3, 4]', /\[\s*1\s*,\s*2\s*,\s*3\s*,\s*4\s*\]/],
  ['WEEK_TOPICS', /\bWEEK_TOPICS\b/],
];

export function findings(file: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (GRADES_LINE.test(line.trim())) return;
    for (const [what, re] of FORBIDDEN) if (re.test(line)) out.push(`${file}:${i + 1} nombra ${what}: ${line.trim().slice(0, 120)}`);
  });
  return out;
}

describe('the demo course lives in one file', () => {
  it('src/ names no demo topic and no fixed week range outside the demo-course fixture', async () => {
    const found: string[] = [];
    for (const e of await readdir(SRC, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !/\.(ts|js|html)$/.test(e.name)) continue;
      const rel = path.relative(SRC, path.join(e.parentPath, e.name));
      if (rel === FIXTURE) continue;
      found.push(...findings(rel, await readFile(path.join(SRC, rel), 'utf8')));
    }
    expect(found).toEqual([]);
  });

  it('can fail: it catches each kind in a line', () => {
    expect(findings('x.ts', "const t = 'historia del arte';")).toHaveLength(1);
    expect(findings('x.ts', '// semanas 1–4')).toHaveLength(1);
    expect(findings('x.ts', "'un número del 1 al 4'")).toHaveLength(1);
    expect(findings('x.ts', 'if ([1, 2, 3, 4].includes(w))')).toHaveLength(1);
    expect(findings('x.ts', 'WEEK_TOPICS[w]')).toHaveLength(1);
    expect(findings('x.ts', 'export const GRADES: readonly Grade[] = Object.freeze([1, 2, 3, 4] as const);')).toEqual([]);
    expect(findings('x.ts', "const t = 'mitosis';")).toEqual([]);
  });

  it('the fixture itself does name them (the guard reads the right folder)', async () => {
    expect(findings(FIXTURE, await readFile(path.join(SRC, FIXTURE), 'utf8')).length).toBeGreaterThan(0);
  });
});
