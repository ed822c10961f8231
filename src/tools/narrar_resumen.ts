/**
 * `narrar_resumen` (docs/design.md §3): writes the week's podcast script from its notes (opening with the AI
 * disclosure) and narrates it to a 16-bit PCM mono WAV carrying a RIFF LIST/INFO watermark.
 * Stages (the catalogue's): script → speech (GPU for xtts, CPU for juguete) → watermark → encode
 * (the MP3 episode the chat plays). `xtts` clones the owner's
 * voice — biometric data — so it is refused unless `consentimiento.json` is present and unexpired.
 */
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { CuadernoError, EngineError } from '../errors.js';
import { narrationReport, type NarrationArgs } from './reports/media.js';
import type { DryRun, StageSpec, ToolContext, ToolDefinition, ToolOutput } from './contract.js';
import { bindStages, dropWork, runGraph, workDir } from './stages/bind.js';
import { stagesOf, type StageDecl } from './stages/catalogue.js';
import type { NotesReader } from '../domain/notebook.js';
import { type Course, notesOfWeek, rangeNote, weekProperty, weekStem, weekTitle, weekTopic } from '../domain/course/course.js';
import { idempotencyKey, keyPart, weekTitleTag } from './idempotency-key.js';
import { checkConsent, consentFile, type Consent } from '../domain/media/consent.js';
import { throwIfAborted } from '../domain/media/engines.js';
import { ESPEAK_VOICE } from '../domain/media/espeak.js';
import { processHealth, type EngineHealth, type SpeechFormat } from '../domain/media/health.js';
import { MSG } from '../domain/media/messages.js';
import { ENGINE as M, TOOL_ANSWERS } from '../strings/model.js';
import { NARRAR_RESUMEN } from '../strings/tool-descriptions.js';
import { chooseOutput, findOutputByKey, latestOutput, type KeyedSidecar } from '../domain/media/outputs.js';
import { XTTS_MODEL } from '../domain/media/xtts.js';
import { writeRecord } from '../store/outputs.js';
import { sourcesOf } from '../domain/week-sources.js';

/**
 * Renames a finished file into place. Already moved (a resume after a kill between the two moves)
 * is fine when the file is where it belongs; missing from both places is an error.
 */
async function moveIntoPlace(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !(await stat(to).then(() => true, () => false))) throw e;
  }
}

export type { NarrationArgs } from './reports/media.js';

export interface NarrationToolDeps {
  dataDir: string;
  /** With `REDIS_URL`: whether a queue worker advertises the engine now (offered without an address here). */
  advertised?: (engine: 'flux' | 'xtts') => Promise<boolean>;
  notes: NotesReader;
  /** The owner's course: the `semana` enum, the week's title and which notes are its own. */
  course: Course;
  media: Config['media'];
  now?: () => Date;
  /** What the start-up probe learned of the GPU server (default this process's record). */
  health?: EngineHealth;
  /** A stage's expected duration (the rolling record of this machine's); default the catalogue's. */
  estimate?: (d: StageDecl) => number;
}

const description = (course: Course) => NARRAR_RESUMEN.tool(rangeNote(course));

/** Builds the `narrar_resumen` tool over the given data directory and media configuration. */
/** Where the narrations live in the data dir: `audio/semana_03.wav`, redos `semana_03-v2.wav`. */
export const NARRATION_DIRNAME = 'audio';

/** The newest narration WAV of the week (a redo's `-vN` over the first), for sending it on request. */
export function latestNarration(dataDir: string, week: number): Promise<string | undefined> {
  return latestOutput(path.join(dataDir, NARRATION_DIRNAME), weekStem(week), 'wav');
}

