/**
 * A PDF's text, page by page, with the pdf.js build bundled in `unpdf` (pinned 1.7.0): nothing is
 * fetched. A page without a text layer (a scan) is rendered offline with @napi-rs/canvas and read
 * by the OCR engine. Encrypted, damaged and over-long PDFs are refused with their sentence.
 *
 * The reading runs on a thread of its own (`readPdfOffThread`, pdf-thread.ts), never on the event
 * loop: parsing a page and laying out its text can take tens of milliseconds. The thread is kept
 * warm between PDFs (loading pdf.js costs more than reading a 100-page PDF). A scanned page's image
 * is sent back over a MessagePort to the OCR engine (its own process, ocr.ts), one at a time.
 */
import './node20.js';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { MaterialError, type MaterialProblem } from './errors.js';
import { MAX_IMAGE_PIXELS, MAX_PAGES, MAX_RENDER_PIXELS, PDF_THREAD_IDLE_MS, READ_BUDGET_MS, READER_HEAP_MB, SCAN_RENDER_SCALE, SCANNED_PAGE_CHARS } from './limits.js';
import { checkPdfBounds } from './pdf-bounds.js';
import { readingOrder, type TextRun } from './reading-order.js';
import { documentPages, type PageLines } from './paragraphs.js';
import type { OcrEngine, OcrResult } from './ocr.js';
import { ocrPage, type UnreadLine } from './ocr-page.js';
import { onClose } from '../../lib/closers.js';
import { scriptBeside } from '../../lib/script-beside.js';
import { LOG } from '../../strings/log.js';

export interface PdfText {
  /** Text of each page, in reading order. */
  pages: string[];
  /** 1-based numbers of the pages that were read by OCR, with its confidence (0–100) and the lines it could not read. */
  scanned: { page: number; confidence: number; unread: UnreadLine[] }[];
}

/**
 * One job for the reader thread: a PDF or a Word document (docx.ts) to read, or a step of the reading
 * pipeline (reading.ts: a file read and proposed, or a text proposed) — its own fields, and the port
 * where the thread asks for OCR and says it moved on (a page, a step).
 */
export interface ReaderJob {
  id: number;
  kind: string;
  /** Where the thread asks for OCR: it posts `{ id, image }`, the main thread answers `PortOcrReply`. */
  port: MessagePort;
  [field: string]: unknown;
}
/** A PDF or a Word document for the reader thread: its name (a refusal's sentence names it) and bytes. */
export interface PdfJob extends ReaderJob {
  kind: 'pdf' | 'docx';
  name: string;
  bytes: Uint8Array;
}
type PortOcrReply = ({ id: number; ok: true } & OcrResult) | { id: number; ok: false; problem?: MaterialProblem; message: string };
/** What the thread answers: the job's value, or why the file cannot be read (a value: a thread keeps only an Error's message). */
export type ReaderReply<T> = { ok: true; value: T } | { ok: false; problem: MaterialProblem } | { ok: false; thrown: { name: string; message: string } };
export type PdfOnThreadReply = ReaderReply<PdfText>;

/** The thread's module (script-beside.ts): compiled, `pdf-thread.js`; from the TypeScript sources, `pdf-thread.mjs` (registers tsx). */
const THREAD = scriptBeside(import.meta.url, new URL('../../pdf-thread.js', import.meta.url), new URL('../../pdf-thread.mjs', import.meta.url)).url;

/**
 * The reader thread, kept warm between PDFs: starting it loads pdf.js (most of a small PDF's time),
 * so it is started once, on the first PDF, and ended after PDF_THREAD_IDLE_MS without one. It never
 * keeps the process alive on its own (unref'd while idle). One PDF at a time (`queue`).
 */
let reader: { worker: Worker; idle?: NodeJS.Timeout } | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextJob = 1;
let idleMs = PDF_THREAD_IDLE_MS;

/** How long the reader thread waits for its next job before it ends (PDF_THREAD_IDLE_MS unless set; a test sets a short one). */
export function setReaderIdleMs(ms: number): void {
  idleMs = ms;
}

/** The reader thread while one runs (its `threadId` and its `exit` event tell when it ends), or undefined. */
export function currentReader(): Worker | undefined {
  return reader?.worker;
}

function readerThread(): Worker {
  if (reader) {
    clearTimeout(reader.idle);
    return reader.worker;
  }
  // A heap of its own, capped: a file that needs more ends this thread alone (a new one reads the next).
  const worker = new Worker(THREAD, { name: 'pdf', resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: 32 } });
  const mine = { worker };
  // A thread that ends (an abort terminates it, or it failed) is replaced by a new one next time.
  worker.once('exit', () => {
    if (reader === mine) reader = undefined;
  });
  reader = mine;
  return worker;
}

function restReader(worker: Worker): void {
  if (reader?.worker !== worker) return;
  worker.unref();
  reader.idle = setTimeout(() => {
    reader = undefined;
    void worker.terminate();
  }, idleMs).unref();
}

