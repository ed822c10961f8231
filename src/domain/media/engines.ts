/**
 * The two engine interfaces of the media tools. Each engine declares its lane (the GPU is an
 * exclusive resource, docs/design.md §5) and its expected duration, which the scheduler uses to plan; every
 * call takes an AbortSignal. Implementations: `maqueta` / `flux` (images), `juguete` / `xtts` (speech).
 */
import { CancelledError } from '../../errors.js';
import type { Lane } from '../artifacts.js';
import type { Raster } from './raster.js';

export interface ImageRequest {
  prompt: string;
  /** The week's number (the seed already carries it; kept in the provenance). */
  week: number;
  /** What the procedural engine draws: motif and palette chosen from the week's words (coverLook). */
  look?: CoverLook;
  /** Reproducibility seed (year, week and version); the procedural engine is a pure function of it. */
  seed: number;
  width: number;
  height: number;
}

/** The procedural cover's choice for a week: which motif (cover-subject.ts MOTIF) and which palette (0 = the original). */
export interface CoverLook {
  motif: number;
  palette: number;
}

export interface ImageEngine {
  readonly name: 'maqueta' | 'flux';
  /** Model identifier recorded in the provenance, e.g. `procedural-v1`, `FLUX.1-schnell`. */
  readonly model: string;
  readonly lane: Lane;
  /** Planning estimate in ms (docs/design.md §5 toy duration of the cover task). */
  readonly estimateMs: number;
  generate(req: ImageRequest, signal: AbortSignal): Promise<Raster>;
}

/** 16-bit PCM, mono, at `sampleRate` Hz. */
export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

export interface SpeechEngine {
  readonly name: 'juguete' | 'xtts';
  readonly model: string;
  readonly lane: Lane;
  /** Planning estimate in ms (docs/design.md §5 toy duration of the narration task). */
  readonly estimateMs: number;
  synthesize(text: string, signal: AbortSignal): Promise<Pcm>;
}

/** docs/design.md §5 toy durations, kept as the planning estimates of the inner stages. */
export const STAGE_ESTIMATES_MS = Object.freeze({
  coverPrompt: 3_000,
  coverImage: 12_000,
  script: 5_000,
  narration: 15_000,
});

/** Throws the signal's reason (or a CancelledError) when it is already aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw cancelledFrom(signal);
}

/** The error to throw for an aborted signal: its reason when it is a CancelledError. */
export function cancelledFrom(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  return r instanceof CancelledError ? r : new CancelledError();
}
