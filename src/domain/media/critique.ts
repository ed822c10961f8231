/**
 * Stage 4 of the cover: automatic checks before anything is delivered — the expected dimensions,
 * an image that is not blank or uniform, and a legible title (WCAG contrast between the text and
 * its backdrop). Gives a 0–100 score; a cover with any problem is reported as an error, not sent.
 */
import type { TitleLayout } from './cover-title.js';
import type { Raster } from './raster.js';
import { MEDIA_CHECKS } from '../../strings/model.js';

/** WCAG AA for normal text. */
export const MIN_TITLE_CONTRAST = 4.5;
/** Luminance standard deviation (0–255) below which an image counts as blank/uniform. */
export const MIN_LUMA_STDDEV = 6;

export interface Critique {
  ok: boolean;
  /** 0–100: dimensions 30, variety 30, title contrast 40. */
  score: number;
  /** WCAG contrast ratio of the title over its backdrop (1–21). */
  contrast: number;
  lumaStdDev: number;
  problems: string[];
}

function srgbToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** srgbToLinear of each byte, computed once: a cover's title box is ≈ 10⁵ pixels, three powers each. */
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => srgbToLinear(c));

/** WCAG relative luminance (0–1) of pixel index `i` (byte offset). */
function relLuminance(d: Buffer, i: number): number {
  return 0.2126 * LINEAR[d[i]!]! + 0.7152 * LINEAR[d[i + 1]!]! + 0.0722 * LINEAR[d[i + 2]!]!;
}

/**
 * Luminance standard deviation (0–255 scale) of the image outside `exclude` (the title panel, which
 * would make a blank engine image look varied), sampled every 2nd pixel of every 2nd row.
 */
export function lumaStdDev(r: Raster, exclude?: { x: number; y: number; w: number; h: number }): number {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let y = 0; y < r.height; y += 2) {
    for (let x = 0; x < r.width; x += 2) {
      if (exclude && x >= exclude.x && x < exclude.x + exclude.w && y >= exclude.y && y < exclude.y + exclude.h) continue;
      const i = (y * r.width + x) * 4;
      const l = 0.299 * r.data[i]! + 0.587 * r.data[i + 1]! + 0.114 * r.data[i + 2]!;
      sum += l;
      sq += l * l;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sq / n - mean * mean));
}

/**
 * Contrast of the title as drawn: the text box holds text and backdrop pixels; the 10th and 90th
 * luminance percentiles stand for each, so a missing or washed-out title scores ≈ 1.
 */
export function titleContrast(r: Raster, layout: TitleLayout): number {
  const { x, y, w, h } = layout.text;
  const y0 = Math.max(0, Math.floor(y));
  const y1 = Math.min(r.height, Math.ceil(y + h));
  const x0 = Math.max(0, Math.floor(x));
  const x1 = Math.min(r.width, Math.ceil(x + w));
  // A typed array, sorted numerically in place by the engine: the same order as a compared sort of
  // a plain array, without boxing ≈ 10⁵ numbers and calling a comparator for each comparison.
  const lum = new Float64Array(Math.max(0, y1 - y0) * Math.max(0, x1 - x0));
  let n = 0;
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) lum[n++] = relLuminance(r.data, (py * r.width + px) * 4);
  }
  if (lum.length === 0) return 1;
  lum.sort();
  const lo = lum[Math.floor(lum.length * 0.1)]!;
  const hi = lum[Math.floor(lum.length * 0.9)]!;
  return (hi + 0.05) / (lo + 0.05);
}

/** Checks a finished cover against the size it should have. */
export function critiqueCover(r: Raster, layout: TitleLayout, expected: { width: number; height: number }): Critique {
  const problems: string[] = [];
  const sizeOk = r.width === expected.width && r.height === expected.height;
  if (!sizeOk) problems.push(MEDIA_CHECKS.coverSize(r.width, r.height, expected.width, expected.height));
  const sd = lumaStdDev(r, layout.panel);
  if (sd < MIN_LUMA_STDDEV) problems.push(MEDIA_CHECKS.coverFlat(sd.toFixed(1)));
  const contrast = titleContrast(r, layout);
  if (contrast < MIN_TITLE_CONTRAST) problems.push(MEDIA_CHECKS.titleContrast(contrast.toFixed(1), MIN_TITLE_CONTRAST));
  const score = Math.round((sizeOk ? 30 : 0) + 30 * Math.min(1, sd / 40) + 40 * Math.min(1, (contrast - 1) / 6));
  return { ok: problems.length === 0, score, contrast, lumaStdDev: sd, problems };
}
