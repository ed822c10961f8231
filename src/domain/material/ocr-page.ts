/**
 * Tesseract's lines of one page → the lines paragraphs.ts reads, and those it could not read — pure
 * (issue 43 §5: OCR that knows what it could not read).
 *
 * - A line whose confidence is under OCR_LINE_CONFIDENCE, or with a subscript that could not be read
 *   again (unreadSubscript), is left out of the text and handed back in `unread`, for the proposal to say («no he podido leer bien 4 líneas…»): never saved silently.
 *   A page read poorly as a whole (under OCR_DRAFT_CONFIDENCE) keeps every line: it is a draft the
 *   student corrects (extract.ts), not a page with a few bad lines.
 * - The kept lines become laid-out lines as a PDF's are (reading-order.ts's LaidLine), in the order
 *   Tesseract's own page layout reads them (its blocks are columns: made for images, where a
 *   word's box is only as exact as the photo), and go through the same paragraphs in the caller
 *   (paragraphs.ts: headings by size, paragraphs across column and page breaks, hyphenation,
 *   running headers, and a scanned page's header and footer bands). The page is scaled so its body
 *   text is BODY_POINTS high, the size those modules' gaps are measured against.
 * - The rest of a sentence whose middle line was left out goes too, up to the sentence's end
 *   (orphanTails): joined to the words before the gap it would say what the page does not.
 * - The γ Tesseract reads as «y» is written γ where the page says it is γ (ocr-gamma.ts).
 * - A table's vertical rules come out of Tesseract as «|»: a line cut by two or more of them is a
 *   table row, its cells joined by CELL_JOIN as a PDF's are.
 */
import { DOUBTFUL_WORDS_MAX, OCR_DRAFT_CONFIDENCE, OCR_LINE_CONFIDENCE, OCR_WORD_DOUBT } from './limits.js';
import { gammaSymbol } from './ocr-gamma.js';
import { CELL_JOIN, type LaidLine } from './reading-order.js';
import type { OcrLine, OcrResult } from './ocr.js';

/** The height body text is scaled to, in points: what reading-order.ts and paragraphs.ts expect of a PDF. */
export const BODY_POINTS = 10;
/**
 * Tesseract measures each line's height on its own letters, so lines of one size differ by a few
 * per cent; a line within this share of the body's size is body text (paragraphs.ts would take a
 * slightly taller line for a heading, or a change of size for a new paragraph).
 */
const SAME_SIZE = 0.15;
/**
 * Tesseract's row height grows less than the font does (a 13-point heading over 10.5-point text
 * measures ≈ 1.1 times the body), but it puts a heading in a layout block of its own: a block of at
 * most two lines this much taller than the body is a heading, laid out at HEADING_POINTS.
 */
const HEADING_ROW = 1.07;
const HEADING_POINTS = 1.25 * BODY_POINTS;

/** A table's rules read as «|» (or «[», «]» where a rule meets a letter): two or more make the line a row of cells. */
const RULE = /\s*[|[\]]\s*/g;
export function cells(text: string): { text: string; row: boolean } {
  const clean = text.replace(/\s+/g, ' ').trim();
  const parts = clean.split(RULE).map((c) => c.trim()).filter((c) => c && !/^[-—_–.]+$/.test(c));
  if ((clean.match(RULE) ?? []).length >= 2) return { text: parts.join(CELL_JOIN), row: parts.length > 1 };
  return { text: clean, row: false };
}

/**
 * The multiplication sign, which Tesseract's Spanish model reads as the letter «x»: in a line with a
 * formula (an «=»), a lone «x» between two operands — a capital, a number, a closing bracket before
 * it and a capital, a number or an opening bracket after it («IT = P x Q», «0,640 x 2000») — is «×».
 * A variable x stands beside no operand with spaces around it («y = 2x + 1», «x = 3»).
 */
