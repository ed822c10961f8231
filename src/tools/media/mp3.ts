/**
 * WAV → MP3 in pure JS (@breezystack/lamejs), so the bot can send Telegram a playable audio without
 * any system binary. Mono, 64 kbit/s (speech), at the WAV's own sample rate.
 *
 * lamejs costs ~0.1 s of CPU per second of audio, so a 40 s narration blocks for seconds:
 * `encodeMp3Async` runs the same encoder on a worker thread of the pool (event loop free, abortable);
 * `encodeMp3` is the synchronous form for scripts and tests.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { runOffThread } from '../../workers/pool.js';
import { cancelledFrom, throwIfAborted, type Pcm } from './engines.js';
import { parseWav } from './wav.js';

/** MP3 bitrate for speech, kbit/s. */
export const MP3_KBPS = 64;
/** Samples per MPEG-1 Layer III frame; lamejs wants multiples of it for smooth encoding. */
const FRAME = 1152;
const MPEG_RATES = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);

function pcmOf(wav: Buffer): Pcm {
  const { pcm } = parseWav(wav);
  if (!MPEG_RATES.has(pcm.sampleRate)) throw new Error(`frecuencia de muestreo no admitida por MP3: ${pcm.sampleRate} Hz`);
  return pcm;
}

/** Encodes a WAV (any format parseWav accepts) to MP3; throws if the WAV is unreadable or its rate unsupported. */
export function encodeMp3(wav: Buffer): Buffer {
  const pcm = pcmOf(wav);
  const enc = new Mp3Encoder(1, pcm.sampleRate, MP3_KBPS);
  const out: Buffer[] = [];
  for (let i = 0; i < pcm.samples.length; i += FRAME) {
    const part = enc.encodeBuffer(pcm.samples.subarray(i, i + FRAME));
    if (part.length > 0) out.push(Buffer.from(part));
  }
  const tail = enc.flush();
  if (tail.length > 0) out.push(Buffer.from(tail));
  return Buffer.concat(out);
}

/** Same result as encodeMp3, computed on a worker thread of the pool; `signal` stops it. */
export async function encodeMp3Async(wav: Buffer, signal: AbortSignal = new AbortController().signal): Promise<Buffer> {
  throwIfAborted(signal);
  pcmOf(wav); // an unreadable WAV is refused here, with its reason, before any thread is used
  const mp3 = await runOffThread<Uint8Array>('mp3.codificar', { wav: new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength) }, signal).catch((e: unknown) => {
    if (signal.aborted) throw cancelledFrom(signal);
    throw e;
  });
  return Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength);
}
