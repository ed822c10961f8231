/**
 * The OCR child process (ocr.ts starts it with `node --import no-network.cjs`, so it can open no
 * connection, nor can its threads): one Tesseract worker with the Spanish model from the
 * `@tesseract.js-data/spa` package (best_int, gzip), never cached to disk. It takes one image at a
 * time over the IPC channel, makes its page flat, evenly lit and level (straighten.ts, with
 * OpenCV.js, which only this process loads), reads a ruled table cell by cell and the page around it
 * in bands (ocr-tables.ts), and answers its text, confidence and lines (each
 * with its confidence, box and words: ocr-page.ts decides which are read well enough), or that the
 * bytes are no image. It ends when its parent goes (the channel closes).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker, Page } from 'tesseract.js';
import type { OcrLine, OcrReply, OcrRequest } from './domain/material/ocr.js';
import { straighten } from './domain/material/straighten.js';
import { loadOpenCv } from './domain/material/opencv.js';
import { readSubscripts } from './domain/material/ocr-subscripts.js';
import { cellPgm, pgm, ruledTables, withoutTables, type RuledTable } from './domain/material/ocr-tables.js';

const require = createRequire(import.meta.url);
const SPA_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | undefined;
async function start(): Promise<Worker> {
  const { createWorker, PSM } = await import('tesseract.js');
  const w = await createWorker('spa', 1, { langPath: SPA_LANG_PATH, gzip: true, cacheMethod: 'none' });
  await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '0' });
  return w;
}

/** Tesseract's lines with their confidence, box, baseline, row heights and words. */
function linesOf(page: Page): OcrLine[] {
  return (page.blocks ?? []).flatMap((b, block) => b.paragraphs.flatMap((p) => p.lines.map((l) => ({
    text: l.text,
    confidence: l.confidence,
    block,
    ...l.bbox,
    baseline: { y0: l.baseline.y0, y1: l.baseline.y1 },
    above: l.rowAttributes.rowHeight,
    below: Math.abs(l.rowAttributes.descenders),
    words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, ...w.bbox })),
  }))));
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/**
 * Each ruled table's rows read cell by cell (ocr-tables.ts) and put among the page's lines where the
 * table stood: before the first line below it in Tesseract's reading order. A row is one line, its
 * cells split by «|», its confidence its cells' (weighted by their length).
 */
async function withTableRows(w: Worker, lines: OcrLine[], tables: readonly RuledTable[], pixels: Uint8Array, width: number): Promise<{ lines: OcrLine[]; text: string }> {
  const { PSM } = await import('tesseract.js');
  const cv = await loadOpenCv();
  const above = median(lines.map((l) => l.above)) || 20;
  const below = median(lines.map((l) => l.below)) || 6;
  let block = Math.max(-1, ...lines.map((l) => l.block)) + 1;
  const out = [...lines];
  let text = '';
  // A cell is one block of text: a line or two, never columns.
  await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  try {
    for (const t of tables) {
      const rows: OcrLine[] = [];
      for (const row of t.rows) {
        const read: { text: string; confidence: number }[] = [];
        for (const cell of row) {
          const image = cellPgm(cv, pixels, width, cell);
          if (!image) {
            read.push({ text: '', confidence: 100 });
            continue;
          }
          const { data } = await w.recognize(Buffer.from(image.pgm), {}, { text: true, blocks: true });
          const cellLines = await readSubscripts(cv, w, image.pixels, image.width, linesOf(data), PSM.SINGLE_BLOCK);
          read.push({ text: cellLines.map((l) => l.text).join(' ').replace(/\s+/g, ' ').replace(/[|]/g, ' ').trim(), confidence: data.confidence });
        }
        const weight = read.reduce((n, c) => n + c.text.length, 0);
        if (weight === 0) continue;
        const confidence = read.reduce((n, c) => n + c.confidence * c.text.length, 0) / weight;
        const y0 = row[0]!.y0;
        const y1 = row[0]!.y1;
        const base = Math.min(y1, y0 + (y1 - y0 + above + below) / 2);
        const rowText = read.map((c) => c.text).join(' | ');
        text += `${rowText}\n`;
        rows.push({
          text: rowText, confidence, block, x0: t.x0, y0, x1: t.x1, y1,
          baseline: { y0: base, y1: base }, above, below,
          words: row.map((c, i) => ({ text: read[i]!.text, x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 })).filter((x) => x.text),
        });
      }
      block++;
      const at = out.findIndex((l) => l.y0 >= t.y1 - 2);
      out.splice(at < 0 ? out.length : at, 0, ...rows);
    }
  } finally {
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  }
  return { lines: out, text };
}

