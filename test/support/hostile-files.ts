/**
 * Hostile files made by the tests and the memory script themselves (issue 40: no large binaries in
 * the repository): small files that say, or inflate to, something huge. Written byte by byte here,
 * independent of the readers under test; what inflates is deflated as a stream of repeated chunks,
 * so making a file that holds 1.5 GB never holds 1.5 GB.
 */
import { crc32, createDeflate, createDeflateRaw } from 'node:zlib';
import OpusScript from 'opusscript';
import { oggPage, opusHeaderPages, PRE_SKIP } from './voice-fixture.js';

const MB = 1024 * 1024;

/** A zlib (or raw deflate) stream of `prefix`, `repeat` × `chunk`, `suffix`, and the CRC-32 and length of what it inflates to. */
export async function deflated(parts: { prefix?: Uint8Array; chunk: Uint8Array; repeat: number; suffix?: Uint8Array }, raw = false): Promise<{ data: Buffer; crc: number; size: number }> {
  const z = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((r) => z.on('end', r));
  let crc = 0;
  let size = 0;
  const write = async (b: Uint8Array) => {
    crc = crc32(b, crc);
    size += b.length;
    if (!z.write(b)) await new Promise((r) => z.once('drain', r));
  };
  if (parts.prefix) await write(parts.prefix);
  for (let i = 0; i < parts.repeat; i++) await write(parts.chunk);
  if (parts.suffix) await write(parts.suffix);
  z.end();
  await ended;
  return { data: Buffer.concat(out), crc, size };
}

// ── Voice ────────────────────────────────────────────────────────────────────────────────────────

/**
 * An Ogg/Opus memo of `seconds` of silence (one real 20 ms Opus frame, from libopus, repeated), as
 * small as a memo can be: two hours is about 1.5 MB. `headerSeconds` makes the pages' granule
 * positions lie: they say the memo lasts that long, while the packets last `seconds`.
 */
export function silentMemo(seconds: number, opts: { headerSeconds?: number } = {}): Buffer {
  const enc = new OpusScript(16_000, 1, OpusScript.Application.VOIP);
  const frame = Buffer.from(enc.encode(Buffer.alloc(640), 320));
  enc.delete();
  const serial = 0x0b0b0b0b;
  const pages = opusHeaderPages(serial);
  const frames = Math.round(seconds * 50);
  const headerSamples = opts.headerSeconds === undefined ? Infinity : opts.headerSeconds * 48_000;
  let seq = 2;
  for (let done = 0; done < frames; ) {
    const n = Math.min(250, frames - done);
    done += n;
    const granule = BigInt(PRE_SKIP + Math.min(done * 960, headerSamples));
    pages.push(oggPage(Array.from({ length: n }, () => frame), granule, serial, seq++, done === frames ? 0x04 : 0));
  }
  return Buffer.concat(pages);
}

// ── Word ─────────────────────────────────────────────────────────────────────────────────────────

interface ZipEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the headers say it inflates to (the truth, unless a test makes them lie). */
  size: number;
}

/** A zip written by hand: local headers, data, the central directory and its end record. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(e.method, 10);
    cd.writeUInt32LE(e.crc >>> 0, 16);
    cd.writeUInt32LE(e.data.length, 20);
    cd.writeUInt32LE(e.size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    central.push(cd, name);
    offset += local.length + name.length + e.data.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, end]);
}

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text, 'utf8');
  return { name, data, method: 0, crc: crc32(data), size: data.length };
};

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * A .docx of `mb` MB of ordinary paragraphs (words of biology in a pseudo-random order, inflating
 * about 10 times, as text does): within every cap on its inflated size, and far more text than
 * anyone's notes — what the reader thread's heap cap is for.
 */
