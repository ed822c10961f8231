/**
 * A file the student sends → its text, or one MaterialError saying why not. The same function
 * serves the chat, the local page and the CLI. Text files are decoded (UTF-8, else Latin-1), Word
 * documents (.docx) read as plain text, PDFs
 * read page by page (scans by OCR), photos of printed pages read by OCR. A photo's lines go
 * through the same layout and paragraphs as a PDF's (ocr-page.ts, paragraphs.ts); lines Tesseract
 * could not read well are left out and handed back in `unread` for the proposal to list. OCR text
 * under OCR_DRAFT_CONFIDENCE is marked as a draft the student corrects before saving.
 */
import { MaterialError } from './errors.js';
import { imageSize, imageWhole } from './image-check.js';
import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS, OCR_DRAFT_CONFIDENCE } from './limits.js';
import { isReadable, type OcrEngine } from './ocr.js';
import { ocrPage, type UnreadLine } from './ocr-page.js';
import { documentPages } from './paragraphs.js';
import { readDocxOffThread } from './docx.js';
import { readPdfOffThread, type PdfText } from './pdf.js';
import { bytesFitName, decodeText, kindByBytes, kindByName, type MaterialKind } from './sniff.js';

export interface Extracted {
  /** The file's name as the student sent it. */
  name: string;
  kind: MaterialKind;
  /** The whole text: pages and paragraphs separated by a blank line. */
  text: string;
  /** Pages of a PDF, 1 for an image, null for a text file or a Word document. */
  paginas: number | null;
  /** Present when some text came from OCR: its lowest confidence and whether it is only a draft. */
  ocr?: { confidence: number; draft: boolean };
  /** Words OCR read in lines kept that look misread (ocr-page.ts `doubtfulWords`), as they are in `text`. */
  doubtful?: string[];
  /** Offset in `text` where each page starts (page k+1 at index k): a note keeps the page it comes from. */
  pageStarts?: number[];
  /** Lines OCR could not read well enough, left out of `text` (ocr-page.ts), with their page. */
  unread?: UnreadText[];
}

/** A line left out of the text, on page `pagina` (a PDF's page, or the photo's place in a group). */
export type UnreadText = UnreadLine & { pagina: number };

export interface ExtractDeps {
  ocr: OcrEngine;
  signal?: AbortSignal;
  /** Longest the reader thread may work on one page of a PDF or on a Word document (limits.ts READ_BUDGET_MS unless given). */
  budgetMs?: number;
  /**
   * Who reads a PDF and a Word document: by default the reader thread (pdf.ts); on that thread,
   * where the whole reading pipeline runs as one job (reading.ts), its own readers.
   */
  readers?: { pdf(bytes: Uint8Array): Promise<PdfText>; docx(bytes: Uint8Array, name: string): Promise<string> };
}

export async function extractMaterial(name: string, bytes: Uint8Array, deps: ExtractDeps): Promise<Extracted> {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new MaterialError({ kind: 'demasiado_grande', bytes: bytes.byteLength });
  const named = kindByName(name);
  if (named === 'word_antiguo') throw new MaterialError({ kind: 'word_antiguo', name });
  if (named === 'otro') throw new MaterialError({ kind: 'no_admitido', name });
  const actual = kindByBytes(bytes);
  if (actual === 'vacio') throw new MaterialError({ kind: 'vacio' });
  if (!bytesFitName(named, actual)) throw new MaterialError({ kind: 'no_coincide', name, named });
  if (actual === 'png' || actual === 'jpeg' || actual === 'webp') {
    if (!imageWhole(actual, bytes)) throw new MaterialError({ kind: 'no_coincide', name, named });
    // Pixels by the header, before any decoder allocates them.
    const size = imageSize(actual, bytes);
    if (!size) throw new MaterialError({ kind: 'no_coincide', name, named });
    if (size.width * size.height > MAX_IMAGE_PIXELS) throw new MaterialError({ kind: 'imagen_enorme', megapixels: Math.round((size.width * size.height) / 1_000_000), maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000 });
  }

  switch (named) {
    case 'texto': {
      const text = cleanText(decodeText(bytes).text);
      if (!text) throw new MaterialError({ kind: 'vacio' });
      return { name, kind: named, text, paginas: null };
    }
    case 'word': {
      const text = cleanText(await (deps.readers ? deps.readers.docx(bytes, name) : readDocxOffThread(bytes, name, deps)));
      if (!text) throw new MaterialError({ kind: 'vacio' });
      return { name, kind: named, text, paginas: null };
    }
    case 'pdf': {
      const { pages, scanned } = await (deps.readers ? deps.readers.pdf(bytes) : readPdfOffThread(bytes, deps));
      const { text, pageStarts } = joinPages(pages);
      if (!text) throw new MaterialError({ kind: 'vacio' });
      if (scanned.length > 0 && !isReadable(pages.filter((_, i) => scanned.some((s) => s.page === i + 1)).join('\n'))) {
        throw new MaterialError({ kind: 'ruido' });
      }
      const ocr = scanned.length ? ocrMark(Math.min(...scanned.map((s) => s.confidence))) : undefined;
      const unread = scanned.flatMap((s) => s.unread.map((u) => ({ ...u, pagina: s.page })));
      return { name, kind: named, text, paginas: pages.length, pageStarts, ...(ocr ? { ocr } : {}), ...(unread.length ? { unread } : {}) };
    }
    case 'imagen': {
      let read;
      try {
        read = await deps.ocr.recognize(bytes, deps.signal);
      } catch (e) {
        if (e instanceof MaterialError && e.problem.kind === 'no_coincide') throw new MaterialError({ kind: 'no_coincide', name, named }, { cause: e });
        throw e;
      }
      const page = ocrPage(read);
      const text = cleanText(documentPages([{ lines: page.lines, scanned: true }])[0] ?? '');
      // A photo in which nothing reads as text is a blurry or wrong photo, not an empty file.
      if (!isReadable(text)) throw new MaterialError({ kind: 'ruido' });
      const unread = page.unread.map((u) => ({ ...u, pagina: 1 }));
      const doubtful = page.doubtful.filter((w) => text.includes(w));
      return { name, kind: named, text, paginas: 1, pageStarts: [0], ocr: ocrMark(page.confidence), ...(unread.length ? { unread } : {}), ...(doubtful.length ? { doubtful } : {}) };
    }
  }
}

function ocrMark(confidence: number): { confidence: number; draft: boolean } {
  return { confidence: Math.round(confidence), draft: confidence < OCR_DRAFT_CONFIDENCE };
}

/** The pages' texts as one, a blank line between them, and where each page starts in it (an empty page starts where the next one does). */
export function joinPages(pages: readonly string[]): { text: string; pageStarts: number[] } {
  const clean = pages.map(cleanText);
  const pageStarts: number[] = [];
  let at = 0;
  for (const p of clean) {
    pageStarts.push(at);
    if (p) at += p.length + 2;
  }
  return { text: clean.filter(Boolean).join('\n\n'), pageStarts };
}

/** Line ends unified, Unicode composed (so «é» is one character), trailing spaces and blank runs trimmed. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .normalize('NFC')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
