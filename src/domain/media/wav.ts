/**
 * WAV (RIFF) encode/parse and the automatic checks of a narration. Narrations are stored as 16-bit
 * PCM mono with a RIFF `LIST/INFO` chunk as watermark (ICMT "Generado por IA…", ISFT engine, ICRD
 * date), which players and `ffprobe` show as tags. Parsing accepts what engines produce (16-bit,
 * 24/32-bit integer or 32-bit float PCM, any channel count, streamed sizes) and normalises to mono
 * 16-bit, so every file we write has one shape.
 */
import type { Pcm } from './engines.js';
import { MEDIA_CHECKS } from '../../strings/model.js';

/** Minimum audible narration: the disclosure alone takes longer than this. */
export const MIN_NARRATION_S = 3;
/** RMS (of full scale 32768) below which a narration counts as silence. */
export const MIN_RMS = 200;

export type InfoTags = Readonly<Record<string, string>>;

function chunk(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return body.length % 2 === 1 ? Buffer.concat([head, body, Buffer.alloc(1)]) : Buffer.concat([head, body]);
}

/** Encodes mono 16-bit PCM as a WAV with a `LIST/INFO` chunk made of `info` (4-char ids → text). */
export function encodeWav(pcm: Pcm, info: InfoTags = {}): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(pcm.sampleRate, 4);
  fmt.writeUInt32LE(pcm.sampleRate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const parts: Buffer[] = [Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt)];
  const entries = Object.entries(info);
  if (entries.length > 0) {
    const subs = entries.map(([id, text]) => chunk(id.padEnd(4, ' ').slice(0, 4), Buffer.concat([Buffer.from(text, 'utf8'), Buffer.alloc(1)])));
    parts.push(chunk('LIST', Buffer.concat([Buffer.from('INFO', 'latin1'), ...subs])));
  }
  const data = Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength);
  parts.push(chunk('data', Buffer.from(data)));
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

export interface ParsedWav {
  pcm: Pcm;
  /** Source format before normalisation. */
  format: { audioFormat: number; channels: number; bitsPerSample: number };
  info: Record<string, string>;
}

/** Parses a WAV into mono 16-bit PCM; throws an Error whose message says what is wrong. */
export function parseWav(buf: Buffer): ParsedWav {
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error(MEDIA_CHECKS.notWav);
  }
  let off = 12;
  let fmt: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | undefined;
  let data: Buffer | undefined;
  const info: Record<string, string> = {};
  while (off + 8 <= buf.length) {
    const id = buf.toString('latin1', off, off + 4);
    // Streaming servers write 0xFFFFFFFF sizes: clamp to what is there.
    const size = Math.min(buf.readUInt32LE(off + 4), buf.length - off - 8);
    const body = buf.subarray(off + 8, off + 8 + size);
    if (id === 'fmt ' && size >= 16) {
      let audioFormat = body.readUInt16LE(0);
      if (audioFormat === 0xfffe && size >= 26) audioFormat = body.readUInt16LE(24); // WAVE_FORMAT_EXTENSIBLE
      fmt = { audioFormat, channels: body.readUInt16LE(2), sampleRate: body.readUInt32LE(4), bitsPerSample: body.readUInt16LE(14) };
    } else if (id === 'data') {
      data = body;
    } else if (id === 'LIST' && body.toString('latin1', 0, 4) === 'INFO') {
      let p = 4;
      while (p + 8 <= body.length) {
        const sid = body.toString('latin1', p, p + 4);
        const ssize = Math.min(body.readUInt32LE(p + 4), body.length - p - 8);
        info[sid] = body.toString('utf8', p + 8, p + 8 + ssize).replace(/\0+$/, '');
        p += 8 + ssize + (ssize % 2);
      }
    }
    off += 8 + size + (size % 2);
  }
  if (!fmt) throw new Error('WAV sin bloque fmt');
  if (!data) throw new Error('WAV sin bloque data');
  const { audioFormat, channels, sampleRate, bitsPerSample } = fmt;
  if (channels < 1 || sampleRate < 4000 || sampleRate > 192000) throw new Error(MEDIA_CHECKS.wavFormat(channels, sampleRate));
  const bytes = bitsPerSample / 8;
  const readers: Record<string, (b: Buffer, o: number) => number> = {
    '1:16': (b, o) => b.readInt16LE(o) / 32768,
    '1:24': (b, o) => b.readIntLE(o, 3) / 8388608,
    '1:32': (b, o) => b.readInt32LE(o) / 2147483648,
    '3:32': (b, o) => b.readFloatLE(o),
  };
  const read = readers[`${audioFormat}:${bitsPerSample}`];
  if (!read) throw new Error(MEDIA_CHECKS.wavEncoding(audioFormat, bitsPerSample));
  const frames = Math.floor(data.length / (bytes * channels));
  const samples = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += read(data, (i * channels + c) * bytes);
    samples[i] = Math.max(-32768, Math.min(32767, Math.round((sum / channels) * 32767)));
  }
  return { pcm: { samples, sampleRate }, format: { audioFormat, channels, bitsPerSample }, info };
}

export interface AudioCheck {
  ok: boolean;
  durationS: number;
  /** Root mean square amplitude, 0–32768. */
  rms: number;
  problems: string[];
}

/** A narration must last at least MIN_NARRATION_S and not be silence (RMS ≥ MIN_RMS). */
export function checkAudio(pcm: Pcm): AudioCheck {
  const durationS = pcm.samples.length / pcm.sampleRate;
  let sq = 0;
  for (const s of pcm.samples) sq += s * s;
  const rms = pcm.samples.length > 0 ? Math.sqrt(sq / pcm.samples.length) : 0;
  const problems: string[] = [];
  if (durationS < MIN_NARRATION_S) problems.push(MEDIA_CHECKS.tooShort(durationS.toFixed(1), MIN_NARRATION_S));
  if (rms < MIN_RMS) problems.push(MEDIA_CHECKS.nearSilence(Math.round(rms)));
  return { ok: problems.length === 0, durationS, rms, problems };
}
