/**
 * Subscript digits read again (issue 43 §5). Tesseract's Spanish model has no subscript digits and
 * a subscript is small: «T₁» comes out as «T:», «Q₂» as «Q:» or «Qi». A word that is a capital and
 * one such mark is read again where its subscript stands — the right part of the word, around the
 * baseline — enlarged, as one character that can only be a digit; the digit found is written as a
 * subscript (T₁); «T:2», where the digit was read after the mark, is T₂. Where no digit is found the
 * word stays as Tesseract read it. Runs in the OCR child.
 */
import type { Worker } from 'tesseract.js';
import type { OcrLine } from './ocr.js';
import type { OpenCv } from './opencv.js';
import { pgm } from './ocr-tables.js';

/** A capital and the mark a subscript digit was read as. */
export const SUBSCRIPT_MISREAD = /^([A-Z])[:;i>-]$/;
/** A capital, a mark and the digit itself («T:2» for T₂): the digit was read, the mark is the subscript's offset. */
const SUBSCRIPT_WITH_MARK = /^([A-Z])[:;](\d)$/;
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
/** How much the subscript is enlarged before it is read. */
const SCALE = 4;
/** White margin around it, in the enlarged pixels. */
const MARGIN = 24;

/** The lines with their misread subscripts read again (new lines; the others as they were). */
export async function readSubscripts(cv: OpenCv, w: Worker, pixels: Uint8Array, width: number, lines: readonly OcrLine[], mode?: string): Promise<OcrLine[]> {
  const height = pixels.length / width;
  const todo = lines.some((l) => l.words.some((x) => SUBSCRIPT_MISREAD.test(x.text) || SUBSCRIPT_WITH_MARK.test(x.text)));
  if (!todo) return [...lines];
  const { PSM } = await import('tesseract.js');
  await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_CHAR, tessedit_char_whitelist: '0123456789' });
  try {
    const out: OcrLine[] = [];
    for (const l of lines) {
      let changed = false;
      const words = [];
      for (const word of l.words) {
        const marked = SUBSCRIPT_WITH_MARK.exec(word.text);
        if (marked) {
          changed = true;
          words.push({ ...word, text: `${marked[1]}${SUBSCRIPTS[Number(marked[2])]}` });
          continue;
        }
        const m = SUBSCRIPT_MISREAD.exec(word.text);
        if (!m) {
          words.push(word);
          continue;
        }
        const base = l.baseline.y0 + ((l.baseline.y1 - l.baseline.y0) * ((word.x0 + word.x1) / 2 - l.x0)) / Math.max(1, l.x1 - l.x0);
        const x0 = Math.max(0, Math.round(word.x0 + (word.x1 - word.x0) * 0.5));
        const x1 = Math.min(width, Math.round(word.x1 + 3));
        const y0 = Math.max(0, Math.round(base - l.above * 0.45));
        const y1 = Math.min(height, Math.round(base + l.below + 3));
        const digit = x1 - x0 >= 3 && y1 - y0 >= 3 ? await readDigit(cv, w, pixels, width, x0, y0, x1, y1) : undefined;
        if (digit === undefined) {
          words.push(word);
          continue;
        }
        changed = true;
        words.push({ ...word, text: `${m[1]}${SUBSCRIPTS[Number(digit)]}` });
      }
      out.push(changed ? { ...l, words, text: words.map((x) => x.text).join(' ') } : l);
    }
    return out;
  } finally {
    // Back to the mode the caller reads in (a table's cells are read as single blocks).
    await w.setParameters({ tessedit_pageseg_mode: (mode ?? PSM.AUTO) as typeof PSM.AUTO, tessedit_char_whitelist: '' });
  }
}

/** The one digit in a box of the page, or undefined. */
async function readDigit(cv: OpenCv, w: Worker, pixels: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): Promise<string | undefined> {
  const cw = x1 - x0;
  const ch = y1 - y0;
  const crop = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) crop.set(pixels.subarray((y0 + y) * width + x0, (y0 + y) * width + x1), y * cw);
  const small = cv.matFromArray(ch, cw, cv.CV_8UC1, crop);
  const large = new cv.Mat();
  const framed = new cv.Mat();
  try {
    cv.resize(small, large, new cv.Size(cw * SCALE, ch * SCALE), 0, 0, cv.INTER_CUBIC);
    cv.copyMakeBorder(large, framed, MARGIN, MARGIN, MARGIN, MARGIN, cv.BORDER_CONSTANT, new cv.Scalar(255));
    const { data } = await w.recognize(Buffer.from(pgm(framed.data.slice(0, framed.cols * framed.rows), framed.cols, framed.rows)), {}, { text: true });
    const got = data.text.trim();
    return /^\d$/.test(got) && data.confidence >= 50 ? got : undefined;
  } finally {
    small.delete();
    large.delete();
    framed.delete();
  }
}
