/**
 * The OCR child process (ocr.ts starts it with `node --import no-network.cjs`, so it can open no
 * connection, nor can its threads): one Tesseract worker with the Spanish model from the
 * `@tesseract.js-data/spa` package (best_int, gzip), never cached to disk. It takes one image at a
 * time over the IPC channel, makes its page flat, evenly lit and level (straighten.ts, with
 * OpenCV.js, which only this process loads), and answers its text, confidence and lines (each
 * with its confidence, box and words: ocr-page.ts decides which are read well enough), or that the
 * bytes are no image. It ends when its parent goes (the channel closes).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker, Page } from 'tesseract.js';
import type { OcrLine, OcrReply, OcrRequest } from './ocr.js';
import { straighten } from './straighten.js';

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
    words: l.words.map((w) => ({ text: w.text, ...w.bbox })),
  }))));
}

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
        const { data } = await w.recognize(Buffer.from(page.pgm), {}, { text: true, blocks: true });
        reply = { id: m.id, ok: true, text: data.text, confidence: data.confidence, lines: linesOf(data), width: page.width, height: page.height };
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
