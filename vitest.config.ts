import { defineConfig } from 'vitest/config';

/**
 * Four tiers, told apart by the file name alone (README, "Tests"):
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

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // 2 cores: keep parallel workers modest so wall-clock-bound e2e tests are not starved.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'rapido', include: ['test/**/*.test.ts'], exclude: [...STACK, ...SLOW, ...BROWSER] } },
      { extends: true, test: { name: 'pila', include: STACK } },
      { extends: true, test: { name: 'procesos', include: SLOW, globalSetup: ['test/support/build-once.ts'] } },
      { extends: true, test: { name: 'navegador', include: BROWSER } },
    ],
  },
});
