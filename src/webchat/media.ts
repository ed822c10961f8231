/**
 * Pure helpers that look at uploaded bytes: what kind of file it is and the numbers Telegram puts
 * in its objects (photo width/height, audio duration). Only headers are read; no pixels are decoded.
 */
import { crc32 } from 'node:zlib';
import { own } from '../lib/own.js';

/** The only image types sendPhoto takes (and the page shows inline): never SVG, which can run script. */
export const RASTER_MIMES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * True when the bytes themselves are a PNG, JPEG, WebP or GIF (the file name is not asked): more
 * than the magic — the header is decoded (PNG: a whole IHDR with its CRC; JPEG: a frame size; GIF
 * and WebP: their header), and bytes that read like a web page are refused, as a browser would
 * sniff them.
 */
export function isRasterImage(data: Uint8Array): boolean {
  const mime = sniffMime(data, '');
  if (!RASTER_MIMES.has(mime) || looksLikeMarkup(data)) return false;
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  switch (mime) {
    case 'image/png': return isPngHeader(b);
    case 'image/jpeg': return (imageSize(b)?.width ?? 0) > 0 && (imageSize(b)?.height ?? 0) > 0;
    case 'image/gif': return b.length >= 13 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6)) && b.readUInt16LE(6) > 0 && b.readUInt16LE(8) > 0;
    default: return b.length >= 16 && ['VP8 ', 'VP8L', 'VP8X'].includes(b.toString('latin1', 12, 16)); // image/webp
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes a browser's sniffer would read as a page: checked in the first MARKUP_WINDOW bytes. */
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|\?xml)[\s>/]/i;
const MARKUP_WINDOW = 1024;

function looksLikeMarkup(data: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, MARKUP_WINDOW)).toString('latin1'));
}

/** The PNG signature, then an IHDR chunk of 13 bytes with a non-zero size, a valid depth/colour pair and its CRC. */
function isPngHeader(b: Buffer): boolean {
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  const depth = b[24] ?? 0;
  const colour = b[25] ?? 0;
  const depths: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff || !(own(depths, String(colour)) ?? []).includes(depth)) return false;
  return crc32(b.subarray(12, 29)) === b.readUInt32BE(29);
}

/** MIME type from magic bytes, falling back to the file name's extension, then octet-stream. */
export function sniffMime(data: Uint8Array, filename = ''): string {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && b.toString('latin1', 0, 4) === 'GIF8') return 'image/gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE') return 'audio/wav';
  if (b.length >= 4 && b.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  if (b.length >= 3 && b.toString('latin1', 0, 3) === 'ID3') return 'audio/mpeg';
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') return 'audio/mp4';
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return own(MIME_BY_EXT, extensionOf(filename)) ?? 'application/octet-stream';
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg', oga: 'audio/ogg', m4a: 'audio/mp4',
  pdf: 'application/pdf', txt: 'text/plain', md: 'text/markdown', json: 'application/json',
  svg: 'image/svg+xml', csv: 'text/csv',
};

/** Extension (lower case, no dot) the file is stored and served under. */
export function extensionFor(mime: string, filename = ''): string {
  const fromName = extensionOf(filename);
  if (fromName && own(MIME_BY_EXT, fromName) === mime) return fromName;
  const found = Object.entries(MIME_BY_EXT).find(([, m]) => m === mime);
  return found?.[0] ?? (/^[a-z0-9]{1,5}$/.test(fromName) ? fromName : 'bin');
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** Seconds of an OGG (last page's granule at 48 kHz, less the pre-skip) or WAV; undefined for anything else. */
export function audioSeconds(data: Uint8Array): number | undefined {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 44 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE') {
    let off = 12;
    let bytesPerSecond = 0;
    while (off + 8 <= b.length) {
      const id = b.toString('latin1', off, off + 4);
      const size = Math.min(b.readUInt32LE(off + 4), b.length - off - 8);
      if (id === 'fmt ' && size >= 16) bytesPerSecond = b.readUInt32LE(off + 16);
      if (id === 'data') return bytesPerSecond > 0 ? size / bytesPerSecond : undefined;
      off += 8 + size + (size % 2);
    }
    return undefined;
  }
  if (b.length >= 28 && b.toString('latin1', 0, 4) === 'OggS') {
    const last = b.lastIndexOf('OggS', b.length - 27, 'latin1');
    const head = b.indexOf('OpusHead', 0, 'latin1');
    const preSkip = head >= 0 && head + 12 <= b.length ? b.readUInt16LE(head + 10) : 0;
    const granule = Number(b.readBigInt64LE(last + 6));
    return granule > preSkip ? (granule - preSkip) / 48_000 : undefined;
  }
  return undefined;
}

/** Pixel size of a PNG or baseline/progressive JPEG; undefined for anything else. */
export function imageSize(data: Uint8Array): { width: number; height: number } | undefined {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47) {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let pos = 2;
    while (pos + 9 < b.length) {
      if (b[pos] !== 0xff) return undefined;
      const marker = b[pos + 1] ?? 0;
      const length = b.readUInt16BE(pos + 2);
      // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: b.readUInt16BE(pos + 5), width: b.readUInt16BE(pos + 7) };
      }
      pos += 2 + length;
    }
  }
  return undefined;
}

/** Whole seconds of a PCM WAV (from its `fmt ` and `data` chunks); undefined if not a WAV. */
export function wavDurationS(data: Uint8Array): number | undefined {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') return undefined;
  let byteRate = 0;
  let pos = 12;
  while (pos + 8 <= b.length) {
    const id = b.toString('latin1', pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    if (id === 'fmt ' && pos + 16 <= b.length) byteRate = b.readUInt32LE(pos + 16);
    if (id === 'data') {
      const bytes = Math.min(size, b.length - pos - 8);
      return byteRate > 0 ? Math.round(bytes / byteRate) : undefined;
    }
    pos += 8 + size + (size % 2);
  }
  return undefined;
}
