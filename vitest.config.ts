import { defineConfig } from 'vitest/config';

/**
 * Three tiers, told apart by the file name alone (README, "Tests"):
 * - `rapido`: every `*.test.ts` without one of the suffixes below — pure and in-process (in-process
 *   bots and chat stacks included): no child process, no browser, no Redis. `npm run test:rapido`.
 * - `procesos`: `*.process.test.ts` (starts a child process: the compiled bot, CLI or worker, a
 *   kill matrix, a redis-server) and `*.redis.test.ts` (talks to a real Redis). The compiled product
 *   is built once per run, before any of them (globalSetup), so none starts a stale dist/.
 * - `navegador`: `*.browser.test.ts` (a real chromium on the local chat page).
 * `npm test` runs all three.
 */
const SLOW = ['test/**/*.process.test.ts', 'test/**/*.redis.test.ts'];
const BROWSER = ['test/**/*.browser.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // 2 cores: keep parallel workers modest so wall-clock-bound e2e tests are not starved.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'rapido', include: ['test/**/*.test.ts'], exclude: [...SLOW, ...BROWSER] } },
      { extends: true, test: { name: 'procesos', include: SLOW, globalSetup: ['test/support/build-once.ts'] } },
      { extends: true, test: { name: 'navegador', include: BROWSER } },
    ],
  },
});
