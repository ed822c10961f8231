/**
 * Whether image bytes are whole, checked by their structure only — pure and cheap. The native
 * image decoder crashes the process on a truncated PNG, so nothing reaches a decoder before this
 * says yes; the OCR worker decodes the image itself, off the main thread.
 */
import { crc32 } from 'node:zlib';

/** PNG: every chunk's length fits and its CRC matches, from IHDR to IEND. */
function pngWhole(b: Uint8Array): boolean {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 8;
  let first = true;
  while (at + 12 <= b.length) {
    const len = view.getUint32(at);
    const type = Buffer.from(b.subarray(at + 4, at + 8)).toString('latin1');
    if (first && type !== 'IHDR') return false;
    first = false;
    if (at + 12 + len > b.length) return false;
    if (crc32(b.subarray(at + 4, at + 8 + len)) !== view.getUint32(at + 8 + len)) return false;
    if (type === 'IEND') return true;
    at += 12 + len;
  }
  return false;
}

/** JPEG: the markers before the scan are well formed, there is a frame header, and it ends with EOI. */
function jpegWhole(b: Uint8Array): boolean {
  if (b.length < 4 || b[b.length - 2] !== 0xff || b[b.length - 1] !== 0xd9) return false;
  let at = 2;
  let frame = false;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const len = (b[at + 2]! << 8) | b[at + 3]!;
    if (len < 2 || at + 2 + len > b.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    if (marker === 0xda) return frame;
    at += 2 + len;
  }
  return false;
}

/** WebP: the RIFF size matches the bytes and a VP8/VP8L/VP8X chunk follows. */
function webpWhole(b: Uint8Array): boolean {
  if (b.length < 20) return false;
  const size = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(4, true);
  const chunk = Buffer.from(b.subarray(12, 16)).toString('latin1');
  return size + 8 <= b.length && size >= 12 && /^VP8[ LX]$/.test(chunk);
}

export function imageWhole(kind: 'png' | 'jpeg' | 'webp', b: Uint8Array): boolean {
  switch (kind) {
    case 'png': return pngWhole(b);
    case 'jpeg': return jpegWhole(b);
    case 'webp': return webpWhole(b);
  }
}

/**
 * An image's width and height from its header (PNG's IHDR, the JPEG frame header, WebP's VP8/VP8L/
 * VP8X), without decoding it: a 0.9 MB PNG can say 30,000 × 30,000 (3.6 GB once decoded).
 * Undefined when the header gives none (the caller refuses the file).
 */
export function imageSize(kind: 'png' | 'jpeg' | 'webp', b: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  switch (kind) {
    case 'png':
      return b.length >= 24 ? size(view.getUint32(16), view.getUint32(20)) : undefined;
    case 'jpeg': {
      // The first frame header (SOF0–SOF15 but DHT, JPG and DAC) gives height, then width.
      let at = 2;
      while (at + 9 <= b.length && b[at] === 0xff) {
        const marker = b[at + 1]!;
        if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
          at += marker === 0xff ? 1 : 2;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return size(view.getUint16(at + 7), view.getUint16(at + 5));
        at += 2 + view.getUint16(at + 2);
      }
      return undefined;
    }
    case 'webp': {
      const chunk = Buffer.from(b.subarray(12, 16)).toString('latin1');
      if (chunk === 'VP8X' && b.length >= 30) return size(1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)));
      if (chunk === 'VP8 ' && b.length >= 30) return size(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
      if (chunk === 'VP8L' && b.length >= 25) {
        const bits = view.getUint32(21, true);
        return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
      }
      return undefined;
    }
  }
}
