/**
 * A small RGBA raster for drawing PNGs without a canvas or system fonts: rectangles, thick lines,
 * filled polygons and anti-aliased text (DejaVu Sans shipped through npm, rendered with opentype.js).
 * Used for the week covers and the scheduler's Gantt charts, so it stays general.
 *
 * Coordinates are pixels, origin top-left, x right, y down; fractional coordinates are allowed and
 * anti-aliased. Colours are `[r, g, b]` or `[r, g, b, a]` with every channel 0–255; drawing
 * composites "source over" onto the raster.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type opentype from 'opentype.js';
import { PNG } from 'pngjs';
import { decodeCommonPng } from './png-decode.js';
import { encodeRgbaPng, pngChunk } from './png-encode.js';
import { FAULT } from '../../strings/log.js';

export type Color = readonly [number, number, number] | readonly [number, number, number, number];
export type FontName = 'sans' | 'sans-bold';

/** Pixels stored row-major, 4 bytes per pixel (RGBA, straight alpha). */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
}

/** A new raster filled with `background` (default opaque white). Sizes are whole pixels ≥ 1. */
export function createRaster(width: number, height: number, background: Color = [255, 255, 255, 255]): Raster {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(FAULT.rasterSize(width, height));
  }
  const data = Buffer.alloc(width * height * 4);
  const [r, g, b] = background;
  const a = background[3] ?? 255;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = a;
  }
  return { width, height, data };
}

/** Composites `color` onto pixel (x, y) with extra `coverage` 0–1 (anti-aliasing). Out of range is ignored. */
export function blendPixel(r: Raster, x: number, y: number, color: Color, coverage = 1): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const sa = ((color[3] ?? 255) / 255) * coverage;
  if (sa <= 0) return;
  const i = (y * r.width + x) * 4;
  const d = r.data;
  const da = d[i + 3]! / 255;
  const oa = sa + da * (1 - sa);
  for (let c = 0; c < 3; c++) {
    const v = (color[c]! * sa + d[i + c]! * da * (1 - sa)) / (oa || 1);
    d[i + c] = Math.round(v);
  }
  d[i + 3] = Math.round(oa * 255);
}

/** Reads pixel (x, y) as `[r, g, b, a]`. */
export function getPixel(r: Raster, x: number, y: number): [number, number, number, number] {
  const i = (y * r.width + x) * 4;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!, r.data[i + 3]!];
}

/** Fills the axis-aligned rectangle (x, y, w, h); fractional edges get partial coverage. */
export function fillRect(r: Raster, x: number, y: number, w: number, h: number, color: Color): void {
  if (w <= 0 || h <= 0) return;
  const x1 = x + w;
  const y1 = y + h;
  for (let py = Math.max(0, Math.floor(y)); py < Math.min(r.height, Math.ceil(y1)); py++) {
    const cy = Math.min(py + 1, y1) - Math.max(py, y);
    for (let px = Math.max(0, Math.floor(x)); px < Math.min(r.width, Math.ceil(x1)); px++) {
      const cx = Math.min(px + 1, x1) - Math.max(px, x);
      blendPixel(r, px, py, color, cx * cy);
    }
  }
}

/** A closed polygon: a list of [x, y] points. Several contours form one shape (holes by winding). */
export type Contour = ReadonlyArray<readonly [number, number]>;

/** Vertical sub-samples per pixel row for anti-aliasing; horizontal coverage is exact. */
const SUBSAMPLES = 5;

/**
 * Fills a shape made of one or more closed contours with the non-zero winding rule (the rule
 * TrueType glyphs use), anti-aliased.
 */
