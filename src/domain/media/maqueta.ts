/**
 * Engine `maqueta`: a procedural cover drawn on the CPU, no model weights. A pure function of the
 * seed (year, week, version) and the look the week's own words choose (coverLook): reproducible, and
 * each week different — a dark gradient with soft glows, one of five motifs (bell curve and
 * histogram, code editor, one-point perspective, staff and sound waves — each only for its own
 * subject, cover-subject.ts — or an open notebook for any other), film grain and a vignette,
 * in one of MAQUETA_PALETTES hue turns. The lower TITLE_BAND of the image is left calm for the title.
 */
import { STAGE_ESTIMATES_MS, throwIfAborted, type ImageEngine, type ImageRequest } from './engines.js';
import { type Color, type Raster, createRaster, drawText, fillCircle, fillPolygon, fillRect, polyline } from './raster.js';
import { mulberry32 } from '../../lib/prng.js';
import { titlePick } from '../course/course.js';
import { DEMO_MOTIFS } from '../course/demo.js';
import type { CoverLook } from './engines.js';
import { coverMotif, MOTIF_COUNT, type WeekWords } from './cover-subject.js';

/** How many motifs the procedural cover can draw (index into MOTIFS). */
export const MAQUETA_MOTIFS = MOTIF_COUNT;
/** Hue turns of the palette, in degrees; 0 is the original palette. */
export const MAQUETA_PALETTES = [0, 50, 110, 170, 230, 290] as const;

/**
 * The look of a week's cover, a pure function of the week's words: the motif is the subject they
 * name (cover-subject.ts; the neutral notebook when none is clear — a history week never gets a
 * bell curve), the palette is chosen by the title, so two weeks of one subject still differ. The
 * demo's weeks keep the motif they always had, in the original palette, so their covers look as before.
 */
export function coverLook(week: WeekWords): CoverLook {
  const demo = DEMO_MOTIFS[week.title.trim()];
  if (demo !== undefined) return { motif: demo, palette: 0 };
  return { motif: coverMotif(week), palette: 1 + titlePick(week.title, MAQUETA_PALETTES.length - 1, 'paleta:') };
}

/** Turns the hue of every pixel by `degrees` (luminance-preserving rotation about the grey axis). */
function turnHue(r: Raster, degrees: number): void {
  if (degrees === 0) return;
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const m = [
    0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
    0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283,
    0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
  ];
  const d = r.data;
  for (let i = 0; i < d.length; i += 4) {
    const R = d[i]!, G = d[i + 1]!, B = d[i + 2]!;
    d[i] = Math.max(0, Math.min(255, m[0]! * R + m[1]! * G + m[2]! * B));
    d[i + 1] = Math.max(0, Math.min(255, m[3]! * R + m[4]! * G + m[5]! * B));
    d[i + 2] = Math.max(0, Math.min(255, m[6]! * R + m[7]! * G + m[8]! * B));
  }
}

/** The one palette of every maqueta cover. */
export const PALETTE = {
  ink: [18, 28, 54],
  night: [34, 30, 66],
  deepTeal: [12, 70, 92],
  teal: [42, 157, 143],
  saffron: [233, 196, 106],
  orange: [244, 162, 97],
  coral: [231, 111, 81],
  cream: [250, 243, 224],
} as const satisfies Record<string, Color>;

/** Fraction of the height kept for the title at the bottom. */
export const TITLE_BAND = 0.24;

/** Seeded PRNG (mulberry32): same seed, same sequence on every platform. */
export const rng = mulberry32;

const alpha = (c: Color, a: number): Color => [c[0], c[1], c[2], Math.round(a * 255)];
const mix = (a: Color, b: Color, t: number): Color => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

function background(r: Raster, rand: () => number): void {
  const { width: w, height: h, data } = r;
  const tops: Color[] = [PALETTE.deepTeal, PALETTE.night, PALETTE.ink];
  const c0 = tops[Math.floor(rand() * tops.length)]!;
  const c1 = PALETTE.ink;
  const angle = rand() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const accents: Color[] = [PALETTE.teal, PALETTE.coral, PALETTE.saffron, PALETTE.orange];
  const glows = Array.from({ length: 3 + Math.floor(rand() * 2) }, () => ({
    x: rand() * w,
    y: rand() * h * 0.75,
    rad: (0.25 + rand() * 0.25) * w,
    c: accents[Math.floor(rand() * accents.length)]!,
    a: 0.18 + rand() * 0.17,
  }));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = Math.min(1, Math.max(0, 0.5 + ((x / w - 0.5) * dx + (y / h - 0.5) * dy) * 0.9));
      const i = (y * w + x) * 4;
      data[i] = c0[0] + (c1[0] - c0[0]) * t;
      data[i + 1] = c0[1] + (c1[1] - c0[1]) * t;
      data[i + 2] = c0[2] + (c1[2] - c0[2]) * t;
      data[i + 3] = 255;
    }
  }
  // Each glow only touches its bounding box: a quadratic falloff towards its colour.
  for (const g of glows) {
    for (let y = Math.max(0, Math.floor(g.y - g.rad)); y < Math.min(h, Math.ceil(g.y + g.rad)); y++) {
      for (let x = Math.max(0, Math.floor(g.x - g.rad)); x < Math.min(w, Math.ceil(g.x + g.rad)); x++) {
        const d2 = ((x - g.x) ** 2 + (y - g.y) ** 2) / (g.rad * g.rad);
        if (d2 >= 1) continue;
        const d = Math.sqrt(d2);
        const k = g.a * (1 - d) * (1 - d);
        const i = (y * w + x) * 4;
        for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! + (g.c[c]! - data[i + c]!) * k;
      }
    }
  }
}

