import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // 2 cores: keep parallel workers modest so wall-clock-bound e2e tests are not starved.
    maxWorkers: 2,
  },
});
