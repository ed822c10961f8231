/**
 * A Word document's (.docx) text, with `mammoth` (pinned 1.13.0): its paragraphs, headings included,
 * separated by blank lines — what the splitter cuts into notes, as for a text file. Images, styles
 * and tables' borders are dropped. A zip that is not a Word document, or a damaged one, is refused
 * with its sentence.
 */
import mammoth from 'mammoth';
import { MaterialError } from './errors.js';

export async function docxText(bytes: Uint8Array, name: string): Promise<string> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return value;
  } catch (e) {
    throw new MaterialError({ kind: 'docx_roto', name }, { cause: e });
  }
}