function finish(r: Raster, rand: () => number): void {
  const { width: w, height: h, data } = r;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d2 = ((x / w - 0.5) ** 2 + (y / h - 0.5) ** 2) * 2;
      const v = 1 - 0.38 * d2;
      const n = (rand() - 0.5) * 8;
      const i = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! * v + n));
    }
  }
}

function statistics(r: Raster, rand: () => number, s: number): void {
  const top = 0.08 * s;
  const base = (1 - TITLE_BAND - 0.06) * s;
  for (let i = 0; i < 70; i++) fillCircle(r, rand() * s, top + rand() * (base - top), 2 + rand() * 5, alpha(PALETTE.cream, 0.12 + rand() * 0.2));
  const bars = 17;
  const mu = 0.5 + (rand() - 0.5) * 0.12;
  const sigma = 0.15 + rand() * 0.05;
  const left = 0.1 * s;
  const bw = (0.8 * s) / bars;
  const peak = (base - top) * 0.78;
  const bell = (u: number): number => Math.exp(-((u - mu) ** 2) / (2 * sigma * sigma));
  for (let i = 0; i < bars; i++) {
    const u = (i + 0.5) / bars;
    const hgt = peak * bell(u) * (0.82 + rand() * 0.3);
    const c = mix(PALETTE.teal, PALETTE.saffron, i / (bars - 1));
    fillRect(r, left + i * bw + bw * 0.12, base - hgt, bw * 0.76, hgt, alpha(c, 0.78));
  }
  const curve: Array<[number, number]> = [];
  for (let i = 0; i <= 120; i++) curve.push([left + (i / 120) * 0.8 * s, base - peak * bell(i / 120)]);
  polyline(r, curve, alpha(PALETTE.cream, 0.95), s * 0.006);
  polyline(r, [[left - 0.02 * s, base], [left + 0.82 * s, base]], alpha(PALETTE.cream, 0.6), s * 0.003);
  polyline(r, [[left + mu * 0.8 * s, base], [left + mu * 0.8 * s, base - peak * 1.08]], alpha(PALETTE.coral, 0.9), s * 0.004);
}

function code(r: Raster, rand: () => number, s: number): void {
  const x0 = 0.1 * s;
  const y0 = 0.1 * s;
  const pw = 0.8 * s;
  const ph = (1 - TITLE_BAND - 0.16) * s;
  fillRect(r, x0, y0, pw, ph, alpha(PALETTE.ink, 0.55));
  fillRect(r, x0, y0, pw, 0.05 * s, alpha(PALETTE.night, 0.85));
  [PALETTE.coral, PALETTE.saffron, PALETTE.teal].forEach((c, i) => fillCircle(r, x0 + 0.03 * s + i * 0.03 * s, y0 + 0.025 * s, 0.009 * s, c));
  drawText(r, '{ }', x0 + pw * 0.62, y0 + ph * 0.9, { size: s * 0.2, color: alpha(PALETTE.cream, 0.08), font: 'sans-bold' });
  const rows = 13;
  const rowH = (ph - 0.09 * s) / rows;
  let indent = 0;
  const syntax: Color[] = [PALETTE.coral, PALETTE.saffron, PALETTE.teal, PALETTE.orange, PALETTE.cream];
  for (let i = 0; i < rows; i++) {
    const y = y0 + 0.075 * s + i * rowH;
    fillCircle(r, x0 + 0.03 * s, y + rowH * 0.3, s * 0.004, alpha(PALETTE.cream, 0.3));
    if (rand() < 0.12) continue;
    let x = x0 + 0.07 * s + indent * 0.045 * s;
    const tokens = 1 + Math.floor(rand() * 4);
    for (let t = 0; t < tokens && x < x0 + pw * 0.92; t++) {
      const len = Math.min((0.05 + rand() * 0.16) * s, x0 + pw * 0.92 - x);
      fillRect(r, x, y, len, rowH * 0.45, alpha(syntax[Math.floor(rand() * syntax.length)]!, 0.85));
      x += len + 0.018 * s;
    }
    const roll = rand();
    if (roll < 0.35 && indent < 3) indent++;
    else if (roll > 0.7 && indent > 0) indent--;
  }
}

