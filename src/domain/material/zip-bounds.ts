/**
 * A Word document's zip checked before mammoth opens it (issue 40: a 6 MB .docx holding 1.5 GB took
 * the bot to 3.2 GB). mammoth's zip library finds each entry through the central directory and
 * inflates it whole, so the check walks the same central directory: the entries' count and their
 * declared sizes are capped first (nothing inflated), then every entry is inflated once, counted and
 * dropped (inflate-bound.ts), so headers that lie about a size, and entries that overlap to reuse one
 * deflated kernel, are caught by what the bytes really inflate to. Written here because zip libraries
 * either inflate to check or do not check at all; the format's fields are APPNOTE.TXT §4.3.
 */
import { MaterialError } from './errors.js';
import { inflateCapped } from './inflate-bound.js';
import { MAX_ZIP_ENTRIES, MAX_ZIP_ENTRY_BYTES, MAX_ZIP_RATIO, MAX_ZIP_TOTAL_BYTES, ZIP_RATIO_FROM_BYTES } from './limits.js';

interface CentralEntry {
  method: number;
  compressed: number;
  size: number;
  localOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/** The central directory's entries, or undefined when it cannot be found or read. */
function centralEntries(b: Uint8Array): CentralEntry[] | 'too_many' | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // The end record is in the last 22 bytes plus a comment of up to 65,535.
  let end = -1;
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  if (count > MAX_ZIP_ENTRIES) return 'too_many';
  const entries: CentralEntry[] = [];
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return undefined;
    const entry: CentralEntry = { method: view.getUint16(at + 10, true), compressed: view.getUint32(at + 20, true), size: view.getUint32(at + 24, true), localOffset: view.getUint32(at + 42, true) };
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (entry.size === ZIP64_MARK || entry.compressed === ZIP64_MARK || entry.localOffset === ZIP64_MARK) {
      // ZIP64: the real values are in the extra field 0x0001, in this order, for those marked.
      let x = at + 46 + nameLength;
      const xEnd = Math.min(b.length, x + extraLength);
      while (x + 4 <= xEnd && view.getUint16(x, true) !== 0x0001) x += 4 + view.getUint16(x + 2, true);
      if (x + 4 > xEnd) return undefined;
      let field = x + 4;
      const next = () => {
        if (field + 8 > xEnd) return Number.MAX_SAFE_INTEGER;
        const v = Number(view.getBigUint64(field, true));
        field += 8;
        return v;
      };
      if (entry.size === ZIP64_MARK) entry.size = next();
      if (entry.compressed === ZIP64_MARK) entry.compressed = next();
      if (entry.localOffset === ZIP64_MARK) entry.localOffset = next();
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Throws MaterialError `demasiado_pesado` when the zip `bytes` would inflate past the caps of
 * limits.ts, `docx_roto` (naming `name`) when it is no zip that can be read.
 */
export async function checkZipBounds(bytes: Uint8Array, name: string): Promise<void> {
  const heavy = () => new MaterialError({ kind: 'demasiado_pesado' });
  const broken = () => new MaterialError({ kind: 'docx_roto', name });
  const entries = centralEntries(bytes);
  if (entries === 'too_many') throw heavy();
  if (!entries) throw broken();
  let declared = 0;
  for (const e of entries) {
    if (e.size > MAX_ZIP_ENTRY_BYTES) throw heavy();
    declared += e.size;
  }
  if (declared > MAX_ZIP_TOTAL_BYTES) throw heavy();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const e of entries) {
    if (e.localOffset + 30 > bytes.length || view.getUint32(e.localOffset, true) !== LOCAL_SIGNATURE) throw broken();
    const start = e.localOffset + 30 + view.getUint16(e.localOffset + 26, true) + view.getUint16(e.localOffset + 28, true);
    if (start + e.compressed > bytes.length) throw broken();
    let size = e.compressed;
    if (e.method === 8) {
      // Stopped at the first of: the entry's cap, what the total has left, and the ratio's bound.
      const byRatio = Math.max(ZIP_RATIO_FROM_BYTES, e.compressed * MAX_ZIP_RATIO);
      const got = await inflateCapped(bytes.subarray(start, start + e.compressed), 'raw', Math.min(MAX_ZIP_ENTRY_BYTES, MAX_ZIP_TOTAL_BYTES - total, byRatio));
      if (got.over) throw heavy();
      size = got.size;
    }
    total += size;
  }
}
