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

/** Draws `title` on the lower part of `r` and returns the layout. */
export function drawCoverTitle(r: Raster, title: string): TitleLayout {
  const s = Math.min(r.width, r.height);
  const panel: Box = { x: Math.round(r.width * 0.06), y: Math.round(r.height * 0.79), w: Math.round(r.width * 0.88), h: Math.round(r.height * 0.165) };
  fillRect(r, panel.x, panel.y, panel.w, panel.h, [...PALETTE.ink, 222]);
  fillRect(r, panel.x, panel.y, Math.round(panel.w * 0.18), Math.max(2, Math.round(s * 0.006)), PALETTE.saffron);

  const pad = panel.w * 0.05;
  const maxW = panel.w - 2 * pad;
  let size = s * 0.07;
  while (size > 10 && measureText(title, size, 'sans-bold').width > maxW) size *= 0.95;
  const m = measureText(title, size, 'sans-bold');

  const brandSize = s * 0.024;
  const brandY = panel.y + panel.h * 0.12 + measureText(BRAND, brandSize).ascent;
  drawText(r, BRAND, panel.x + pad, brandY, { size: brandSize, color: PALETTE.saffron });

  const baseline = panel.y + panel.h * 0.78;
  drawText(r, title, panel.x + pad, baseline, { size, color: PALETTE.cream, font: 'sans-bold' });
  return {
    text: { x: panel.x + pad, y: baseline - m.ascent, w: m.width, h: m.ascent + m.descent },
    panel,
    fontSize: size,
  };
}
