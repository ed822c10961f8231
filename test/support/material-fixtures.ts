/**
 * Material fixtures made by the tests themselves (issue 26: no binary fixtures): text PDFs written
 * with pdf-lib, a scanned PDF (a page image only), a photo of a printed page (text drawn with
 * @napi-rs/canvas, turned a little, with noise), an encrypted PDF written by hand, a Word document
 * (.docx: a zip of WordprocessingML, written with fflate); and the CER.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { mulberry32 } from '../../src/lib/prng.js';

const require = createRequire(import.meta.url);

// Every image here is encoded with encodeSync, never `canvas.encode()`: in @napi-rs/canvas 0.1.x the
// async encode reads the canvas's pixels on the thread pool without holding the canvas, so a canvas
// collected meanwhile (nothing references it once its promise is returned) is read after it was
// freed — the vitest worker died of SIGSEGV in `material-photos` twice in nine full runs (upstream
// Brooooooklyn/canvas#1312, fixed in 1.0.6; unpdf 1.7.0 asks for ^0.1.69, so we stay on 0.1.x).
// The product's one async encode (unpdf's page render, domain/material/pdf.ts) holds its canvas until
// the encode ends.
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
GlobalFonts.registerFromPath(path.join(FONT_DIR, 'DejaVuSerif.ttf'), 'Fixture Serif');

/** A PDF with one page per entry, each page a list of paragraphs drawn as wrapped lines. */
export async function textPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const paragraphs of pages) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    for (const p of paragraphs) {
      for (const line of wrap(p, 85)) {
        page.drawText(line, { x: 60, y, size: 11, font });
        y -= 15;
      }
      y -= 15;
    }
  }
  return doc.save();
}

/** One page: a title across the page, then two columns whose lines are drawn interleaved (left, right, left…). */
export async function twoColumnPdf(title: string, left: readonly string[], right: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText(title, { x: 60, y: 790, size: 16, font });
  const l = left.flatMap((p) => wrap(p, 40));
  const r = right.flatMap((p) => wrap(p, 40));
  for (let i = 0; i < Math.max(l.length, r.length); i++) {
    const y = 750 - i * 15;
    if (l[i]) page.drawText(l[i]!, { x: 50, y, size: 11, font });
    if (r[i]) page.drawText(r[i]!, { x: 315, y, size: 11, font });
  }
  return doc.save();
}

/** Lines of at most `width` characters, broken at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A printed page as an image: the paragraphs in a serif at `px` pixels, turned `degrees`, with a
 * sprinkle of grey specks (`noise` = share of pixels touched). PNG or JPEG.
 */
export async function printedPage(paragraphs: readonly string[], opts: { degrees?: number; noise?: number; format?: 'png' | 'jpeg'; px?: number; width?: number; seed?: number } = {}): Promise<Uint8Array> {
  const px = opts.px ?? 34;
  const width = opts.width ?? 1400;
  const lines = paragraphs.flatMap((p, i) => [...(i ? [''] : []), ...wrap(p, Math.floor(width / (px * 0.56)))]);
  const height = Math.round(lines.length * px * 1.5 + 200);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fdfdf8';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate(((opts.degrees ?? 0) * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#151515';
  ctx.font = `${px}px "Fixture Serif"`;
  lines.forEach((l, i) => ctx.fillText(l, 80, 100 + px + i * px * 1.5));
  ctx.restore();
  const noise = opts.noise ?? 0;
  if (noise > 0) {
    const img = ctx.getImageData(0, 0, width, height);
    const rnd = mulberry32(opts.seed ?? 7);
    for (let i = 0; i < img.data.length; i += 4) {
      if (rnd() < noise) {
        const v = Math.floor(rnd() * 255);
        img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
      }
    }
    ctx.putImageData(img, 0, 0);
  }
  return opts.format === 'jpeg' ? canvas.encodeSync('jpeg', 88) : canvas.encodeSync('png');
}