export async function wordyDocx(mb: number): Promise<Buffer> {
  const words = ['célula', 'núcleo', 'mitosis', 'energía', 'proteína', 'membrana', 'cromosoma', 'gen', 'tejido', 'órgano'];
  let seed = 2026;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % words.length;
  let chunk = '';
  while (chunk.length < 60_000) chunk += `<w:p><w:r><w:t>${Array.from({ length: 60 }, () => words[next()]).join(' ')}</w:t></w:r></w:p>`;
  const body = await deflated({ prefix: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`), chunk: Buffer.from(chunk), repeat: Math.round((mb * MB) / Buffer.byteLength(chunk)), suffix: Buffer.from('</w:body></w:document>') }, true);
  return wordDocument({ name: 'word/document.xml', data: body.data, method: 8, crc: body.crc, size: body.size });
}

/** A zip of a Word document around its `word/document.xml` entry. */
const wordDocument = (document: ZipEntry) =>
  zipOf([
    stored('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    stored('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    document,
  ]);

/**
 * A .docx whose document.xml is one paragraph of `mb` MB of the letter «a» (deflated ~1000:1, so
 * 1.5 GB is a 1.5 MB file). `lie` makes the headers say it inflates to 1 KB.
 */
export async function docxBomb(mb: number, opts: { lie?: boolean } = {}): Promise<Buffer> {
  const body = await deflated({ prefix: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>`), chunk: Buffer.alloc(MB, 'a'), repeat: mb, suffix: Buffer.from('</w:t></w:r></w:p></w:body></w:document>') }, true);
  return wordDocument({ name: 'word/document.xml', data: body.data, method: 8, crc: body.crc, size: opts.lie ? 1024 : body.size });
}

// ── PDF ──────────────────────────────────────────────────────────────────────────────────────────

/** A PDF from its objects' bodies (object n is `objects[n - 1]`; 1 is the catalog), with a correct xref table. */
export function rawPdf(objects: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(b);
    at += b.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const streamObject = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);

/**
 * One page whose content stream (FlateDecode) inflates to `mb` MB of spaces before one line of text.
 * `endobjInData` starts the deflate data with a stored block holding «endobj endstream» verbatim: a
 * scan that ends an object at the first «endobj» sees a stream of a few bytes.
 */
export async function pdfStreamBomb(mb: number, opts: { endobjInData?: boolean } = {}): Promise<Buffer> {
  const suffix = Buffer.from('\nBT /F1 12 Tf 72 720 Td (Hola) Tj ET\n');
  let content: { data: Buffer };
  if (opts.endobjInData) {
    // zlib header, a stored block that is not the last (BFINAL 0, BTYPE 00, LEN, ~LEN), then raw deflate blocks.
    const decoy = Buffer.from(' endobj endstream ', 'latin1');
    const stored = Buffer.alloc(5);
    stored.writeUInt16LE(decoy.length, 1);
    stored.writeUInt16LE(~decoy.length & 0xffff, 3);
    const rest = await deflated({ chunk: Buffer.alloc(MB, ' '), repeat: mb, suffix }, true);
    content = { data: Buffer.concat([Buffer.from([0x78, 0x01]), stored, decoy, rest.data]) };
  } else {
    content = await deflated({ chunk: Buffer.alloc(MB, ' '), repeat: mb, suffix });
  }
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('/Filter /FlateDecode', content.data),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * One page drawing form XObject 1, which draws form 2 `fanout` times, … down to `depth`, whose
 * content shows a word: fanout^depth words from a file of a few kilobytes (9 deep × 10 is 10⁹).
 * `escapedNames` writes the forms' resource names with a #-escape (`/#58` is `/X`, PDF 1.7 §7.3.5),
 * as any PDF may: the same drawing, said in a way a quick scan of the bytes does not follow.
 */
export function nestedXObjectPdf(depth = 9, fanout = 10, opts: { escapedNames?: boolean } = {}): Buffer {
  const key = opts.escapedNames ? '/#58' : '/X';
  const first = 6; // objects 1–5: catalog, pages, page, page content, font
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X ${first} 0 R >> /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    streamObject('', Buffer.from('/X Do', 'latin1')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let level = 0; level < depth; level++) {
    const leaf = level === depth - 1;
    const content = leaf ? 'BT /F1 12 Tf 72 720 Td (palabra) Tj ET' : Array.from({ length: fanout }, () => '/X Do').join(' ');
    const resources = leaf ? '/Font << /F1 5 0 R >>' : `/XObject << ${key} ${first + level + 1} 0 R >>`;
    objects.push(streamObject(`/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << ${resources} >>`, Buffer.from(content, 'latin1')));
  }
  return rawPdf(objects);
}

// ── Images ───────────────────────────────────────────────────────────────────────────────────────

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A whole, valid grey PNG of `side` × `side` white pixels (30,000² is about 0.9 MB). */
export async function pngBomb(side: number): Promise<Buffer> {
  const row = Buffer.alloc(side + 1, 0xff);
  row[0] = 0; // filter: none
  const idat = await deflated({ chunk: row, repeat: side });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat.data), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG whose frame header says `side` × `side` (65,000² would be 12 GB of pixels), with a token scan. */
export function jpegHeader(side: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, side >> 8, side & 0xff, side >> 8, side & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, sos, Buffer.alloc(64, 0x55), Buffer.from([0xff, 0xd9])]);
}
