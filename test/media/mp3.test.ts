import { describe, expect, it } from 'vitest';
import { encodeMp3, encodeMp3Async } from '../../src/domain/media/mp3.js';
import { testWav } from '../support/media-servers.js';

const BITRATES: Record<string, number[]> = {
  // kbit/s by bitrate index, Layer III: MPEG-1 and MPEG-2/2.5.
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Walks MPEG audio frames from the start; returns frame count and decoded duration. */
function walkFrames(mp3: Buffer): { frames: number; seconds: number; sampleRate: number } {
  let off = 0;
  let frames = 0;
  let seconds = 0;
  let sampleRate = 0;
  while (off + 4 <= mp3.length) {
    const h = mp3.readUInt32BE(off);
    if ((h >>> 21) !== 0x7ff) throw new Error(`no frame sync at byte ${off}`);
    const version = (h >>> 19) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (h >>> 17) & 3; // 1 = Layer III
    expect(layer).toBe(1);
    const kbps = BITRATES[version === 3 ? 'v1' : 'v2']![(h >>> 12) & 15]!;
    sampleRate = RATES[version]![(h >>> 10) & 3]!;
    const padding = (h >>> 9) & 1;
    const samples = version === 3 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
    off += length;
    frames++;
    seconds += samples / sampleRate;
  }
  return { frames, seconds, sampleRate };
}

describe('encodeMp3', () => {
  it('turns a WAV into a stream of valid MPEG Layer III frames of about the same duration', async () => {
    const wav = testWav(6, 24_000);
    const mp3 = await encodeMp3(wav);
    const { frames, seconds, sampleRate } = walkFrames(mp3);
    expect(sampleRate).toBe(24_000);
    expect(frames).toBeGreaterThan(100);
    expect(seconds).toBeGreaterThan(5.9);
    expect(seconds).toBeLessThan(6.3);
    // 64 kbit/s for 6 s ≈ 48 kB: much smaller than the 288 kB WAV.
    expect(mp3.length).toBeGreaterThan(30_000);
    expect(mp3.length).toBeLessThan(70_000);
  });

  it('refuses something that is not a WAV', async () => {
    await expect(encodeMp3(Buffer.from('not a wav at all'))).rejects.toThrow(/WAV/);
  });
});

describe('encodeMp3Async', () => {
  it('gives the same bytes as the synchronous encoder, off the main thread', async () => {
    const wav = testWav(2, 22_050);
    const async = await encodeMp3Async(wav);
    expect(async.equals(await encodeMp3(wav))).toBe(true);
    expect(walkFrames(async).seconds).toBeGreaterThan(1.9);
  });

  it('can be cancelled', async () => {
    const ac = new AbortController();
    const p = encodeMp3Async(testWav(30, 22_050), ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
