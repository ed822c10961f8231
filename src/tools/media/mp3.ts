/**
 * WAV → MP3 in pure JS (@breezystack/lamejs), so the bot can send Telegram a playable audio without
 * any system binary. Mono, 64 kbit/s (speech), at the WAV's own sample rate.
 *
 * lamejs costs ~0.1 s of CPU per second of audio, so a 40 s narration blocks for seconds:
 * `encodeMp3Async` runs the same encoder in a worker thread (event loop free, abortable);
 * `encodeMp3` is the synchronous form for scripts and tests.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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

// Plain JS so it runs in a worker without a TypeScript loader; lamejs is imported by file URL.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { Mp3Encoder } = await import(workerData.url);
  const { samples, sampleRate, kbps, frame } = workerData;
  const enc = new Mp3Encoder(1, sampleRate, kbps);
  const parts = [];
  for (let i = 0; i < samples.length; i += frame) parts.push(enc.encodeBuffer(samples.subarray(i, i + frame)));
  parts.push(enc.flush());
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) { out.set(p, off); off += p.length; }
  parentPort.postMessage(out, [out.buffer]);
})().catch((e) => parentPort.postMessage({ error: String(e && e.message || e) }));
`;

/** Same result as encodeMp3, computed in a worker thread; `signal` terminates it. */
export async function encodeMp3Async(wav: Buffer, signal: AbortSignal = new AbortController().signal): Promise<Buffer> {
  throwIfAborted(signal);
  const pcm = pcmOf(wav);
  const url = pathToFileURL(createRequire(import.meta.url).resolve('@breezystack/lamejs')).href.replace(/lamejs\.iife\.js$/, 'lamejs.js');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, samples: pcm.samples, sampleRate: pcm.sampleRate, kbps: MP3_KBPS, frame: FRAME } });
  return new Promise<Buffer>((resolve, reject) => {
    const onAbort = (): void => {
      void worker.terminate();
      reject(cancelledFrom(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (msg: Uint8Array | { error: string }) => {
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (msg instanceof Uint8Array) resolve(Buffer.from(msg.buffer, msg.byteOffset, msg.byteLength));
      else reject(new Error(`codificación MP3 fallida: ${msg.error}`));
    });
    worker.once('error', (e) => {
      signal.removeEventListener('abort', onAbort);
      reject(e);
    });
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', onAbort);
      reject(new Error(`codificación MP3 interrumpida (código ${code})`));
    });
  });
}
