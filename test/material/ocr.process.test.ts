/**
 * OCR of the student's material with the real Tesseract worker and the Spanish model from its npm
 * package (issue 26 §1), in its own child process started with the no-network preload (a process
 * test: no-network.process.test.ts checks the preload itself): a photo of a printed page (turned 1.5°, with noise) read at ≥ 95 % of
 * characters (1 − CER), the same page as a scanned PDF, a WebP, and noise refused as noise.
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { MaterialError } from '../../src/domain/material/errors.js';
import { extractMaterial } from '../../src/domain/material/extract.js';
import { createTesseractOcr, isReadable } from '../../src/domain/material/ocr.js';
import { ocrAccuracy, printedPage, scannedPdf, scrawl } from '../support/material-fixtures.js';

const PAGE = [
  'La fotosíntesis es el proceso por el que las plantas transforman la energía de la luz en energía química. Ocurre en los cloroplastos, donde la clorofila capta la luz del sol.',
  'En la fase luminosa se libera oxígeno y se forman moléculas ricas en energía. En la fase oscura, el ciclo de Calvin fija el dióxido de carbono y produce glucosa.',
];
const REFERENCE = PAGE.join(' ');

const ocr = createTesseractOcr();
afterAll(() => ocr.close());
const extract = (name: string, bytes: Uint8Array) => extractMaterial(name, bytes, { ocr });

describe('OCR of printed pages', () => {
  it('reads a photo of a printed page (turned 1.5°, noisy JPEG) at ≥ 95 % of characters', async () => {
    const photo = await printedPage(PAGE, { degrees: 1.5, noise: 0.02, format: 'jpeg' });
    const got = await extract('foto de la página.jpg', photo);
    expect(got.kind).toBe('imagen');
    expect(got.paginas).toBe(1);
    const accuracy = ocrAccuracy(REFERENCE, got.text);
    expect(accuracy, got.text).toBeGreaterThanOrEqual(0.95);
    expect(got.ocr?.draft).toBe(false);
  });

  it('reads a scanned PDF (a page image, no text layer) through the same OCR', async () => {
    const scan = await scannedPdf(await printedPage(PAGE, { degrees: -1, noise: 0.01 }));
    const got = await extract('escaneado.pdf', scan);
    expect(got.paginas).toBe(1);
    expect(got.ocr).toBeDefined();
    expect(ocrAccuracy(REFERENCE, got.text), got.text).toBeGreaterThanOrEqual(0.95);
  });

  it('reads a WebP photo', async () => {
    const png = await printedPage([PAGE[0]!], { degrees: 1 });
    const { loadImage } = await import('@napi-rs/canvas');
    const img = await loadImage(Buffer.from(png));
    const canvas = createCanvas(img.width, img.height);
    canvas.getContext('2d').drawImage(img, 0, 0);
    const webp = canvas.encodeSync('webp', 90); // not encode(): see material-fixtures.ts
    const got = await extract('pizarra.webp', webp);
    expect(ocrAccuracy(PAGE[0]!, got.text), got.text).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses an image of symbols with its sentence (under 60 % letters and spaces)', async () => {
    const canvas = createCanvas(900, 600);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 900, 600);
    // Scribbles: strokes and dots that Tesseract turns into symbols, not words.
    let seed = 3;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    ctx.fillStyle = '#000';
    ctx.font = '40px sans-serif';
    const marks = '#%|/\\[]{}=+*^~<>§@';
    for (let row = 0; row < 10; row++) {
      const line = Array.from({ length: 24 }, () => marks[Math.floor(rnd() * marks.length)]).join(rnd() < 0.3 ? ' ' : '');
      ctx.fillText(line, 30, 60 + row * 55);
    }
    const e = await extract('manchas.png', canvas.encodeSync('png')).then((ok) => ok, (err: unknown) => err);
    expect(e, JSON.stringify(e)).toBeInstanceOf(MaterialError);
    expect((e as MaterialError).problem.kind).toBe('ruido');
    expect((e as MaterialError).message).toMatch(/foto más nítida/);
  });

  it('uneven, hand-like writing is read with low confidence: a draft to correct, never silently saved', async () => {
    const neat = await extract('limpia.png', await scrawl(PAGE[0]!, 4));
    expect(neat.ocr?.draft, JSON.stringify(neat.ocr)).toBe(false);
    const messy = await extract('a mano.png', await scrawl(PAGE[0]!, 25));
    expect(messy.ocr?.draft, JSON.stringify(messy.ocr)).toBe(true);
    expect(messy.text.length).toBeGreaterThan(20);
  });

  it('letters-and-spaces share: words pass, symbols do not', () => {
    expect(isReadable('La célula es la unidad de la vida.')).toBe(true);
    expect(isReadable('#|/ %% ^~ [] {} 3$ @@ l|')).toBe(false);
  });
});