export function fillPolygon(r: Raster, contours: readonly Contour[], color: Color): void {
  // Edges top to bottom, in flat arrays: a title's line is one shape of a few thousand edges (its
  // glyphs' curves flattened), and each sub-sample line looked at every one of them and made a
  // pair per crossing — on a class's 300 covers, the pool's second cost after the PNG itself. Each
  // line now looks only at the edges it crosses (an active list); the crossings and the pixels
  // are those of the plain scan, in the same order of x (ties cover nothing either way).
  let n = 0;
  for (const c of contours) n += c.length;
  const ax = new Float64Array(n);
  const ay = new Float64Array(n);
  const bx = new Float64Array(n);
  const by = new Float64Array(n);
  const dirs = new Int8Array(n);
  let m = 0;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const c of contours) {
    for (let i = 0; i < c.length; i++) {
      const [x0, y0] = c[i]!;
      const [x1, y1] = c[(i + 1) % c.length]!;
      if (y0 === y1) continue;
      const down = y0 < y1;
      ax[m] = down ? x0 : x1;
      ay[m] = down ? y0 : y1;
      bx[m] = down ? x1 : x0;
      by[m] = down ? y1 : y0;
      dirs[m] = down ? 1 : -1;
      m++;
      minY = Math.min(minY, y0, y1);
      maxY = Math.max(maxY, y0, y1);
    }
  }
  if (m === 0) return;
  const byTop = Array.from({ length: m }, (_, i) => i).sort((p, q) => ay[p]! - ay[q]!);
  const active: number[] = [];
  let entered = 0;
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(r.height, Math.ceil(maxY));
  const cover = new Float32Array(r.width + 2);
  const xs = new Float64Array(m);
  const ds = new Int8Array(m);
  for (let py = y0; py < y1; py++) {
    cover.fill(0);
    let minX = r.width;
    let maxX = -1;
    for (let s = 0; s < SUBSAMPLES; s++) {
      const sy = py + (s + 0.5) / SUBSAMPLES;
      while (entered < m && ay[byTop[entered]!]! <= sy) active.push(byTop[entered++]!);
      let k = 0;
      let count = 0;
      for (let j = 0; j < active.length; j++) {
        const e = active[j]!;
        // Lines only go down: an edge left behind is left for good.
        if (sy >= by[e]!) continue;
        active[k++] = e;
        if (sy < ay[e]!) continue;
        // Sorted as it is added (a line crosses a few dozen edges at most).
        const x = ax[e]! + ((sy - ay[e]!) / (by[e]! - ay[e]!)) * (bx[e]! - ax[e]!);
        let at = count++;
        while (at > 0 && xs[at - 1]! > x) {
          xs[at] = xs[at - 1]!;
          ds[at] = ds[at - 1]!;
          at--;
        }
        xs[at] = x;
        ds[at] = dirs[e]!;
      }
      active.length = k;
      let winding = 0;
      for (let i = 0; i < count - 1; i++) {
        winding += ds[i]!;
        if (winding === 0) continue;
        const a = Math.max(0, xs[i]!);
        const b = Math.min(r.width, xs[i + 1]!);
        if (b <= a) continue;
        addSpan(cover, a, b, 1 / SUBSAMPLES);
        minX = Math.min(minX, Math.floor(a));
        maxX = Math.max(maxX, Math.ceil(b));
      }
    }
    for (let px = Math.max(0, minX); px < Math.min(r.width, maxX); px++) {
      const c = cover[px]!;
      if (c > 0) blendPixel(r, px, py, color, Math.min(1, c));
    }
  }
}

function addSpan(cover: Float32Array, a: number, b: number, weight: number): void {
  const ia = Math.floor(a);
  const ib = Math.floor(b);
  if (ia === ib) {
    cover[ia]! += (b - a) * weight;
    return;
  }
  cover[ia]! += (ia + 1 - a) * weight;
  for (let i = ia + 1; i < ib; i++) cover[i]! += weight;
  if (ib < cover.length) cover[ib]! += (b - ib) * weight;
}

/** Draws a straight segment `width` pixels thick (butt ends), anti-aliased. */
export function line(r: Raster, x0: number, y0: number, x1: number, y1: number, color: Color, width = 1): void {
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len === 0) return;
  const nx = (-(y1 - y0) / len) * (width / 2);
  const ny = ((x1 - x0) / len) * (width / 2);
  fillPolygon(r, [[[x0 + nx, y0 + ny], [x1 + nx, y1 + ny], [x1 - nx, y1 - ny], [x0 - nx, y0 - ny]]], color);
}

/** Twice the signed area of a contour (shoelace); the sign gives its orientation. */
function signedArea2(c: Contour): number {
  let a = 0;
  for (let i = 0; i < c.length; i++) {
    const [x0, y0] = c[i]!;
    const [x1, y1] = c[(i + 1) % c.length]!;
    a += x0 * y1 - x1 * y0;
  }
  return a;
}

