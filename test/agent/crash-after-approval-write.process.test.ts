/**
 * Crash matrix, label `after-approval-write`: the real CLI killed (137) right after each occurrence of it in
 * the standard week, then resumed with --reanudar; every side effect exactly once (or reported
 * unknown), the run completes. See crash-support.ts.
 */
import { describe, it } from 'vitest';
import { cleanUpAfterAll, crashMatrix, OCCURRENCES } from './crash-support.js';

cleanUpAfterAll();

describe('crash matrix: after-approval-write', () => {
  it(`kill after each of the ${OCCURRENCES['after-approval-write']} occurrences, resume, every effect exactly once`, () => crashMatrix('after-approval-write'), 300_000);
});