export function timesSign(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(/(?<=(?:^|[\s=(])(?:\p{Lu}[\p{Lu}\d₀-₉]*|\d+(?:[.,]\d+)?|\)))\s+x\s+(?=(?:\p{Lu}|\d|\())/gu, ' × ');
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** The lines' mean confidence, weighted by their length; 0 for none. */
function meanConfidence(lines: readonly OcrLine[]): number {
  const weight = lines.reduce((n, l) => n + l.text.length, 0);
  return weight ? lines.reduce((n, l) => n + l.confidence * l.text.length, 0) / weight : 0;
}

/**
 * A word that is only marks: a list's bullet as Tesseract reads it («*«», «•», «-»). An «=» or a
 * relation is no bullet: it begins the second line of a formula («= cte, y por eso …»).
 */
const MARKS = /^[^\p{L}\p{N}=<>≤≥≈]+$/u;

/**
 * A list item's line as the page has it: Tesseract reads the bullet as marks it has little
 * confidence in («*« La existencia de sustitutivos», 60 for a line whose words it read at 90), and
 * the line's confidence sinks with it. The bullet is written «•» (paragraphs.ts reads a list item by
 * it) and the line is judged by its words.
 */
export function withoutBullet(l: OcrLine): OcrLine {
  const [first, ...rest] = l.words;
  if (!first || !MARKS.test(first.text)) return l;
  // A lone «|» opening a line is a rule the page has there (a notebook's margin), no bullet: it goes,
  // and the line is its words. A table's row keeps its rules (two or more «|»).
  const rule = RULE_WORD.test(first.text) && rest.length >= 1 && !rest.some((w) => w.text.includes('|'));
  const judged = rest.every((w) => w.confidence !== undefined);
  if (!rule && (rest.length < 2 || !judged)) return l;
  const weight = rest.reduce((n, w) => n + w.text.length, 0);
  const confidence = judged ? rest.reduce((n, w) => n + w.confidence! * w.text.length, 0) / Math.max(1, weight) : l.confidence;
  const words = rest.map((w) => w.text).join(' ');
  return { ...l, text: rule ? words : `• ${words}`, confidence, words: rest, ...(rule ? { x0: rest[0]!.x0 } : {}) };
}

/** A page's rule read as a word: «|» (or «¦»). */
const RULE_WORD = /^[|¦]$/u;

/** A line with no letter nor digit («|», «• -»: a rule or a speck read as marks) says nothing: it is no text, and no line left unread. */
const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

/**
 * A subscript that could not be read: a capital and the mark Tesseract's Spanish model makes of a
 * subscript digit («Q:», «T2/T:»), left so by ocr-subscripts.ts when reading it again, enlarged, gave
 * no digit it was sure of. In a line with a formula (an «=», or a subscript read) the line says
 * something it does not («W = Q₁ − Q:»): it is listed as unread, never saved. Outside a formula
 * «A:» is a capital and a colon («Opción A: …»).
 */
const MARKED_SUBSCRIPT = /(?:^|[^\p{L}\p{N}])\p{Lu}[:;](?=[^\p{L}\p{N}]|$)/u;
const FORMULA = /=|[₀-₉]/u;
export const unreadSubscript = (text: string): boolean => MARKED_SUBSCRIPT.test(text) && FORMULA.test(text);

/** A word that ends a sentence («temperatura.», «revés.»», «cero?»). */
const SENTENCE_END = /[.!?…][»")\]]*$/u;

/**
 * A sentence whose middle line could not be read: its words after the gap would join those before
 * it into a sentence the page does not say («se demuestra | rendimiento es»). A kept line that goes
 * on after an unread line of its block, starting in lower case (the sentence goes on; a table's row
 * is not a sentence), is left out
 * up to the sentence's end, with the unread lines; the words after that end are kept. The lines
 * read well, the misread ones and these tails sorted apart, in Tesseract's order.
 */
export function orphanTails(lines: readonly OcrLine[], misread: (l: OcrLine) => boolean): { kept: OcrLine[]; unread: OcrLine[] } {
  const kept: OcrLine[] = [];
  const unread: OcrLine[] = [];
  const gap = new Set<number>();
  for (const l of lines) {
    if (misread(l)) {
      unread.push(l);
      gap.add(l.block);
      continue;
    }
    if (!gap.has(l.block) || !/^\s*\p{Ll}/u.test(l.text) || cells(l.text).row) {
      gap.delete(l.block);
      kept.push(l);
      continue;
    }
    const words = l.words.length ? l.words : [{ ...l, text: l.text }];
    const end = words.findIndex((w) => SENTENCE_END.test(w.text.trim()));
    if (end < 0) {
      unread.push(l);
      continue;
    }
    gap.delete(l.block);
    const join = (ws: readonly { text: string }[]) => ws.map((w) => w.text).join(' ');
    unread.push({ ...l, text: join(words.slice(0, end + 1)), words: words.slice(0, end + 1) });
    const rest = words.slice(end + 1);
    if (rest.length) kept.push({ ...l, text: join(rest), words: rest, x0: rest[0]!.x0 });
  }
  return { kept, unread };
}

/** A line's letter height: above its baseline and below it, as Tesseract measured the row. */
const lineSize = (l: OcrLine) => Math.max(1, l.above + l.below);

/** A line left out: where on the page it was (its third) and what Tesseract made of it. */
export interface UnreadLine {
  zona: 'arriba' | 'centro' | 'abajo';
  texto: string;
}

export interface OcrPage {
  /** The readable lines in reading order (paragraphs.ts's input). */
  lines: LaidLine[];
  /** The lines left out, top to bottom. */
  unread: UnreadLine[];
  /** Tesseract's confidence in the lines kept (their mean, weighted by length), 0–100; 0 when none. */
  confidence: number;
  /** Words of the kept lines that look misread (`doubtful`), for the student to check; empty on a draft page (checked whole). */
  doubtful: string[];
}

/** A currency or legal sign glued to a letter («€s», «©a»): a letter Tesseract took for a sign. */
const GLUED_SIGN = /\p{L}[€$£¥©®™§¤]|[€$£¥©®™§¤]\p{L}/u;
/** Punctuation around a word, not part of it. */
const AROUND = /^[^\p{L}\p{N}€$£¥©®™§¤]+|[^\p{L}\p{N}€$£¥©®™§¤]+$/gu;

/**
 * Words of lines read well enough to keep that still look misread: capitals switched on inside the
 * word twice or more («eCoSistema»; one switch is a unit or a name: «kPa», «McDonald»), a sign glued
 * to a letter («€s»), or a word of three letters or more Tesseract itself doubted (OCR_WORD_DOUBT).
 * Named in the proposal so the student fixes a word instead of retyping the page.
 */
export function doubtfulWords(lines: readonly Pick<OcrLine, 'words'>[]): string[] {
  const out = new Set<string>();
  for (const l of lines) {
    for (const w of l.words) {
      const t = w.text.replace(AROUND, '');
      if (t.length < 2) continue;
      const switches = (t.match(/\p{Ll}\p{Lu}/gu) ?? []).length;
      const doubted = w.confidence !== undefined && w.confidence < OCR_WORD_DOUBT && /\p{L}{3}/u.test(t);
      if (switches >= 2 || GLUED_SIGN.test(t) || doubted) out.add(t);
      if (out.size >= DOUBTFUL_WORDS_MAX) return [...out];
    }
  }
  return [...out];
}

/** The lines Tesseract read on one page, sorted into those read well enough (laid out) and those not. */
export function ocrPage(read: Pick<OcrResult, 'lines' | 'height'>): OcrPage {
  const pageHeight = read.height;
  const visible = read.lines.filter((l) => SAYS_SOMETHING.test(l.text)).map(withoutBullet);
  // A page read poorly as a whole (handwriting, a blurred photo) is not sifted line by line: all of
  // it is kept as a draft the student corrects before saving (extract.ts, OCR_DRAFT_CONFIDENCE).
  const draft = meanConfidence(visible) < OCR_DRAFT_CONFIDENCE;
  const misread = (l: OcrLine) => l.confidence < OCR_LINE_CONFIDENCE || unreadSubscript(l.text);
  const { kept, unread } = draft ? { kept: visible, unread: [] } : orphanTails(visible, misread);
  const body = median(kept.map(lineSize));
  const k = body > 0 ? BODY_POINTS / body : 1;
  // Each block's span: a line that fills it ran to its edge (paragraphs.ts: the paragraph goes on).
  const span = new Map<number, { x0: number; x1: number }>();
  for (const l of kept) {
    const s = span.get(l.block);
    span.set(l.block, { x0: Math.min(s?.x0 ?? l.x0, l.x0), x1: Math.max(s?.x1 ?? l.x1, l.x1) });
  }
  const perBlock = new Map<number, number>();
  for (const l of kept) perBlock.set(l.block, (perBlock.get(l.block) ?? 0) + 1);
  const lines: LaidLine[] = [];
  let prev: { line: LaidLine; heading: boolean } | undefined;
  // The γ Tesseract reads as «y», written γ where the page itself says it is γ (ocr-gamma.ts).
  const texts = gammaSymbol(kept.map((l) => l.text));
  for (const [i, l] of kept.entries()) {
    const { text, row } = cells(timesSign(texts[i]!));
    if (!text) continue;
    const heading = !row && lineSize(l) >= HEADING_ROW * body && (perBlock.get(l.block) ?? 0) <= 2;
    const size = heading ? HEADING_POINTS : Math.abs(lineSize(l) / body - 1) < SAME_SIZE ? BODY_POINTS : lineSize(l) * k;
    const baseline = (l.baseline.y0 + l.baseline.y1) / 2;
    const y = (pageHeight - baseline) * k;
    // A heading wrapped over two lines may come as two blocks: the second goes on in the first's.
    const block = heading && prev?.heading && prev.line.y - y < 2 * HEADING_POINTS ? prev.line.block : l.block;
    const line: LaidLine = { text, size, left: l.x0 * k, right: l.x1 * k, y, block, regionWidth: (span.get(l.block)!.x1 - span.get(l.block)!.x0) * k, ...(row ? { row: true as const } : {}) };
    lines.push(line);
    prev = { line, heading };
  }
  // Where a line stood in the text, not in the image: notes that fill the photo's top half have
  // their middle line «en el centro», though it is in the image's top third.
  const textTop = Math.min(...visible.map((l) => l.y0));
  const textHeight = Math.max(1, Math.max(...visible.map((l) => l.y1)) - textTop);
  const zona = (l: OcrLine): UnreadLine['zona'] => {
    const mid = ((l.y0 + l.y1) / 2 - textTop) / textHeight;
    return mid < 1 / 3 ? 'arriba' : mid < 2 / 3 ? 'centro' : 'abajo';
  };
  const confidence = meanConfidence(kept);
  return { lines, unread: [...unread].sort((a, b) => a.y0 - b.y0).map((l) => ({ zona: zona(l), texto: l.text.trim() })), confidence, doubtful: draft ? [] : doubtfulWords(kept) };
}
