/**
 * The lecture PDFs of issue 43's measurement, made from the committed Markdown lectures in
 * test/fixtures/lectures/ so their source text is known:
 *
 * - printed: each lecture as printed HTML (Debian's chromium, headless print to PDF) with a running
 *   header and footer (page numbers), sections 3–7 in two columns (a block that crosses a page);
 *   every lecture shares the same running header line, so two of them share it;
 * - scrambled: the first lecture laid out by hand with pdf-lib in two columns whose content stream
 *   draws the page's lines in a shuffled order (the reader must rebuild the reading order);
 * - slides: the second lecture as a 16:9 slide deck, one section a slide, its title on each page;
 * - reprinted: the first printed lecture again with other margins (other bytes, same text).
 *
 * Usage: `tsx scripts/build-lecture-pdfs.ts <out dir>`; tests call `buildLecturePdfs(dir)`.
 */
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { chromium, type Browser } from 'playwright-core';
import { mulberry32 } from '../src/lib/prng.js';

const require = createRequire(import.meta.url);
export const LECTURES_DIR = fileURLToPath(new URL('../test/fixtures/lectures/', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/** The running header every printed lecture carries (two lectures sharing it must both import whole). */
export const SHARED_HEADER = 'Apuntes de clase · Curso 2026-2027 · Facultad de Ciencias y Letras';

export interface LecturePdf {
  /** The PDF file's name. */
  name: string;
  file: string;
  /** The Markdown lecture it was made from. */
  source: string;
  kind: 'printed' | 'scrambled' | 'slides' | 'reprinted';
}

/** The lectures' Markdown files, in name order. */
export async function lectureSources(): Promise<string[]> {
  return (await readdir(LECTURES_DIR)).filter((n) => n.endsWith('.md') && n !== 'README.md').sort();
}

/** A lecture's plain text, as a reader sees it: the Markdown without its marks, table cells as words. */
export function markdownText(md: string): string {
  return md
    .split('\n')
    .filter((l) => !/^\|?\s*:?-{3,}/.test(l))
    .map((l) => l.replace(/^#{1,6}\s+/, '').replace(/^[-*]\s+/, '').replace(/\\\|/g, '|').replace(/(^\||\|$)/g, '').replace(/(?<!\\)\|/g, ' ').replace(/[*_`]+/g, ''))
    .join('\n');
}

const PRINT_CSS = `
  body { font-family: 'DejaVu Serif', serif; font-size: 10.5pt; line-height: 1.35; text-align: justify; hyphens: auto; }
  h1 { font-size: 18pt; } h2 { font-size: 13pt; margin-top: 1.1em; }
  .cols { columns: 2; column-gap: 1.2cm; }
  .cols table { column-span: all; margin: 0.8em 0; }
  table { border-collapse: collapse; width: 100%; font-size: 9pt; text-align: left; break-inside: avoid; }
  td, th { border: 0.5pt solid #888; padding: 2pt 4pt; vertical-align: top; }
`;

/** The lecture's HTML: sections 3–7 (its 3rd to 7th `##`) inside one two-column block, which crosses a page. */
function lectureHtml(md: string, lang = 'es'): string {
  const parts = md.split(/\n(?=## )/);
  const head = parts.slice(0, 3).join('\n');
  const cols = parts.slice(3, 8).join('\n');
  const tail = parts.slice(8).join('\n');
  const html = `${marked.parse(head) as string}<div class="cols">${marked.parse(cols) as string}</div>${marked.parse(tail) as string}`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${PRINT_CSS}</style></head><body>${html}</body></html>`;
}

function slidesHtml(md: string, title: string): string {
  const parts = md.split(/\n(?=## )/);
  const slides = parts.map((p) => `<section>${marked.parse(p) as string}</section>`).join('');
  const css = `
    @page { size: 254mm 142.9mm; margin: 14mm 16mm 12mm; }
    body { font-family: 'DejaVu Sans', sans-serif; font-size: 15pt; line-height: 1.3; }
    section { break-before: page; } section:first-child { break-before: auto; }
    h1 { font-size: 30pt; } h2 { font-size: 24pt; color: #1a4b8c; }
    table { border-collapse: collapse; font-size: 10pt; } td, th { border: 0.5pt solid #888; padding: 2pt 4pt; }
  `;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title><style>${css}</style></head><body>${slides}</body></html>`;
}

const headerTemplate = (text: string) => `<div style="font-size:8pt;width:100%;text-align:center;font-family:'DejaVu Sans'">${text}</div>`;
const FOOTER = `<div style="font-size:8pt;width:100%;text-align:center;font-family:'DejaVu Sans'">Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>`;

/** A page of HTML printed to PDF by headless chromium. */
async function printHtml(browser: Browser, html: string, opts: { header?: string; slides?: boolean; margin?: string }): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    const m = opts.margin ?? '22mm';
    return await page.pdf({
      ...(opts.slides ? { preferCSSPageSize: true } : { format: 'A4', margin: { top: m, bottom: m, left: '20mm', right: '20mm' } }),
      displayHeaderFooter: true,
      headerTemplate: headerTemplate(opts.header ?? ''),
      footerTemplate: FOOTER,
      printBackground: false,
    });
  } finally {
    await page.close();
  }
}

/** Every lecture PDF of the fixture, written into `outDir`. */
export async function buildLecturePdfs(outDir: string): Promise<LecturePdf[]> {
  await mkdir(outDir, { recursive: true });
  const sources = await lectureSources();
  const out: LecturePdf[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const source of sources) {
      const md = await readFile(path.join(LECTURES_DIR, source), 'utf8');
      const name = source.replace(/\.md$/, '.pdf');
      const file = path.join(outDir, name);
      await writeFile(file, await printHtml(browser, lectureHtml(md), { header: SHARED_HEADER }));
      out.push({ name, file, source, kind: 'printed' });
    }
    const first = sources[0]!;
    const firstMd = await readFile(path.join(LECTURES_DIR, first), 'utf8');
    const reprinted = path.join(outDir, `copia-${first.replace(/\.md$/, '.pdf')}`);
    await writeFile(reprinted, await printHtml(browser, lectureHtml(firstMd), { header: SHARED_HEADER, margin: '25mm' }));
    out.push({ name: path.basename(reprinted), file: reprinted, source: first, kind: 'reprinted' });

    const second = sources[1] ?? first;
    const secondMd = await readFile(path.join(LECTURES_DIR, second), 'utf8');
    const slides = path.join(outDir, `diapositivas-${second.replace(/\.md$/, '.pdf')}`);
    await writeFile(slides, await printHtml(browser, slidesHtml(secondMd, second), { header: secondMd.split('\n')[0]!.replace(/^#\s+/, ''), slides: true }));
    out.push({ name: path.basename(slides), file: slides, source: second, kind: 'slides' });
  } finally {
    await browser.close();
  }
  const last = sources.at(-1)!;
  const lastMd = await readFile(path.join(LECTURES_DIR, last), 'utf8');
  const scrambled = path.join(outDir, `desordenado-${last.replace(/\.md$/, '.pdf')}`);
  await writeFile(scrambled, await scrambledPdf(lastMd));
  out.push({ name: path.basename(scrambled), file: scrambled, source: last, kind: 'scrambled' });
  return out;
}

// ---- The pdf-lib lecture: laid out by hand, drawn out of order ----

interface Draw {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
}

const A4 = { w: 595, h: 842 };
const MARGIN = { top: 70, bottom: 70, left: 56, right: 56 };
const GUTTER = 24;

/**
 * Blocks of the lecture: headings and the title full width, paragraphs and list items in two
 * columns (balanced band by band), tables full width as a grid of cells.
 */
type Block = { kind: 'heading'; text: string; size: number } | { kind: 'para'; text: string } | { kind: 'table'; rows: string[][] };

function blocksOf(md: string): Block[] {
  const blocks: Block[] = [];
  const plain = (s: string) => s.replace(/[*_`]+/g, '').replace(/\\\|/g, '|');
  for (const chunk of md.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim());
    if (lines.length === 0) continue;
    if (/^#{1,6}\s/.test(lines[0]!)) blocks.push({ kind: 'heading', text: plain(lines[0]!.replace(/^#+\s+/, '')), size: lines[0]!.startsWith('## ') ? 13 : 17 });
    else if (lines[0]!.startsWith('|')) {
      const rows = lines.filter((l) => !/^\|?\s*:?-{3,}/.test(l)).map((l) => l.replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => plain(c.trim())));
      blocks.push({ kind: 'table', rows });
    } else if (/^[-*]\s/.test(lines[0]!)) for (const l of lines) blocks.push({ kind: 'para', text: `• ${plain(l.replace(/^[-*]\s+/, ''))}` });
    else blocks.push({ kind: 'para', text: plain(lines.join(' ')) });
  }
  return blocks;
}

function wrapWidth(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(/\s+/)) {
    const next = line ? `${line} ${w}` : w;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

async function scrambledPdf(md: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(await readFile(path.join(FONT_DIR, 'DejaVuSerif.ttf')), { subset: true });
  const bold = await doc.embedFont(await readFile(path.join(FONT_DIR, 'DejaVuSerif-Bold.ttf')), { subset: true });
  const colWidth = (A4.w - MARGIN.left - MARGIN.right - GUTTER) / 2;
  const fullWidth = A4.w - MARGIN.left - MARGIN.right;
  const pages: Draw[][] = [[]];
  let y = A4.h - MARGIN.top;
  const LEAD = 13;
  const SIZE = 10;
  const newPage = () => {
    pages.push([]);
    y = A4.h - MARGIN.top;
  };
  const draw = (d: Draw) => pages.at(-1)!.push(d);
  // A band of column lines, a blank line between paragraphs (null), balanced over two columns.
  let band: (string | null)[] = [];
  const flushBand = () => {
    while (band.length > 0) {
      const room = Math.floor((y - MARGIN.bottom) / LEAD);
      if (room < 2) {
        newPage();
        continue;
      }
      const half = Math.min(room, Math.ceil(band.length / 2));
      const left = band.slice(0, half);
      const right = band.slice(half, 2 * half);
      left.forEach((t, i) => t && draw({ text: t, x: MARGIN.left, y: y - i * LEAD, size: SIZE, bold: false }));
      right.forEach((t, i) => t && draw({ text: t, x: MARGIN.left + colWidth + GUTTER, y: y - i * LEAD, size: SIZE, bold: false }));
      band = band.slice(2 * half);
      if (band.length > 0) newPage();
      else y -= Math.max(left.length, right.length) * LEAD + 6;
    }
  };
  for (const b of blocksOf(md)) {
    if (b.kind === 'para') {
      if (band.length) band.push(null);
      band.push(...wrapWidth(b.text, regular, SIZE, colWidth));
      continue;
    }
    flushBand();
    if (b.kind === 'heading') {
      if (y - MARGIN.bottom < 4 * LEAD) newPage();
      for (const l of wrapWidth(b.text, bold, b.size, fullWidth)) {
        draw({ text: l, x: MARGIN.left, y, size: b.size, bold: true });
        y -= b.size * 1.5;
      }
      continue;
    }
    const cols = b.rows[0]!.length;
    const cellW = fullWidth / cols;
    for (const [r, row] of b.rows.entries()) {
      const cells = row.map((c) => wrapWidth(c, r === 0 ? bold : regular, 8, cellW - 6));
      const height = Math.max(...cells.map((c) => c.length)) * 10 + 4;
      if (y - height < MARGIN.bottom) newPage();
      cells.forEach((c, i) => c.forEach((t, k) => draw({ text: t, x: MARGIN.left + i * cellW + 3, y: y - k * 10, size: 8, bold: r === 0 })));
      y -= height;
    }
    y -= 8;
  }
  flushBand();
  const random = mulberry32(43);
  for (const [i, draws] of pages.entries()) {
    const page: PDFPage = doc.addPage([A4.w, A4.h]);
    const all: Draw[] = [
      ...draws,
      { text: SHARED_HEADER, x: MARGIN.left, y: A4.h - 40, size: 8, bold: false },
      { text: `Página ${i + 1} de ${pages.length}`, x: A4.w / 2 - 25, y: 36, size: 8, bold: false },
    ];
    // The content stream draws the page's lines in a shuffled order: only their positions tell the reading order.
    for (let k = all.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [all[k], all[j]] = [all[j]!, all[k]!];
    }
    for (const d of all) page.drawText(d.text, { x: d.x, y: d.y, size: d.size, font: d.bold ? bold : regular, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('Uso: tsx scripts/build-lecture-pdfs.ts <carpeta de salida>\n');
    process.exit(2);
  }
  for (const p of await buildLecturePdfs(dir)) process.stdout.write(`${p.kind}\t${p.file}\n`);
}
