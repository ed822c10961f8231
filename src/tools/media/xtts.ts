/**
 * Engine `xtts`: XTTS-v2 with the owner's own voice on the GPU, through the OpenAI-compatible
 * `POST {XTTS_URL}/v1/audio/speech` (`model`, `input`, `voice` = the owner's reference voice,
 * `response_format: "wav"`). Only built after the consent check passed (see consent.ts). The
 * answer must be a WAV, otherwise ENGINE_BAD_RESPONSE with the reason and nothing is written.
 */
import { EngineError } from '../../errors.js';
import { STAGE_ESTIMATES_MS, type Pcm, type SpeechEngine } from './engines.js';
import { postJson, type Endpoint } from './http.js';
import { MSG } from './messages.js';
import { parseWav } from './wav.js';

export const XTTS_MODEL = 'xtts_v2';
export const XTTS_ROUTE = '/v1/audio/speech';

export interface XttsOptions {
  /** `XTTS_URL`, no trailing slash. */
  url: string;
  timeoutMs: number;
  /** Reference-voice id on the server (from the consent record). */
  voice: string;
}

/** Parses the speech answer; throws ENGINE_BAD_RESPONSE saying why it is not usable audio. */
export function parseSpeechResponse(body: Buffer): Pcm {
  try {
    return parseWav(body).pcm;
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new EngineError('ENGINE_BAD_RESPONSE', MSG.badResponse('xtts', reason), { engine: 'xtts', reason });
  }
}

export function createXttsEngine(opts: XttsOptions): SpeechEngine {
  const ep: Endpoint = { engine: 'xtts', url: opts.url, envVar: 'XTTS_URL', fallback: 'motor:"juguete"', timeoutMs: opts.timeoutMs };
  return {
    name: 'xtts',
    model: XTTS_MODEL,
    lane: 'gpu',
    estimateMs: STAGE_ESTIMATES_MS.narration,
    async synthesize(text: string, signal: AbortSignal): Promise<Pcm> {
      const body = await postJson(ep, XTTS_ROUTE, { model: XTTS_MODEL, input: text, voice: opts.voice, response_format: 'wav', language: 'es' }, signal);
      return parseSpeechResponse(body);
    },
  };
}
