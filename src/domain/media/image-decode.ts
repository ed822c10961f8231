/**
 * The image bytes a GPU server answers, turned into what the cover pipeline needs: an RGBA raster of
 * the cover's size. Servers differ: PNG is the common answer, some answer JPEG (stable-diffusion.cpp
 * with `output_format: jpeg`) or WebP. The format is sniffed from the bytes (never trusted from a
 * header or a file name), decoded in pure JavaScript / WebAssembly (jpeg-js, libwebp through
 * @jsquash/webp; no native binaries), and a raster of another size is centre-cropped to the cover's
 * aspect and scaled bilinearly.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import decodeWebpWasm, { init as initWebp } from '@jsquash/webp/decode.js';
import { createRaster, decodePng, isPng, type Raster } from './raster.js';
import { MEDIA_CHECKS } from '../../strings/model.js';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/**
 * Largest picture accepted, in pixels (4096², 64 MiB of RGBA): a cover is 1024², so anything larger
 * is refused before decoding, the guard against a small file that inflates into gigabytes.
 */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

/** The format the bytes are in, from their signature; undefined when none of the three. */
export function sniffImage(b: Uint8Array): ImageFormat | undefined {
  if (isPng(b)) return 'png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const ascii = (from: number, to: number) => Buffer.from(b.buffer, b.byteOffset + from, Math.max(0, Math.min(to, b.length) - from)).toString('latin1');
  if (b.length > 16 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** Width and height read from the header (PNG IHDR, WebP VP8/VP8L/VP8X), before decoding. */
function headerSize(b: Buffer, format: ImageFormat): { width: number; height: number } | undefined {
  if (format === 'png' && b.length >= 24) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (format !== 'webp' || b.length < 30) return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}

let webpReady: Promise<void> | undefined;
/** Loads libwebp's decoder once per process from the package's own .wasm file (no fetch in Node). */
function webpDecoder(): Promise<void> {
  webpReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await WebAssembly.compile(readFileSync(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')));
    // The typings only list the options object; the function also takes a compiled module.
    await (initWebp as unknown as (m: WebAssembly.Module) => Promise<void>)(wasm);
  })();
  return webpReady;
}

/**
 * The format of image bytes, checked without decoding them: their signature (PNG, JPEG or WebP) and,
 * where the header says, a size within MAX_IMAGE_PIXELS. Throws as decodeImage does for those two.
 */
export function checkImage(bytes: Buffer): ImageFormat {
  const format = sniffImage(bytes);
  if (!format) throw new UnknownImageError(bytes.subarray(0, 8).toString('hex'));
  const size = headerSize(bytes, format);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) throw new Error(MEDIA_CHECKS.tooManyPixels(size.width, size.height));
  return format;
}

/**
 * Decodes PNG, JPEG or WebP bytes into an RGBA raster. Throws an Error whose message says what is
 * wrong (unknown format, too many pixels, a corrupt file); the caller wraps it in its EngineError.
 */
export async function decodeImage(bytes: Buffer): Promise<{ raster: Raster; format: ImageFormat }> {
  const format = checkImage(bytes);
  try {
    if (format === 'png') return { raster: decodePng(bytes), format };
    if (format === 'jpeg') {
      const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
      return { raster: { width: img.width, height: img.height, data: Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength) }, format };
    }
    await webpDecoder();
    const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const img = await decodeWebpWasm(ab);
    return { raster: { width: img.width, height: img.height, data: Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength) }, format };
  } catch (e) {
    throw new UnreadableImageError(format, e instanceof Error ? e.message : String(e));
  }
}

/** The bytes are none of PNG, JPEG, WebP; `head` is their first bytes in hex. */
export class UnknownImageError extends Error {
  constructor(readonly head: string) {
    super(`formato desconocido (${head})`);
  }
}

/** The format was recognised but the file does not decode. */
export class UnreadableImageError extends Error {
  constructor(readonly format: ImageFormat, readonly detail: string) {
    super(`${format}: ${detail}`);
  }
}

/**
 * `r` at exactly `width`×`height`: the same raster when it already is; otherwise the largest
 * centred region of the target's aspect, scaled bilinearly (a 512² answer becomes a soft 1024²
 * cover rather than a refused one; a 1024×768 one loses its side strips, not its proportions).
 */
export function fitRaster(r: Raster, width: number, height: number): Raster {
  if (r.width === width && r.height === height) return r;
  const aspect = width / height;
  const cropW = Math.min(r.width, r.height * aspect);
  const cropH = cropW / aspect;
  const x0 = (r.width - cropW) / 2;
  const y0 = (r.height - cropH) / 2;
  const out = createRaster(width, height);
  const src = r.data;
  const dst = out.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(r.height - 1, Math.max(0, y0 + ((y + 0.5) * cropH) / height - 0.5));
    const ya = Math.floor(sy);
    const yb = Math.min(r.height - 1, ya + 1);
    const fy = sy - ya;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(r.width - 1, Math.max(0, x0 + ((x + 0.5) * cropW) / width - 0.5));
      const xa = Math.floor(sx);
      const xb = Math.min(r.width - 1, xa + 1);
      const fx = sx - xa;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) {
        const top = src[(ya * r.width + xa) * 4 + c]! * (1 - fx) + src[(ya * r.width + xb) * 4 + c]! * fx;
        const bottom = src[(yb * r.width + xa) * 4 + c]! * (1 - fx) + src[(yb * r.width + xb) * 4 + c]! * fx;
        dst[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return out;
}
