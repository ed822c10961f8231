/** Why a file could not become notes: one value per case, rendered in words by strings/material.ts. */
import { CuadernoError } from '../../errors.js';
import { MATERIAL } from '../../strings/material.js';
import type { MaterialKind } from './sniff.js';

export type MaterialProblem =
  | { kind: 'demasiado_grande'; bytes: number }
  | { kind: 'demasiadas_paginas'; pages: number }
  | { kind: 'pdf_cifrado' }
  | { kind: 'pdf_roto' }
  | { kind: 'vacio' }
  | { kind: 'no_coincide'; name: string; named: MaterialKind }
  | { kind: 'no_admitido'; name: string }
  | { kind: 'word_antiguo'; name: string }
  | { kind: 'docx_roto'; name: string }
  | { kind: 'ruido' };

/** The one error of an import: `problem` is what a handler needs; `message` is the sentence to show. */
export class MaterialError extends CuadernoError {
  readonly problem: MaterialProblem;
  constructor(problem: MaterialProblem, options?: { cause?: unknown }) {
    super('BAD_REQUEST', MATERIAL.problem(problem), { field: problem.kind }, options);
    this.problem = problem;
  }
}
