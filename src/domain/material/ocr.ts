/**
 * Reading printed text from an image: the OcrEngine seam and its Tesseract implementation.
 * Tesseract runs in a child process of its own (ocr-child.ts) started as
 * `node --import no-network.cjs`: the process that decodes the student's images can open no
 * connection, nor can the worker thread tesseract.js starts in it. The Spanish model is read from
 * the `@tesseract.js-data/spa` package (best_int, gzip) and never cached to disk, so nothing is
 * fetched and nothing is written in the working folder. The main thread only hands over bytes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MaterialError } from './errors.js';
import { OCR_BUDGET_MS, OCR_HEAP_MB, OCR_MIN_LETTER_SHARE } from './limits.js';
import { scriptBeside } from '../../lib/script-beside.js';
import { LOG } from '../../strings/log.js';

/** A box in the image's pixels (y grows downwards). */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord extends PixelBox {
  text: string;
  /** Tesseract's confidence in the word, 0–100 (absent where the word was not read on its own: a table's cell). */
  confidence?: number;
}

/** One line as Tesseract read it. */
export interface OcrLine extends PixelBox {
  text: string;
  /** Tesseract's confidence in the line, 0–100. */
  confidence: number;
  /** The layout block (a column, a table) Tesseract read it in, numbered in reading order. */
  block: number;
  /** The baseline's height in pixels at the line's left and right ends. */
  baseline: { y0: number; y1: number };
  /** Height of the line's letters above the baseline and below it (x-height and ascenders; descenders), in pixels. */
  above: number;
  below: number;
  words: OcrWord[];
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  /** The lines it read, each with its confidence, box and words, in the straightened page's pixels. */
  lines: OcrLine[];
  /** The straightened page's size in pixels. */
  width: number;
  height: number;
}

/** Reads the text of one image (PNG, JPEG or WebP bytes). */
export interface OcrEngine {
  recognize(image: Uint8Array, signal?: AbortSignal): Promise<OcrResult>;
  close(): Promise<void>;
}

/** One image to read, over the child's IPC channel. */
export interface OcrRequest {
  id: number;
  image: Uint8Array;
}
export type OcrReply =
  | ({ id: number; ok: true } & OcrResult)
  | { id: number; ok: false; notImage: boolean; message: string };

const require = createRequire(import.meta.url);
/** The folder of the Spanish model shipped in the npm package (issue 26: best_int, gzip). */
export const SPA_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');

/** The preload that refuses every connection in the OCR process and its threads. */
export const NO_NETWORK_PRELOAD = fileURLToPath(new URL('./no-network.cjs', import.meta.url));

/**
 * How the OCR child is started (script-beside.ts): compiled, the plain `ocr-child.js`; from the
 * TypeScript sources, `ocr-child.ts` with tsx's loader after the preload.
 */
export function ocrChildCommand(): { entry: string; execArgv: string[] } {
  const script = scriptBeside(import.meta.url, new URL('../../ocr-child.js', import.meta.url), new URL('../../ocr-child.ts', import.meta.url));
  // A heap cap of its own: a child that passes it dies alone, and the next image starts another.
  const execArgv = [`--max-old-space-size=${OCR_HEAP_MB}`, '--import', NO_NETWORK_PRELOAD, ...(script.compiled ? [] : ['--import', import.meta.resolve('tsx')])];
  return { entry: fileURLToPath(script.url), execArgv };
}

/**
 * What Tesseract says on its own console while it reads a page, which is no news for anyone: the
 * resolution it guessed, diacritics it found, a page with too little text. Dropped; anything else
 * the child writes (a crash, a warning of ours) still reaches this process's console.
 */
export const TESSERACT_CHATTER = /^(?:Estimating resolution as \d+|Warning:? Invalid resolution \d+ dpi\..*|Detected \d+ diacritics|Too few characters\..*|Empty page!*|Image too small to scale!*.*|Line cannot be recognized!*|OSD: Weak margin.*)\s*$/;

/** Passes the child's console lines on to `write`, except Tesseract's chatter. */
function forwardConsole(from: NodeJS.ReadableStream, write: (line: string) => void): void {
  let rest = '';
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) if (!TESSERACT_CHATTER.test(l)) write(`${l}\n`);
  });
  from.on('end', () => {
    if (rest && !TESSERACT_CHATTER.test(rest)) write(rest);
  });
}

