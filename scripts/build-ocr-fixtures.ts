/**
 * The scan and the photo of issue 43's measurement, made from a printed lecture PDF of the fixture
 * (scripts/build-lecture-pdfs.ts, itself made from the committed Markdown lectures), so the text on
 * the page is known:
 *
 * - scan: the page rendered at 200 dpi, turned 1.5°, a sprinkle of grey specks (2 % of pixels),
 *   saved as a PDF whose only content is that image (what a scanner makes);
 * - photo: the page rendered at 200 dpi, warped by a perspective transform onto a darker desk (the
 *   phone held above and to one side of the page), lit unevenly (a corner in shadow, light falling
 *   off across the page), with sensor noise, saved as a JPEG.
 *
 * The page's own text is pdf.js's text of that page of the printed PDF (not our reader's).
 *
 * Usage: `tsx scripts/build-ocr-fixtures.ts <out dir>`; tests and scripts/measure-ocr.ts call
 * `buildOcrFixtures(pdf, page, dir)`.
 */
import '../src/domain/material/node20.js';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { mulberry32 } from '../src/lib/prng.js';
import { loadOpenCv } from '../src/domain/material/opencv.js';
import { buildLecturePdfs } from './build-lecture-pdfs.js';

/** Render scale: 200 dpi (1 = 72 dpi). */
const SCALE = 200 / 72;

export interface OcrFixture {
  /** The scanned page as an image-only PDF. */
  scanPdf: string;
  /** The photo of the page, a JPEG. */
  photo: string;
  /** The page's own text, as pdf.js reads the printed PDF's page. */
  pageText: string;
}

/** The page of `pdf` rendered to a canvas at SCALE. */
async function renderPage(pdf: Uint8Array, page: number): Promise<Canvas> {
  const { renderPageAsImage } = await import('unpdf');
  const png = await renderPageAsImage(new Uint8Array(pdf), page, { canvasImport: () => import('@napi-rs/canvas'), scale: SCALE });
  const img = await loadImage(Buffer.from(png));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, img.width, img.height);
  ctx.drawImage(img, 0, 0);
  return canvas;
}

/** The rendered page turned `degrees` with `noise` of its pixels set to a random grey: a flatbed scan. */
function scanOf(page: Canvas, degrees: number, noise: number, seed: number): Canvas {
  const { width, height } = page;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fafaf7';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.drawImage(page, 0, 0);
  const img = ctx.getImageData(0, 0, width, height);
  const rnd = mulberry32(seed);
  for (let i = 0; i < img.data.length; i += 4) {
    if (rnd() < noise) img.data[i] = img.data[i + 1] = img.data[i + 2] = Math.floor(rnd() * 255);
  }
  ctx.putImageData(img, 0, 0);
  return canvas;
}

/**
 * The rendered page as a phone photo: warped onto a 2200 × 2900 frame by a perspective transform
 * (its far edge narrower, turned a little), on a grey-brown desk, lit by a light that falls off from
 * the bottom right to a shadowed top-left corner, with Gaussian-like sensor noise.
 */
async function photoOf(page: Canvas, seed: number): Promise<Canvas> {
  const cv = await loadOpenCv();
  const W = 2200;
  const H = 2900;
  const { width: w, height: h } = page;
  const src = cv.matFromImageData(page.getContext('2d').getImageData(0, 0, w, h) as unknown as ImageData);
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, w, 0, w, h, 0, h]);
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [360, 250, 1900, 330, 2090, 2700, 130, 2640]);
  const m = cv.getPerspectiveTransform(from, to);
  const warped = new cv.Mat();
  cv.warpPerspective(src, warped, m, new cv.Size(W, H), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(92, 80, 70, 255));
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(W, H);
  img.data.set(warped.data.subarray(0, W * H * 4));
  for (const x of [src, from, to, m, warped]) x.delete();
  const rnd = mulberry32(seed);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // Light: full at the bottom right, down to 38 % in the top-left corner, and a soft round shadow.
      const t = (x / W + y / H) / 2;
      const shadow = Math.exp(-(((x - 500) / 700) ** 2 + ((y - 500) / 600) ** 2));
      const light = (0.38 + 0.62 * t) * (1 - 0.25 * shadow);
      const n = (rnd() + rnd() + rnd() - 1.5) * 14;
      const i = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! * light + n));
      img.data[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
  return canvas;
}

/** A PDF whose only page is `image` (a scanner's output). */
async function imagePdf(png: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(png);
  const page = doc.addPage([595, (595 * img.height) / img.width]);
  page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return doc.save();
}

/** pdf.js's text of one page of `pdf`. */
async function pageTextOf(pdf: Uint8Array, page: number): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text[page - 1] ?? '';
}

/** The scan and the photo of page `page` of the lecture PDF `pdfFile`, written into `outDir`. */
export async function buildOcrFixtures(pdfFile: string, page: number, outDir: string): Promise<OcrFixture> {
  await mkdir(outDir, { recursive: true });
  const pdf = new Uint8Array(await readFile(pdfFile));
  const rendered = await renderPage(pdf, page);
  const base = path.basename(pdfFile, '.pdf');
  const scanPdf = path.join(outDir, `escaneo-${base}-p${page}.pdf`);
  await writeFile(scanPdf, await imagePdf(scanOf(rendered, 1.5, 0.02, 11).encodeSync('png')));
  const photo = path.join(outDir, `foto-${base}-p${page}.jpg`);
  await writeFile(photo, (await photoOf(rendered, 13)).encodeSync('jpeg', 85));
  return { scanPdf, photo, pageText: await pageTextOf(pdf, page) };
}

async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('uso: tsx scripts/build-ocr-fixtures.ts <carpeta>');
  const pdfs = await buildLecturePdfs(path.join(out, 'pdfs'));
  for (const pdf of pdfs.filter((p) => p.kind === 'printed')) {
    const f = await buildOcrFixtures(pdf.file, 2, out);
    process.stdout.write(`${f.scanPdf}\n${f.photo}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
