/**
 * The one-pass PNG encoder (issue 41: a class's covers cost the bot's pool threads most of their
 * time in pngjs's packing) writes exactly the bytes pngjs wrote with the same settings — opaque
 * rasters as RGB, others as RGBA, Paeth rows, level 6 — so every cover, chart and provenance check
 * reads the same file as before; and what it writes decodes back to the raster it was given.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodeRgbaPng } from '../../src/domain/media/png-encode.js';
import { decodePng, encodePng } from '../../src/domain/media/raster.js';

/** A deterministic raster with structure (bands, gradients) and noise, opaque or with some alpha. */
function raster(width: number, height: number, seed: number, alpha: boolean): Buffer {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const d = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      d[i] = (x * 7 + y * 3) & 255;
      d[i + 1] = Math.floor(rnd() * 256);
      d[i + 2] = ((x >> 3) + (y >> 2)) % 2 ? 250 : 10;
      d[i + 3] = alpha && (x + y) % 5 === 0 ? Math.floor(rnd() * 256) : 255;
    }
  }
  return d;
}

const pngjs = (width: number, height: number, data: Buffer, opaque: boolean): Buffer => {
  const png = new PNG({ width, height });
  data.copy(png.data);
  return PNG.sync.write(png, { colorType: opaque ? 2 : 6, filterType: 4, deflateLevel: 6 });
};

describe('the one-pass PNG encoder', () => {
  it.each([
    [1, 1, false], [3, 2, false], [17, 9, false], [64, 64, false], [257, 31, false],
    [1, 1, true], [5, 7, true], [33, 20, true], [128, 64, true],
  ])('%i×%i (alpha: %s): pngjs’s bytes exactly', (width, height, alpha) => {
    const data = raster(width, height, width * 31 + height, alpha);
    const opaque = !alpha;
    const ours = encodeRgbaPng(width, height, data, opaque);
    expect(ours.equals(pngjs(width, height, data, opaque))).toBe(true);
    const back = decodePng(ours);
    expect([back.width, back.height]).toEqual([width, height]);
    expect(back.data.equals(data)).toBe(true);
  });

  it('encodePng: the same file as before, tEXt chunks after the header, and a raster with one transparent pixel kept RGBA', () => {
    const data = raster(40, 30, 7, false);
    const text = { Software: 'cuaderno-vivo', Title: 'Semana 3' };
    const file = encodePng({ width: 40, height: 30, data }, text);
    const plain = pngjs(40, 30, data, true);
    expect(file.subarray(0, 33).equals(plain.subarray(0, 33))).toBe(true);
    expect(file.subarray(file.length - (plain.length - 33)).equals(plain.subarray(33))).toBe(true);
    expect(decodePng(file).data.equals(data)).toBe(true);
    data[3] = 0;
    const withAlpha = encodePng({ width: 40, height: 30, data });
    expect(withAlpha[25]).toBe(6);
    expect(withAlpha.equals(pngjs(40, 30, data, false))).toBe(true);
  });
});
