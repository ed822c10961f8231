/** A week's long title is wrapped on the cover, not shrunk to a line nobody reads on a phone (media/cover-title.ts). */
import { describe, expect, it } from 'vitest';
import { drawCoverTitle } from '../../src/domain/media/cover-title.js';
import { titleContrast } from '../../src/domain/media/critique.js';
import { createRaster } from '../../src/domain/media/raster.js';

const raster = () => createRaster(1024, 1024, [60, 60, 60, 255]);

describe('the cover title', () => {
  it('wraps a long title in a few lines at a size a phone shows', () => {
    const r = raster();
    const layout = drawCoverTitle(r, 'Semana 2 · De la deriva continental a la tectónica de placas: Wegener y la expansión del fondo oceánico');
    expect(layout.fontSize).toBeGreaterThanOrEqual(1024 * 0.035);
    expect(layout.text.h).toBeGreaterThan(layout.fontSize * 2);
    expect(layout.panel.y + layout.panel.h).toBeLessThanOrEqual(1024);
    expect(titleContrast(r, layout)).toBeGreaterThan(4.5);
  });
  it('keeps a short title on one line at its largest size', () => {
    const layout = drawCoverTitle(raster(), 'Semana 3 · Mitosis');
    expect(layout.fontSize).toBeCloseTo(1024 * 0.07, 5);
    expect(layout.text.h).toBeLessThan(layout.fontSize * 1.5);
  });
});
