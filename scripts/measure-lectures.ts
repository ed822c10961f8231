/**
 * Issue 43's measurement: each lecture PDF of the fixture (scripts/build-lecture-pdfs.ts) imported
 * into a fresh notebook whose course is its subject's, saved, and its saved notes compared with the
 * lecture's Markdown text (word-sequence similarity, test/support/word-similarity.ts); the weeks the
 * notes went to; a re-printed copy imported after the first. Prints one line per PDF, then the time
 * a 100-page PDF (the printed lectures' pages copied) takes from bytes to proposal.
 *
 * Usage: `tsx scripts/measure-lectures.ts [pdf dir]` (built into a temp dir when not given).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { openNotebook } from '../src/store/index.js';
import { createImports } from '../src/domain/material/imports.js';
import { createTesseractOcr } from '../src/domain/material/ocr.js';
import { closeReader } from '../src/domain/material/pdf.js';
import { buildLecturePdfs, LECTURES_DIR, markdownText, type LecturePdf } from './build-lecture-pdfs.js';
import { wordSimilarity } from '../test/support/word-similarity.js';
import { lectureCourse } from '../test/support/lecture-courses.js';
import type { Note } from '../src/domain/notebook.js';

/** The saved notes as one text: each topic once where it changes, then the notes' texts. */
export function notesText(notes: readonly Pick<Note, 'tema' | 'texto'>[]): string {
  const out: string[] = [];
  let topic: string | undefined;
  for (const n of notes) {
    if (n.tema !== topic) out.push(n.tema);
    topic = n.tema;
    out.push(n.texto);
  }
  return out.join('\n\n');
}

async function main(): Promise<void> {
  const given = process.argv[2];
  const dir = given ?? (await mkdtemp(path.join(os.tmpdir(), 'lecture-pdfs-')));
  const pdfs: LecturePdf[] = await buildLecturePdfs(dir);
  const ocr = createTesseractOcr();
  try {
    for (const pdf of pdfs.filter((p) => p.kind !== 'reprinted')) {
      const data = await mkdtemp(path.join(os.tmpdir(), 'lecture-nb-'));
      try {
        const notebook = await openNotebook(data);
        const seed = new Set((await notebook.notes.list()).map((n) => n.id));
        const course = lectureCourse(pdf.source);
        const imports = createImports({ dataDir: data, notes: notebook.notes, ocr, course: async () => course, audit: notebook.audit });
        const started = performance.now();
        const { record } = await imports.propose(pdf.name, new Uint8Array(await readFile(pdf.file)));
        const ms = performance.now() - started;
        await imports.save(record.clave);
        const notes = (await notebook.notes.list()).filter((n) => !seed.has(n.id));
        const source = markdownText(await readFile(path.join(LECTURES_DIR, pdf.source), 'utf8'));
        const sim = wordSimilarity(source, notesText(notes));
        const weeks = [...new Set(notes.map((n) => n.semana))].join(',');
        let again = '';
        const copy = pdfs.find((p) => p.kind === 'reprinted' && p.source === pdf.source);
        if (copy && pdf.kind === 'printed') {
          const second = await imports.propose(copy.name, new Uint8Array(await readFile(copy.file)));
          again = ` reprinted: ${second.yaExistia ? 'ya lo tenía' : `${second.record.propuesta.length} new notes`}`;
        }
        process.stdout.write(`${pdf.kind}\t${pdf.name}\tsimilarity ${sim.toFixed(3)}\tnotes ${notes.length}\tweeks ${weeks}\t${ms.toFixed(0)} ms${again}\n`);
      } finally {
        await rm(data, { recursive: true, force: true });
      }
    }
    // A 100-page PDF: the printed lectures' pages copied over and over (two columns, tables, headers).
    const big = await PDFDocument.create();
    const printed = await Promise.all(pdfs.filter((p) => p.kind === 'printed').map(async (p) => PDFDocument.load(await readFile(p.file))));
    for (let k = 0; big.getPageCount() < 100; k++) {
      const src = printed[k % printed.length]!;
      for (const page of await big.copyPages(src, src.getPageIndices())) if (big.getPageCount() < 100) big.addPage(page);
    }
    const data = await mkdtemp(path.join(os.tmpdir(), 'lecture-nb-'));
    try {
      const notebook = await openNotebook(data);
      const imports = createImports({ dataDir: data, notes: notebook.notes, ocr, course: async () => lectureCourse('termodinamica'), audit: notebook.audit });
      const started = performance.now();
      const { record } = await imports.propose('cien-paginas.pdf', await big.save());
      process.stdout.write(`100-page PDF: ${record.paginas} pages, ${record.propuesta.length} notes proposed in ${((performance.now() - started) / 1000).toFixed(2)} s (reader thread already warm)\n`);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  } finally {
    await ocr.close();
    await closeReader();
    if (!given) await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
