import { mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { TEST_ENV } from './test/support/test-env.js';

/**
 * Four tiers, told apart by the file name alone (docs/testing.md):
 * - `rapido`: every `*.test.ts` without one of the suffixes below — pure and in-process: no child
 *   process, no browser, no Redis, no whole chat stack. `npm run test:rapido`, the inner loop.
 * - `pila`: `*.e2e.test.ts` — the whole chat stack in this process (Bot API stand-in, bot, agent,
 *   tools, worker pool) through whole conversations: in-process, but tens of seconds each.
 * - `procesos`: `*.process.test.ts` (starts a child process: the compiled bot, CLI or worker, a
 *   kill matrix, a redis-server) and `*.redis.test.ts` (talks to a real Redis). The compiled product
 *   is built once per run, before any of them (globalSetup), so none starts a stale dist/.
 * - `navegador`: `*.browser.test.ts` (a real chromium on the local chat page).
 * `npm test` runs all four.
 */
const STACK = ['test/**/*.e2e.test.ts'];
const SLOW = ['test/**/*.process.test.ts', 'test/**/*.redis.test.ts'];
const BROWSER = ['test/**/*.browser.test.ts'];

/**
 * Every tier runs its files one after another in the same worker without starting afresh for each
 * (`isolate: false`): importing the product again for every file was most of a small file's cost
 * (bench/RESULTS.md, «The test suite»). A
 * file that replaces a module (`vi.mock`) would leak its stand-in into the files after it, so those
 * files — found here by their text, a new one included — run isolated, in `rapido-aislado`
 * (`npm run test:rapido` runs both halves: `--project 'rapido*'`); one of another tier is refused
 * below, with the reason. A file must leave no module state behind that the next relies on: each
 * stack stops what it started (its bot, its runs, its servers).
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const MOCKING = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/${f.split(path.sep).join('/')}`)
  .filter((f) => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(path.join(ROOT, f), 'utf8')));

/**
 * The tests' temporary folders (every data dir, snapshot, chromium profile: whatever takes
 * `os.tmpdir()`, in this process, in the test workers and in the children they start) live in
 * memory when the machine has a tmpfs with room, /dev/shm: the product writes as it always does —
 * fsync, rename, append — but a flush costs nothing there (the dispatcher's fuzz test writes
 * 20,000 audit lines; figures in bench/RESULTS.md). Durability against a power cut is not something any test can observe (a kill -9 leaves
 * the page cache), so no test loses its subject. Elsewhere (no /dev/shm, or a small one, as in a
 * default container) the system's temporary folder, as before; `TMPDIR` set by the caller wins.
 * Removed when vitest exits.
 */
function memoryTmp(): void {
  if (process.env.TMPDIR) return; // the caller's, or this config's loaded before in this run
  try {
    const s = statfsSync('/dev/shm');
    if (s.bavail * s.bsize < 2 * 1024 ** 3) return;
  } catch {
    return; // no tmpfs here: the system's temporary folder
  }
  const made = mkdtempSync(path.join('/dev/shm', 'cuaderno-tests-'));
  process.env.TMPDIR = made;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
}
memoryTmp();

/**
 * The audit keys' default folder (`$XDG_CONFIG_HOME/cuaderno-vivo`, src/config.ts) for this run:
 * a temporary one, in the memory folder above, for every test that builds a notebook without a
 * keys folder of its own — in this process, in the workers and in the children that inherit the
 * environment — never the developer's own ~/.config/cuaderno-vivo, where the chains' mirrors would
 * pile up, on the disk, where a rename over an existing file costs kernel time. Removed when vitest
 * exits.
 */
function privateConfigHome(): void {
  if (process.env.CUADERNO_TESTS_CONFIG_HOME) return; // this config's, loaded before in this run
  const made = mkdtempSync(path.join(os.tmpdir(), 'cuaderno-config-'));
  process.env.XDG_CONFIG_HOME = made;
  process.env.CUADERNO_TESTS_CONFIG_HOME = made;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
}
privateConfigHome();

const misplaced = MOCKING.filter((f) => [...STACK, ...SLOW, ...BROWSER].some((glob) => f.endsWith(glob.replace('test/**/*', ''))));
if (misplaced.length > 0) {
  throw new Error(`${misplaced.join(', ')}: a test that replaces a module (vi.mock) runs isolated, and only the rapido tier has an isolated half; drive the real module instead, or make it a rapido test`);
}

/**
 * Seconds each file took in a whole run on the 2-core box (`node scripts/file-seconds.mjs` writes
 * them from vitest's own record), for a clone that has no record of its own yet — CI, a fresh
 * clone. vitest's own record of the last run wins where there is one.
 */
const KNOWN_S: Readonly<Record<string, number>> = JSON.parse(readFileSync(path.join(ROOT, 'test', 'support', 'file-seconds.json'), 'utf8')) as Record<string, number>;
/** A file's usual cost by tier, when neither vitest's record nor the list above knows it. */
const TIER_S: Readonly<Record<string, number>> = { procesos: 12, pila: 10, navegador: 12, rapido: 2 };

/** A file's tier, by its name (the comment at the top). */
function tierOf(rel: string): 'rapido' | 'pila' | 'procesos' | 'navegador' {
  if (rel.endsWith('.e2e.test.ts')) return 'pila';
  if (rel.endsWith('.process.test.ts') || rel.endsWith('.redis.test.ts')) return 'procesos';
  if (rel.endsWith('.browser.test.ts')) return 'navegador';
  return 'rapido';
}

/**
 * Costliest file first (vitest's record of the last run, else file-seconds.json, else its tier's
 * usual cost), so the long files start at once and the short ones fill the gaps at the end; the
 * isolated files before all: each needs a worker process of its own anyway, and last they ran
 * alone after everything else. (vitest's default runs projects by name, and a clean clone's files
 * by size: a short file that runs long would start last.)
 */
class CostliestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cost = (spec: TestSpecification) => {
      const rel = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${rel}`);
      return last?.duration ? last.duration / 1000 : KNOWN_S[rel] ?? TIER_S[tierOf(rel)] ?? 5;
    };
    const isolated = (spec: TestSpecification) => (spec.project.config.isolate ? 1 : 0);
    return [...files].sort((a, b) => isolated(b) - isolated(a) || cost(b) - cost(a));
  }
}

/**
 * Whole runs (`npm test`, `npx vitest run [files]`, the soak) put every non-isolated file of every
 * tier in ONE project, `todo`; `--project` on the command line (`npm run test:rapido`, `test:pila`,
 * …) gets the tiers as projects instead. Why: vitest keeps a worker process for its next file only
 * when that file belongs to the same project (`isolate: false`); otherwise it ends the process and
 * starts another, which loads vitest and imports the product again. With the tiers as projects,
 * costliest first across them interleaved them (a worker process for almost every file); run tier
 * by tier instead, the tiers that mostly wait (a whole conversation waits on its status message's
 * edit interval, a browser on chromium) leave the cores idle. One project mixes them and keeps its
 * workers for the whole run (figures in bench/RESULTS.md).
 */
/** The projects named on the command line (`--project x`, `--project=x`). */
const NAMED = process.argv.flatMap((a, i) => (a === '--project' ? [process.argv[i + 1] ?? ''] : a.startsWith('--project=') ? [a.slice('--project='.length)] : []));
const TIERS_NAMED = NAMED.length > 0;
/**
 * `npm run test:rapido` alone: two workers, one per core. Its files only compute (no child, no
 * browser, no wait on a status message's pace), so a third or fourth worker only adds a process
 * that loads vitest and the product again and JIT-compiles the same code again (bench/RESULTS.md).
 */
const RAPIDO_ONLY = TIERS_NAMED && NAMED.every((p) => p.startsWith('rapido'));
const isolatedProject = MOCKING.length ? [{ extends: true as const, test: { name: 'rapido-aislado', include: MOCKING, exclude: [...STACK, ...SLOW, ...BROWSER] } }] : [];
const PROJECTS = TIERS_NAMED
  ? [
    { extends: true as const, test: { name: 'rapido', include: ['test/**/*.test.ts'], exclude: [...STACK, ...SLOW, ...BROWSER, ...MOCKING], isolate: false } },
    ...isolatedProject,
    { extends: true as const, test: { name: 'pila', include: STACK, isolate: false } },
    { extends: true as const, test: { name: 'procesos', include: SLOW, isolate: false } },
    { extends: true as const, test: { name: 'navegador', include: BROWSER, isolate: false } },
  ]
  : [
    { extends: true as const, test: { name: 'todo', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
    ...isolatedProject,
  ];

export default defineConfig({
  test: {
    // The product's settings for tests (small covers), in every worker and every child that inherits its environment.
    env: { ...TEST_ENV },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Four files at a time on 2 cores: the tests wait on children, sockets, chromium and a status
    // message's pace for part of their time, and a file that waits leaves its core to the others.
    // One pool (above); a fifth worker only adds a process and contention (bench/RESULTS.md). The
    // rapido tier alone: two (RAPIDO_ONLY above).
    maxWorkers: RAPIDO_ONLY ? 2 : 4,
    // dist/ built (incrementally) once before any test: the process tests start it, and the threads
    // and children the product starts from its sources run their compiled scripts (test-env.ts).
    globalSetup: ['test/support/build-once.ts'],
    sequence: { sequencer: CostliestFirst },
    projects: PROJECTS,
  },
});
