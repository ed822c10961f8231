import { describe, expect, it } from 'vitest';
import { errorFromStatus, parseRetryAfter, type Endpoint } from '../../src/domain/media/http.js';
import { createRaster, decodePng, drawText, encodePng, fillRect, getPixel, measureText, polyline, readPngText } from '../../src/domain/media/raster.js';
import { checkAudio, encodeWav, parseWav } from '../../src/domain/media/wav.js';
import { checkConsentAt } from './consent-helper.js';

const EP: Endpoint = { engine: 'flux', url: 'http://x', envVar: 'FLUX_URL', fallback: 'maqueta:true', timeoutMs: 1000 };

describe('HTTP error classification', () => {
  it.each([
    [429, '', 'RATE_LIMITED'],
    [500, 'boom', 'SERVER_ERROR'],
    [503, 'unavailable', 'SERVER_ERROR'],
    [529, '', 'OVERLOADED'],
    [503, 'torch.cuda.OutOfMemoryError: CUDA out of memory', 'GPU_OOM'],
    [400, 'bad', 'BAD_REQUEST'],
    [401, '', 'UNAUTHORIZED'],
    [404, '', 'ENGINE_UNAVAILABLE'],
  ])('%i %s → %s', (status, body, code) => {
    expect(errorFromStatus(EP, status, body, null).code).toBe(code);
  });

  it('reads retry-after as seconds or as a date', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(new Date(10_000 + 30_000).toUTCString(), 10_000)).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(errorFromStatus(EP, 429, '', '3').details.retryAfterS).toBe(3);
  });
});

describe('raster', () => {
  it('draws text that occupies pixels and measures wider strings wider', () => {
    const r = createRaster(300, 80, [0, 0, 0]);
    const w = drawText(r, 'Semana 3 · Ñandú', 10, 55, { size: 32, color: [255, 255, 255] });
    expect(w).toBeCloseTo(measureText('Semana 3 · Ñandú', 32).width, 5);
    expect(measureText('Semana 33', 32).width).toBeGreaterThan(measureText('Semana 3', 32).width);
    let lit = 0;
    for (let i = 0; i < r.data.length; i += 4) if (r.data[i]! > 128) lit++;
    expect(lit).toBeGreaterThan(500);
    expect(lit).toBeLessThan(300 * 80 * 0.5);
  });

  it('composites translucent fills and strokes once (no darker overlaps)', () => {
    const r = createRaster(40, 40, [0, 0, 0]);
    fillRect(r, 0, 0, 20, 40, [255, 255, 255, 128]);
    expect(getPixel(r, 5, 5)[0]).toBeGreaterThan(120);
    expect(getPixel(r, 30, 5)[0]).toBe(0);
    const s = createRaster(60, 60, [0, 0, 0]);
    polyline(s, [[5, 30], [30, 30], [30, 5]], [255, 255, 255, 128], 6);
    expect(getPixel(s, 30, 30)[0]).toBe(getPixel(s, 15, 30)[0]);
  });

  it('round-trips PNG pixels and tEXt chunks', () => {
    const r = createRaster(16, 8, [10, 20, 30]);
    fillRect(r, 4, 2, 4, 4, [200, 100, 50]);
    const png = encodePng(r, { Title: 'Semana 1 · Estadística', provenance: '{"a":1}' });
    expect(readPngText(png)).toEqual({ Title: 'Semana 1 · Estadística', provenance: '{"a":1}' });
    const back = decodePng(png);
    expect(back.data.equals(r.data)).toBe(true);
  });
});

describe('WAV', () => {
  it('round-trips PCM and INFO tags, and converts float stereo to 16-bit mono', () => {
    const samples = Int16Array.from({ length: 8000 }, (_, i) => Math.round(Math.sin(i / 5) * 10_000));
    const wav = encodeWav({ samples, sampleRate: 16000 }, { ICMT: 'Generado por IA', ISFT: 'juguete' });
    const parsed = parseWav(wav);
    expect(parsed.info).toEqual({ ICMT: 'Generado por IA', ISFT: 'juguete' });
    expect(Array.from(parsed.pcm.samples.subarray(0, 50))).toEqual(Array.from(samples.subarray(0, 50)));

    const frames = 100;
    const f = Buffer.alloc(44 + frames * 8);
    f.write('RIFF', 0, 'latin1');
    f.writeUInt32LE(f.length - 8, 4);
    f.write('WAVEfmt ', 8, 'latin1');
    f.writeUInt32LE(16, 16);
    f.writeUInt16LE(3, 20);
    f.writeUInt16LE(2, 22);
    f.writeUInt32LE(8000, 24);
    f.writeUInt32LE(8000 * 8, 28);
    f.writeUInt16LE(8, 32);
    f.writeUInt16LE(32, 34);
    f.write('data', 36, 'latin1');
    f.writeUInt32LE(frames * 8, 40);
    for (let i = 0; i < frames; i++) {
      f.writeFloatLE(0.5, 44 + i * 8);
      f.writeFloatLE(0.25, 48 + i * 8);
    }
    const p = parseWav(f);
    expect(p.format).toEqual({ audioFormat: 3, channels: 2, bitsPerSample: 32 });
    expect(p.pcm.samples[0]).toBe(Math.round(0.375 * 32767));
  });

  it('rejects non-WAV bytes and flags short or silent audio', () => {
    expect(() => parseWav(Buffer.from('ID3 mp3 bytes here'))).toThrow(/RIFF/);
    expect(checkAudio({ samples: new Int16Array(16000 * 5), sampleRate: 16000 }).problems.join()).toMatch(/silencio/);
    expect(checkAudio({ samples: new Int16Array(16000).fill(5000), sampleRate: 16000 }).problems.join()).toMatch(/dura/);
  });
});

describe('consent expiry', () => {
  it('a date-only valido_hasta is valid through that day', async () => {
    expect(await checkConsentAt('2026-03-15', '2026-03-15T23:00:00Z')).toBe('ok');
    expect(await checkConsentAt('2026-03-15', '2026-03-16T00:00:01Z')).toBe('CONSENT_EXPIRED');
    expect(await checkConsentAt('pronto', '2026-03-16T00:00:01Z')).toBe('CONSENT_MISSING');
  });
});