/** The contour with positive orientation, so unions of several contours never cancel out. */
function oriented(c: Array<readonly [number, number]>): Array<readonly [number, number]> {
  return signedArea2(c) < 0 ? c.reverse() : c;
}

function circleContour(cx: number, cy: number, radius: number): Array<readonly [number, number]> {
  const n = Math.max(12, Math.min(256, Math.ceil(radius * 1.5)));
  const pts: Array<readonly [number, number]> = [];
  for (let i = 0; i < n; i++) pts.push([cx + radius * Math.cos((2 * Math.PI * i) / n), cy + radius * Math.sin((2 * Math.PI * i) / n)]);
  return pts;
}

/**
 * Draws a connected line through `points`, `width` pixels thick with round joins and caps. The
 * whole stroke is filled as one shape, so a semi-transparent colour has no darker overlaps.
 */
export function polyline(r: Raster, points: ReadonlyArray<readonly [number, number]>, color: Color, width = 1): void {
  const shapes: Array<Array<readonly [number, number]>> = [];
  const h = width / 2;
  for (let i = 0; i + 1 < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[i + 1]!;
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len === 0) continue;
    const nx = (-(y1 - y0) / len) * h;
    const ny = ((x1 - x0) / len) * h;
    shapes.push(oriented([[x0 + nx, y0 + ny], [x1 + nx, y1 + ny], [x1 - nx, y1 - ny], [x0 - nx, y0 - ny]]));
  }
  if (width > 2) for (const [x, y] of points) shapes.push(oriented(circleContour(x, y, h)));
  fillPolygon(r, shapes, color);
}

/** Fills a circle of radius `radius` centred at (cx, cy), anti-aliased. */
export function fillCircle(r: Raster, cx: number, cy: number, radius: number, color: Color): void {
  fillPolygon(r, [circleContour(cx, cy, radius)], color);
}

const fontCache = new Map<FontName, opentype.Font>();

/** Absolute path of the DejaVu TTF behind a font name (shipped by the `dejavu-fonts-ttf` package). */
export function fontPath(font: FontName): string {
  const pkg = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
  return path.join(path.dirname(pkg), 'ttf', font === 'sans-bold' ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf');
}

// The font parser is loaded with the first text drawn, not with this module: the bot's main thread
// imports it (shapes, PNG) but draws no text, so it never holds opentype.js (~20 MB resident, and
// part of start-up); the worker threads that draw load it once.
let parser: typeof opentype | undefined;

function loadFont(font: FontName): opentype.Font {
  let f = fontCache.get(font);
  if (!f) {
    const buf = readFileSync(fontPath(font));
    parser ??= createRequire(import.meta.url)('opentype.js') as typeof opentype;
    // `lowMemory`: a glyph is parsed the first time it is drawn or measured. The default parses all
    // ~6,000 of DejaVu's glyphs up front, each with its lazy-path closures: ~15 MB of heap per font in
    // every thread that draws text, for the few dozen glyphs a title uses.
    f = parser.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), { lowMemory: true });
    fontCache.set(font, f);
  }
  return f;
}

export interface TextStyle {
  /** Font size in pixels (em height). */
  size: number;
  color: Color;
  /** Default `sans` (DejaVu Sans). */
  font?: FontName;
}

export interface TextMetrics {
  /** Advance width in pixels. */
  width: number;
  /** Pixels above the baseline (font ascender) and below it (positive), for layout. */
  ascent: number;
  descent: number;
}

/** Measures `text` at `size` pixels without drawing it. */
export function measureText(text: string, size: number, font: FontName = 'sans'): TextMetrics {
  const f = loadFont(font);
  const scale = size / f.unitsPerEm;
  return { width: layoutGlyphs(f, text, 0, size).width, ascent: f.ascender * scale, descent: -f.descender * scale };
}

/**
 * Places glyphs one by one (cmap lookup + advance + kerning pairs). opentype.js 2's shaper throws on
 * DejaVu's `ccmp` lookups; Latin text with precomposed accents needs no shaping, so we skip it.
 */
