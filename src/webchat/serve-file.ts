/**
 * Sends a stored file over HTTP with its real type and single-range support (`Range: bytes=a-b`),
 * which `<audio>` uses to read durations and seek.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoredFile } from './files.js';
import { RASTER_MIMES } from './media.js';

/** Types a browser may show or play inline: raster images, audio, video — nothing that runs script. */
export function isInlineMedia(mime: string): boolean {
  return RASTER_MIMES.has(mime) || mime.startsWith('audio/') || mime.startsWith('video/');
}

/**
 * What the bot uploaded is untrusted content served from the chat page's own origin. So every file
 * goes out with `nosniff` and a CSP `sandbox` (no script, no same-origin rights, even when opened
 * on its own), and anything that is not an image, audio or video is a download, never a page.
 */
const FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

/** @param download the page's "Descargar" link: an attachment even for media. */
export function serveStoredFile(req: IncomingMessage, res: ServerResponse, file: StoredFile, download = false): void {
  const headers: Record<string, string | number> = {
    'Content-Type': file.mime,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': FILE_CSP,
  };
  if (download || !isInlineMedia(file.mime)) headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  let start = 0;
  let end = file.size - 1;
  if (range && (range[1] || range[2])) {
    if (range[1]) {
      start = Number(range[1]);
      if (range[2]) end = Math.min(Number(range[2]), end);
    } else {
      start = Math.max(file.size - Number(range[2]), 0); // suffix range: the last N bytes
    }
    if (start > end || start >= file.size) {
      res.writeHead(416, { 'Content-Range': `bytes */${file.size}` }).end();
      return;
    }
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${file.size}`, 'Content-Length': end - start + 1 });
  } else {
    res.writeHead(200, { ...headers, 'Content-Length': file.size });
  }
  if (req.method === 'HEAD' || file.size === 0) {
    res.end();
    return;
  }
  const stream = createReadStream(file.absPath, { start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
