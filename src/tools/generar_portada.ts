/**
 * `generar_portada` (docs/design.md §3): the week's cover PNG through the five stages of the catalogue,
 * prompt → image → title → critique → provenance, each a named function (tools/stages/functions.ts)
 * run by the scheduler on its lane (the image on the GPU for flux, the CPU for maqueta) and, when it
 * is CPU work, on the worker pool. A retried stage never redoes the stages before it.
 */
import path from 'node:path';
import { DEFAULTS, type Config } from '../config.js';
import { EngineError } from '../errors.js';
import type { DryRun, StageSpec, ToolContext, ToolDefinition, ToolOutput } from './contract.js';
import type { NotesReader } from '../domain/notebook.js';
import { type Course, findWeek, notesOfWeek, rangeNote, weekProperty, weekStem, weekTitle, weekTopic } from '../domain/course/course.js';
import { idempotencyKey, weekTitleTag } from './idempotency-key.js';
import { throwIfAborted } from '../domain/media/engines.js';
import { FLUX_MODEL } from '../domain/media/flux.js';
import { MAQUETA_MODEL, coverLook } from '../domain/media/maqueta.js';
import { processHealth, type EngineHealth } from '../domain/media/health.js';
import { MSG } from '../domain/media/messages.js';
import { ENGINE as M } from '../strings/model.js';
import { GENERAR_PORTADA } from '../strings/tool-descriptions.js';
import { chooseOutput, findOutputByKey } from '../domain/media/outputs.js';
import { bindStages, dropWork, runGraph, workDir } from './stages/bind.js';
import { stagesOf, type StageDecl } from './stages/catalogue.js';
import { coverReport, type CoverArgs } from './reports/media.js';

export type { CoverArgs } from './reports/media.js';

export interface CoverToolDeps {
  dataDir: string;
  /** With `REDIS_URL`: whether a queue worker advertises the engine now (offered without an address here). */
  advertised?: (engine: 'flux' | 'xtts') => Promise<boolean>;
  notes: NotesReader;
  /** The owner's course: the `semana` enum, the title drawn and which notes are the week's. */
  course: Course;
  media: Config['media'];
  now?: () => Date;
  /** What the start-up probe learned of the GPU server (default this process's record). */
  health?: EngineHealth;
  /** A stage's expected duration (the rolling record of this machine's); default the catalogue's. */
  estimate?: (d: StageDecl) => number;
}

/** Reproducible seed: the same year, week and version always give the same maqueta cover. */
export function coverSeed(year: number, week: number, version = 1): number {
  return year * 10_000 + week * 100 + (version - 1);
}

const description = (course: Course) => GENERAR_PORTADA.tool(rangeNote(course));

