/**
 * Stage 3 of the cover: the week's title ("Semana 12 · Mitosis") drawn legibly on any
 * background — flux images included — on a dark translucent panel with cream bold DejaVu text,
 * sized to fit. Returns where the text landed so the critique can measure its contrast.
 */
import { PALETTE } from './maqueta.js';
import { type Raster, drawText, fillRect, measureText } from './raster.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TitleLayout {
  /** Tight box of the title text (ascent to descent, advance width). */
  text: Box;
  /** The backdrop panel behind it. */
  panel: Box;
  fontSize: number;
}

/** Brand line above the title. */
export const BRAND = 'CUADERNO VIVO';

/** Most lines a title takes: a long week's title is wrapped, not shrunk to a line nobody reads on a phone. */
const MAX_LINES = 4;
/** A line's height, in font sizes. */
const LINE_HEIGHT = 1.18;
/** The title's largest and smallest font size, as a share of the image's shorter side. */
const LARGEST = 0.07;
const SMALLEST = 0.035;
/** The panel's height: at least this share of the image's height, at most the calm band the picture leaves. */
const PANEL_MIN = 0.165;
const PANEL_MAX = 0.26;

/** `title` in lines no wider than `maxW` at `size`, breaking at spaces (a word too wide stays whole on its line). */
function wrap(title: string, size: number, maxW: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/u)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measureText(next, size, 'sans-bold').width > maxW) { lines.push(line); line = word; } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws `title` on the lower part of `r`, wrapped in up to MAX_LINES lines at the largest size that fits, and returns the layout. */
export function drawCoverTitle(r: Raster, title: string): TitleLayout {
  const s = Math.min(r.width, r.height);
  const panelW = Math.round(r.width * 0.88);
  const pad = panelW * 0.05;
  const maxW = panelW - 2 * pad;
  const brandSize = s * 0.024;
  const brandSpace = brandSize * 2.2;
  /** The panel height `lines` lines at `size` need: the brand line, the lines, a margin below. */
  const needed = (n: number, size: number) => brandSpace + n * size * LINE_HEIGHT + size * 0.6;
  let size = s * LARGEST;
  let lines = wrap(title, size, maxW);
  while (size > s * SMALLEST && (lines.length > MAX_LINES || lines.some((l) => measureText(l, size, 'sans-bold').width > maxW) || needed(lines.length, size) > r.height * PANEL_MAX)) {
    size *= 0.95;
    lines = wrap(title, size, maxW);
  }
  // A title that still does not fit in MAX_LINES (a very long word) is one line, shrunk to fit, as before.
  if (lines.length > MAX_LINES || lines.some((l) => measureText(l, size, 'sans-bold').width > maxW)) {
    lines = [title];
    while (size > 10 && measureText(title, size, 'sans-bold').width > maxW) size *= 0.95;
  }
  const h = Math.round(Math.max(r.height * PANEL_MIN, needed(lines.length, size)));
  const panel: Box = { x: Math.round(r.width * 0.06), y: Math.round(r.height * 0.955) - h, w: panelW, h };
  fillRect(r, panel.x, panel.y, panel.w, panel.h, [...PALETTE.ink, 222]);
  fillRect(r, panel.x, panel.y, Math.round(panel.w * 0.18), Math.max(2, Math.round(s * 0.006)), PALETTE.saffron);

  const brandY = panel.y + brandSize * 1.1 + measureText(BRAND, brandSize).ascent;
  drawText(r, BRAND, panel.x + pad, brandY, { size: brandSize, color: PALETTE.saffron });

  const m = measureText(title, size, 'sans-bold');
  const lineH = size * LINE_HEIGHT;
  // The last line's baseline sits where the single line's did: the panel grows upwards.
  const lastBaseline = panel.y + panel.h - size * 0.6 - m.descent;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineH;
  lines.forEach((l, i) => drawText(r, l, panel.x + pad, firstBaseline + i * lineH, { size, color: PALETTE.cream, font: 'sans-bold' }));
  const width = Math.max(...lines.map((l) => measureText(l, size, 'sans-bold').width));
  return {
    text: { x: panel.x + pad, y: firstBaseline - m.ascent, w: width, h: (lines.length - 1) * lineH + m.ascent + m.descent },
    panel,
    fontSize: size,
  };
}
