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
import { oggPages, opusSeconds } from './ogg.js';

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

/**
 * Bytes of whole pages handed to the decoder at a time: one feed decodes to a few seconds of speech
 * (a minute of silence, Opus's smallest frames), never to the memo.
 */
const FEED_BYTES = 16 * 1024;
/** What the decoding may pass the pages' own length by before it stops (Opus's pre-skip and its last frame). */
const DECODE_SLACK_S = 1;

/** Consecutive whole pages of `bytes`, about FEED_BYTES at a time. */
function* pageFeeds(bytes: Uint8Array): Generator<Uint8Array> {
  let from = -1;
  let to = 0;
  for (const page of oggPages(bytes)) {
    if (from < 0) from = page.offset;
    to = page.offset + page.length;
    if (to - from >= FEED_BYTES) {
      yield bytes.subarray(from, to);
      from = -1;
    }
  }
  if (from >= 0) yield bytes.subarray(from, to);
}

const tooLong = (seconds: number) => new CuadernoError('BAD_REQUEST', VOICE.tooLong(MAX_VOICE_SECONDS / 60), { field: 'audio', seconds: Math.round(seconds) });

/**
 * An Ogg/Opus memo as 16 kHz samples, bounded twice: its length read from the page headers is
 * refused over `maxSeconds` before the decoder is even loaded, and the decoding, a few pages at a
 * time, stops as soon as what came out passes that length (pages that lie about it: the memo is
 * unreadable) or `maxSeconds` (too long), whichever comes first. Each feed is taken
 * down to 16 kHz as it comes, so the memo is never held at 48 kHz in floats (230 MB for 20 minutes).
 */
async function decodeOgg(bytes: Uint8Array, maxSeconds: number): Promise<Int16Array> {
  const said = opusSeconds(bytes);
  if (said === undefined) throw unreadable();
  if (said > maxSeconds) throw tooLong(said);
  const { OggOpusDecoder } = await import('ogg-opus-decoder');
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  const parts: Int16Array[] = [];
  let decoded = 0;
  // Samples of the last feed that did not fill a whole step of the 48 → 16 kHz filter.
  let carry = new Float32Array(0);
  const take = (got: { channelData: Float32Array[]; samplesDecoded: number; sampleRate: number }) => {
    if (got.samplesDecoded === 0 || got.channelData.length === 0) return;
    decoded += got.samplesDecoded;
    const seconds = decoded / got.sampleRate;
    if (seconds > maxSeconds + DECODE_SLACK_S) throw tooLong(seconds);
    if (seconds > said + DECODE_SLACK_S) throw unreadable();
    const mono = new Float32Array(carry.length + got.samplesDecoded);
    mono.set(carry);
    for (const ch of got.channelData) for (let i = 0; i < got.samplesDecoded; i++) mono[carry.length + i]! += ch[i]! / got.channelData.length;
    const step = got.sampleRate / VOICE_SAMPLE_RATE;
    const whole = Number.isInteger(step) ? mono.length - (mono.length % step) : mono.length;
    parts.push(resample(mono.subarray(0, whole), got.sampleRate, VOICE_SAMPLE_RATE));
    carry = mono.slice(whole);
  };
  try {
    for (const feed of pageFeeds(bytes)) take(await decoder.decode(feed));
    take(await decoder.flush());
  } catch (e) {
    throw e instanceof CuadernoError ? e : unreadable(e);
  } finally {
    decoder.free();
  }
  if (decoded === 0) throw unreadable();
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The memo's audio as 16 kHz mono PCM. Throws a BAD_REQUEST CuadernoError whose message is the
 * sentence for the student: not OGG/Opus or WAV, undecodable, silent-empty, or too long.
 */
export async function decodeVoice(bytes: Uint8Array): Promise<Pcm> {
  if (bytes.byteLength > MAX_VOICE_BYTES) throw new CuadernoError('BAD_REQUEST', VOICE.tooBig(MAX_VOICE_BYTES / 1024 / 1024), { field: 'audio', bytes: bytes.byteLength });
  const kind = audioKind(bytes);
  if (kind === 'ogg') return { samples: await decodeOgg(bytes, MAX_VOICE_SECONDS), sampleRate: VOICE_SAMPLE_RATE };
  let mono: Float32Array;
  let rate: number;
  if (kind === 'wav') {
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
  if (mono.length / rate > MAX_VOICE_SECONDS) throw tooLong(mono.length / rate);
  return { samples: rate === VOICE_SAMPLE_RATE ? Int16Array.from(mono, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32767)))) : resample(mono, rate, VOICE_SAMPLE_RATE), sampleRate: VOICE_SAMPLE_RATE };
}

/** The memo as the WAV a transcription server receives (16 kHz mono 16-bit). */
export async function voiceWav(bytes: Uint8Array): Promise<Buffer> {
  return encodeWav(await decodeVoice(bytes));
}

/**
 * Refuses an Ogg/Opus memo whose pages say it lasts over MAX_VOICE_SECONDS (the student's sentence),
 * before it leaves this process — handed to a thread or a queue worker — or is decoded at all.
 * Cheap: one pass over the page headers. Other audio is left to decodeVoice.
 */
export function refuseLongMemo(bytes: Uint8Array): void {
  if (audioKind(bytes) !== 'ogg') return;
  const said = opusSeconds(bytes);
  if (said !== undefined && said > MAX_VOICE_SECONDS) throw tooLong(said);
}

/** The same, on a worker thread of the pool: a long memo's decoding never holds the bot's event loop. */
export async function voiceWavOffThread(bytes: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
  refuseLongMemo(bytes);
  return Buffer.from(await runOffThread<Uint8Array>('voz.wav', { audio: bytes }, signal));
}