export function createNarrarResumen(deps: NarrationToolDeps): ToolDefinition<NarrationArgs> {
  const clock = deps.now ?? (() => new Date());
  const dir = path.join(deps.dataDir, NARRATION_DIRNAME);
  const health = deps.health ?? processHealth;

  function stages(args: NarrationArgs): StageSpec[] {
    return stagesOf('narrar_resumen', args.motor === 'xtts' ? 'gpu' : 'cpu', deps.estimate);
  }

  /**
   * The engine and voice a call names (what changes the audio): `juguete`, or `xtts-<voz>` with the
   * voice of the consent on file (`xtts-sin_voz` without one: that call is refused anyway).
   */
  async function voiceId(args: NarrationArgs, now: Date): Promise<string> {
    if (args.motor === 'juguete') return 'juguete';
    const consent = await checkConsent(deps.dataDir, now).catch(() => undefined);
    return `xtts-${consent ? keyPart(consent.voz) : 'sin_voz'}`;
  }
  /** `semana_03.wav` for the local voice (as always); a cloned voice's narration never overwrites it. */
  const stemFor = async (args: NarrationArgs, now: Date) =>
    (args.motor === 'juguete' ? weekStem(args.semana) : `${weekStem(args.semana)}-${await voiceId(args, now)}`);

  /** The engine for `motor`, or the reasons it cannot run (URL missing, consent missing/expired). */
  async function engineFor(args: NarrationArgs, now: Date): Promise<{ engine?: { name: 'juguete' | 'xtts'; model: string; voice?: string; sample?: { file: string; text?: string } }; errors: CuadernoError[] }> {
    if (args.motor === 'juguete') return { engine: { name: 'juguete', model: `espeak-ng ${ESPEAK_VOICE}` }, errors: [] };
    const errors: CuadernoError[] = [];
    let consent: Consent | undefined;
    try {
      consent = await checkConsent(deps.dataDir, now);
    } catch (e) {
      if (e instanceof CuadernoError) errors.push(e);
      else throw e;
    }
    // XTTS is there: the bot's own address, or a queue worker that advertises it.
    const served = Boolean(deps.media.xttsUrl) || (await deps.advertised?.('xtts')) === true;
    if (!served) errors.push(new EngineError('ENGINE_UNAVAILABLE', MSG.xttsNotConfigured, { field: 'motor', engine: 'xtts' }));
    if (errors.length > 0 || !consent || !served) return { errors };
    const sample = consent.muestra ? { file: consent.muestra.file, ...(consent.muestra.text ? { text: consent.muestra.text } : {}) } : undefined;
    return { engine: { name: 'xtts', model: deps.media.xttsModel ?? XTTS_MODEL, voice: consent.voz, ...(sample ? { sample } : {}) }, errors };
  }

  const knownFormat = (url: string): { format?: SpeechFormat } => {
    const f = health.speechFormat(url);
    return f ? { format: f } : {};
  };

  async function execute(args: NarrationArgs, ctx: ToolContext): Promise<ToolOutput> {
    const week = args.semana;
    // Made already by a process that died before the store recorded it: return it, do not re-narrate.
    const made = await findOutputByKey(dir, 'wav', ctx.key);
    if (made) return made;
    const created = ctx.now();
    const started = Date.now();
    const { engine, errors } = await engineFor(args, created);
    // Consent problems come first: they are the reason a voice clone is refused.
    if (!engine) throw errors[0] ?? new EngineError('ENGINE_UNAVAILABLE', MSG.xttsNotConfigured);
    const out = await chooseOutput(dir, await stemFor(args, ctx.now()), 'wav', ctx.redo === true);
    const key = ctx.key ?? `narracion-${args.motor}-${created.getFullYear()}-S${week}-${ctx.callId ?? 'sin-llamada'}`;
    const work = workDir(deps.dataDir, key);
    const mp3 = out.file.replace(/\.wav$/, '.mp3');
    // The notes the script is written from, kept with the episode (week-sources.ts).
    const weekNotes = notesOfWeek(deps.course, await deps.notes.list(), week);
    const r = await runGraph(ctx, work, bindStages(stages(args), {
      key,
      work,
      input: {
        guion: { week, topic: weekTopic(deps.course, week), notes: weekNotes },
        voz: {
          engine: engine.name,
          ...(deps.media.xttsUrl ? { xttsUrl: deps.media.xttsUrl, ...knownFormat(deps.media.xttsUrl) } : {}),
          ...(engine.voice ? { voice: engine.voice } : {}),
          ...(engine.sample ? { sampleFile: engine.sample.file, ...(engine.sample.text ? { sampleText: engine.sample.text } : {}) } : {}),
          ...(deps.media.pcmSampleRate ? { pcmSampleRate: deps.media.pcmSampleRate } : {}),
          ...(deps.media.xttsModel ? { model: deps.media.xttsModel } : {}),
          timeoutMs: deps.media.timeoutMs,
          raw: path.join(work, 'voz.pcm'),
        },
        // Both files are made in the call's work folder and moved into place at the end (the WAV
        // last): a kill at any instant leaves either a finished narration or one to finish, never
        // a WAV without its key that a resume would make again.
        marca: {
          engine: engine.name,
          wav: path.join(work, 'narracion.wav'),
          info: {
            ICMT: MSG.watermark(engine.name),
            ISFT: MSG.wavSoftware(engine.name),
            ICRD: created.toISOString().slice(0, 10),
            INAM: `${weekTitle(deps.course, week)} — resumen narrado`,
          },
        },
        codificar: { mp3: path.join(work, 'narracion.mp3') },
      },
    }));
    throwIfAborted(ctx.signal);
    const script = r.guion as { text: string; words: number };
    // The server answered: what it taught (it works; the format it speaks) goes on the process's record.
    const spoken = r.voz as { format?: SpeechFormat };
    if (engine.name === 'xtts' && deps.media.xttsUrl) {
      if (spoken.format) health.setSpeechFormat(deps.media.xttsUrl, spoken.format);
      health.record({ ok: true, engine: 'xtts', url: deps.media.xttsUrl, at: new Date() });
    }
    const { durationS } = r.marca as { durationS: number };

    const result = {
      ruta: out.file,
      motor: engine.name,
      modelo: engine.model,
      titulo: weekTitle(deps.course, week),
      duracion_audio_s: Number(durationS.toFixed(1)),
      palabras: script.words,
      aviso_ia: MSG.disclosure,
      marca_de_agua: 'RIFF LIST/INFO (ICMT, ISFT, ICRD)',
      version: out.version,
      guion: script.text,
      duracion_ms: Date.now() - started,
    };
    const output: ToolOutput = {
      data: result,
      artifacts: [{
        kind: 'audio',
        path: out.file,
        mime: 'audio/wav',
        caption: TOOL_ANSWERS.narrationCaption(weekTitle(deps.course, week), engine.name),
        meta: { engine: engine.name, model: engine.model, durationS, created_at: created.toISOString(), mp3, title: weekTitle(deps.course, week), fuentes: sourcesOf(weekNotes) },
      }],
    };
    // The sidecar (the call's key and result) first, then the MP3, then the WAV: the WAV with a
    // sidecar carrying this key is what marks the effect done (findOutputByKey).
    if (ctx.key) await writeRecord(out.file.replace(/\.wav$/, '.json'), { clave: ctx.key, salida: output } satisfies KeyedSidecar);
    await mkdir(path.dirname(out.file), { recursive: true });
    await moveIntoPlace((r.codificar as { mp3: string }).mp3, mp3);
    await moveIntoPlace((r.marca as { wav: string }).wav, out.file);
    await dropWork(work);
    return output;
  }

  async function dryRun(args: NarrationArgs, ctx: ToolContext): Promise<DryRun> {
    const { errors } = await engineFor(args, ctx.now());
    const down = args.motor === 'xtts' ? health.blocking('xtts', deps.media.xttsUrl) : undefined;
    // The script is written from the week's own notes: without any, no voice or engine could help.
    const notes = notesOfWeek(deps.course, await deps.notes.list(), args.semana).length;
    const empty = notes === 0 ? MSG.noNotes(args.semana) : undefined;
    const problems = [...(empty ? [empty] : []), ...errors.map((e) => e.message), ...(down ? [M.voiceUnavailable(down)] : [])];
    const lane = args.motor === 'xtts' ? 'gpu' : 'cpu';
    const out = await chooseOutput(dir, await stemFor(args, ctx.now()), 'wav', ctx.redo === true);
    return {
      notes,
      ...(empty ? { unworkable: { code: 'NOT_FOUND' as const, message: empty } } : {}),
      summary: MSG.narrationDry(args.semana, args.motor, lane),
      writes: [out.file, out.file.replace(/\.wav$/, '.json')],
      engine: args.motor,
      lane,
      estimateS: stages(args).reduce((s, st) => s + st.estimateMs, 0) / 1000,
      cached: false,
      ...(problems.length > 0 ? { problems } : {}),
    };
  }

  return {
    name: 'narrar_resumen',
    description: description(deps.course),
    strict: true,
    input_schema: {
      type: 'object',
      properties: {
        semana: weekProperty(deps.course),
        motor: { type: 'string', enum: ['xtts', 'juguete'], description: NARRAR_RESUMEN.motor },
      },
      required: ['semana', 'motor'],
      additionalProperties: false,
    },
    effect: 3,
    defaultPermission: 'confirmar',
    ownerChoices: ['motor'],
    stages,
    report: narrationReport,
    idempotencyKey: async (args, { now }) => idempotencyKey(`narracion-${await voiceId(args, now)}`, now.getFullYear(), args.semana, undefined, weekTitleTag(deps.course, args.semana)),
    dryRun,
    execute: (args, ctx) => execute(args, { ...ctx, now: ctx.now ?? clock }),
  };
}

/** Where the voice-consent record lives (for the CLI/bot to tell the owner). */
export { consentFile };
