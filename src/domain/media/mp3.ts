/**
 * WAV → MP3, so the bot can send Telegram a playable audio without any system binary: LAME compiled
 * to WebAssembly (wasm-media-encoders; the module ships inside the package). Mono, 64 kbit/s
 * (speech), at the WAV's own sample rate.
 *
 * Why not the pure-JS port (lamejs, used until stop 35): it cost ~0.045 s of CPU per second of
 * audio — a 40 s narration took 1.75 s of CPU, the costliest step of a whole week; the wasm build
 * takes 0.13–0.19 s for the same 40 s (`npm run bench -- media`), with a frame stream of the same
 * size. The module is compiled once per thread, on first use (start-up does not pay for it).
 *
 * `encodeMp3Async` runs the encoder on a worker thread of the pool (event loop free, abortable);
 * `encodeMp3` runs it here, for stages that already run on a thread and for scripts and tests.
 */
import type { WasmMediaEncoder } from 'wasm-media-encoders';
import { runOffThread } from '../../workers/pool.js';
import { cancelledFrom, throwIfAborted, type Pcm } from './engines.js';
import { parseWav } from './wav.js';
import { MEDIA_CHECKS } from '../../strings/model.js';

/** MP3 bitrate for speech, kbit/s. */
export const MP3_KBPS = 64;
/** Samples handed to the encoder per call: bounded, so its input buffer stays small. */
const CHUNK = 1152 * 16;
const MPEG_RATES = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);

function pcmOf(wav: Buffer): Pcm {
  const { pcm } = parseWav(wav);
  if (!MPEG_RATES.has(pcm.sampleRate)) throw new Error(MEDIA_CHECKS.mp3Rate(pcm.sampleRate));
  return pcm;
}

/** One encoder per thread, made on first use and reconfigured for each file (configure resets it). */
let encoder: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;
function mp3Encoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  if (!encoder) {
    encoder = import('wasm-media-encoders').then((m) => m.createMp3Encoder());
    encoder.catch(() => (encoder = undefined)); // a failed load is tried again next time
  }
  return encoder;
}

/** Encodes a WAV (any format parseWav accepts) to MP3; rejects if the WAV is unreadable or its rate unsupported. */
export async function encodeMp3(wav: Buffer): Promise<Buffer> {
  const pcm = pcmOf(wav);
  const enc = await mp3Encoder();
  // Nothing awaits from here to the end: one file at a time uses this thread's encoder.
  enc.configure({ channels: 1, sampleRate: pcm.sampleRate, bitrate: MP3_KBPS });
  const out: Buffer[] = [];
  const floats = new Float32Array(Math.min(CHUNK, pcm.samples.length));
  for (let i = 0; i < pcm.samples.length; i += CHUNK) {
    const part = pcm.samples.subarray(i, i + CHUNK);
    const f = floats.subarray(0, part.length);
    for (let k = 0; k < part.length; k++) f[k] = part[k]! / 32768;
    // The encoder's output is a view of its own memory, valid until its next call: copied.
    out.push(Buffer.from(enc.encode([f])));
  }
  out.push(Buffer.from(enc.finalize()));
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
