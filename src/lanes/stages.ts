/**
 * Which catalogue stages a GPU worker runs, by the engine it is told to use (`--motores`). The stage
 * functions themselves are the catalogue's (`src/tools/stages/`), run by `createCatalogueStages`
 * (remote-stage.ts) — the same code the bot runs in-process without `REDIS_URL`, so what the bot
 * builds from their output is the same in both modes.
 */

/** The remote stages by name (the catalogue ids the bot hands over). */
export const MEDIA_STAGES = Object.freeze({
  /** The cover's pixels from the image server (`files.out: raw`). */
  coverImage: 'portada.imagen',
  /** The narration's samples from the speech server (`files.out: raw`, `files.in: sampleFile`). */
  narration: 'narracion.voz',
});

/** Engines a worker can be told to use (`--motores`): the names it advertises (adverts.ts). */
export const WORKER_ENGINES = ['flux', 'xtts', 'transcripcion'] as const;
export type WorkerEngine = (typeof WORKER_ENGINES)[number];

/** The stage each engine serves: the catalogue's for the media, `voz.transcripcion` for voice memos. */
export const WORKER_ENGINE_STAGES: Readonly<Record<WorkerEngine, string>> = Object.freeze({ flux: MEDIA_STAGES.coverImage, xtts: MEDIA_STAGES.narration, transcripcion: 'voz.transcripcion' });
