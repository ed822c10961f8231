/**
 * A thread that reads one PDF (pdf.ts, `readPdfOffThread`): it gets the bytes and the OCR port in
 * `workerData`, answers one `PdfOnThreadReply` and ends. Only pdf.js and the layout code load here,
 * so the thread is ready in a fraction of a second.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readPdfOnThread, type PdfOnThreadInput } from './pdf.js';

parentPort!.postMessage(await readPdfOnThread(workerData as PdfOnThreadInput));
