/**
 * `generar_portada` (SPEC §3): the week's cover PNG through the five-stage pipeline
 * prompt → image → title → critique → provenance. The scheduler sees two stages: `prompt` (CPU) and
 * `imagen` (GPU for flux, CPU for maqueta); title, critique and provenance are milliseconds of CPU
 * work done after the image arrives, so a retried engine call never redraws them twice.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { CuadernoError, EngineError } from '../errors.js';
import type { DryRun, StageSpec, ToolContext, ToolDefinition, ToolOutput } from './contract.js';
import { type NotesReader, type Week, WEEK_PROPERTY, weekStem, weekTitle } from './domain.js';
import { idempotencyKey } from './idempotency-key.js';
import { buildCoverPrompt } from './media/cover-prompt.js';
import { drawCoverTitle } from './media/cover-title.js';
import { critiqueCover } from './media/critique.js';
import { STAGE_ESTIMATES_MS, throwIfAborted, type ImageEngine } from './media/engines.js';
import { createFluxEngine } from './media/flux.js';
import { createMaquetaEngine } from './media/maqueta.js';
import { MSG } from './media/messages.js';
import { chooseOutput, findOutputByKey, type KeyedSidecar } from './media/outputs.js';
import { writeCoverWithProvenance } from './media/provenance.js';
import { STAGE_LABELS } from '../strings/tools.js';

export interface CoverArgs {
  semana: number;
  maqueta: boolean;
}

export interface CoverToolDeps {
  dataDir: string;
  notes: NotesReader;
  media: Config['media'];
  now?: () => Date;
}

/** Cover size in pixels (square: Telegram shows it whole; FLUX.1 schnell's native 1024²). */
export const COVER_SIZE = 1024;

/** Reproducible seed: the same year, week and version always give the same maqueta cover. */
export function coverSeed(year: number, week: number, version = 1): number {
  return year * 10_000 + week * 100 + (version - 1);
}

const DESCRIPTION = [
  'Genera la portada PNG de una semana de estudio (semana 1–4) y devuelve su ruta, el motor, el título dibujado y la puntuación de la revisión automática.',
  'Úsela una vez por semana cuando el titular quiera preparar la semana o pida rehacer la portada.',
  'maqueta:true dibuja una portada procedural en la CPU (sin GPU, siempre disponible); maqueta:false usa FLUX.1 schnell en la GPU y requiere que FLUX_URL esté configurado; si no lo está, use maqueta:true.',
  'Efecto sensible: requiere la confirmación del titular. Si la portada de esa semana ya existe este año se devuelve la existente.',
].join(' ');

