/**
 * Engine `xtts`: XTTS-v2 (or another voice-cloning model) with the owner's own voice on the GPU,
 * through the OpenAI-compatible `POST {XTTS_URL}/v1/audio/speech` (`model`, `input`, `voice`,
 * `response_format`). Only built after the consent check passed (see consent.ts).
 *
 * Servers differ on the same route, and each variant is accepted:
 * - the voice: by name (`voice`, a preset or a file of the server's voice library, as the consent
 *   record's `voz` says), or as reference audio sent with the request (the record's `muestra`, a WAV
 *   in the data directory → `ref_audio` as a `data:audio/wav;base64,…` URL, `ref_text`,
 *   `task_type: "Base"`, the fields of vLLM-Omni's voice cloning);
 * - the audio: WAV is asked first (it carries its own sample rate); a server that refuses it (4xx)
 *   is asked `pcm` — raw 16-bit little-endian mono at the rate its `content-type` names
 *   (`audio/pcm;rate=24000`), else at `pcmSampleRate` (24 kHz, OpenAI's) — and remembered. MP3,
 *   Opus, AAC or FLAC answers are refused as ENGINE_BAD_RESPONSE saying so: no known server needs
 *   them (every one speaks wav or pcm) and decoding them would need a codec we do not ship.
 */
import { EngineError } from '../../errors.js';
import { ENGINE as M } from '../../strings/model.js';
import { STAGE_ESTIMATES_MS, type Pcm, type SpeechEngine } from './engines.js';
import { processHealth, type EngineHealth, type SpeechFormat } from './health.js';
import { postJson, type EngineAnswer, type Endpoint } from './http.js';
import { MSG } from './messages.js';
import { parseWav } from './wav.js';

export const XTTS_MODEL = 'xtts_v2';
export const XTTS_ROUTE = '/v1/audio/speech';
/** Sample rate of a `pcm` answer that does not name one: OpenAI's documented 24 kHz. */
export const DEFAULT_PCM_HZ = 24_000;

export interface VoiceSample {
  /** The reference recording, a WAV file (read by the consent check). */
  wav: Buffer;
  /** What the recording says, when the record gives it (better cloning on servers that use it). */
  text?: string;
}

export interface XttsOptions {
  /** `XTTS_URL`, no trailing slash. */
  url: string;
  timeoutMs: number;
  /** Voice name on the server (from the consent record). */
  voice: string;
  /** Reference audio sent with each request instead of relying on the server's library. */
  sample?: VoiceSample;
  /** Rate of a `pcm` answer that does not name one (config `XTTS_PCM_HZ`). */
  pcmSampleRate?: number;
  /** Where the answered format and successes are recorded; default this process's record. */
  health?: EngineHealth;
  /** The `model` to ask for (config `XTTS_MODEL`); default XTTS_MODEL. */
  model?: string;
}

export function xttsEndpoint(url: string, timeoutMs: number): Endpoint {
  return { engine: 'xtts', url, envVar: 'XTTS_URL', fallback: 'motor:"juguete"', timeoutMs };
}

function bad(reason: string): EngineError {
  return new EngineError('ENGINE_BAD_RESPONSE', MSG.badResponse('xtts', reason), { engine: 'xtts', reason });
}

/** The compressed format the bytes or their content-type are in, when they are not wav/pcm. */
function compressedFormat(body: Buffer, contentType: string, asked: SpeechFormat): string | undefined {
  const head = body.toString('latin1', 0, 4);
  if (head.startsWith('ID3')) return 'mp3';
  if (head === 'OggS') return 'opus';
  if (head === 'fLaC') return 'flac';
  const byType = /audio\/(mpeg|mp3|ogg|opus|aac|flac|webm)/.exec(contentType)?.[1];
  if (byType) return byType === 'mpeg' ? 'mp3' : byType === 'ogg' ? 'opus' : byType;
  // An MPEG/ADTS frame sync; raw pcm could start with these bytes, so only when wav was asked.
  if (asked === 'wav' && body[0] === 0xff && body.length > 1 && (body[1]! & 0xe0) === 0xe0) return 'mp3';
  return undefined;
}

