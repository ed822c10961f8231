/**
 * A PDF checked before pdf.js reads it (issue 40): a 1 MB PDF whose stream inflates to 1 GB took the
 * bot to 3.2 GB, and a 2.6 KB one whose form XObjects draw each other 9 deep × 10 held the reader
 * at full CPU for good. pdf.js inflates a stream whole when a page needs it and walks forms without
 * a count, so the check walks the file's objects first:
 *
 * - every FlateDecode stream is inflated once, counted and dropped (inflate-bound.ts): none may pass
 *   MAX_PDF_STREAM_BYTES, nor all of them MAX_PDF_INFLATED_BYTES;
 * - every page's and form XObject's drawing of forms (`/Name Do`, names resolved through its
 *   resources) is counted through the whole tree: a page or form that ends up drawing more than
 *   MAX_FORM_PAINTS forms is refused.
 *
 * It reads objects as they sit in the file (`N G obj … endobj`); what it cannot resolve (a resources
 * dictionary packed in an object stream) it leaves to the reader thread's time and memory budget
 * (pdf.ts), the guard behind this one.
 */
import { MaterialError } from './errors.js';
import { inflateCapped } from './inflate-bound.js';
import { MAX_FORM_PAINTS, MAX_PDF_INFLATED_BYTES, MAX_PDF_STREAM_BYTES } from './limits.js';

/** A form's content is kept for counting its `Do`s up to this size (a form's drawing, not an image). */
const KEEP_FORM_BYTES = 4 * 1024 * 1024;

interface Form {
  content: string;
  dict: string;
}

/** The balanced `<< … >>` starting at `at` in `text`, or undefined. */
function balancedDict(text: string, at: number): string | undefined {
  if (!text.startsWith('<<', at)) return undefined;
  let depth = 0;
  for (let i = at; i < text.length - 1; i++) {
    if (text[i] === '<' && text[i + 1] === '<') {
      depth++;
      i++;
    } else if (text[i] === '>' && text[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 0) return text.slice(at, i + 1);
    }
  }
  return undefined;
}

/** The dictionary under `/key` in `dict`, following one indirect reference through `objects`. */
function dictUnder(dict: string, key: string, objects: ReadonlyMap<number, string>): string | undefined {
  const m = new RegExp(`/${key}\\s*(?:(<<)|(\\d+)\\s+\\d+\\s+R)`).exec(dict);
  if (!m) return undefined;
  if (m[1]) return balancedDict(dict, m.index + m[0].length - 2);
  const target = objects.get(Number(m[2]));
  return target === undefined ? undefined : balancedDict(target, target.indexOf('<<'));
}

/** Throws MaterialError `demasiado_pesado` when the PDF `bytes` would inflate or draw past the caps. */
export async function checkPdfBounds(bytes: Uint8Array): Promise<void> {
  const heavy = () => new MaterialError({ kind: 'demasiado_pesado' });
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const objects = new Map<number, string>();
  const forms = new Map<number, Form>();
  const contents = new Map<number, Form>();
  let inflated = 0;
  // Objects that are a bare integer: a stream's /Length may point at one.
  const integers = new Map<number, number>();
  for (const m of text.matchAll(/(\d+)\s+\d+\s+obj\s*(\d+)\s*endobj/g)) integers.set(Number(m[1]), Number(m[2]));
  // Every `N G obj` in the file is looked at, even one inside another's stream data: pdf.js finds
  // objects by the offsets of the cross-reference table, which may point anywhere.
  const header = /(\d+)\s+\d+\s+obj\b/g;
  // The next `stream` or `endobj` after a header, searched again only once a header is past it: a
  // file of a million headers and no end is one pass, not a million.
  const next = /\bstream\r?\n|endobj/g;
  let found: RegExpExecArray | null | undefined;
  const endstream = { at: -1 };
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const start = m.index + m[0].length;
    if (found === undefined || (found && found.index < start)) {
      next.lastIndex = start;
      found = next.exec(text);
    }
    if (!found) break;
    if (found[0] === 'endobj') {
      objects.set(Number(m[1]), text.slice(start, found.index));
      continue;
    }
    const dict = text.slice(start, found.index);
    const dataStart = found.index + found[0].length;
    const dataEnd = streamEnd(text, dict, dataStart, integers, endstream);
    const data = bytes.subarray(dataStart, dataEnd);
    const isForm = /\/Subtype\s*\/Form\b/.test(dict);
    // A page's content stream says neither a type nor a subtype (images and fonts do).
    const mayDraw = isForm || !/\/(?:Subtype|Type)\b/.test(dict);
    let content: string | undefined;
    if (/\/Filter\s*\[?\s*\/FlateDecode\b/.test(dict)) {
      const got = await inflateCapped(data, 'zlib', Math.min(MAX_PDF_STREAM_BYTES, MAX_PDF_INFLATED_BYTES - inflated), mayDraw);
      if (got.over) throw heavy();
      inflated += got.size;
      if (got.bytes && got.size <= KEEP_FORM_BYTES) content = got.bytes.toString('latin1');
    } else if (mayDraw && !/\/Filter\b/.test(dict) && data.length <= KEEP_FORM_BYTES) {
      content = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
    }
    if (content !== undefined) (isForm ? forms : contents).set(Number(m[1]), { content, dict });
  }
  if (mostFormsDrawn(forms, contents, objects) > MAX_FORM_PAINTS) throw heavy();
}

