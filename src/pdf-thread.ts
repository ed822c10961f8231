/**
 * The reader thread (pdf.ts, `readOffThread`): kept warm between files, it gets one job at a time —
 * a PDF or a Word document, its bytes and the OCR port — and answers `{ id, reply }` with a
 * `PdfOnThreadReply` (a Word document's text is its one «page»). Only pdf.js, mammoth and the layout
 * code load here, so the thread is ready in a fraction of a second.
 */
import { parentPort } from 'node:worker_threads';
import { docxText } from './domain/material/docx.js';
import { failedReply, readPdfOnThread, type PdfJob, type PdfOnThreadReply } from './domain/material/pdf.js';

async function readDocx(job: PdfJob): Promise<PdfOnThreadReply> {
  job.port.close();
  try {
    return { ok: true, pages: [await docxText(job.bytes, job.name)], scanned: [] };
  } catch (e) {
    return failedReply(e);
  }
}

parentPort!.on('message', (job: PdfJob) => {
  void (job.kind === 'docx' ? readDocx(job) : readPdfOnThread(job)).then((reply) => parentPort!.postMessage({ id: job.id, reply }));
});
