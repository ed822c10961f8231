/**
 * The reader thread (domain/material/pdf.ts, `onReaderThread`): kept warm between files, it gets one job at a time
 * and answers `{ id, reply }` with a `ReaderReply`. A job is a PDF or a Word document to read (a
 * Word document's text is its one «page»), or a step of the reading pipeline (domain/material/reading.ts): a file
 * read and proposed as notes in one call, or a text already read proposed. Only pdf.js, mammoth,
 * the layout code and the pipeline's own load here, so the thread is ready in a fraction of a second.
 */
import { parentPort } from 'node:worker_threads';
import { docxText } from './domain/material/docx.js';
import { failedReply, portOcr, readPdf, readPdfOnThread, type PdfJob, type ReaderJob, type ReaderReply } from './domain/material/pdf.js';
import { proposeFrom, readAndPropose, splitNotes, type FileJob, type NotesJob, type ReadJob } from './domain/material/reading.js';
import { FAULT } from './strings/log.js';

async function readDocx(job: PdfJob): Promise<ReaderReply<unknown>> {
  job.port.close();
  try {
    return { ok: true, value: { pages: [await docxText(job.bytes, job.name)], scanned: [] } };
  } catch (e) {
    return failedReply(e);
  }
}

/** A pipeline step: its value, or why not; the port says when it moves on (the budget is a step's). */
async function step(job: ReaderJob, run: () => Promise<unknown>): Promise<ReaderReply<unknown>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    return failedReply(e);
  } finally {
    job.port.close();
  }
}

function answer(job: ReaderJob): Promise<ReaderReply<unknown>> {
  switch (job.kind) {
    case 'docx': return readDocx(job as PdfJob);
    case 'pdf': return readPdfOnThread(job as PdfJob);
    case 'archivo': {
      const { name, bytes, context } = job as ReaderJob & FileJob;
      const ocr = portOcr(job.port);
      const onStep = (s: string) => job.port.postMessage({ step: s });
      return step(job, () => readAndPropose(name, bytes, context, {
        ocr,
        onStep,
        readers: { pdf: (b) => readPdf(b, { ocr, onPage: (page) => job.port.postMessage({ page }) }), docx: docxText },
      }));
    }
    case 'leido': {
      const { read, context } = job as ReaderJob & ReadJob;
      return step(job, () => proposeFrom(read, context));
    }
    case 'notas': {
      const { record, context } = job as ReaderJob & NotesJob;
      return step(job, () => splitNotes(record, context));
    }
    default: return Promise.resolve({ ok: false, thrown: { name: 'Error', message: FAULT.unknownReaderJob(String(job.kind)) } });
  }
}

parentPort!.on('message', (job: ReaderJob) => {
  void answer(job).then((reply) => parentPort!.postMessage({ id: job.id, reply }));
});