function perspective(r: Raster, rand: () => number, s: number): void {
  const vx = s * (0.5 + (rand() - 0.5) * 0.2);
  const vy = s * (0.36 + rand() * 0.06);
  const bottom = s;
  fillCircle(r, vx + (rand() - 0.5) * 0.3 * s, vy - 0.12 * s, s * (0.12 + rand() * 0.06), alpha(PALETTE.saffron, 0.85));
  const tiles = 10;
  const depth = 9;
  for (let j = 0; j < depth; j++) {
    const t0 = (j / depth) ** 2;
    const t1 = ((j + 1) / depth) ** 2;
    const ya = vy + (bottom - vy) * t0;
    const yb = vy + (bottom - vy) * t1;
    for (let i = -tiles; i < tiles; i++) {
      if ((i + j) % 2 !== 0) continue;
      const xa0 = vx + (i / tiles) * 1.6 * s * t0;
      const xa1 = vx + ((i + 1) / tiles) * 1.6 * s * t0;
      const xb0 = vx + (i / tiles) * 1.6 * s * t1;
      const xb1 = vx + ((i + 1) / tiles) * 1.6 * s * t1;
      fillPolygon(r, [[[xa0, ya], [xa1, ya], [xb1, yb], [xb0, yb]]], alpha(PALETTE.cream, 0.1 + 0.16 * t1));
    }
  }
  polyline(r, [[0, vy], [s, vy]], alpha(PALETTE.cream, 0.55), s * 0.003);
  for (let k = 0; k <= 12; k++) {
    const ex = -0.3 * s + (k / 12) * 1.6 * s;
    polyline(r, [[vx, vy], [ex, bottom]], alpha(PALETTE.teal, 0.45), s * 0.0025);
  }
  const strokes: Color[] = [PALETTE.coral, PALETTE.orange, PALETTE.teal];
  for (let k = 0; k < 5; k++) {
    const pts: Array<[number, number]> = [];
    const sx = rand() * s * 0.7;
    const sy = s * (0.08 + rand() * 0.22);
    const len = s * (0.2 + rand() * 0.25);
    const amp = s * (0.008 + rand() * 0.014);
    const phase = rand() * Math.PI * 2;
    const slope = (rand() - 0.5) * s * 0.08;
    for (let i = 0; i <= 32; i++) {
      const u = i / 32;
      pts.push([sx + u * len, sy + Math.sin(u * Math.PI * 1.5 + phase) * amp + u * slope]);
    }
    polyline(r, pts, alpha(strokes[k % strokes.length]!, 0.55), s * (0.012 + rand() * 0.016));
  }
}

function music(r: Raster, rand: () => number, s: number): void {
  const top = 0.16 * s;
  const gap = 0.045 * s;
  const tilt = (rand() - 0.5) * 0.08;
  const staffY = (x: number, k: number): number => top + 0.1 * s + k * gap + Math.sin(x / s * Math.PI * 2 + 0.6) * 0.025 * s + tilt * (x - s / 2);
  for (let k = 0; k < 5; k++) {
    const pts: Array<[number, number]> = [];
    for (let x = 0; x <= s; x += s / 80) pts.push([x, staffY(x, k)]);
    polyline(r, pts, alpha(PALETTE.cream, 0.55), s * 0.0028);
  }
  for (let n = 0; n < 9; n++) {
    const x = s * (0.1 + n * 0.095 + (rand() - 0.5) * 0.02);
    const y = staffY(x, Math.floor(rand() * 9) / 2);
    fillPolygon(r, [ellipse(x, y, gap * 0.62, gap * 0.45, -0.35)], alpha(PALETTE.saffron, 0.95));
    polyline(r, [[x + gap * 0.55, y], [x + gap * 0.55, y - gap * 3.2]], alpha(PALETTE.saffron, 0.95), s * 0.004);
  }
  const waves: Color[] = [PALETTE.teal, PALETTE.coral, PALETTE.orange, PALETTE.teal, PALETTE.saffron];
  const mid = (1 - TITLE_BAND - 0.17) * s;
  waves.forEach((c, k) => {
    const amp = s * (0.03 + rand() * 0.07);
    const freq = 1.5 + rand() * 4;
    const phase = rand() * Math.PI * 2;
    const pts: Array<[number, number]> = [];
    for (let x = 0; x <= s; x += s / 160) {
      const env = Math.sin((x / s) * Math.PI);
      pts.push([x, mid + Math.sin((x / s) * Math.PI * 2 * freq + phase) * amp * env + (k - 2) * s * 0.012]);
    }
    polyline(r, pts, alpha(c, 0.7), s * (0.004 + k * 0.0015));
  });
}