/**
 * The page read as horizontal bands cut at its tables, each band with Tesseract's own layout: a
 * table across the page ends the columns above it, and the columns below it start anew (read as one
 * page with the table painted out, Tesseract runs a column on from above the table to below it).
 * A table narrower than half the page stays inside its column: painted out, not cut at.
 */
async function readBands(w: Worker, pixels: Uint8Array, width: number, height: number, tables: readonly RuledTable[]): Promise<{ lines: OcrLine[]; text: string; confidence: number }> {
  const wide = tables.filter((t) => t.x1 - t.x0 >= width / 2);
  const cuts = [0, ...wide.flatMap((t) => [t.y0, t.y1]), height];
  const clean = withoutTables(pixels, width, tables);
  const lines: OcrLine[] = [];
  let text = '';
  let weighted = 0;
  let chars = 0;
  for (let i = 0; i + 1 < cuts.length; i += 2) {
    const [y0, y1] = [cuts[i]!, cuts[i + 1]!];
    if (y1 - y0 < MIN_BAND) continue;
    const { data } = await w.recognize(Buffer.from(pgm(clean.subarray(y0 * width, y1 * width), width, y1 - y0)), {}, { text: true, blocks: true });
    const block = lines.length ? Math.max(...lines.map((l) => l.block)) + 1 : 0;
    for (const l of linesOf(data)) {
      lines.push({ ...l, block: l.block + block, y0: l.y0 + y0, y1: l.y1 + y0, baseline: { y0: l.baseline.y0 + y0, y1: l.baseline.y1 + y0 }, words: l.words.map((x) => ({ ...x, y0: x.y0 + y0, y1: x.y1 + y0 })) });
    }
    text += data.text;
    weighted += data.confidence * data.text.length;
    chars += data.text.length;
  }
  return { lines, text, confidence: chars ? weighted / chars : 0 };
}

/** A band of the page shorter than this (pixels) holds no line of text. */
const MIN_BAND = 24;

let queue: Promise<unknown> = Promise.resolve();
process.on('message', (m: OcrRequest) => {
  queue = queue.then(async () => {
    let reply: OcrReply;
    try {
      worker ??= start();
      const w = await worker;
      let page;
      try {
        page = await straighten(m.image);
      } catch (e) {
        // The decoder could not read the bytes: they are not an image.
        process.send!({ id: m.id, ok: false, notImage: true, message: e instanceof Error ? e.message : String(e) } satisfies OcrReply);
        return;
      }
      try {
        // Ruled tables read cell by cell, and the page around them read as bands (ocr-tables.ts).
        const pixels = page.pgm.subarray(page.pgm.length - page.width * page.height);
        const tables = ruledTables(await loadOpenCv(), pixels, page.width, page.height);
        const bands = tables.length ? await readBands(w, pixels, page.width, page.height, tables) : undefined;
        const { data } = bands ? { data: undefined } : await w.recognize(Buffer.from(page.pgm), {}, { text: true, blocks: true });
        const around = bands ?? { lines: linesOf(data!), text: data!.text, confidence: data!.confidence };
        const lines = await readSubscripts(await loadOpenCv(), w, pixels, page.width, around.lines);
        const read = tables.length ? await withTableRows(w, lines, tables, pixels, page.width) : { lines, text: '' };
        reply = { id: m.id, ok: true, text: around.text + read.text, confidence: around.confidence, lines: read.lines, width: page.width, height: page.height };
      } catch (e) {
        // The worker decodes the image: bytes it cannot read are not an image.
        reply = { id: m.id, ok: false, notImage: true, message: e instanceof Error ? e.message : String(e) };
      }
    } catch (e) {
      worker = undefined;
      reply = { id: m.id, ok: false, notImage: false, message: e instanceof Error ? e.message : String(e) };
    }
    process.send!(reply);
  });
});
process.on('disconnect', () => process.exit(0));