/** An OCR child left idle this long ends (its model's memory with it); the next image starts another. */
export const OCR_IDLE_MS = 60_000;

function abortError(): Error {
  const e = new Error('OCR cancelado');
  e.name = 'AbortError';
  return e;
}

/**
 * The OCR child started on first use and reused; recognitions run one at a time (one Tesseract
 * worker is one CPU core). An idle child never keeps this process alive and ends after OCR_IDLE_MS;
 * one that dies fails the image it was reading, and the next image starts a fresh one. An abort
 * ends the child. `close()` ends it too.
 */
export function createTesseractOcr(opts: { console?: (text: string) => void; budgetMs?: number } = {}): OcrEngine {
  const budgetMs = opts.budgetMs ?? OCR_BUDGET_MS;
  const write = opts.console ?? ((t: string) => void process.stderr.write(t));
  let child: ChildProcess | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const stop = (c: ChildProcess | undefined) => {
    if (c && c.exitCode === null && c.signalCode === null) c.kill();
  };
  const spawnChild = (): ChildProcess => {
    const { entry, execArgv } = ocrChildCommand();
    // stdout ignored: the CLI's --json output is the only thing on its stdout. stderr read here:
    // Tesseract's chatter («Estimating resolution as …») is dropped, anything else passed on.
    const c = fork(entry, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    if (c.stderr) {
      forwardConsole(c.stderr, write);
      // Reading it must not keep an idle process alive (the channel's ref decides that).
      (c.stderr as unknown as { unref?: () => void }).unref?.();
    }
    c.on('exit', () => {
      if (child === c) child = undefined;
    });
    return c;
  };
  const setIdle = (c: ChildProcess, isIdle: boolean) => {
    clearTimeout(idle);
    if (isIdle) {
      c.unref();
      c.channel?.unref();
      idle = setTimeout(() => stop(c), OCR_IDLE_MS).unref();
    } else {
      c.ref();
      c.channel?.ref();
    }
  };

  const readOne = (image: Uint8Array, signal?: AbortSignal): Promise<OcrResult> => {
    signal?.throwIfAborted();
    const c = (child ??= spawnChild());
    const id = nextId++;
    setIdle(c, false);
    return new Promise<OcrResult>((resolve, reject) => {
      // Over its time budget the child is ended (the next image starts a fresh one) and the image refused.
      let overBudget = false;
      const timer = setTimeout(() => {
        overBudget = true;
        stop(c);
      }, budgetMs);
      const done = () => {
        clearTimeout(timer);
        c.off('message', onMessage);
        c.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        if (child === c) setIdle(c, true);
      };
      const onMessage = (m: OcrReply) => {
        if (m.id !== id) return;
        done();
        if (m.ok) return resolve({ text: m.text, confidence: m.confidence, lines: m.lines, width: m.width, height: m.height });
        if (m.notImage) return reject(new MaterialError({ kind: 'no_coincide', name: 'la imagen', named: 'imagen' }, { cause: new Error(m.message) }));
        reject(new Error(`OCR: ${m.message}`));
      };
      const onExit = (code: number | null, sig: NodeJS.Signals | null) => {
        done();
        if (signal?.aborted) return reject(abortError());
        // Killed by its budget, or dead of its heap cap (or of a decoder's abort) on this image: the image's fault.
        if (overBudget || sig === 'SIGABRT' || sig === 'SIGKILL' || code === 134) return reject(new MaterialError({ kind: 'demasiado_pesado' }, { cause: new Error(LOG.ocrEnded(String(sig ?? code))) }));
        reject(new Error(LOG.ocrEnded(String(sig ?? code))));
      };
      const onAbort = () => stop(c);
      c.on('message', onMessage);
      c.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      c.send({ id, image } satisfies OcrRequest);
    });
  };

  return {
    recognize(image, signal) {
      const run = queue.then(() => readOne(image, signal));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      clearTimeout(idle);
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      // Held while it ends: an idle child is unref'd, and a process waiting only on it would exit
      // with this promise pending — the CLI ended silently, exit 0, before printing why a file failed.
      c.ref();
      c.disconnect();
      await exited;
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