/** A PDF whose only page is an image (what a scanner produces): no text layer at all. */
export async function scannedPdf(image: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(image);
  const page = doc.addPage([595, (595 * png.height) / png.width]);
  page.drawImage(png, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return doc.save();
}

/**
 * A PDF with a standard-security /Encrypt dictionary whose user password is not empty (a random
 * /U), so a reader must ask for a password. Written by hand: pdf-lib cannot encrypt.
 */
export function encryptedPdf(): Uint8Array {
  const hex = (n: number) => Array.from({ length: n }, (_, i) => ((i * 37 + 11) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32).split('').reverse().join('')}> /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex(16)}> <${hex(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** Levenshtein distance between two strings, by code point. */
export function levenshtein(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length]!;
}

/** 1 − CER: Levenshtein ÷ reference length, whitespace normalised to single spaces. */
export function ocrAccuracy(reference: string, read: string): number {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const ref = norm(reference);
  return 1 - levenshtein(ref, norm(read)) / Array.from(ref).length;
}

/**
 * Text written unevenly, as a hand would (each letter turned and lifted at random by up to
 * `jitter`): what Tesseract reads with low confidence.
 */
export async function scrawl(text: string, jitter: number): Promise<Uint8Array> {
  const canvas = createCanvas(1400, 300);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1400, 300);
  ctx.fillStyle = '#223';
  ctx.font = 'italic 30px "Fixture Serif"';
  const rnd = mulberry32(5);
  let x = 30;
  let y = 100;
  for (const ch of text) {
    ctx.save();
    ctx.translate(x, y + (rnd() - 0.5) * jitter * 0.6);
    ctx.rotate(((rnd() - 0.5) * jitter * Math.PI) / 90);
    ctx.fillText(ch, 0, 0);
    ctx.restore();
    x += ctx.measureText(ch).width * 1.05;
    if (x > 1340) {
      x = 30;
      y += 60;
    }
  }
  return canvas.encodeSync('png');
}

/**
 * A printed page whose top band is garbled: `band` drawn as `scrawl` draws (each letter shaken by
 * `jitter`), then `body` printed neatly below it, as printedPage prints it. PNG.
 */
export async function garbledBandPage(band: string, body: readonly string[], jitter = 24): Promise<Uint8Array> {
  const px = 34;
  const width = 1400;
  const lines = body.flatMap((p, i) => [...(i ? [''] : []), ...wrap(p, Math.floor(width / (px * 0.56)))]);
  const top = 330;
  const height = Math.round(top + lines.length * px * 1.5 + 150);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fdfdf8';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#223';
  ctx.font = `${px}px "Fixture Serif"`;
  const rnd = mulberry32(9);
  let x = 80;
  let y = 110;
  for (const ch of band) {
    ctx.save();
    ctx.translate(x, y + (rnd() - 0.5) * jitter * 0.6);
    ctx.rotate(((rnd() - 0.5) * jitter * Math.PI) / 90);
    ctx.fillText(ch, 0, 0);
    ctx.restore();
    x += ctx.measureText(ch).width * 1.05;
    if (x > width - 120 && ch === ' ') {
      x = 80;
      y += px * 1.7;
    }
  }
  ctx.fillStyle = '#151515';
  lines.forEach((l, i) => ctx.fillText(l, 80, top + px + i * px * 1.5));
  return canvas.encodeSync('png');
}

const xmlText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Word document (.docx) with these paragraphs; a paragraph given as `{ heading }` is styled
 * «Heading1», as Word writes a title. The three parts a .docx needs and nothing else.
 */
export function docx(paragraphs: readonly (string | { heading: string })[]): Uint8Array {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const body = paragraphs.map((p) => typeof p === 'string'
    ? `<w:p><w:r><w:t xml:space="preserve">${xmlText(p)}</w:t></w:r></w:p>`
    : `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${xmlText(p.heading)}</w:t></w:r></w:p>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    '_rels/.rels': strToU8('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`),
  });
}
