/**
 * A PDF's text, page by page, with the pdf.js build bundled in `unpdf` (pinned 1.7.0): nothing is
 * fetched. A page without a text layer (a scan) is rendered offline with @napi-rs/canvas and read
 * by the OCR engine. Encrypted, damaged and over-long PDFs are refused with their sentence.
 */
import './node20.js';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import { MaterialError } from './errors.js';
import { MAX_PAGES, SCAN_RENDER_SCALE, SCANNED_PAGE_CHARS } from './limits.js';
import { pageText, type TextRun } from './layout.js';
import { tidyOcrText, type OcrEngine } from './ocr.js';

export interface PdfText {
  /** Text of each page, in reading order. */
  pages: string[];
  /** 1-based numbers of the pages that were read by OCR, with its confidence (0–100). */
  scanned: { page: number; confidence: number }[];
}

export async function readPdf(bytes: Uint8Array, deps: { ocr: OcrEngine; signal?: AbortSignal }): Promise<PdfText> {
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js may transfer (detach) the buffer it is given.
    doc = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0 } as never);
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') throw new MaterialError({ kind: 'pdf_cifrado' }, { cause: e });
    throw new MaterialError({ kind: 'pdf_roto' }, { cause: e });
  }
  try {
    if (doc.numPages > MAX_PAGES) throw new MaterialError({ kind: 'demasiadas_paginas', pages: doc.numPages });
    const pages: string[] = [];
    const scanned: PdfText['scanned'] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      deps.signal?.throwIfAborted();
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const width = page.getViewport({ scale: 1 }).width;
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        runs.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height || Math.abs(item.transform[3]) });
      }
      let text = pageText(runs, width);
      if (text.replace(/\s/g, '').length < SCANNED_PAGE_CHARS && (await hasImages(page))) {
        const png = await renderPageAsImage(doc, n, { canvasImport: () => import('@napi-rs/canvas'), scale: SCAN_RENDER_SCALE });
        const read = await deps.ocr.recognize(new Uint8Array(png), deps.signal);
        text = tidyOcrText(read.text);
        scanned.push({ page: n, confidence: read.confidence });
      }
      pages.push(text);
      page.cleanup();
      // Let the event loop breathe between pages: a 300-page PDF never holds it.
      await new Promise((r) => setImmediate(r));
    }
    return { pages, scanned };
  } catch (e) {
    if (e instanceof MaterialError || (e as Error).name === 'AbortError') throw e;
    throw new MaterialError({ kind: 'pdf_roto' }, { cause: e });
  } finally {
    await doc.destroy();
  }
}

/** Whether the page draws any image (a page with neither text nor images is just blank). */
async function hasImages(page: { getOperatorList(): Promise<{ fnArray: number[] }> }): Promise<boolean> {
  const { OPS } = await import('unpdf/pdfjs');
  const ops = await page.getOperatorList();
  return ops.fnArray.some((f) => f === OPS.paintImageXObject || f === OPS.paintInlineImageXObject || f === OPS.paintImageMaskXObject);
}
