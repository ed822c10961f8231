/**
 * Engine `flux`: FLUX.1 schnell (or another text-to-image model) on the owner's GPU, reached through
 * the OpenAI-compatible `POST {FLUX_URL}/v1/images/generations`, asking `response_format: "b64_json"`.
 * Self-hosted servers answer that route differently, and each variant is accepted:
 * - plain base64 in `data[0].b64_json` (vLLM-Omni, stable-diffusion.cpp's server);
 * - a `data:image/png;base64,…` URL in `data[0].b64_json` (mistral.rs);
 * - a file on the server in `data[0].url` (LocalAI's default), fetched with the same timeout, abort
 *   and size cap as the request; a relative URL is taken relative to FLUX_URL.
 * The bytes are sniffed (PNG, JPEG or WebP) and their header checked as they arrive (fetchImageBytes,
 * the cover's GPU stage); decoding them (decodeDeliveredImage) and fitting them to the cover's size is
 * the next stage's, on the CPU. Anything else is ENGINE_BAD_RESPONSE with the reason — wherever it is
 * found, the caller writes nothing.
 */
import { EngineError } from '../../errors.js';
import { ENGINE as M } from '../../strings/model.js';
import type { ImageRequest } from './engines.js';
import { getFile, postJson, type Endpoint } from './http.js';
import { checkImage, decodeImage, UnknownImageError, UnreadableImageError, type ImageFormat } from './image-decode.js';
import { MSG } from './messages.js';
import type { Raster } from './raster.js';

/** Model id sent to the server and recorded in the provenance, unless `FLUX_MODEL` names another. */
export const FLUX_MODEL = 'black-forest-labs/FLUX.1-schnell';
export const FLUX_ROUTE = '/v1/images/generations';

/** Where the image of an answer is: its bytes inline, or a URL to fetch them from. */
export type ImageSource = { via: 'b64' | 'data-url'; bytes: Buffer } | { via: 'url'; url: string };

/** An image as the server delivered it, decoded, before fitting it to the cover. */
export interface FetchedImage {
  raster: Raster;
  format: ImageFormat;
  via: ImageSource['via'];
}

export function fluxEndpoint(url: string, timeoutMs: number): Endpoint {
  return { engine: 'flux', url, envVar: 'FLUX_URL', fallback: 'maqueta:true', timeoutMs };
}

function bad(reason: string): EngineError {
  return new EngineError('ENGINE_BAD_RESPONSE', MSG.badResponse('flux', reason), { engine: 'flux', reason });
}

/** Bytes of a `data:[mime][;base64],…` URL; only base64 payloads carry an image. */
function dataUrlBytes(s: string): Buffer {
  const m = /^data:[^,]*?;base64,(.*)$/s.exec(s);
  if (!m) throw bad(M.badDataUrl);
  return Buffer.from(m[1]!, 'base64');
}

/**
 * Where the image of an images/generations answer is, or ENGINE_BAD_RESPONSE saying why there is
 * none. `base` is the server's URL, against which a relative `url` is resolved.
 */
export function parseImageAnswer(body: Buffer, base: string): ImageSource {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw bad(M.notJson);
  }
  const item = (json as { data?: Array<{ b64_json?: unknown; url?: unknown }> } | null)?.data?.[0];
  const b64 = item?.b64_json;
  if (typeof b64 === 'string' && b64.length > 0) {
    return b64.startsWith('data:') ? { via: 'data-url', bytes: dataUrlBytes(b64) } : { via: 'b64', bytes: Buffer.from(b64, 'base64') };
  }
  const url = item?.url;
  if (typeof url === 'string' && url.length > 0) {
    if (url.startsWith('data:')) return { via: 'data-url', bytes: dataUrlBytes(url) };
    let target: URL;
    try {
      target = new URL(url, `${base}/`);
    } catch {
      throw bad(M.badImageUrl(url));
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw bad(M.badImageUrl(url));
    return { via: 'url', url: target.href };
  }
  throw bad(M.noImage);
}

/** What an image that does not decode is: ENGINE_BAD_RESPONSE saying what the bytes are not. */
function undecodable(e: unknown): EngineError {
  if (e instanceof UnknownImageError) return bad(M.unknownImage(e.head));
  if (e instanceof UnreadableImageError) return bad(M.unreadableImage(e.format.toUpperCase(), e.detail));
  return bad(e instanceof Error ? e.message : String(e));
}

/**
 * Decodes the bytes a server delivered (fetchImageBytes), or ENGINE_BAD_RESPONSE saying what they
 * are not — the same error wherever the decoding happens (the GPU stage or the next CPU stage).
 */
export async function decodeDeliveredImage(bytes: Buffer): Promise<{ raster: Raster; format: ImageFormat }> {
  try {
    return await decodeImage(bytes);
  } catch (e) {
    throw undecodable(e);
  }
}

/** The file a `url` answer names; a 404/405 there is a bad answer (a URL it does not serve), not a wrong route. */
async function fetchAnsweredFile(ep: Endpoint, url: string, signal: AbortSignal): Promise<Buffer> {
  try {
    return (await getFile(ep, url, signal)).body;
  } catch (e) {
    const status = e instanceof EngineError ? e.details.status : undefined;
    if (status === 404 || status === 405 || status === 410) throw bad(M.imageUrlMissing(status));
    throw e;
  }
}

/** An image as the server delivered it, not decoded: its bytes, their format and how they came. */
export interface DeliveredImage {
  bytes: Buffer;
  format: ImageFormat;
  via: ImageSource['via'];
}

/**
 * One images/generations exchange (and the GET of a `url` answer): the image's bytes as delivered,
 * their format and size checked from the signature and header, not decoded — the card's part of a
 * cover is this request; decoding (tens of milliseconds of CPU, 4 MB of pixels) is the next stage's.
 */
export async function fetchImageBytes(ep: Endpoint, req: Omit<ImageRequest, 'week'>, signal: AbortSignal, model = FLUX_MODEL): Promise<DeliveredImage> {
  const answer = await postJson(
    ep,
    FLUX_ROUTE,
    { model, prompt: req.prompt, n: 1, size: `${req.width}x${req.height}`, response_format: 'b64_json', seed: req.seed },
    signal,
  );
  const source = parseImageAnswer(answer.body, ep.url);
  const bytes = source.via === 'url' ? await fetchAnsweredFile(ep, source.url, signal) : source.bytes;
  try {
    return { bytes, format: checkImage(bytes), via: source.via };
  } catch (e) {
    throw undecodable(e);
  }
}

/** One images/generations exchange (and the GET of a `url` answer): the decoded image and how it came. */
export async function fetchImage(ep: Endpoint, req: Omit<ImageRequest, 'week'>, signal: AbortSignal, model = FLUX_MODEL): Promise<FetchedImage> {
  const image = await fetchImageBytes(ep, req, signal, model);
  return { ...(await decodeDeliveredImage(image.bytes)), via: image.via };
}