/** Builds the `generar_portada` tool over the given data directory and media configuration. */
export function createGenerarPortada(deps: CoverToolDeps): ToolDefinition<CoverArgs> {
  const clock = deps.now ?? (() => new Date());
  const dir = path.join(deps.dataDir, 'portadas');
  const health = deps.health ?? processHealth;

  /** The engine a call names (what changes the picture): part of its key and, off the default, of its file. */
  const engineId = (args: CoverArgs) => (args.maqueta ? 'maqueta' : 'flux');
  /** `semana_03.png` for the CPU mock-up (as always); another engine's cover never overwrites it. */
  const stemFor = (args: CoverArgs) => (args.maqueta ? weekStem(args.semana) : `${weekStem(args.semana)}-${engineId(args)}`);

  function stages(args: CoverArgs): StageSpec[] {
    return stagesOf('generar_portada', args.maqueta ? 'cpu' : 'gpu', deps.estimate);
  }

  /** FLUX is there: the bot's own address, or a queue worker that advertises it. */
  const fluxServed = async () => Boolean(deps.media.fluxUrl) || (await deps.advertised?.('flux')) === true;

  async function execute(args: CoverArgs, ctx: ToolContext): Promise<ToolOutput> {
    const week = args.semana;
    // Made already by a process that died before the store recorded it: return it, do not redraw.
    const made = await findOutputByKey(dir, 'png', ctx.key);
    if (made) return made;
    if (!args.maqueta && !(await fluxServed())) throw new EngineError('ENGINE_UNAVAILABLE', MSG.fluxNotConfigured, { field: 'maqueta', engine: 'flux' });
    const engine = args.maqueta ? { name: 'maqueta', model: MAQUETA_MODEL } : { name: 'flux', model: deps.media.fluxModel ?? FLUX_MODEL };
    const started = Date.now();
    const created = ctx.now();
    const year = created.getFullYear();
    const out = await chooseOutput(dir, stemFor(args), 'png', ctx.redo === true);
    const seed = coverSeed(year, week, out.version);
    const title = weekTitle(deps.course, week);
    const key = ctx.key ?? `portada-${engineId(args)}-${year}-S${week}-${ctx.callId ?? 'sin-llamada'}`;
    const work = workDir(deps.dataDir, key);
    const notes = notesOfWeek(deps.course, await deps.notes.list(), week);
    // The motif follows the week's own words (its title, terms and notes), never another subject's.
    const own = findWeek(deps.course, week);
    const side = deps.media.coverPx ?? DEFAULTS.coverPx;
    const look = coverLook({ title: own?.titulo ?? title, terms: own?.terminos ?? [], notes: notes.map((n) => `${n.tema}\n${n.texto}`) });
    // The tool's result, whose critique the last stage fills in (it is written in the sidecar).
    const salida = {
      data: {
        ruta: out.file,
        metadatos: out.file.replace(/\.png$/, '.json'),
        motor: engine.name,
        modelo: engine.model,
        titulo: title,
        semilla: seed,
        version: out.version,
        prompt: '',
        tamano: `${side}x${side}`,
      } as Record<string, unknown>,
      artifacts: [{ kind: 'imagen' as const, path: out.file, mime: 'image/png', caption: `${title} — motor ${engine.name}`, meta: {} as Record<string, unknown> }],
    };
    const provenance = { engine: engine.name, model: engine.model, seed, prompt: '', created_at: created.toISOString(), title, week, version: out.version };
    salida.artifacts[0]!.meta = { ...provenance };
    const result = await runGraph(ctx, work, bindStages(stages(args), {
      key,
      work,
      input: {
        prompt: { week, topic: weekTopic(deps.course, week), look, notes, terms: own?.terminos ?? [] },
        imagen: { engine: engine.name, look, ...(deps.media.fluxUrl ? { fluxUrl: deps.media.fluxUrl } : {}), ...(deps.media.fluxModel ? { model: deps.media.fluxModel } : {}), timeoutMs: deps.media.timeoutMs, week, seed, width: side, height: side, raw: path.join(work, 'imagen.bin') },
        titulo: { title, raw: path.join(work, 'titulo.rgba') },
        critica: { engine: engine.name, width: side, height: side },
        procedencia: { file: out.file, provenance, ...(ctx.key ? { clave: ctx.key } : {}), salida, startedAt: started },
      },
    }));
    throwIfAborted(ctx.signal);
    // The server answered: that clears a failed start-up check on the process's record.
    if (!args.maqueta && deps.media.fluxUrl) health.record({ ok: true, engine: 'flux', url: deps.media.fluxUrl, at: new Date() });
    await dropWork(work);
    return (result.procedencia as { salida: ToolOutput }).salida;
  }

  async function dryRun(args: CoverArgs, ctx: ToolContext): Promise<DryRun> {
    const available = args.maqueta || (await fluxServed());
    const lane = args.maqueta ? 'cpu' : 'gpu';
    const out = await chooseOutput(dir, stemFor(args), 'png', ctx.redo === true);
    const total = stages(args).reduce((s, st) => s + st.estimateMs, 0);
    const down = args.maqueta ? undefined : health.blocking('flux', deps.media.fluxUrl);
    // A week with no notes yet still gets its cover, drawn from its title and terms: said so.
    const notes = notesOfWeek(deps.course, await deps.notes.list(), args.semana).length;
    return {
      summary: MSG.coverDry(args.semana, args.maqueta ? 'maqueta' : 'flux', lane, notes),
      notes,
      writes: [out.file, out.file.replace(/\.png$/, '.json')],
      engine: args.maqueta ? 'maqueta' : 'flux',
      lane,
      estimateS: total / 1000,
      cached: false,
      ...(available ? {} : { problems: [MSG.fluxNotConfigured] }),
      ...(down ? { problems: [M.imageUnavailable(down)] } : {}),
    };
  }

  return {
    name: 'generar_portada',
    description: description(deps.course),
    strict: true,
    input_schema: {
      type: 'object',
      properties: {
        semana: weekProperty(deps.course),
        maqueta: { type: 'boolean', description: GENERAR_PORTADA.maqueta },
      },
      required: ['semana', 'maqueta'],
      additionalProperties: false,
    },
    effect: 3,
    defaultPermission: 'confirmar',
    ownerChoices: ['maqueta'],
    stages,
    report: coverReport,
    idempotencyKey: (args, { now }) => idempotencyKey(`portada-${engineId(args)}`, now.getFullYear(), args.semana, undefined, weekTitleTag(deps.course, args.semana)),
    dryRun,
    execute: (args, ctx) => execute(args, { ...ctx, now: ctx.now ?? clock }),
  };
}