/** Ends the reader thread now (a clean shutdown: a process that exits while a thread still runs can abort). */
export async function closeReader(): Promise<void> {
  const r = reader;
  reader = undefined;
  if (!r) return;
  clearTimeout(r.idle);
  await r.worker.terminate();
}
onClose(closeReader);

/**
 * What reading on the thread needs: the OCR engine, an abort, and the time the thread may work on
 * one page (READ_BUDGET_MS unless given; the wait for a page's OCR is not counted).
 */
export interface ReaderDeps {
  ocr: OcrEngine;
  signal?: AbortSignal;
  budgetMs?: number;
}

/** The PDF read on the reader thread; its scanned pages OCR'd by `ocr` here (their images come over a port). */
export function readPdfOffThread(bytes: Uint8Array, deps: ReaderDeps): Promise<PdfText> {
  return readOffThread({ kind: 'pdf', name: '', bytes }, deps);
}

/**
 * A file read on the reader thread, after the ones before it. Over its time budget on a page, or past
 * the thread's heap cap, the thread is ended and the file refused (`demasiado_pesado`); the next file
 * gets a new thread, so one hostile file never holds the ones after it.
 */
export function readOffThread(file: Pick<PdfJob, 'kind' | 'name' | 'bytes'>, deps: ReaderDeps): Promise<PdfText> {
  return onReaderThread<PdfText>(file, deps);
}

/**
 * One job on the reader thread, after the ones before it, with the same budget, heap cap and abort
 * as a file's reading. `bytes`, when the job has them, are copied and moved to the thread; the rest
 * of its fields are cloned.
 */
export function onReaderThread<T>(job: { kind: string; bytes?: Uint8Array; [field: string]: unknown }, deps: ReaderDeps): Promise<T> {
  const turn = queue.then(() => runOnThread<T>(job, deps));
  queue = turn.catch(() => undefined);
  return turn;
}

async function runOnThread<T>(job: { kind: string; bytes?: Uint8Array; [field: string]: unknown }, deps: ReaderDeps): Promise<T> {
  deps.signal?.throwIfAborted();
  const { port1, port2 } = new MessageChannel();
  const worker = readerThread();
  worker.ref();
  const id = nextJob++;
  const onAbort = () => void worker.terminate();
  deps.signal?.addEventListener('abort', onAbort, { once: true });
  // The budget is the thread's own work on one page (a Word document is one): armed when the file
  // starts and at each page, held while the page waits for OCR (which has a budget of its own).
  let overBudget = false;
  let budget: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(budget);
    budget = setTimeout(() => {
      overBudget = true;
      void worker.terminate();
    }, deps.budgetMs ?? READ_BUDGET_MS);
  };
  arm();
  port1.on('message', (m: { id: number; image: Uint8Array } | { page: number } | { step: string }) => {
    if (!('image' in m)) return arm();
    clearTimeout(budget);
    const answer = (reply: PortOcrReply) => {
      arm();
      port1.postMessage(reply);
    };
    deps.ocr.recognize(m.image, deps.signal).then(
      (r) => answer({ id: m.id, ok: true, ...r }),
      (e: unknown) => answer({ id: m.id, ok: false, ...(e instanceof MaterialError ? { problem: e.problem } : {}), message: e instanceof Error ? e.message : String(e) }),
    );
  });
  let onMessage: ((m: { id: number; reply: ReaderReply<T> }) => void) | undefined;
  let onError: ((e: unknown) => void) | undefined;
  let onExit: ((code: number) => void) | undefined;
  try {
    const reply = await new Promise<ReaderReply<T>>((resolve, reject) => {
      onMessage = (m) => {
        if (m.id === id) resolve(m.reply);
      };
      let outOfMemory = false;
      onError = (e) => {
        // Past its heap cap the thread says so, then ends: the file's fault, refused when it exits.
        if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') outOfMemory = true;
        else reject(e);
      };
      onExit = (code) => {
        if (deps.signal?.aborted) return reject(deps.signal.reason);
        if (overBudget || outOfMemory) return reject(new MaterialError({ kind: 'demasiado_pesado' }));
        reject(new Error(LOG.pdfEnded(String(code))));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.once('exit', onExit);
      // Its own buffer, moved to the thread (the caller's may be a view into a bigger one).
      const copy = job.bytes ? new Uint8Array(job.bytes) : undefined;
      worker.postMessage({ ...job, ...(copy ? { bytes: copy } : {}), id, port: port2 } satisfies ReaderJob, copy ? [copy.buffer, port2] : [port2]);
    });
    if (reply.ok) return reply.value;
    if ('problem' in reply) throw new MaterialError(reply.problem);
    throw Object.assign(new Error(reply.thrown.message), { name: reply.thrown.name });
  } finally {
    clearTimeout(budget);
    deps.signal?.removeEventListener('abort', onAbort);
    if (onMessage) worker.off('message', onMessage);
    if (onError) worker.off('error', onError);
    if (onExit) worker.off('exit', onExit);
    port1.close();
    restReader(worker);
  }
}

