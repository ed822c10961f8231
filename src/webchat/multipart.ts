/**
 * A small, strict multipart/form-data parser for the embedded Bot API server.
 *
 * Why not `Request.formData()`: Node 20's undici rejects the multipart bodies grammY sends
 * (`content-disposition:form-data;name="x";filename=photo.jpg` — no space after the colon and an
 * unquoted filename), which real Telegram accepts. This parser takes both spellings.
 */

/** One uploaded file part. `data` is the exact bytes between the part headers and the boundary. */
export interface UploadedPart {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedPart>;
}

/** Thrown for a body that is not well-formed multipart; the server answers 400 with `message`. */
export class MultipartError extends Error {}

/** Reads `boundary=` from a Content-Type header (quoted or bare); undefined when absent. */
export function boundaryOf(contentType: string): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/**
 * Splits a complete multipart body into text fields and file parts. A part with a `filename`
 * parameter is a file even when empty; later fields with the same name replace earlier ones
 * (the Bot API has no repeated fields).
 */
export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new MultipartError('multipart body without boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const out: MultipartBody = { fields: {}, files: {} };

  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new MultipartError('multipart boundary not found');
  for (;;) {
    pos += delimiter.length;
    // "--" right after a delimiter closes the body.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return out;
    pos = skipLineBreak(body, pos);
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) throw new MultipartError('multipart part without headers');
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString('utf8'));
    const dataStart = headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), dataStart);
    if (next < 0) throw new MultipartError('multipart part not terminated');
    const data = body.subarray(dataStart, next);
    const disposition = headers['content-disposition'] ?? '';
    const name = param(disposition, 'name');
    if (name === undefined) throw new MultipartError('multipart part without name');
    const filename = param(disposition, 'filename');
    if (filename !== undefined) {
      out.files[name] = {
        filename,
        contentType: headers['content-type'] ?? 'application/octet-stream',
        data: Buffer.from(data),
      };
    } else {
      out.fields[name] = data.toString('utf8');
    }
    pos = next + 2; // at the next delimiter
  }
}

function skipLineBreak(body: Buffer, pos: number): number {
  if (body[pos] === 0x0d && body[pos + 1] === 0x0a) return pos + 2;
  if (body[pos] === 0x0a) return pos + 1;
  return pos;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** `name="a b"` or `name=a` inside a header value; `filename` never matches inside `name`. */
function param(header: string, key: string): string | undefined {
  const re = new RegExp(`(?:^|;)\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i');
  const m = re.exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? '').trim();
}
