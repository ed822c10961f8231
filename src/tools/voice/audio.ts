/**
 * A voice memo's audio as a transcription server wants it: 16 kHz mono 16-bit PCM in a WAV.
 * Decoded in-process, no system binary: OGG/Opus (Telegram's voice notes, Firefox's recordings)
 * through `ogg-opus-decoder` (WebAssembly), WAV (the chat page's recordings) through wav.ts. Any
 * other audio is refused with one sentence (VOICE.unreadable).
 */
import { CuadernoError } from '../../errors.js';
import { VOICE } from '../../strings/voice.js';
import type { Pcm } from '../media/engines.js';
import { encodeWav, parseWav } from '../media/wav.js';
import { runOffThread } from '../../workers/pool.js';

/** What transcription servers expect (whisper's own rate). */
export const VOICE_SAMPLE_RATE = 16_000;
/** Longest memo transcribed, in seconds (20 minutes: a class's summary, not the class). */
export const MAX_VOICE_SECONDS = 20 * 60;
/** Largest audio file read, in bytes (Telegram's getFile limit). */
export const MAX_VOICE_BYTES = 20 * 1024 * 1024;

export type AudioKind = 'ogg' | 'wav';

/** Which audio `bytes` are, by their first bytes; undefined when neither OGG nor WAV. */
export function audioKind(bytes: Uint8Array): AudioKind | undefined {
  const head = Buffer.from(bytes.subarray(0, 12)).toString('latin1');
  if (head.startsWith('OggS')) return 'ogg';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE') return 'wav';
  return undefined;
}

const unreadable = (cause?: unknown) => new CuadernoError('BAD_REQUEST', VOICE.unreadable, { field: 'audio' }, cause === undefined ? {} : { cause });

/** Mono float samples at `from` Hz → 16-bit at `to` Hz (box-filtered when going down: speech survives). */
export function resample(mono: Float32Array, from: number, to: number): Int16Array {
  const ratio = from / to;
  const n = Math.floor(mono.length / ratio);
  const out = new Int16Array(n);
  const half = Math.max(0.5, ratio / 2);
  for (let i = 0; i < n; i++) {
    const centre = (i + 0.5) * ratio - 0.5;
    const lo = Math.max(0, Math.ceil(centre - half));
    const hi = Math.min(mono.length - 1, Math.floor(centre + half));
    let sum = 0;
    for (let j = lo; j <= hi; j++) sum += mono[j]!;
    const v = hi >= lo ? sum / (hi - lo + 1) : mono[Math.min(mono.length - 1, Math.round(centre))]!;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
  }
  return out;
}

async function decodeOgg(bytes: Uint8Array): Promise<{ mono: Float32Array; rate: number }> {
  const { OggOpusDecoder } = await import('ogg-opus-decoder');
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  try {
    const got = await decoder.decodeFile(bytes);
    if (got.samplesDecoded === 0 || got.channelData.length === 0) throw unreadable();
    const mono = new Float32Array(got.samplesDecoded);
    for (const ch of got.channelData) for (let i = 0; i < mono.length; i++) mono[i]! += ch[i]! / got.channelData.length;
    return { mono, rate: got.sampleRate };
  } catch (e) {
    throw e instanceof CuadernoError ? e : unreadable(e);
  } finally {
    decoder.free();
  }
}

/**
 * The memo's audio as 16 kHz mono PCM. Throws a BAD_REQUEST CuadernoError whose message is the
 * sentence for the student: not OGG/Opus or WAV, undecodable, silent-empty, or too long.
 */
export async function decodeVoice(bytes: Uint8Array): Promise<Pcm> {
  if (bytes.byteLength > MAX_VOICE_BYTES) throw new CuadernoError('BAD_REQUEST', VOICE.tooBig(MAX_VOICE_BYTES / 1024 / 1024), { field: 'audio', bytes: bytes.byteLength });
  const kind = audioKind(bytes);
  let mono: Float32Array;
  let rate: number;
  if (kind === 'ogg') {
    ({ mono, rate } = await decodeOgg(bytes));
  } else if (kind === 'wav') {
    let pcm: Pcm;
    try {
      pcm = parseWav(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).pcm;
    } catch (e) {
      throw unreadable(e);
    }
    rate = pcm.sampleRate;
    mono = Float32Array.from(pcm.samples, (s) => s / 32768);
  } else {
    throw unreadable();
  }
  if (mono.length === 0) throw unreadable();
  if (mono.length / rate > MAX_VOICE_SECONDS) throw new CuadernoError('BAD_REQUEST', VOICE.tooLong(MAX_VOICE_SECONDS / 60), { field: 'audio', seconds: Math.round(mono.length / rate) });
  return { samples: rate === VOICE_SAMPLE_RATE ? Int16Array.from(mono, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32767)))) : resample(mono, rate, VOICE_SAMPLE_RATE), sampleRate: VOICE_SAMPLE_RATE };
}

/** The memo as the WAV a transcription server receives (16 kHz mono 16-bit). */
export async function voiceWav(bytes: Uint8Array): Promise<Buffer> {
  return encodeWav(await decodeVoice(bytes));
}

/** The same, on a worker thread of the pool: a long memo's decoding never holds the bot's event loop. */
export async function voiceWavOffThread(bytes: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
  return Buffer.from(await runOffThread<Uint8Array>('voz.wav', { audio: bytes }, signal));
}
