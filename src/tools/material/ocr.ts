/**
 * Reading printed text from an image: the OcrEngine seam and its Tesseract implementation.
 * tesseract.js runs the recognizer in its own worker thread; the Spanish model is read from the
 * `@tesseract.js-data/spa` package (best_int, gzip) and never cached to disk, so nothing is fetched
 * and nothing is written in the working folder. The worker decodes the image too (PNG, JPEG,
 * WebP), so the main thread only hands over bytes.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { MaterialError } from './errors.js';
import { OCR_MIN_LETTER_SHARE } from './limits.js';

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

/** Reads the text of one image (PNG, JPEG or WebP bytes). */
export interface OcrEngine {
  recognize(image: Uint8Array, signal?: AbortSignal): Promise<OcrResult>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** The folder of the Spanish model shipped in the npm package (issue 26: best_int, gzip). */
export const SPA_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');

/**
 * A Tesseract worker started on first use and reused; recognitions run one at a time (one worker
 * is one CPU core). `close()` ends the worker thread.
 */
export function createTesseractOcr(): OcrEngine {
  let worker: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const start = async (): Promise<Worker> => {
    const { createWorker, PSM } = await import('tesseract.js');
    const w = await createWorker('spa', 1, { langPath: SPA_LANG_PATH, gzip: true, cacheMethod: 'none' });
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '0' });
    return w;
  };
  return {
    recognize(image, signal) {
      const run = queue.then(async () => {
        signal?.throwIfAborted();
        worker ??= start();
        try {
          const { data } = await (await worker).recognize(Buffer.from(image));
          return { text: data.text, confidence: data.confidence };
        } catch (e) {
          // The worker decodes the image: bytes it cannot read are not an image.
          if (e instanceof Error && e.name === 'AbortError') throw e;
          throw new MaterialError({ kind: 'no_coincide', name: 'la imagen', named: 'imagen' }, { cause: e });
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (w) await (await w.catch(() => undefined))?.terminate();
    },
  };
}

/** Share of letters and spaces among the visible characters (OCR of noise is mostly symbols). */
export function letterShare(text: string): number {
  const chars = Array.from(text.replace(/\n/g, ' '));
  if (chars.length === 0) return 0;
  const good = chars.filter((c) => /[\p{L} ]/u.test(c)).length;
  return good / chars.length;
}

/** Whether OCR text reads as words rather than noise. */
export function isReadable(text: string): boolean {
  return text.trim().length > 0 && letterShare(text) >= OCR_MIN_LETTER_SHARE;
}

/** Tidies OCR output: hyphenated line ends joined, runs of spaces collapsed, blank lines kept. */
export function tidyOcrText(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
