/**
 * `narrar_resumen` (SPEC §3): writes the week's podcast script from its notes (opening with the AI
 * disclosure) and narrates it to a 16-bit PCM mono WAV carrying a RIFF LIST/INFO watermark.
 * Stages: `guion` (CPU) then `narracion` (GPU for xtts, CPU for juguete). `xtts` clones the owner's
 * voice — biometric data — so it is refused unless `consentimiento.json` is present and unexpired.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { CuadernoError, EngineError } from '../errors.js';
import type { DryRun, StageSpec, ToolContext, ToolDefinition, ToolOutput } from './contract.js';
import { type NotesReader, type Week, WEEK_PROPERTY, weekStem, weekTitle } from './domain.js';
import { idempotencyKey, keyPart } from './idempotency-key.js';
import { checkConsent, consentFile, type Consent } from './media/consent.js';
import { STAGE_ESTIMATES_MS, throwIfAborted, type SpeechEngine } from './media/engines.js';
import { createEspeakEngine } from './media/espeak.js';
import { MSG } from './media/messages.js';
import { chooseOutput, findOutputByKey, latestOutput, type KeyedSidecar } from './media/outputs.js';
import { buildNarrationScript } from './media/script.js';
import { checkAudio, encodeWav } from './media/wav.js';
import { createXttsEngine } from './media/xtts.js';
import { writeFileAtomic } from '../store/atomic.js';
import { STAGE_LABELS } from '../strings/tools.js';

export interface NarrationArgs {
  semana: number;
  motor: 'xtts' | 'juguete';
}

export interface NarrationToolDeps {
  dataDir: string;
  notes: NotesReader;
  media: Config['media'];
  now?: () => Date;
}

const DESCRIPTION = [
  'Escribe el guion del pódcast de una semana de estudio (60–150 palabras en español, a partir de sus notas) y lo narra en un WAV; devuelve la ruta, el motor, la duración y el guion.',
  'Úsela una vez por semana al preparar la semana o cuando el titular pida rehacer la narración.',
  'motor:"juguete" es una voz sintética local en la CPU, siempre disponible; motor:"xtts" usa la voz del propio titular en la GPU, requiere XTTS_URL y un consentimiento de voz registrado y vigente, y si falta se rechaza: entonces use "juguete".',
  'Toda narración empieza avisando de que la voz es generada por IA y lleva una marca de agua. Efecto sensible: requiere la confirmación del titular.',
].join(' ');

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

  function stages(args: NarrationArgs): StageSpec[] {
    return [
      { name: 'guion', label: STAGE_LABELS.guion, lane: 'cpu', estimateMs: STAGE_ESTIMATES_MS.script },
      { name: 'narracion', label: STAGE_LABELS.narracion, lane: args.motor === 'xtts' ? 'gpu' : 'cpu', estimateMs: STAGE_ESTIMATES_MS.narration },
    ];
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
    (args.motor === 'juguete' ? weekStem(args.semana as Week) : `${weekStem(args.semana as Week)}-${await voiceId(args, now)}`);

  /** The engine for `motor`, or the reasons it cannot run (URL missing, consent missing/expired). */
  async function engineFor(args: NarrationArgs, now: Date): Promise<{ engine?: SpeechEngine; errors: CuadernoError[] }> {
    if (args.motor === 'juguete') return { engine: createEspeakEngine(), errors: [] };
    const errors: CuadernoError[] = [];
    let consent: Consent | undefined;
    try {
      consent = await checkConsent(deps.dataDir, now);
    } catch (e) {
      if (e instanceof CuadernoError) errors.push(e);
      else throw e;
    }
    if (!deps.media.xttsUrl) errors.push(new EngineError('ENGINE_UNAVAILABLE', MSG.xttsNotConfigured, { field: 'motor', engine: 'xtts' }));
    if (errors.length > 0 || !consent || !deps.media.xttsUrl) return { errors };
    return { engine: createXttsEngine({ url: deps.media.xttsUrl, timeoutMs: deps.media.timeoutMs, voice: consent.voz }), errors };
  }

  async function execute(args: NarrationArgs, ctx: ToolContext): Promise<ToolOutput> {
    const week = args.semana as Week;
    // Made already by a process that died before the store recorded it: return it, do not re-narrate.
    const made = await findOutputByKey(dir, 'wav', ctx.key);
    if (made) return made;
    const created = ctx.now();
    const started = Date.now();
    const { engine, errors } = await engineFor(args, created);
    // Consent problems come first: they are the reason a voice clone is refused.
    if (!engine) throw errors[0] ?? new EngineError('ENGINE_UNAVAILABLE', MSG.xttsNotConfigured);
    const [scriptStage, voiceStage] = stages(args) as [StageSpec, StageSpec];

    const script = await ctx.stage(scriptStage, async (signal) => {
      throwIfAborted(signal);
      throwIfAborted(ctx.signal);
      return buildNarrationScript(week, await deps.notes.list());
    });
    // The stage's own signal (scheduler cancel/timeout) and the call's signal both stop the engine.
    const pcm = await ctx.stage(voiceStage, (signal) => engine.synthesize(script.text, AbortSignal.any([signal, ctx.signal])));
    throwIfAborted(ctx.signal);

    const check = checkAudio(pcm);
    if (!check.ok) throw new CuadernoError('ENGINE_BAD_RESPONSE', MSG.audioFailed(check.problems), { engine: engine.name });
    const wav = encodeWav(pcm, {
      ICMT: MSG.watermark(engine.name),
      ISFT: `Cuaderno Vivo · ${engine.name} (${engine.model})`,
      ICRD: created.toISOString().slice(0, 10),
      INAM: `${weekTitle(week)} — resumen narrado`,
    });
    const out = await chooseOutput(dir, await stemFor(args, ctx.now()), 'wav', ctx.redo === true);
    throwIfAborted(ctx.signal);

    const result = {
      ruta: out.file,
      motor: engine.name,
      modelo: engine.model,
      titulo: weekTitle(week),
      duracion_audio_s: Number(check.durationS.toFixed(1)),
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
        caption: `${weekTitle(week)} — resumen narrado (voz generada por IA, motor ${engine.name})`,
        meta: { engine: engine.name, model: engine.model, durationS: check.durationS, created_at: created.toISOString() },
      }],
    };
    // Sidecar first (the call's key and result), then the WAV: both present = the effect is done.
    if (ctx.key) await writeFileAtomic(out.file.replace(/\.wav$/, '.json'), `${JSON.stringify({ clave: ctx.key, salida: output } satisfies KeyedSidecar, null, 2)}\n`);
    await writeFileAtomic(out.file, wav);
    return output;
  }

  async function dryRun(args: NarrationArgs, ctx: ToolContext): Promise<DryRun> {
    const { errors } = await engineFor(args, ctx.now());
    const lane = args.motor === 'xtts' ? 'gpu' : 'cpu';
    const out = await chooseOutput(dir, await stemFor(args, ctx.now()), 'wav', ctx.redo === true);
    return {
      summary: MSG.narrationDry(args.semana, args.motor, lane),
      writes: [out.file, out.file.replace(/\.wav$/, '.json')],
      engine: args.motor,
      lane,
      estimateS: stages(args).reduce((s, st) => s + st.estimateMs, 0) / 1000,
      cached: false,
      ...(errors.length > 0 ? { problems: errors.map((e) => e.message) } : {}),
    };
  }

  return {
    name: 'narrar_resumen',
    description: DESCRIPTION,
    strict: true,
    input_schema: {
      type: 'object',
      properties: {
        semana: WEEK_PROPERTY,
        motor: { type: 'string', enum: ['xtts', 'juguete'], description: '"juguete" = voz sintética local en CPU; "xtts" = voz del titular en GPU (requiere XTTS_URL y consentimiento vigente).' },
      },
      required: ['semana', 'motor'],
      additionalProperties: false,
    },
    effect: 3,
    defaultPermission: 'confirmar',
    ownerChoices: ['motor'],
    stages,
    idempotencyKey: async (args, { now }) => idempotencyKey(`narracion-${await voiceId(args, now)}`, now.getFullYear(), args.semana),
    dryRun,
    execute: (args, ctx) => execute(args, { ...ctx, now: ctx.now ?? clock }),
  };
}

/** Where the voice-consent record lives (for the CLI/bot to tell the owner). */
export { consentFile };