/**
 * The audio of a speech answer as 16-bit mono PCM, or ENGINE_BAD_RESPONSE saying why it is not
 * usable. A WAV is read whatever was asked (some servers ignore `response_format`).
 */
export function parseSpeechAnswer(answer: EngineAnswer, asked: SpeechFormat, pcmSampleRate = DEFAULT_PCM_HZ): Pcm {
  const { body, contentType } = answer;
  if (body.length === 0) throw bad(M.emptyAudio);
  const isWav = body.length >= 12 && body.toString('latin1', 0, 4) === 'RIFF' && body.toString('latin1', 8, 12) === 'WAVE';
  if (!isWav) {
    const compressed = compressedFormat(body, contentType, asked);
    if (compressed) throw bad(M.compressedAudio(compressed));
  }
  if (isWav || asked === 'wav') {
    try {
      return parseWav(body).pcm;
    } catch (e) {
      throw bad(e instanceof Error ? e.message : String(e));
    }
  }
  if (body.length % 2 !== 0) throw bad(M.oddPcm(body.length));
  const named = Number(/(?:^|;)\s*rate=(\d+)/.exec(contentType)?.[1]);
  const sampleRate = Number.isInteger(named) && named >= 4000 && named <= 192_000 ? named : pcmSampleRate;
  const samples = new Int16Array(body.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = body.readInt16LE(i * 2);
  return { samples, sampleRate };
}

/** The request body for `text` in `format`, with the voice by name or as reference audio. */
export function speechRequest(opts: Pick<XttsOptions, 'voice' | 'sample' | 'model'>, text: string, format: SpeechFormat): Record<string, unknown> {
  return {
    model: opts.model ?? XTTS_MODEL,
    input: text,
    voice: opts.voice,
    response_format: format,
    language: 'es',
    ...(opts.sample
      ? { ref_audio: `data:audio/wav;base64,${opts.sample.wav.toString('base64')}`, task_type: 'Base', ...(opts.sample.text ? { ref_text: opts.sample.text } : {}) }
      : {}),
  };
}

/**
 * One narration: WAV first (or straight to pcm when this server is known to refuse WAV), pcm when
 * WAV is refused with a 4xx; the format that worked is remembered. Returns the audio and its format.
 */
export async function speak(opts: XttsOptions, text: string, signal: AbortSignal): Promise<{ pcm: Pcm; format: SpeechFormat }> {
  const ep = xttsEndpoint(opts.url, opts.timeoutMs);
  const health = opts.health ?? processHealth;
  const order: SpeechFormat[] = health.speechFormat(opts.url) === 'pcm' ? ['pcm'] : ['wav', 'pcm'];
  let refused: EngineError | undefined;
  for (const format of order) {
    let answer: EngineAnswer;
    try {
      answer = await postJson(ep, XTTS_ROUTE, speechRequest(opts, text, format), signal);
    } catch (e) {
      const isRefusal = e instanceof EngineError && e.code === 'BAD_REQUEST';
      if (isRefusal && format === 'wav' && order.length > 1) {
        refused = e;
        continue;
      }
      // Both refused: the WAV refusal is the one that says what the server disliked first.
      throw isRefusal && refused ? refused : e;
    }
    const pcm = parseSpeechAnswer(answer, format, opts.pcmSampleRate);
    health.setSpeechFormat(opts.url, format);
    health.record({ ok: true, engine: 'xtts', url: opts.url, at: new Date() });
    return { pcm, format };
  }
  throw refused ?? bad(M.emptyAudio);
}

export function createXttsEngine(opts: XttsOptions): SpeechEngine {
  return {
    name: 'xtts',
    model: opts.model ?? XTTS_MODEL,
    lane: 'gpu',
    estimateMs: STAGE_ESTIMATES_MS.narration,
    async synthesize(text: string, signal: AbortSignal): Promise<Pcm> {
      return (await speak(opts, text, signal)).pcm;
    },
  };
}
