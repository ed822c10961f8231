/**
 * Reading the logs that only grow (`registro_uso.csv`, `auditoria.jsonl`) line by line over a
 * stream, never whole: memory stays bounded by one chunk plus one line, whatever the file's size.
 * Lines are split on the byte `\n` (never part of a multi-byte UTF-8 character), so each line's
 * text is exactly its bytes — what the audit chain's MAC needs.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** A line longer than this is not a line of ours (a file without line breaks): reading stops there. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface FileLine {
  /** 1-based line number. */
  n: number;
  /** The line's text, without its `\n`. */
  text: string;
  /** False only for a last line without its final `\n` (a cut write). */
  whole: boolean;
}

export class LineTooLongError extends Error {
  constructor(readonly file: string, readonly line: number) {
    super(`line ${line} of ${file} is longer than ${MAX_LINE_BYTES} bytes`);
    this.name = new.target.name;
  }
}

/**
 * The lines of `file`, one at a time. A missing file yields nothing (`ENOENT` is swallowed when
 * `missingOk`); any other read error is thrown. Throws LineTooLongError past MAX_LINE_BYTES.
 */
export async function* fileLines(file: string, opts: { missingOk?: boolean } = {}): AsyncGenerator<FileLine> {
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
  const decoder = new StringDecoder('utf8');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let n = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, nl);
        const bytes = pendingBytes === 0 ? piece : Buffer.concat([...pending, piece]);
        pending = [];
        pendingBytes = 0;
        n += 1;
        yield { n, text: decoder.write(bytes) + decoder.end(), whole: true };
        start = nl + 1;
      }
      if (start < chunk.length) {
        const rest = chunk.subarray(start);
        pending.push(Buffer.from(rest));
        pendingBytes += rest.length;
        if (pendingBytes > MAX_LINE_BYTES) throw new LineTooLongError(file, n + 1);
      }
    }
  } catch (e) {
    if (opts.missingOk && (e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  } finally {
    stream.destroy();
  }
  if (pendingBytes > 0) yield { n: n + 1, text: decoder.write(Buffer.concat(pending)) + decoder.end(), whole: false };
}