function layoutGlyphs(f: opentype.Font, text: string, x: number, size: number): { glyphs: Array<{ glyph: opentype.Glyph; x: number }>; width: number } {
  const scale = size / f.unitsPerEm;
  const glyphs: Array<{ glyph: opentype.Glyph; x: number }> = [];
  let pen = x;
  let prev: opentype.Glyph | undefined;
  for (const ch of text) {
    const glyph = f.charToGlyph(ch);
    if (prev) pen += f.getKerningValue(prev, glyph) * scale;
    glyphs.push({ glyph, x: pen });
    pen += (glyph.advanceWidth ?? 0) * scale;
    prev = glyph;
  }
  return { glyphs, width: pen - x };
}

/**
 * Draws `text` with its baseline starting at (x, y). Returns the advance width in pixels so
 * callers can continue a line. Glyph outlines are flattened to polygons and filled non-zero.
 */
export function drawText(r: Raster, text: string, x: number, y: number, style: TextStyle): number {
  const f = loadFont(style.font ?? 'sans');
  const laid = layoutGlyphs(f, text, x, style.size);
  const commands = laid.glyphs.flatMap(({ glyph, x: gx }) => glyph.getPath(gx, y, style.size).commands);
  const contours: Array<Array<[number, number]>> = [];
  let cur: Array<[number, number]> = [];
  let px = 0;
  let py = 0;
  const steps = Math.max(4, Math.min(16, Math.ceil(style.size / 6)));
  for (const c of commands) {
    if (c.type === 'M') {
      if (cur.length > 2) contours.push(cur);
      cur = [[c.x, c.y]];
      px = c.x;
      py = c.y;
    } else if (c.type === 'L') {
      cur.push([c.x, c.y]);
      px = c.x;
      py = c.y;
    } else if (c.type === 'Q') {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        cur.push([u * u * px + 2 * u * t * c.x1 + t * t * c.x, u * u * py + 2 * u * t * c.y1 + t * t * c.y]);
      }
      px = c.x;
      py = c.y;
    } else if (c.type === 'C') {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        cur.push([
          u * u * u * px + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
          u * u * u * py + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
        ]);
      }
      px = c.x;
      py = c.y;
    } else if (c.type === 'Z') {
      if (cur.length > 2) contours.push(cur);
      cur = [];
    }
  }
  if (cur.length > 2) contours.push(cur);
  fillPolygon(r, contours, style.color);
  return laid.width;
}

/** Encodes the raster as an RGBA PNG; `text` entries become `tEXt` chunks (Latin-1 keys/values). */
export function encodePng(r: Raster, text: Readonly<Record<string, string>> = {}): Buffer {
  let opaque = true;
  for (let i = 3; i < r.data.length && opaque; i += 4) opaque = r.data[i] === 255;
  // Opaque images drop the alpha channel; Paeth filter + level 6 (png-encode.ts: pngjs's bytes, faster).
  const plain = encodeRgbaPng(r.width, r.height, r.data, opaque);
  const entries = Object.entries(text);
  if (entries.length === 0) return plain;
  // IHDR is always first: signature (8) + length (4) + type (4) + 13 data bytes + CRC (4) = 33.
  const chunks = entries.map(([k, v]) => pngChunk('tEXt', Buffer.concat([Buffer.from(k, 'latin1'), Buffer.from([0]), Buffer.from(v, 'latin1')])));
  return Buffer.concat([plain.subarray(0, 33), ...chunks, plain.subarray(33)]);
}

/**
 * Decodes any PNG into an RGBA raster. Throws on a buffer that is not a valid PNG. The common kind
 * (8-bit RGB or RGBA, what an image server sends) in one pass (png-decode.ts), the rest with pngjs.
 */
export function decodePng(buf: Buffer): Raster {
  const common = decodeCommonPng(buf);
  if (common) return common;
  const png = PNG.sync.read(buf);
  return { width: png.width, height: png.height, data: png.data };
}

/** Reads the `tEXt` chunks of a PNG (key → value). */
export function readPngText(buf: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let off = 8;
  while (off + 8 <= buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    if (type === 'tEXt') {
      const body = buf.subarray(off + 8, off + 8 + len);
      const z = body.indexOf(0);
      if (z > 0) out[body.toString('latin1', 0, z)] = body.toString('latin1', z + 1);
    }
    if (type === 'IEND') break;
    off += 12 + len;
  }
  return out;
}

/** True when the buffer starts with the 8-byte PNG signature. */
export function isPng(buf: Uint8Array): boolean {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return buf.length > 8 && sig.every((b, i) => buf[i] === b);
}
