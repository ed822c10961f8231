/**
 * The transcription stage of the queue (issue 27): the job carries the memo's audio (the OGG/Opus or
 * WAV the student sent, base64) and `engine: "transcripcion"`, never an address; the worker decodes
 * it in-process and calls ITS OWN transcription server (`TRANSCRIPCION_URL` on its machine).
 * Checked before anything runs: no field naming a URL, the exact engine, a bounded size and timeout.
 */
import { CuadernoError, EngineError } from '../errors.js';
import { VOICE } from '../strings/voice.js';
import { refuseLongMemo, voiceWav } from '../domain/voice/audio.js';
import { transcribeHttp, type Transcript } from '../domain/voice/transcribe.js';
import type { Json, StageFunction } from './types.js';
import { WORKER } from '../strings/console.js';

export const TRANSCRIPTION_STAGE = 'voz.transcripcion';
/** Largest memo a job may carry (bytes before base64): about 50 minutes of Opus voice. */
export const MAX_JOB_AUDIO_BYTES = 12 * 1024 * 1024;
/** Longest a worker waits for its server on one memo. */
export const MAX_JOB_TIMEOUT_MS = 600_000;

export interface TranscriptionJob {
  engine: 'transcripcion';
  /** The memo's bytes, base64. */
  audio: string;
  timeoutMs?: number;
}

/** The job's input for `audio` (the bot's side). */
export function transcriptionJob(audio: Buffer, timeoutMs: number): TranscriptionJob {
  if (audio.byteLength > MAX_JOB_AUDIO_BYTES) throw new CuadernoError('BAD_REQUEST', VOICE.tooBig(MAX_JOB_AUDIO_BYTES / 1024 / 1024), { field: 'audio', bytes: audio.byteLength });
  // Too long by its own headers: refused here, never sent to a worker (which would refuse it too).
  refuseLongMemo(audio);
  return { engine: 'transcripcion', audio: audio.toString('base64'), timeoutMs: Math.min(MAX_JOB_TIMEOUT_MS, Math.max(1, Math.floor(timeoutMs))) };
}

/** The worker's stage over its own server; `url` undefined: it serves no transcription (and does not advertise it). */
export function transcriptionStage(server: { url?: string; model?: string; timeoutMs: number }): StageFunction {
  return async (input, signal) => {
    const bad = (field: string, why: string) => new CuadernoError('VALIDATION', WORKER.badJob(TRANSCRIPTION_STAGE, why), { field, stage: TRANSCRIPTION_STAGE });
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw bad('input', WORKER.notAnObject);
    const job = input as Record<string, Json>;
    for (const k of Object.keys(job)) if (/url$/i.test(k)) throw bad(k, WORKER.urlInJob(k));
    if (job.engine !== 'transcripcion') throw bad('engine', WORKER.engineExactly('transcripcion', String(JSON.stringify(job.engine))));
    if (typeof job.audio !== 'string' || job.audio.length === 0 || job.audio.length > Math.ceil(MAX_JOB_AUDIO_BYTES / 3) * 4) throw bad('audio', WORKER.audioSize(MAX_JOB_AUDIO_BYTES));
    const t = job.timeoutMs;
    if (t !== undefined && !(Number.isSafeInteger(t) && (t as number) > 0 && (t as number) <= MAX_JOB_TIMEOUT_MS)) throw bad('timeoutMs', WORKER.intRange('timeoutMs', MAX_JOB_TIMEOUT_MS));
    if (!server.url) throw new EngineError('ENGINE_UNAVAILABLE', WORKER.notServed('transcripcion', 'TRANSCRIPCION_URL'), { stage: TRANSCRIPTION_STAGE, engine: 'transcripcion' });
    const wav = await voiceWav(Buffer.from(job.audio, 'base64'));
    const got: Transcript = await transcribeHttp({ url: server.url, timeoutMs: Math.min(server.timeoutMs, (t as number | undefined) ?? server.timeoutMs), ...(server.model ? { model: server.model } : {}) }, wav, signal);
    return { output: { ...got } as unknown as Json, files: [] };
  };
}
