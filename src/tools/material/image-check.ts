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