/**
 * Where a stream's data ends, as pdf.js decides it: at its /Length (direct, or an integer object) when
 * `endstream` follows there, else at the next `endstream` — never at an «endobj» inside its data.
 */
function streamEnd(text: string, dict: string, dataStart: number, integers: ReadonlyMap<number, number>, endstream: { at: number }): number {
  const m = /\/Length\s+(\d+)(?:\s+\d+\s+R)?/.exec(dict);
  const length = m ? (m[0].endsWith('R') ? integers.get(Number(m[1])) : Number(m[1])) : undefined;
  if (length !== undefined && dataStart + length <= text.length) {
    const after = /^\s*endstream/.exec(text.slice(dataStart + length, dataStart + length + 64));
    if (after) return dataStart + length;
  }
  // Searched again only past the last one found (`endstream.at`, -1 before the first search).
  if (endstream.at !== text.length && endstream.at < dataStart) {
    const end = text.indexOf('endstream', dataStart);
    endstream.at = end < 0 ? text.length : end;
  }
  return endstream.at;
}

/** The names a page's or form's resources give to forms (`/Name N 0 R`). */
function formNames(dict: string, objects: ReadonlyMap<number, string>): Map<string, number> {
  const names = new Map<string, number>();
  const xobjects = dictUnder(dictUnder(dict, 'Resources', objects) ?? '', 'XObject', objects) ?? '';
  for (const r of xobjects.matchAll(/\/([^\s/<>[\]()%{}]+)\s+(\d+)\s+\d+\s+R/g)) names.set(r[1]!, Number(r[2]));
  return names;
}

/**
 * The most forms any one page or form draws, through every level of forms they draw (saturating
 * past the cap). A page's resources are its own (inherited ones are not followed).
 */
function mostFormsDrawn(forms: ReadonlyMap<number, Form>, contents: ReadonlyMap<number, Form>, objects: ReadonlyMap<number, string>): number {
  const memo = new Map<number, number>();
  const visiting = new Set<number>();
  const drawnBy = (content: string, names: ReadonlyMap<string, number>): number => {
    let total = 0;
    for (const d of content.matchAll(/\/([^\s/<>[\]()%{}]+)\s*Do\b/g)) {
      const target = names.get(d[1]!);
      total += 1 + (target !== undefined && forms.has(target) ? drawn(target) : 0);
      if (total > MAX_FORM_PAINTS) break;
    }
    return Math.min(total, MAX_FORM_PAINTS + 1);
  };
  const drawn = (id: number): number => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    // A form drawing itself is a cycle pdf.js stops at: it counts nothing more.
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const form = forms.get(id)!;
    const total = drawnBy(form.content, formNames(form.dict, objects));
    visiting.delete(id);
    memo.set(id, total);
    return total;
  };
  let most = 0;
  for (const id of forms.keys()) most = Math.max(most, drawn(id));
  for (const page of objects.values()) {
    if (!/\/Type\s*\/Page\b/.test(page)) continue;
    const refs = /\/Contents\s*(?:\[([^\]]*)\]|(\d+\s+\d+\s+R))/.exec(page);
    if (!refs) continue;
    const names = formNames(page, objects);
    let total = 0;
    for (const r of (refs[1] ?? refs[2]!).matchAll(/(\d+)\s+\d+\s+R/g)) {
      const content = contents.get(Number(r[1]));
      if (content) total += drawnBy(content.content, names);
    }
    most = Math.max(most, total);
  }
  return most;
}