/**
 * The neutral motif, for a subject with no symbol of its own: an open notebook seen from above —
 * two ruled pages around a spine, a bookmark ribbon and a few handwritten-like strokes.
 */
function notebook(r: Raster, rand: () => number, s: number): void {
  const cx = s * (0.5 + (rand() - 0.5) * 0.04);
  const top = 0.12 * s;
  const bottom = (1 - TITLE_BAND - 0.07) * s;
  const half = 0.36 * s;
  const tilt = (rand() - 0.5) * 0.04 * s;
  // Pages: each a quadrilateral whose outer corners lift a little (the paper's curve).
  for (const side of [-1, 1] as const) {
    const outer = cx + side * half;
    fillPolygon(r, [[[cx, top + tilt * side], [outer, top - 0.02 * s + tilt * side], [outer, bottom - 0.01 * s], [cx, bottom]]], alpha(PALETTE.cream, 0.88));
    // Ruled lines, and on some of them a stroke of «writing» in the palette's accents.
    const rows = 11;
    for (let i = 1; i <= rows; i++) {
      const y = top + ((bottom - top) * i) / (rows + 1);
      const x0 = cx + side * 0.04 * s;
      const x1 = outer - side * 0.04 * s;
      polyline(r, [[x0, y], [x1, y - 0.012 * s]], alpha(PALETTE.teal, 0.35), s * 0.002);
      if (rand() < 0.65) {
        const len = (0.25 + rand() * 0.6) * Math.abs(x1 - x0);
        // Written left to right from each page's left margin, as a hand writes.
        const from = Math.min(x0, x1);
        const pts: Array<[number, number]> = [];
        for (let k = 0; k <= 24; k++) {
          const u = k / 24;
          pts.push([from + u * len, y - 0.008 * s - u * 0.01 * s * (len / half) + Math.sin(u * Math.PI * 9 + i) * 0.003 * s]);
        }
        polyline(r, pts, alpha(i % 3 === 0 ? PALETTE.coral : PALETTE.ink, 0.55), s * 0.003);
      }
    }
  }
  // The spine's shadow and a ribbon bookmark hanging below the pages.
  polyline(r, [[cx, top], [cx, bottom]], alpha(PALETTE.ink, 0.45), s * 0.008);
  const rx = cx + half * (0.35 + rand() * 0.3);
  fillPolygon(r, [[[rx, top - 0.02 * s], [rx + 0.03 * s, top - 0.02 * s], [rx + 0.03 * s, bottom + 0.05 * s], [rx + 0.015 * s, bottom + 0.035 * s], [rx, bottom + 0.05 * s]]], alpha(PALETTE.coral, 0.9));
}

function ellipse(cx: number, cy: number, rx: number, ry: number, rot: number): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < 40; i++) {
    const a = (i / 40) * Math.PI * 2;
    const x = Math.cos(a) * rx;
    const y = Math.sin(a) * ry;
    pts.push([cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot)]);
  }
  return pts;
}

/** In MOTIF's order (cover-subject.ts). */
const MOTIFS: ReadonlyArray<(r: Raster, rand: () => number, s: number) => void> = [statistics, code, perspective, music, notebook];

/** Draws the maqueta cover for a seed and a look (default the first motif, original palette). Pure and synchronous (~0.1–0.3 s at 1024²). */
export function drawMaqueta(req: Pick<ImageRequest, 'seed' | 'width' | 'height' | 'look'>): Raster {
  const r = createRaster(req.width, req.height, PALETTE.ink);
  const rand = rng(req.seed);
  background(r, rand);
  const motif = MOTIFS[req.look?.motif ?? 0] ?? notebook;
  motif(r, rand, Math.min(req.width, req.height));
  finish(r, rand);
  turnHue(r, MAQUETA_PALETTES[req.look?.palette ?? 0] ?? 0);
  return r;
}

/** The model id recorded in a maqueta cover's provenance. */
export const MAQUETA_MODEL = 'procedural-v1';

export function createMaquetaEngine(): ImageEngine {
  return {
    name: 'maqueta',
    model: MAQUETA_MODEL,
    lane: 'cpu',
    estimateMs: STAGE_ESTIMATES_MS.coverImage,
    async generate(req: ImageRequest, signal: AbortSignal): Promise<Raster> {
      throwIfAborted(signal);
      const r = drawMaqueta(req);
      throwIfAborted(signal);
      return r;
    },
  };
}
