/**
 * Who transcribes a voice memo (issue 27): without `REDIS_URL`, the bot's own `TRANSCRIPCION_URL`;
 * with it, a queue worker that advertises transcription (lanes/adverts.ts) — the job carries the
 * audio, never an address. No engine at all: `available()` is false and the bot keeps the memo.
 */
import type { Config } from '../../config.js';
import { voiceWavOffThread } from './audio.js';
import { transcribeHttp, type Transcript, type TranscriptionServer } from './transcribe.js';
import { WORKER } from '../../strings/console.js';

export interface TranscribeRequest {
  /** Whose memo (the owner's / student's Telegram id, digits): the queue's job id starts with it. */
  student: string;
  /** The memo's SHA-256: the same memo is one job. */
  key: string;
  /** The memo as the student sent it (OGG/Opus or WAV): whoever transcribes decodes it. */
  audio: Buffer;
}

export interface Transcriber {
  /** Whether an engine is there right now. */
  available(): Promise<boolean>;
  /** Throws a BAD_REQUEST CuadernoError (its message the student's sentence) for audio it cannot read. */
  transcribe(req: TranscribeRequest, signal: AbortSignal): Promise<Transcript>;
}

/** The bot's own server (`TRANSCRIPCION_URL`). */
export function httpTranscriber(server: TranscriptionServer): Transcriber {
  return {
    available: async () => true,
    transcribe: async (req, signal) => transcribeHttp(server, await voiceWavOffThread(req.audio, signal), signal),
  };
}

/** No engine anywhere: memos are kept for later. */
export const NO_TRANSCRIBER: Transcriber = Object.freeze({
  available: async () => false,
  transcribe: async () => {
    throw new Error(WORKER.noTranscriber);
  },
});

/** The bot's own engine from its config (`TRANSCRIPCION_URL`), or none. */
export function transcriberFromConfig(config: Pick<Config, 'media'>): Transcriber {
  const { transcriptionUrl: url, transcriptionModel: model, timeoutMs } = config.media;
  return url ? httpTranscriber({ url, timeoutMs, ...(model ? { model } : {}) }) : NO_TRANSCRIBER;
}
