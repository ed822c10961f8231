/**
 * Reading Bot API parameters the way Telegram does: query string, JSON, urlencoded or multipart,
 * all merged into one bag; JSON-valued fields (`reply_markup`, `commands`, …) arrive as strings in
 * form bodies and are decoded here. Errors are `BotApiError`s that the server turns into
 * `{ ok: false, error_code, description }`.
 */
import type { IncomingMessage } from 'node:http';
import { MultipartError, parseMultipart, type UploadedPart } from './multipart.js';

/** Telegram's own upload ceiling for bots (50 MB); larger bodies get 413. */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

/** Request bodies held in memory at once, all requests together; past it a request gets 429. */
export const MAX_IN_FLIGHT_BYTES = 100 * 1024 * 1024;

/**
 * Bytes of request bodies being read right now. A request reserves its declared Content-Length up
 * front (a chunked one grows its reservation as it reads), so a burst of large uploads is refused
 * with 429 before it is buffered instead of adding up in memory.
 */
export class InFlightBytes {
  private used = 0;
  constructor(readonly limit = MAX_IN_FLIGHT_BYTES) {}

  /** Bytes reserved now (tests wait on it). */
  get bytes(): number {
    return this.used;
  }

  /** Reserves `n` bytes or throws 429; the caller must `release` what it reserved. */
  reserve(n: number): void {
    if (this.used + n > this.limit) throw new BotApiError(429, 'Too Many Requests: retry after 1');
    this.used += n;
  }

  release(n: number): void {
    this.used = Math.max(0, this.used - n);
  }
}

/** An error with the HTTP status and the exact `description` Telegram would send. */
export class BotApiError extends Error {
  constructor(readonly status: number, readonly description: string) {
    super(description);
    this.name = 'BotApiError';
  }
}

/** 400 with Telegram's "Bad Request: …" prefix. */
export function badRequest(what: string): BotApiError {
  return new BotApiError(400, `Bad Request: ${what}`);
}

export interface BotParams {
  values: Record<string, unknown>;
  files: Record<string, UploadedPart>;
}

/** Fields whose value is a JSON object/array even when sent as a form field. */
const JSON_FIELDS = ['reply_markup', 'entities', 'caption_entities', 'commands', 'allowed_updates', 'scope',
  'link_preview_options', 'reply_parameters', 'options', 'explanation_entities', 'correct_option_ids'];

/** Reads the whole request (≤ MAX_BODY_BYTES, within `inFlight`) and returns its parameters. */
export async function readParams(req: IncomingMessage, url: URL, inFlight: InFlightBytes = new InFlightBytes()): Promise<BotParams> {
  const values: Record<string, unknown> = Object.fromEntries(url.searchParams);
  let files: Record<string, UploadedPart> = {};
  const body = await readBody(req, inFlight);
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (body.length > 0) {
    if (type.startsWith('application/json')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw badRequest("can't parse JSON encoded request");
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('request body must be a JSON object');
      Object.assign(values, parsed);
    } else if (type.startsWith('multipart/form-data')) {
      try {
        const parsed = parseMultipart(body, req.headers['content-type'] ?? '');
        Object.assign(values, parsed.fields);
        files = parsed.files;
      } catch (e) {
        if (e instanceof MultipartError) throw badRequest(`can't parse multipart/form-data: ${e.message}`);
        throw e;
      }
    } else {
      // Telegram treats anything else as application/x-www-form-urlencoded.
      Object.assign(values, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
    }
  }
  for (const field of JSON_FIELDS) {
    const raw = values[field];
    if (typeof raw !== 'string') continue;
    try {
      values[field] = JSON.parse(raw);
    } catch {
      throw badRequest(field === 'reply_markup' ? "can't parse reply keyboard markup JSON object" : `can't parse ${field} JSON object`);
    }
  }
  return { values, files };
}

async function readBody(req: IncomingMessage, inFlight: InFlightBytes): Promise<Buffer> {
  const body = await readLimitedBody(req, inFlight, MAX_BODY_BYTES);
  if (body === 'too-large') throw new BotApiError(413, 'Request Entity Too Large');
  if (body === 'busy') throw new BotApiError(429, 'Too Many Requests: retry after 1');
  // The client went away mid-body: no one reads the answer.
  if (body === 'gone') throw new BotApiError(400, 'Bad Request: request body was cut');
  return body;
}

/** Why a body was not read whole: over `max`, over the bytes in flight, or the sender went away. */
export type BodyRefusal = 'too-large' | 'busy' | 'gone';

/**
 * Reads a request body of at most `max` bytes within `inFlight`: the declared Content-Length is
 * reserved before reading and read into one buffer of that size; a chunked body grows its
 * reservation as it arrives. On a refusal it stops reading WITHOUT destroying the request (a
 * broken `for await` would), so the caller can answer and drain the rest (limits.ts answerRefused).
 */
export function readLimitedBody(req: IncomingMessage, inFlight: InFlightBytes, max: number): Promise<Buffer | BodyRefusal> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const known = Number.isSafeInteger(declared) && declared >= 0;
  if (known && declared > max) return Promise.resolve('too-large');
  let reserved = 0;
  const grow = (n: number): boolean => {
    if (n <= reserved) return true;
    if (inFlight.bytes + (n - reserved) > inFlight.limit) return false;
    inFlight.reserve(n - reserved);
    reserved = n;
    return true;
  };
  if (!grow(known ? declared : 0)) return Promise.resolve('busy');
  return new Promise((resolve) => {
    const whole = known ? Buffer.allocUnsafe(declared) : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (v: Buffer | BodyRefusal) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      inFlight.release(reserved);
      reserved = 0;
      if (typeof v === 'string') req.pause();
      resolve(v);
    };
    const onData = (buf: Buffer) => {
      if (size + buf.length > (known ? declared : max)) return finish('too-large');
      if (!grow(size + buf.length)) return finish('busy');
      if (whole) buf.copy(whole, size);
      else chunks.push(buf);
      size += buf.length;
    };
    const onEnd = () => finish(whole ? whole.subarray(0, size) : Buffer.concat(chunks));
    const onClose = () => { if (!req.complete) finish('gone'); };
    req.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}

/** An integer parameter (numbers may arrive as strings); `missing` is the error when absent. */
export function intParam(p: BotParams, key: string, missing?: string): number | undefined {
  const raw = p.values[key];
  if (raw === undefined || raw === null || raw === '') {
    if (missing) throw badRequest(missing);
    return undefined;
  }
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isSafeInteger(n)) throw badRequest(`field "${key}" must be an integer`);
  return n;
}

/** A string parameter; `missing` is the error when absent or empty. */
export function stringParam(p: BotParams, key: string, missing?: string): string | undefined {
  const raw = p.values[key];
  if (raw === undefined || raw === null || raw === '') {
    if (missing) throw badRequest(missing);
    return undefined;
  }
  return String(raw);
}

/** A boolean parameter: JSON true/false or the strings "true"/"false"/"1"/"0". */
export function boolParam(p: BotParams, key: string): boolean {
  const raw = p.values[key];
  return raw === true || raw === 'true' || raw === '1' || raw === 1;
}
