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
