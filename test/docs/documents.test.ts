/**
 * The project's own documents stay true to the code they describe: the README is short and names
 * only commands, settings and files that exist; every code comment that cites a section of
 * docs/design.md cites one that is there. Plain file reads, no product code: a rapido test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

/** The README is for people who install the product; its limit keeps development notes out. */
const README_MAX_LINES = 300;

/** Settings the code reads that the README need not list: `TZ` is the system's own (`ZONA_HORARIA`'s default). */
const NOT_USER_SETTINGS = new Set(['TZ']);

function sourceFiles(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mjs|cjs|js)$/.test(f))
    .map((f) => path.join(dir, f)));
}

describe('README', () => {
  const readme = read('README.md');

  it(`has at most ${README_MAX_LINES} lines`, () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('gives the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm install && npm test');
  });

  it('names every setting the configuration reads', () => {
    const config = read('src/config.ts');
    const names = new Set([
      ...[...config.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b/g)].map((m) => m[1]!),
      ...[...config.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!),
    ]);
    expect(names.size).toBeGreaterThan(20);
    const missing = [...names].filter((n) => !NOT_USER_SETTINGS.has(n) && !new RegExp(`\\b${n}\\b`).test(readme));
    expect(missing).toEqual([]);
  });

  it('runs only scripts package.json has', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const used = [...readme.matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((s) => !(s in scripts))).toEqual([]);
  });

  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((t) => !existsSync(path.join(ROOT, t)))).toEqual([]);
  });
});

describe('docs/design.md', () => {
  const design = read('docs/design.md');
  const sections = new Set([...design.matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1])));

  it('keeps the numbered sections the code cites', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 20, 23, 26, 32, 33, 34, 35, 36, 37, 38]) expect(sections, `§${n}`).toContain(n);
  });

  it('has every section a comment or test cites', () => {
    const cited = sourceFiles(['src', 'test', 'scripts', 'bench']).flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/docs\/design\.md (§\d+(?:(?:, | \+ | and )§\d+)*)/g)]
        .flatMap((m) => [...m[1]!.matchAll(/§(\d+)/g)].map((s) => ({ file, n: Number(s[1]) }))));
    expect(cited.filter((c) => !sections.has(c.n))).toEqual([]);
  });
});

describe('the other documents', () => {
  it.each(['docs/architecture.md', 'docs/testing.md', 'bench/RESULTS.md', 'CHANGELOG.md'])('%s exists', (rel) => {
    expect(read(rel).length).toBeGreaterThan(500);
  });
});
