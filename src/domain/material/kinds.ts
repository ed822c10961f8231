/**
 * The material's values that the words speak of: why a file could not become notes, and what an
 * import came from. Types only, in a file of their own that imports no words, so strings/material
 * can name them without a circle through errors.ts and imports.ts (which use those words).
 */
import type { MaterialKind } from './sniff.js';

/** Why a file could not become notes: one value per case, rendered in words by strings/material.ts. */
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
  | { kind: 'ruido' }
  /** An image (or a scanned page) with more pixels than MAX_IMAGE_PIXELS: refused before it is decoded. */
  | { kind: 'imagen_enorme'; megapixels: number; maxMegapixels: number }
  /** Inflates past the caps, or ran over the reader's memory or time budget (limits.ts). */
  | { kind: 'demasiado_pesado' };

/** What an import came from: a file the bot read, or a voice memo's transcript (`voz`). */
export type ImportKind = MaterialKind | 'voz';
