/**
 * Crash matrix, label `after-intent-write`: the real CLI killed (137) right after each occurrence of it in
 * the standard week, then resumed with --reanudar; every side effect exactly once (or reported
 * unknown), the run completes. See crash-support.ts.
 */
import { describe, it } from 'vitest';
import { cleanUpAfterAll, crashMatrix, OCCURRENCES } from './crash-support.js';

cleanUpAfterAll();

describe('crash matrix: after-intent-write', () => {
  it(`kill after each of the ${OCCURRENCES['after-intent-write']} occurrences, resume, every effect exactly once`, () => crashMatrix('after-intent-write'), 300_000);
});
