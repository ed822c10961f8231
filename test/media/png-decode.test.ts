/**
 * The one-pass PNG decoder (issue 41: an image server's 1024² cover cost the bot's pool threads
 * ≈ 40–60 ms of pngjs each) gives pngjs's pixels exactly for the PNG an engine sends — 8-bit RGB or
 * RGBA, every row filter, any compression level — and leaves everything else to pngjs (undefined):
 * another colour type, a transparent colour, a bad CRC, a header out of place, cut data.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeCommonPng } from '../../src/domain/media/png-decode.js';
import { pngChunk } from '../../src/domain/media/png-encode.js';
import { decodePng } from '../../src/domain/media/raster.js';

function pixels(width: number, height: number, seed: number, alpha: boolean): Buffer {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const d = Buffer.alloc(width * height * 4);
  for (let i = 0; i < d.length; i += 4) {
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    d[i] = (x * 5 + y) & 255;
    d[i + 1] = rnd() < 0.3 ? Math.floor(rnd() * 256) : (y * 9) & 255;
    d[i + 2] = (x ^ y) & 255;
    d[i + 3] = alpha ? Math.floor(rnd() * 256) : 255;
  }
  return d;
}

const encode = (width: number, height: number, data: Buffer, opts: Record<string, unknown>): Buffer => {
  const png = new PNG({ width, height });
  data.copy(png.data);
  return PNG.sync.write(png, opts as never);
};

describe('the one-pass PNG decoder', () => {
  it.each([-1, 0, 1, 2, 3, 4])('filter %i, RGB and RGBA, odd sizes: pngjs’s pixels exactly', (filterType) => {
    for (const [width, height, alpha] of [[1, 1, false], [7, 5, false], [61, 17, true], [128, 33, false], [3, 90, true]] as const) {
      const data = pixels(width, height, width * 7 + height + filterType, alpha);
      const file = encode(width, height, data, { colorType: alpha ? 6 : 2, filterType, deflateLevel: filterType === 3 ? 1 : 9 });
      const ours = decodeCommonPng(file);
      expect(ours).toBeDefined();
      expect([ours!.width, ours!.height]).toEqual([width, height]);
      expect(ours!.data.equals(PNG.sync.read(file).data)).toBe(true);
      expect(ours!.data.equals(data)).toBe(true);
    }
  });

  it('leaves to pngjs what it does not read: grey, a transparent colour, a bad CRC, a cut file, no PNG at all', () => {
    const data = pixels(20, 10, 3, false);
    expect(decodeCommonPng(encode(20, 10, data, { colorType: 0 }))).toBeUndefined();
    const rgb = encode(20, 10, data, { colorType: 2 });
    expect(decodeCommonPng(rgb)).toBeDefined();
    const trns = Buffer.concat([rgb.subarray(0, 33), pngChunk('tRNS', Buffer.from([0, 1, 0, 2, 0, 3])), rgb.subarray(33)]);
    expect(decodeCommonPng(trns)).toBeUndefined();
    const badCrc = Buffer.from(rgb);
    badCrc[40] = badCrc[40]! ^ 0xff;
    expect(decodeCommonPng(badCrc)).toBeUndefined();
    expect(() => decodePng(badCrc)).toThrow();
    expect(decodeCommonPng(rgb.subarray(0, rgb.length - 20))).toBeUndefined();
    expect(decodeCommonPng(Buffer.from('no soy un png'))).toBeUndefined();
    // A text chunk changes no pixel: still read here.
    const text = Buffer.concat([rgb.subarray(0, 33), pngChunk('tEXt', Buffer.from('Title\0Semana 3', 'latin1')), rgb.subarray(33)]);
    expect(decodeCommonPng(text)!.data.equals(PNG.sync.read(text).data)).toBe(true);
  });

  it('decodePng reads the common PNG in one pass and the rest with pngjs, the same pixels', () => {
    const data = pixels(30, 20, 11, true);
    expect(decodePng(encode(30, 20, data, { colorType: 6 })).data.equals(data)).toBe(true);
    const grey = encode(30, 20, data, { colorType: 0 });
    expect(decodePng(grey).data.equals(PNG.sync.read(grey).data)).toBe(true);
  });
});
