/**
 * Issue 40: the OCR child runs with a heap cap of its own and a time budget per image. Over the
 * budget the child is ended and the image refused with one sentence; the next image starts a fresh
 * child and is read. (A budget of 1 ms is one no recognition meets, however idle the machine.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { OCR_HEAP_MB } from '../../src/domain/material/limits.js';
import { createTesseractOcr, ocrChildCommand } from '../../src/domain/material/ocr.js';
import { printedPage } from '../support/material-fixtures.js';

const hurried = createTesseractOcr({ budgetMs: 1 });
const patient = createTesseractOcr();
afterAll(async () => {
  await hurried.close();
  await patient.close();
});

describe('the OCR child is bounded', () => {
  it('starts with its own heap cap', () => {
    expect(ocrChildCommand().execArgv).toContain(`--max-old-space-size=${OCR_HEAP_MB}`);
  });

  it('an image over its time budget is refused with one sentence, twice (a fresh child each time); the page itself reads', async () => {
    const page = await printedPage(['La célula es la unidad básica de la vida.'], { px: 40, width: 900 });
    for (let i = 0; i < 2; i++) await expect(hurried.recognize(page)).rejects.toThrow(MATERIAL.problem({ kind: 'demasiado_pesado' }));
    expect((await patient.recognize(page)).text).toMatch(/célula/);
  }, 120_000);
});
