/**
 * The media tools of docs/design.md §3 — `generar_portada` (cover PNG) and `narrar_resumen` (narration WAV) —
 * built from the engines in this folder. This folder is the only place that talks to GPU servers or
 * to a speech synthesiser; everything above it sees ToolDefinitions.
 *
 * Engines: `maqueta` (procedural cover, CPU) and `flux` (FLUX.1 schnell over
 * `POST {FLUX_URL}/v1/images/generations`, GPU); `juguete` (eSpeak-NG WASM, CPU) and `xtts`
 * (XTTS-v2 over `POST {XTTS_URL}/v1/audio/speech`, GPU, needs `consentimiento.json`).
 */
import type { Config } from '../config.js';
import type { ToolDefinition } from './contract.js';
import type { NotesReader } from '../domain/notebook.js';
import type { Course } from '../domain/course/course.js';
import type { StageDecl } from './stages/catalogue.js';
import { createGenerarPortada, type CoverArgs } from './generar_portada.js';
import { createNarrarResumen, type NarrationArgs } from './narrar_resumen.js';
import type { EngineHealth } from '../domain/media/health.js';

export interface MediaToolDeps {
  /** Runtime data directory: outputs go to `<dataDir>/portadas/` and `<dataDir>/audio/`. */
  dataDir: string;
  notes: NotesReader;
  /** The owner's course (the week enum, titles and the notes of each week). */
  course: Course;
  /** GPU server URLs (absent = engine unavailable) and the per-request timeout. */
  media: Config['media'];
  /** Clock for the year in keys/provenance; defaults to the real clock. */
  now?: () => Date;
  /** What the start-up probe learned of the GPU servers; default this process's record (health.ts). */
  health?: EngineHealth;
  /** A stage's expected duration on this machine (stages/durations.ts); default the catalogue's. */
  estimate?: (d: StageDecl) => number;
  /**
   * With `REDIS_URL`: whether a queue worker advertises the engine now (lanes/adverts.ts). The bot
   * offers FLUX/XTTS when one does, with no address of its own (its GPU stages run on the worker).
   */
  advertised?: (engine: 'flux' | 'xtts') => Promise<boolean>;
}

export interface MediaTools {
  generar_portada: ToolDefinition<CoverArgs>;
  narrar_resumen: ToolDefinition<NarrationArgs>;
}

/** Builds both media tools over one data directory and one media configuration. */
export function createMediaTools(deps: MediaToolDeps): MediaTools {
  return {
    generar_portada: createGenerarPortada(deps),
    narrar_resumen: createNarrarResumen(deps),
  };
}

export type { CoverArgs, NarrationArgs };
export { encodeMp3, encodeMp3Async } from '../domain/media/mp3.js';
export { probeEngines, type ProbeReport } from '../domain/media/probe.js';
export { EngineHealth, processHealth } from '../domain/media/health.js';
