/**
 * Transcription through an OpenAI-compatible `POST /v1/audio/transcriptions` (whisper.cpp's server
 * with `--inference-path /v1/audio/transcriptions`, faster-whisper-server, LocalAI): multipart with
 * `file` (the memo as 16 kHz mono WAV), `model`, `language` and `response_format`; the answer is
 * JSON `{text}` or `verbose_json` `{text, language, duration, segments:[{text}]}`. The call goes
 * through the media engines' one HTTP exchange (timeout, abort, size cap, error codes).
 */
import { EngineError } from '../../errors.js';
import { postForm, type Endpoint } from '../media/http.js';
import { MEDIA_CHECKS } from '../../strings/model.js';

export const TRANSCRIPTION_ROUTE = '/v1/audio/transcriptions';
/** The model name sent when none is configured (servers that serve one model ignore it). */
export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';
/** Longest transcript kept, in characters (a 20-minute memo is about 20,000). */
export const MAX_TRANSCRIPT_CHARS = 60_000;

export interface Transcript {
  text: string;
  /** The language the server heard, when it says (verbose_json). */
  language?: string;
  /** Seconds of audio, when the server says. */
  durationS?: number;
}

export interface TranscriptionServer {
  url: string;
  model?: string;
  timeoutMs: number;
}

/** Reads a server's answer: `{text}` or verbose_json's `{text, segments}`; anything else is ENGINE_BAD_RESPONSE. */
export function parseTranscription(body: Buffer, contentType: string): Transcript {
  const bad = (why: string) => new EngineError('ENGINE_BAD_RESPONSE', MEDIA_CHECKS.transcriptionBad(why), { engine: 'transcripcion', reason: why });
  if (!contentType.includes('json') && !/^\s*\{/.test(body.toString('utf8', 0, 64))) throw bad(`tipo ${contentType || 'desconocido'}`);
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    throw bad('JSON roto');
  }
  if (!data || typeof data !== 'object') throw bad('sin objeto');
  const d = data as { text?: unknown; language?: unknown; duration?: unknown; segments?: unknown };
  let text: string | undefined = typeof d.text === 'string' ? d.text : undefined;
  if (text === undefined && Array.isArray(d.segments)) {
    const parts = d.segments.map((s: unknown) => (s && typeof s === 'object' && typeof (s as { text?: unknown }).text === 'string' ? (s as { text: string }).text : ''));
    text = parts.join(' ');
  }
  if (text === undefined) throw bad('sin campo text');
  return {
    text: text.replace(/\s+/g, ' ').trim().slice(0, MAX_TRANSCRIPT_CHARS),
    ...(typeof d.language === 'string' && d.language.length <= 20 ? { language: d.language } : {}),
    ...(typeof d.duration === 'number' && Number.isFinite(d.duration) && d.duration >= 0 ? { durationS: d.duration } : {}),
  };
}

/** Sends the memo (a 16 kHz mono WAV) to the server and returns what it heard. */
export async function transcribeHttp(server: TranscriptionServer, wav: Buffer, signal: AbortSignal): Promise<Transcript> {
  const ep: Endpoint = { engine: 'transcripcion', url: server.url.replace(/\/+$/, ''), envVar: 'TRANSCRIPCION_URL', fallback: 'ninguno', timeoutMs: server.timeoutMs };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'nota.wav');
  form.append('model', server.model ?? DEFAULT_TRANSCRIPTION_MODEL);
  form.append('language', 'es');
  form.append('response_format', 'verbose_json');
  const answer = await postForm(ep, TRANSCRIPTION_ROUTE, form, signal);
  return parseTranscription(answer.body, answer.contentType);
}