/** Builds the `generar_portada` tool over the given data directory and media configuration. */
export function createGenerarPortada(deps: CoverToolDeps): ToolDefinition<CoverArgs> {
  const clock = deps.now ?? (() => new Date());
  const dir = path.join(deps.dataDir, 'portadas');

  function engineFor(args: CoverArgs): ImageEngine | undefined {
    if (args.maqueta) return createMaquetaEngine();
    return deps.media.fluxUrl ? createFluxEngine({ url: deps.media.fluxUrl, timeoutMs: deps.media.timeoutMs }) : undefined;
  }

  /** The engine a call names (what changes the picture): part of its key and, off the default, of its file. */
  const engineId = (args: CoverArgs) => (args.maqueta ? 'maqueta' : 'flux');
  /** `semana_03.png` for the CPU mock-up (as always); another engine's cover never overwrites it. */
  const stemFor = (args: CoverArgs) => (args.maqueta ? weekStem(args.semana as Week) : `${weekStem(args.semana as Week)}-${engineId(args)}`);

  function stages(args: CoverArgs): StageSpec[] {
    return [
      { name: 'prompt', label: STAGE_LABELS.prompt, lane: 'cpu', estimateMs: STAGE_ESTIMATES_MS.coverPrompt },
      { name: 'imagen', label: STAGE_LABELS.imagen, lane: args.maqueta ? 'cpu' : 'gpu', estimateMs: STAGE_ESTIMATES_MS.coverImage },
    ];
  }

  async function execute(args: CoverArgs, ctx: ToolContext): Promise<ToolOutput> {
    const week = args.semana as Week;
    // Made already by a process that died before the store recorded it: return it, do not redraw.
    const made = await findOutputByKey(dir, 'png', ctx.key);
    if (made) return made;
    const engine = engineFor(args);
    if (!engine) throw new EngineError('ENGINE_UNAVAILABLE', MSG.fluxNotConfigured, { field: 'maqueta', engine: 'flux' });
    const [promptStage, imageStage] = stages(args) as [StageSpec, StageSpec];
    const started = Date.now();
    const created = ctx.now();
    const year = created.getFullYear();

    const prompt = await ctx.stage(promptStage, async (signal) => {
      throwIfAborted(signal);
      throwIfAborted(ctx.signal);
      return buildCoverPrompt(week, await deps.notes.list());
    });
    const out = await chooseOutput(dir, stemFor(args), 'png', ctx.redo === true);
    const seed = coverSeed(year, week, out.version);
    // The stage's own signal (scheduler cancel/timeout) and the call's signal both stop the engine.
    const image = await ctx.stage(imageStage, (signal) =>
      engine.generate({ prompt: prompt.text, week, seed, width: COVER_SIZE, height: COVER_SIZE }, AbortSignal.any([signal, ctx.signal])),
    );
    throwIfAborted(ctx.signal);

    const title = weekTitle(week);
    const titleBox = drawCoverTitle(image, title);
    const critique = critiqueCover(image, titleBox, { width: COVER_SIZE, height: COVER_SIZE });
    if (!critique.ok) {
      throw new CuadernoError('ENGINE_BAD_RESPONSE', MSG.critiqueFailed(critique.problems), { engine: engine.name, critique });
    }
    const provenance = {
      engine: engine.name,
      model: engine.model,
      seed,
      prompt: prompt.text,
      created_at: created.toISOString(),
      title,
      week,
      version: out.version,
      critique: { score: critique.score, contrast: critique.contrast },
    };
    throwIfAborted(ctx.signal);

    const result = {
      ruta: out.file,
      metadatos: out.file.replace(/\.png$/, '.json'),
      motor: engine.name,
      modelo: engine.model,
      titulo: title,
      semilla: seed,
      version: out.version,
      prompt: prompt.text,
      critica: { puntuacion: critique.score, contraste_titulo: Number(critique.contrast.toFixed(2)) },
      tamano: `${image.width}x${image.height}`,
      duracion_ms: Date.now() - started,
    };
    const output: ToolOutput = {
      data: result,
      artifacts: [{ kind: 'imagen', path: out.file, mime: 'image/png', caption: `${title} — motor ${engine.name}`, meta: provenance }],
    };
    await writeCoverWithProvenance(out.file, image, provenance, ctx.key ? ({ clave: ctx.key, salida: output } satisfies KeyedSidecar) : {});
    return output;
  }

  async function dryRun(args: CoverArgs, ctx: ToolContext): Promise<DryRun> {
    const engine = engineFor(args);
    const lane = args.maqueta ? 'cpu' : 'gpu';
    const out = await chooseOutput(dir, stemFor(args), 'png', ctx.redo === true);
    const total = stages(args).reduce((s, st) => s + st.estimateMs, 0);
    return {
      summary: MSG.coverDry(args.semana, args.maqueta ? 'maqueta' : 'flux', lane),
      writes: [out.file, out.file.replace(/\.png$/, '.json')],
      engine: args.maqueta ? 'maqueta' : 'flux',
      lane,
      estimateS: total / 1000,
      cached: false,
      ...(engine ? {} : { problems: [MSG.fluxNotConfigured] }),
    };
  }

  return {
    name: 'generar_portada',
    description: DESCRIPTION,
    strict: true,
    input_schema: {
      type: 'object',
      properties: {
        semana: WEEK_PROPERTY,
        maqueta: { type: 'boolean', description: 'true = portada procedural en CPU, sin GPU; false = FLUX.1 schnell en la GPU (requiere FLUX_URL).' },
      },
      required: ['semana', 'maqueta'],
      additionalProperties: false,
    },
    effect: 3,
    defaultPermission: 'confirmar',
    ownerChoices: ['maqueta'],
    stages,
    idempotencyKey: (args, { now }) => idempotencyKey(`portada-${engineId(args)}`, now.getFullYear(), args.semana),
    dryRun,
    execute: (args, ctx) => execute(args, { ...ctx, now: ctx.now ?? clock }),
  };
}