/** On the reader thread: `readPdf` with an OCR engine that asks the main thread over the job's port. */
export async function readPdfOnThread({ bytes, port }: Pick<PdfJob, 'bytes' | 'port'>): Promise<PdfOnThreadReply> {
  try {
    return { ok: true, value: await readPdf(bytes, { ocr: portOcr(port), onPage: (page) => port.postMessage({ page }) }) };
  } catch (e) {
    return failedReply(e);
  } finally {
    port.close();
  }
}

/** On the reader thread: an OCR engine that asks the main thread's (its own process, ocr.ts) over the job's port. */
export function portOcr(port: MessagePort): OcrEngine {
  let nextId = 1;
  const waiting = new Map<number, (r: PortOcrReply) => void>();
  port.on('message', (r: PortOcrReply) => {
    waiting.get(r.id)?.(r);
    waiting.delete(r.id);
  });
  return {
    recognize: (image) => new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (r) => {
        if (r.ok) resolve({ text: r.text, confidence: r.confidence, lines: r.lines, width: r.width, height: r.height });
        else reject(r.problem ? new MaterialError(r.problem) : Object.assign(new Error(r.message), { name: 'OcrError' }));
      });
      port.postMessage({ id, image }, [image.buffer as ArrayBuffer]);
    }),
    close: async () => undefined,
  };
}

/** The reply for a file the thread could not read: its sentence, or the error as a value. */
export function failedReply(e: unknown): ReaderReply<never> {
  if (e instanceof MaterialError) return { ok: false, problem: e.problem };
  const err = e instanceof Error ? e : new Error(String(e));
  return { ok: false, thrown: { name: err.name, message: err.message } };
}

/** Reads the PDF here, on this thread (the PDF thread: see readPdfOffThread). */
export async function readPdf(bytes: Uint8Array, deps: { ocr: OcrEngine; signal?: AbortSignal; onPage?: (page: number) => void }): Promise<PdfText> {
  // pdf.js is loaded here, on the reader thread, with its first PDF: the bot's own thread imports
  // this module for `readPdfOffThread` and never pays for loading pdf.js at start-up.
  const { getDocumentProxy, renderPageAsImage } = await import('unpdf');
  // What its streams inflate to and how deep its forms draw, before pdf.js reads any of it.
  await checkPdfBounds(bytes);
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js may transfer (detach) the buffer it is given.
    // No fonts are loaded for the page faces (text only), nothing is evaluated, nothing fetched; an
    // image whose header says more pixels than a photo may have is left out, never decoded.
    doc = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, maxImageSize: MAX_IMAGE_PIXELS } as never);
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') throw new MaterialError({ kind: 'pdf_cifrado' }, { cause: e });
    throw new MaterialError({ kind: 'pdf_roto' }, { cause: e });
  }
  try {
    if (doc.numPages > MAX_PAGES) throw new MaterialError({ kind: 'demasiadas_paginas', pages: doc.numPages });
    const laid: PageLines[] = [];
    const scanned: PdfText['scanned'] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      deps.signal?.throwIfAborted();
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        runs.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height || Math.abs(item.transform[3]) });
      }
      const lines = readingOrder(runs);
      let read: PageLines = { lines };
      if (lines.map((l) => l.text).join('').replace(/\s/g, '').length < SCANNED_PAGE_CHARS && (await hasImages(page))) {
        const { width, height } = page.getViewport({ scale: 1 });
        const scale = renderScale(width, height);
        const png = await renderPageAsImage(doc, n, { canvasImport: () => import('@napi-rs/canvas'), scale });
        const ocr = ocrPage(await deps.ocr.recognize(new Uint8Array(png), deps.signal));
        read = { lines: ocr.lines, scanned: true };
        scanned.push({ page: n, confidence: ocr.confidence, unread: ocr.unread });
      }
      laid.push(read);
      deps.onPage?.(n);
      page.cleanup();
      // Let the event loop breathe between pages: a 300-page PDF never holds it.
      await new Promise((r) => setImmediate(r));
    }
    // Running headers, paragraphs across pages and columns: the document's, not one page's (paragraphs.ts).
    return { pages: documentPages(laid), scanned };
  } catch (e) {
    const name = (e as Error).name;
    if (e instanceof MaterialError || name === 'AbortError' || name === 'OcrError') throw e;
    throw new MaterialError({ kind: 'pdf_roto' }, { cause: e });
  } finally {
    await doc.destroy();
  }
}

/**
 * The scale a scanned page is rendered at for OCR: SCAN_RENDER_SCALE, lowered so the render stays
 * under MAX_RENDER_PIXELS. A page's size is the file's say (up to 200 inches a side: at scale 3, a
 * canvas of 1.9 billion pixels).
 */
export function renderScale(width: number, height: number): number {
  return Math.min(SCAN_RENDER_SCALE, Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, width * height)));
}

/** Whether the page draws any image (a page with neither text nor images is just blank). */
async function hasImages(page: { getOperatorList(): Promise<{ fnArray: number[] }> }): Promise<boolean> {
  const { OPS } = await import('unpdf/pdfjs');
  const ops = await page.getOperatorList();
  return ops.fnArray.some((f) => f === OPS.paintImageXObject || f === OPS.paintInlineImageXObject || f === OPS.paintImageMaskXObject);
}
