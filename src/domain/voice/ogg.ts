/**
 * An Ogg/Opus memo's length read from its page headers, before a single sample is decoded (issue 40:
 * a 2.7 MB memo that says it lasts two hours once took the bot past 6 GB while it was decoded).
 *
 * RFC 3533 (Ogg) and RFC 7845 (Opus in Ogg): every page starts with «OggS», a 64-bit granule position
 * and a lacing table that gives the page's length; the first packet of the Opus stream is OpusHead,
 * whose pre-skip is how many 48 kHz samples to drop at the start. The memo lasts
 * (granule of its last page − pre-skip) / 48,000 seconds. Walking the pages costs one pass over the
 * bytes and allocates nothing; it is written here because no decoder exposes it without decoding.
 */

/** Opus always counts granules at 48 kHz, whatever rate it was recorded at (RFC 7845 §4). */
export const OPUS_GRANULE_RATE = 48_000;

const CAPTURE = 0x4f676753; // «OggS»
const HEADER_BYTES = 27;

export interface OggPage {
  /** Where the page starts, and its whole length (header, lacing table and body). */
  offset: number;
  length: number;
  /** −1 when no packet ends on this page. */
  granule: bigint;
  serial: number;
  /** Where the page's body (its packets' bytes) starts. */
  bodyOffset: number;
}

/**
 * The whole pages of `bytes`, in order. Stops at the first thing that is not a page (junk, a cut-off
 * last page): what came before is all that a decoder could read either.
 */
export function* oggPages(bytes: Uint8Array): Generator<OggPage> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + HEADER_BYTES <= bytes.length && view.getUint32(at) === CAPTURE && bytes[at + 4] === 0) {
    const segments = bytes[at + 26]!;
    const bodyOffset = at + HEADER_BYTES + segments;
    if (bodyOffset > bytes.length) return;
    let body = 0;
    for (let i = 0; i < segments; i++) body += bytes[at + HEADER_BYTES + i]!;
    const length = HEADER_BYTES + segments + body;
    if (at + length > bytes.length) return;
    yield { offset: at, length, granule: view.getBigInt64(at + 6, true), serial: view.getUint32(at + 14, true), bodyOffset };
    at += length;
  }
}

/**
 * Seconds the Opus streams of `bytes` last by their headers, all chained streams together (a
 * decoder plays one after another), or undefined when there is no OpusHead (not an Opus memo, or
 * damaged before its first page ends).
 */
export function opusSeconds(bytes: Uint8Array): number | undefined {
  const streams = new Map<number, { preSkip: number; last: bigint }>();
  let first = true;
  for (const page of oggPages(bytes)) {
    const beginsStream = (bytes[page.offset + 5]! & 0x02) !== 0;
    if (beginsStream || first) {
      const head = Buffer.from(bytes.buffer, bytes.byteOffset + page.bodyOffset, Math.min(19, page.offset + page.length - page.bodyOffset));
      const opus = head.length >= 19 && head.toString('latin1', 0, 8) === 'OpusHead';
      if (first && !opus) return undefined;
      first = false;
      if (opus) streams.set(page.serial, { preSkip: head.readUInt16LE(10), last: 0n });
      continue;
    }
    // A stream that is not Opus is not played; granule −1 means no packet ends on the page.
    const stream = streams.get(page.serial);
    if (stream && page.granule > stream.last) stream.last = page.granule;
  }
  if (streams.size === 0) return undefined;
  let samples = 0;
  for (const s of streams.values()) samples += Math.max(0, Number(s.last) - s.preSkip);
  return samples / OPUS_GRANULE_RATE;
}
