/**
 * Crash matrix, label `after-checkpoint-b`: the real CLI killed (137) right after each occurrence of it in
 * the standard week, then resumed with --reanudar; every side effect exactly once (or reported
 * unknown), the run completes. See crash-support.ts.
 */
import { describe, it } from 'vitest';
import { cleanUpAfterAll, crashMatrix, OCCURRENCES } from './crash-support.js';

cleanUpAfterAll();

describe('crash matrix: after-checkpoint-b', () => {
  it(`kill after each of the ${OCCURRENCES['after-checkpoint-b']} occurrences, resume, every effect exactly once`, () => crashMatrix('after-checkpoint-b'), 300_000);
});
