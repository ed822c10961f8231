/**
 * The stages a GPU worker can run, by name, until issue 11's stage catalogue lands: the existing
 * media engine calls (`src/tools/media/*`) behind JSON-in → JSON-out + files functions. The bot gets
 * back exactly what the in-process engine call would give it (a PNG of the raster, a WAV of the PCM),
 * so what it builds from them is the same in both modes.
 */
import { CuadernoError } from '../errors.js';
import { createFluxEngine } from '../tools/media/flux.js';
import { encodePng } from '../tools/media/raster.js';
import { encodeWav } from '../tools/media/wav.js';
import { createXttsEngine } from '../tools/media/xtts.js';
import type { Json, StageCatalogue, StageFunction } from './types.js';

/** Stage names, one catalogue (the bot names the same strings when it hands a task over). */
export const MEDIA_STAGES = Object.freeze({
  /** Input `{ prompt, week, seed, width, height }` → file `portada.png`. */
  coverImage: 'portada.imagen',
  /** Input `{ text, voice }` → file `narracion.wav`. */
  narration: 'narracion.voz',
});

/** Engines a worker can be told to use (`--motores`). */
export const WORKER_ENGINES = ['flux', 'xtts'] as const;
export type WorkerEngine = (typeof WORKER_ENGINES)[number];

export interface MediaStageOptions {
  engines: readonly WorkerEngine[];
  /** `FLUX_URL`, `XTTS_URL` as the worker's machine reaches them. */
  fluxUrl?: string;
  xttsUrl?: string;
  /** Per-request limit, ms. */
  timeoutMs: number;
}

function field<T>(input: Json, name: string, type: 'string' | 'number'): T {
  const v = (input as Record<string, Json> | null)?.[name];
  if (typeof v !== type) throw new CuadernoError('VALIDATION', `Expected \`${name}\` to be a ${type} in the stage input`, { field: name });
  return v as T;
}

/** The catalogue of the engines asked for; throws CONFIG when an engine's URL is missing. */
export function createMediaStageCatalogue(opts: MediaStageOptions): StageCatalogue {
  const stages = new Map<string, StageFunction>();
  if (opts.engines.includes('flux')) {
    if (!opts.fluxUrl) throw new CuadernoError('CONFIG', 'Expected `FLUX_URL` for a worker with the flux engine', { field: 'FLUX_URL' });
    const flux = createFluxEngine({ url: opts.fluxUrl, timeoutMs: opts.timeoutMs });
    stages.set(MEDIA_STAGES.coverImage, async (input, signal) => {
      const raster = await flux.generate(
        {
          prompt: field(input, 'prompt', 'string'),
          week: field(input, 'week', 'number'),
          seed: field(input, 'seed', 'number'),
          width: field(input, 'width', 'number'),
          height: field(input, 'height', 'number'),
        },
        signal,
      );
      return { output: { model: flux.model, width: raster.width, height: raster.height }, files: [{ name: 'portada.png', data: encodePng(raster) }] };
    });
  }
  if (opts.engines.includes('xtts')) {
    if (!opts.xttsUrl) throw new CuadernoError('CONFIG', 'Expected `XTTS_URL` for a worker with the xtts engine', { field: 'XTTS_URL' });
    const url = opts.xttsUrl;
    stages.set(MEDIA_STAGES.narration, async (input, signal) => {
      const xtts = createXttsEngine({ url, timeoutMs: opts.timeoutMs, voice: field(input, 'voice', 'string') });
      const pcm = await xtts.synthesize(field(input, 'text', 'string'), signal);
      return { output: { model: xtts.model, sampleRate: pcm.sampleRate, samples: pcm.samples.length }, files: [{ name: 'narracion.wav', data: encodeWav(pcm) }] };
    });
  }
  return stages;
}
