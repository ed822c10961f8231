/**
 * A voice memo made in the test, as Telegram's apps make one: Spanish speech from eSpeak-NG (npm
 * `espeak-ng`, WebAssembly), encoded to Opus by `opusscript` (libopus in WebAssembly) at 16 kHz
 * mono, 20 ms frames, in an Ogg container (RFC 7845: OpusHead, OpusTags, then audio pages whose
 * granule positions count 48 kHz samples). No system binary (opusenc, ffmpeg, sox) is needed.
 * The Ogg pages are written here, independent of the decoder under test.
 */
import OpusScript from 'opusscript';
import { espeakWavHere } from '../../src/domain/media/espeak.js';

/** CRC-32 of Ogg pages: polynomial 0x04c11db7, no reflection, initial 0. */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();

function oggCrc(b: Buffer): number {
  let crc = 0;
  for (const byte of b) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) & 0xff) ^ byte]!) >>> 0;
  return crc;
}

export function oggPage(packets: Buffer[], granule: bigint, serial: number, seq: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const head = Buffer.alloc(27 + lacing.length);
  head.write('OggS', 0, 'latin1');
  head[4] = 0;
  head[5] = flags;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(serial, 14);
  head.writeUInt32LE(seq, 18);
  head.writeUInt32LE(0, 22);
  head[26] = lacing.length;
  lacing.forEach((l, i) => (head[27 + i] = l));
  const page = Buffer.concat([head, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

const RATE = 16_000;
const FRAME = 320; // 20 ms at 16 kHz
export const PRE_SKIP = 312;

/** The first two pages of a mono Ogg/Opus stream at 16 kHz: OpusHead and OpusTags (RFC 7845 §5). */
export function opusHeaderPages(serial: number): Buffer[] {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(RATE, 12);
  head.writeInt16LE(0, 16);
  head[18] = 0;
  const vendor = Buffer.from('cuaderno-test', 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  return [oggPage([head], 0n, serial, 0, 0x02), oggPage([tags], 0n, serial, 1, 0)];
}

/** Mono 16-bit PCM at 16 kHz → an Ogg/Opus file. */
export function oggOpus(samples: Int16Array): Buffer {
  const enc = new OpusScript(RATE, 1, OpusScript.Application.VOIP);
  const serial = 0x5ca1ab1e;
  const pages = opusHeaderPages(serial);
  const frames = Math.ceil(samples.length / FRAME);
  let granule = BigInt(PRE_SKIP);
  let pending: Buffer[] = [];
  let seq = 2;
  for (let f = 0; f < frames; f++) {
    const chunk = new Int16Array(FRAME);
    chunk.set(samples.subarray(f * FRAME, Math.min(samples.length, (f + 1) * FRAME)));
    pending.push(Buffer.from(enc.encode(Buffer.from(chunk.buffer), FRAME)));
    granule += 960n; // 20 ms in 48 kHz samples
    const last = f === frames - 1;
    if (pending.length === 50 || last) {
      pages.push(oggPage(pending, granule, serial, seq++, last ? 0x04 : 0));
      pending = [];
    }
  }
  enc.delete();
  return Buffer.concat(pages);
}

/** eSpeak's WAV (22,050 Hz) → 16 kHz mono samples, by plain averaging (a test fixture, not the product's resampler). */
function to16k(wav: Buffer): Int16Array {
  const rate = wav.readUInt32LE(24);
  let off = 12;
  while (wav.toString('latin1', off, off + 4) !== 'data') off += 8 + wav.readUInt32LE(off + 4);
  const size = Math.min(wav.readUInt32LE(off + 4), wav.length - off - 8);
  const src = new Int16Array(wav.buffer.slice(wav.byteOffset + off + 8, wav.byteOffset + off + 8 + size - (size % 2)));
  const out = new Int16Array(Math.floor((src.length * RATE) / rate));
  for (let i = 0; i < out.length; i++) out[i] = src[Math.min(src.length - 1, Math.round((i * rate) / RATE))]!;
  return out;
}

export interface VoiceFixture {
  ogg: Buffer;
  /** Seconds of speech eSpeak made. */
  seconds: number;
  text: string;
}

/** `text` spoken by eSpeak-NG in Spanish, as an Ogg/Opus voice memo. */
export async function spokenMemo(text: string): Promise<VoiceFixture> {
  const wav = Buffer.from(await espeakWavHere(text));
  const samples = to16k(wav);
  return { ogg: oggOpus(samples), seconds: samples.length / RATE, text };
}
