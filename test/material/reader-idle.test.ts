import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { PDF_THREAD_IDLE_MS } from '../../src/domain/material/limits.js';
import { createTesseractOcr } from '../../src/domain/material/ocr.js';
import { currentReader, readPdfOffThread, setReaderIdleMs } from '../../src/domain/material/pdf.js';
import { textPdf } from '../support/material-fixtures.js';

/**
 * The reader thread ends when it has had no file for its idle time (a parameter here, short), and a
 * file that comes as it ends is read by a new one. Observed through the thread itself — its
 * `threadId` and its `exit` event — never by sleeping. No page here is a scan: the OCR child is
 * never started.
 */
const ocr = createTesseractOcr();
const IDLE_MS = 30;

afterAll(async () => {
  setReaderIdleMs(PDF_THREAD_IDLE_MS);
  await ocr.close();
});

describe('the reader thread shrinks when idle', () => {
  it('ends after its idle time without a file (none is left), and a file given right at that deadline is read by a new thread', async () => {
    setReaderIdleMs(IDLE_MS);
    const pdf = await textPdf([['La entropía de un sistema aislado no disminuye nunca.']]);
    expect((await readPdfOffThread(pdf, { ocr })).pages.join(' ')).toMatch(/entrop/);
    const first = currentReader()!;
    expect(first).toBeDefined();
    const firstEnded = once(first, 'exit');
    // Given at the idle deadline: a timer of the same length set after the thread's own fires right
    // after it, in the same turn of the event loop — the thread is being ended when the file comes.
    const late = await new Promise<string>((resolve, reject) => {
      setTimeout(() => { readPdfOffThread(pdf, { ocr }).then((t) => resolve(t.pages.join(' ')), reject); }, IDLE_MS);
    });
    expect(late).toMatch(/entrop/);
    await firstEnded;
    const second = currentReader();
    if (second) {
      expect(second.threadId).not.toBe(first.threadId);
      await once(second, 'exit');
    }
    expect(currentReader()).toBeUndefined();
  });
});
