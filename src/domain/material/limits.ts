/**
 * What an import accepts, in one place (issue 26 §4). Telegram's `getFile` serves files up to
 * 20 MB, so a bigger one could not reach the bot from a phone either.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Pages of one PDF. */
export const MAX_PAGES = 300;
/** A page whose text layer has fewer visible characters than this is treated as scanned (OCR). */
export const SCANNED_PAGE_CHARS = 16;
/** Mean Tesseract confidence (0–100) under which the OCR text is only a draft to correct. */
export const OCR_DRAFT_CONFIDENCE = 70;
/**
 * Tesseract's confidence (0–100) in one word under which a word of a line read well is named to the
 * student to check (ocr-page.ts, `doubtful`): a page at 90 still read «eCoSistema» and «€s».
 */
export const OCR_WORD_DOUBT = 60;
/** Most words named to check in one proposal: beyond that the page is better corrected whole. */
export const DOUBTFUL_WORDS_MAX = 8;
/**
 * Tesseract's confidence (0–100) in one line under which the line is not taken as read: it is left
 * out of the notes and listed in the proposal (ocr-page.ts). Clean print reads at 87–96 per line;
 * lines at 65–80 are misread formulas, table fragments and shadowed text, right in a few words only.
 */
export const OCR_LINE_CONFIDENCE = 80;
/** OCR text where letters and spaces are under this share of the characters is noise, not a page. */
export const OCR_MIN_LETTER_SHARE = 0.6;
/** Scale at which a scanned PDF page is rendered for OCR (1 = 72 dpi). */
export const SCAN_RENDER_SCALE = 3;
/** Photos of one message group (Telegram's `media_group_id`) read as one import; the rest are refused. */
export const MAX_GROUP_PHOTOS = 20;
/** A message group has no end marker: it is read once no photo of it has come for this long. */
export const MEDIA_GROUP_QUIET_MS = 1500;
/** The PDF reader thread is kept this long after a PDF (the next one skips loading pdf.js), then ended. */
export const PDF_THREAD_IDLE_MS = 5 * 60_000;

// ── Bounded decoding (issue 40): what a file may become once it is decoded, checked before it is ──
/** Pixels of an image read by OCR (a 48-megapixel phone photo fits), from its header, before decoding. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** A Word document (a zip): entries, and bytes one entry and all of them may inflate to. */
export const MAX_ZIP_ENTRIES = 5_000;
export const MAX_ZIP_ENTRY_BYTES = 100 * 1024 * 1024;
export const MAX_ZIP_TOTAL_BYTES = 200 * 1024 * 1024;
/**
 * Inflated ÷ compressed size above which a zip's entry is a bomb, once it inflates past a megabyte
 * (Word's XML compresses 5–20 times; the 6 MB zip bombs of the hardening pass, over 250).
 */
export const MAX_ZIP_RATIO = 100;
export const ZIP_RATIO_FROM_BYTES = 1024 * 1024;
/**
 * A PDF's streams: bytes one may inflate to (a 300-dpi colour scan of a page, stored lossless, is
 * 26 MB), and all of them together (40 such pages), checked before pdf.js reads any of it. pdf.js
 * holds one page's streams at a time, so the total bounds the time the check and the reading take.
 */
export const MAX_PDF_STREAM_BYTES = 64 * 1024 * 1024;
export const MAX_PDF_INFLATED_BYTES = 1024 * 1024 * 1024;
/** Pixels of a scanned PDF page rendered for OCR: the render scale is lowered to stay under it. */
export const MAX_RENDER_PIXELS = 40_000_000;
/**
 * The reader thread's JavaScript heap (worker_threads `resourceLimits`): over it the thread ends and
 * the file is refused; a new thread reads the next file.
 */
export const READER_HEAP_MB = 256;
/** The OCR child's JavaScript heap (`--max-old-space-size`); the images it decodes are capped by pixels. */
export const OCR_HEAP_MB = 256;
/**
 * Longest the reader thread may work on one page of a PDF (a Word document is one page; the wait for
 * OCR is not counted), and the OCR child on one image: over it the thread or the child is ended and
 * replaced, and the file refused. A page reads in well under a second, a photo in a few.
 */
export const READ_BUDGET_MS = 60_000;
export const OCR_BUDGET_MS = 120_000;
/** Forms one form XObject may end up drawing, through every level (a slide's logo drawn on a few hundred shapes fits). */
export const MAX_FORM_PAINTS = 100_000;

/** Telegram's photos arrive without a name: the bot calls each this until its page names it (split.ts `photoName`). */
export const PHOTO_NAME = 'foto.jpg';
/** Longest name an untitled photo takes from its first words. */
export const PHOTO_NAME_MAX = 48;
