/** Issue 23: the runs property (test/bot/runs-property.e2e.test.ts) under another seed. */
import { describe, it } from 'vitest';
import { checkRunsProperty } from '../support/runs-property.js';

describe('runs in one chat, interleaved at random (seed 232028)', () => {
  it('no effect twice, no question twice, no outcome twice, no run lost, every tap answered', () => checkRunsProperty(232_028), 900_000);
});
