/**
 * The PDF reader thread (pdf.ts, `readPdfOffThread`): kept warm between PDFs, it gets one job at a
 * time — the bytes and the OCR port — and answers `{ id, reply }` with a `PdfOnThreadReply`. Only
 * pdf.js and the layout code load here, so the thread is ready in a fraction of a second.
 */
import { parentPort } from 'node:worker_threads';
import { readPdfOnThread, type PdfJob } from './pdf.js';

parentPort!.on('message', (job: PdfJob) => {
  void readPdfOnThread(job).then((reply) => parentPort!.postMessage({ id: job.id, reply }));
});
