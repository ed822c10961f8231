/**
 * A Word document's (.docx) text, with `mammoth` (pinned 1.13.0): its paragraphs, headings included,
 * separated by blank lines — what the splitter cuts into notes, as for a text file. Images, styles
 * and tables' borders are dropped. A zip that is not a Word document, or a damaged one, is refused
 * with its sentence, and so is one that would inflate past the caps of limits.ts. Parsing a long
 * document's XML holds its thread for tens of milliseconds, so it runs on the reader thread the PDFs
 * use (pdf.ts), never on the event loop.
 */
import { MaterialError } from './errors.js';
import { readOffThread, type ReaderDeps } from './pdf.js';
import { checkZipBounds } from './zip-bounds.js';

/** The text of the .docx `bytes`, read on the reader thread. */
export async function readDocxOffThread(bytes: Uint8Array, name: string, deps: ReaderDeps): Promise<string> {
  return (await readOffThread({ kind: 'docx', name, bytes }, deps)).pages.join('\n\n');
}

/** Reads the .docx here (on the reader thread: see readDocxOffThread). */
export async function docxText(bytes: Uint8Array, name: string): Promise<string> {
  // What it inflates to, counted before mammoth inflates any of it whole (zip-bounds.ts).
  await checkZipBounds(bytes, name);
  // Loaded here, on the reader thread, with the first Word document: mammoth and its XML and zip
  // libraries are the largest code the bot's own thread would otherwise load at start-up.
  const { default: mammoth } = await import('mammoth');
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return value;
  } catch (e) {
    throw new MaterialError({ kind: 'docx_roto', name }, { cause: e });
  }
}
