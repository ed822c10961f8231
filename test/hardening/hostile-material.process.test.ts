/**
 * Issue 40, holes 3 and 7 (a process test: it starts the reader thread and the OCR child): small
 * files that become huge once decoded are refused before they are, and a file that still holds the
 * reader too long ends its thread alone — the imports after it are read. The files are made here
 * (test/support/hostile-files.ts); the import is the one the chat, the local page and the CLI share
 * (extractMaterial), with the real reader thread and OCR child.
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { extractMaterial } from '../../src/domain/material/extract.js';
import { imageSize } from '../../src/domain/material/image-check.js';
import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS, MAX_RENDER_PIXELS, SCAN_RENDER_SCALE } from '../../src/domain/material/limits.js';
import { checkZipBounds } from '../../src/domain/material/zip-bounds.js';
import { renderScale } from '../../src/domain/material/pdf.js';
import { createTesseractOcr } from '../../src/domain/material/ocr.js';
import { docx, textPdf } from '../support/material-fixtures.js';
import { docxBomb, jpegHeader, nestedXObjectPdf, pdfStreamBomb, pngBomb, wordyDocx } from '../support/hostile-files.js';

const ocr = createTesseractOcr();
afterAll(() => ocr.close());

const HEAVY = MATERIAL.problem({ kind: 'demasiado_pesado' });
const huge = (megapixels: number) => MATERIAL.problem({ kind: 'imagen_enorme', megapixels, maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000 });

/** A good PDF and a good Word document, read after a hostile file: the reader still answers. */
async function laterImportsStillWork(): Promise<void> {
  const pdf = await extractMaterial('bien.pdf', await textPdf([['La mitosis reparte los cromosomas entre dos células hijas idénticas.']]), { ocr });
  expect(pdf.text).toContain('mitosis');
  const word = await extractMaterial('bien.docx', docx(['La meiosis produce células con la mitad de cromosomas.']), { ocr });
  expect(word.text).toContain('meiosis');
}

describe('bounded decoding of the student\'s files', () => {
  it('a .docx that inflates a thousand times, says more than the caps, or lies about its sizes is refused before it is read', async () => {
    await expect(extractMaterial('bomba.docx', await docxBomb(20), { ocr })).rejects.toThrow(HEAVY);
    await expect(extractMaterial('miente.docx', await docxBomb(20, { lie: true }), { ocr })).rejects.toThrow(HEAVY);
    await expect(extractMaterial('enorme.docx', await docxBomb(150), { ocr })).rejects.toThrow(HEAVY);
    await laterImportsStillWork();
  }, 60_000);

  it('a .docx within every cap whose text overflows the reader\'s heap ends that thread alone; the next files are read', async () => {
    const wordy = await wordyDocx(60);
    expect(wordy.length).toBeLessThan(MAX_FILE_BYTES);
    await expect(checkZipBounds(wordy, 'larguísimo.docx')).resolves.toBeUndefined();
    await expect(extractMaterial('larguísimo.docx', wordy, { ocr })).rejects.toThrow(HEAVY);
    await laterImportsStillWork();
  }, 120_000);

  it('a PDF whose one stream inflates to 100 MB is refused before pdf.js reads it', async () => {
    const bomb = await pdfStreamBomb(100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(extractMaterial('flujo.pdf', bomb, { ocr })).rejects.toThrow(HEAVY);
    // Its data starting with «endobj endstream» verbatim: the stream still ends where pdf.js ends it.
    await expect(extractMaterial('flujo.pdf', await pdfStreamBomb(100, { endobjInData: true }), { ocr })).rejects.toThrow(HEAVY);
    await laterImportsStillWork();
  }, 60_000);

  it('the 2.6 KB PDF whose forms draw each other 9 deep × 10 is refused, and the next PDF and .docx are read', async () => {
    const nested = nestedXObjectPdf();
    expect(nested.length).toBeLessThan(3000);
    await expect(extractMaterial('anidado.pdf', nested, { ocr })).rejects.toThrow(HEAVY);
    await laterImportsStillWork();
  }, 60_000);

  it('the same PDF said so that the scan does not follow it is stopped by the reader\'s time budget; its thread is replaced', async () => {
    await expect(extractMaterial('anidado.pdf', nestedXObjectPdf(9, 10, { escapedNames: true }), { ocr, budgetMs: 2_000 })).rejects.toThrow(HEAVY);
    await laterImportsStillWork();
  }, 60_000);

  it('a 30,000² PNG of 0.9 MB and a JPEG header of 65,000² are refused by their size before any decoder sees them', async () => {
    const png = await pngBomb(30_000);
    expect(png.length).toBeLessThan(1024 * 1024);
    await expect(extractMaterial('bomba.png', png, { ocr })).rejects.toThrow(huge(900));
    await expect(extractMaterial('enorme.jpg', jpegHeader(65_000), { ocr })).rejects.toThrow(huge(4225));
  }, 60_000);

  it('an image\'s size is read from its header, whatever its format', () => {
    const canvas = createCanvas(321, 123);
    for (const format of ['png', 'jpeg', 'webp'] as const) expect(imageSize(format, canvas.encodeSync(format as 'png'))).toEqual({ width: 321, height: 123 });
  });

  it('a scanned page is rendered for OCR at its usual scale, lowered for a page of 200 inches a side', () => {
    expect(renderScale(595, 842)).toBe(SCAN_RENDER_SCALE);
    const s = renderScale(14_400, 14_400);
    expect((14_400 * s) ** 2).toBeLessThanOrEqual(MAX_RENDER_PIXELS * 1.0001);
  });
});
