/**
 * The common PNG — 8-bit RGB or RGBA, not interlaced, no transparent colour — decoded in one pass:
 * chunks walked and their CRCs checked, the IDAT data inflated at once, every row unfiltered in a
 * tight loop straight into RGBA. It is what an image server sends for a cover, and pngjs spent
 * ≈ 40–60 ms of CPU on each 1024² of them through a function call per byte and per pixel, on the
 * bot's two pool threads that a class's 300 covers queue for. Anything else — another depth or
 * colour type, interlacing, a palette, a transparent colour, a critical chunk it does not know, a
 * bad CRC, data of the wrong length — answers undefined, and the caller decodes with pngjs, which
 * says what is wrong with it: the pixels and the errors are pngjs's either way.
 */
import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Chunks that change no pixel of an 8-bit RGB(A) image (pngjs ignores them as well). */
const IGNORED = new Set(['tEXt', 'zTXt', 'iTXt', 'pHYs', 'sRGB', 'gAMA', 'cHRM', 'iCCP', 'tIME', 'bKGD', 'sBIT']);

/** RGBA pixels of a common PNG, or undefined for pngjs to decode. */
export function decodeCommonPng(buf: Buffer): { width: number; height: number; data: Buffer } | undefined {
  if (buf.length < 8 || !buf.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let width = 0;
  let height = 0;
  let bpp = 0;
  const idat: Buffer[] = [];
  let ended = false;
  for (let off = 8; off + 12 <= buf.length && !ended;) {
    const len = buf.readUInt32BE(off);
    if (off + 12 + len > buf.length) return undefined;
    const type = buf.toString('latin1', off + 4, off + 8);
    if ((crc32(buf.subarray(off + 4, off + 8 + len)) >>> 0) !== buf.readUInt32BE(off + 8 + len)) return undefined;
    const body = buf.subarray(off + 8, off + 8 + len);
    // The header comes first, once.
    if ((type === 'IHDR') === (bpp !== 0)) return undefined;
    if (type === 'IHDR') {
      if (len !== 13 || body[8] !== 8 || (body[9] !== 2 && body[9] !== 6) || body[10] !== 0 || body[11] !== 0 || body[12] !== 0) return undefined;
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      bpp = body[9] === 2 ? 3 : 4;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') ended = true;
    else if (!IGNORED.has(type)) return undefined;
    off += 12 + len;
  }
  if (!ended || bpp === 0 || width === 0 || height === 0 || idat.length === 0) return undefined;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch {
    return undefined;
  }
  const stride = width * bpp;
  if (raw.length !== (stride + 1) * height) return undefined;
  // Unfiltered row by row (each row's filter reads the row above, already unfiltered); a Buffer
  // keeps the low 8 bits of what is stored, the sum modulo 256 the specification asks for.
  const px = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    // One loop per filter: the filter is the row's, not the byte's.
    if (filter === 0) raw.copy(px, row, src, src + stride);
    else if (filter === 1) for (let x = 0; x < stride; x++) px[row + x] = raw[src + x]! + (x >= bpp ? px[row + x - bpp]! : 0);
    else if (filter === 2) for (let x = 0; x < stride; x++) px[row + x] = raw[src + x]! + (y > 0 ? px[prev + x]! : 0);
    else if (filter === 3) for (let x = 0; x < stride; x++) px[row + x] = raw[src + x]! + (((x >= bpp ? px[row + x - bpp]! : 0) + (y > 0 ? px[prev + x]! : 0)) >> 1);
    else if (filter === 4) {
      for (let x = 0; x < stride; x++) {
        const left = x >= bpp ? px[row + x - bpp]! : 0;
        const up = y > 0 ? px[prev + x]! : 0;
        const upLeft = y > 0 && x >= bpp ? px[prev + x - bpp]! : 0;
        const p = left + up - upLeft;
        const pLeft = Math.abs(p - left);
        const pUp = Math.abs(p - up);
        const pUpLeft = Math.abs(p - upLeft);
        px[row + x] = raw[src + x]! + (pLeft <= pUp && pLeft <= pUpLeft ? left : pUp <= pUpLeft ? up : upLeft);
      }
    } else return undefined;
  }
  if (bpp === 4) return { width, height, data: px };
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0, j = 0; j < px.length; i += 4, j += 3) {
    data[i] = px[j]!;
    data[i + 1] = px[j + 1]!;
    data[i + 2] = px[j + 2]!;
    data[i + 3] = 255;
  }
  return { width, height, data };
}
