/**
 * The start-up probe: each configured GPU server is asked once for the smallest real piece of work
 * — a 256² image, a one-word narration — so a wrong URL, a server that is off, a route that is not
 * there or an answer we cannot use is reported on the console when the bot starts, not when the
 * owner asks for a cover. The outcome goes to the EngineHealth record the dry runs read (an approval
 * then says the GPU image or voice is unavailable). The probe never throws and never blocks the start.
 *
 * The voice is probed only with a valid consent record, and with the voice it names: using the
 * owner's voice needs the owner's consent, even for one word.
 */
import { DEFAULTS, type Config } from '../../config.js';
import { CuadernoError, EngineError } from '../../errors.js';
import { ENGINE as M, MEDIA_CHECKS } from '../../strings/model.js';
import { PROBE } from '../../strings/console.js';
import { checkConsent } from './consent.js';
import { ENGINE_ROLE, processHealth, troubleOf, type EngineHealth, type EngineStatus, type GpuEngine } from './health.js';
import { fetchImage, fluxEndpoint } from './flux.js';
import { MSG } from './messages.js';
import { speak } from './xtts.js';

/** Side of the probe image: 256², the smallest size the OpenAI images API defines. */
export const PROBE_IMAGE_SIZE = 256;
/** What the probe narration says. */
export const PROBE_WORD = 'Hola.';
/**
 * What the probe image asks for. Exported so a stand-in server can tell the probe from a cover by
 * what it asks, not by its size: a cover may be 256² too (`PORTADA_PX`).
 */
export const PROBE_PROMPT = MEDIA_CHECKS.probePrompt;

/** One probe's outcome and its console line. */
export interface ProbeReport {
  engine: GpuEngine;
  url: string;
  /** undefined when the engine was not probed (the voice without consent). */
  status?: EngineStatus;
  /** The one plain line for the console. */
  line: string;
  ms: number;
}

export interface ProbeOptions {
  media: Config['media'];
  dataDir: string;
  health?: EngineHealth;
  now?: () => Date;
  signal?: AbortSignal;
}

/** The setting the console line tells the owner to check, per engine and trouble. */
const SETTING: Readonly<Record<GpuEngine, { url: string; model: string }>> = Object.freeze({
  flux: { url: 'FLUX_URL', model: 'FLUX_MODEL' },
  xtts: { url: 'XTTS_URL', model: 'XTTS_MODEL' },
});

function failure(engine: GpuEngine, url: string, e: unknown, ms: number, health: EngineHealth): ProbeReport {
  const code = e instanceof CuadernoError ? e.code : 'INTERNAL';
  const details = e instanceof CuadernoError ? e.details : {};
  const status = typeof details.status === 'number' ? details.status : undefined;
  const trouble = troubleOf(code, status, typeof details.body === 'string' ? details.body : undefined);
  const down: EngineStatus = { ok: false, engine, url, at: new Date(), trouble, code };
  health.record(down);
  const detail = status !== undefined ? `HTTP ${status}` : typeof details.cause === 'string' ? details.cause : code;
  const setting = trouble === 'unknown-model' ? SETTING[engine].model : SETTING[engine].url;
  return { engine, url, status: down, ms, line: PROBE.probeFailed(ENGINE_ROLE[engine], url, trouble, setting, detail) };
}

/** Asks the image server for one small image and decodes it. */
export async function probeImage(url: string, timeoutMs: number, health: EngineHealth = processHealth, signal = new AbortController().signal, model?: string, coverPx: number = DEFAULTS.coverPx): Promise<ProbeReport> {
  const started = Date.now();
  const ep = fluxEndpoint(url, timeoutMs);
  const ask = (side: number) => fetchImage(ep, { prompt: PROBE_PROMPT, seed: 1, width: side, height: side }, signal, model);
  try {
    // A server that refuses the small size (some models have a minimum) is asked the cover's size
    // before it is called refused: the covers would work.
    const img = await ask(PROBE_IMAGE_SIZE).catch((e: unknown) => {
      if (e instanceof EngineError && e.code === 'BAD_REQUEST') return ask(coverPx);
      throw e;
    });
    const ms = Date.now() - started;
    const status: EngineStatus = { ok: true, engine: 'flux', url, at: new Date() };
    health.record(status);
    return { engine: 'flux', url, status, ms, line: PROBE.probeOk('imagen', url, PROBE.imageHow(img.format, img.via, img.raster.width, img.raster.height), ms) };
  } catch (e) {
    return failure('flux', url, e, Date.now() - started, health);
  }
}

/** Asks the speech server for one word with the consented voice (wav, or pcm when wav is refused). */
export async function probeSpeech(
  opts: { url: string; timeoutMs: number; voice: string; sample?: { wav: Buffer; text?: string }; pcmSampleRate?: number; model?: string },
  health: EngineHealth = processHealth,
  signal = new AbortController().signal,
): Promise<ProbeReport> {
  const started = Date.now();
  try {
    const { pcm, format } = await speak({ ...opts, health }, PROBE_WORD, signal);
    if (pcm.samples.length === 0) throw new EngineError('ENGINE_BAD_RESPONSE', MSG.badResponse('xtts', M.emptyAudio), { engine: 'xtts', reason: M.emptyAudio });
    const ms = Date.now() - started;
    return { engine: 'xtts', url: opts.url, status: health.get('xtts', opts.url), ms, line: PROBE.probeOk('voz', opts.url, PROBE.speechHow(format, pcm.sampleRate, opts.voice), ms) };
  } catch (e) {
    return failure('xtts', opts.url, e, Date.now() - started, health);
  }
}

/** Probes every configured server, concurrently; one report per configured URL (none configured → []). */
export async function probeEngines(opts: ProbeOptions): Promise<ProbeReport[]> {
  const health = opts.health ?? processHealth;
  const signal = opts.signal ?? new AbortController().signal;
  const { fluxUrl, xttsUrl, timeoutMs, pcmSampleRate, fluxModel, xttsModel, coverPx } = opts.media;
  const jobs: Array<Promise<ProbeReport>> = [];
  if (fluxUrl) jobs.push(probeImage(fluxUrl, timeoutMs, health, signal, fluxModel, coverPx));
  if (xttsUrl) {
    jobs.push((async () => {
      const consent = await checkConsent(opts.dataDir, (opts.now ?? (() => new Date()))()).catch(() => undefined);
      if (!consent) return { engine: 'xtts' as const, url: xttsUrl, ms: 0, line: PROBE.probeVoiceSkipped(xttsUrl) };
      const optional = { ...(consent.muestra ? { sample: consent.muestra } : {}), ...(pcmSampleRate ? { pcmSampleRate } : {}), ...(xttsModel ? { model: xttsModel } : {}) };
      return probeSpeech({ url: xttsUrl, timeoutMs, voice: consent.voz, ...optional }, health, signal);
    })());
  }
  return Promise.all(jobs);
}
