/** Why a file could not become notes: one value per case, rendered in words by strings/material.ts. */
import { CuadernoError } from '../../errors.js';
import { MATERIAL } from '../../strings/material.js';
import type { MaterialProblem } from './kinds.js';

export type { MaterialProblem };

/** The one error of an import: `problem` is what a handler needs; `message` is the sentence to show. */
export class MaterialError extends CuadernoError {
  readonly problem: MaterialProblem;
  constructor(problem: MaterialProblem, options?: { cause?: unknown }) {
    super('BAD_REQUEST', MATERIAL.problem(problem), { field: problem.kind }, options);
    this.problem = problem;
  }
}
