/**
 * The one HTTP call of the GPU engines, and the classification of what can go wrong into
 * EngineError codes the scheduler's `classify` understands (docs/design.md §6): not configured / unreachable →
 * ENGINE_UNAVAILABLE (not retryable, tell the model the CPU fallback); 429 → RATE_LIMITED with
 * `retryAfterS`; 500/502/503/504 → SERVER_ERROR; 529 → OVERLOADED; a 5xx whose body says the GPU ran
 * out of memory → GPU_OOM (not retryable); timeout → TIMEOUT; reset sockets → NETWORK.
 */
import { EngineError } from '../../errors.js';
import { cancelledFrom } from './engines.js';
import { MSG } from './messages.js';
import { ENGINE as M } from '../../strings/model.js';

export interface Endpoint {
  /** Engine name shown in messages: `flux`, `xtts`. */
  engine: string;
  /** Base URL without trailing slash, e.g. `http://gpu.local:8000`. */
  url: string;
  /** The setting the owner edits to fix it, e.g. `FLUX_URL`. */
  envVar: string;
  /** What the model should use instead, e.g. `maqueta:true`. */
  fallback: string;
  /** Whole-request limit (connect + body) in ms. */
  timeoutMs: number;
}

/** Matches the ways PyTorch/CUDA servers report GPU memory exhaustion. */
const OOM = /out of memory|outofmemory|\bOOM\b|CUBLAS_STATUS_ALLOC_FAILED/i;
/** Connection errors meaning "nothing is listening there" rather than a flaky network. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Seconds from a `retry-after` header (delta-seconds or HTTP date); undefined if absent/invalid. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : Math.max(0, Math.ceil((t - now) / 1000));
}

/** The EngineError for a non-2xx answer. `body` is the (possibly truncated) response text. */
export function errorFromStatus(ep: Endpoint, status: number, body: string, retryAfter: string | null): EngineError {
  const details = { status, engine: ep.engine, body: body.slice(0, 300) };
  if (status >= 500 && OOM.test(body)) return new EngineError('GPU_OOM', MSG.gpuOom(ep.engine), details);
  if (status === 429) {
    const retryAfterS = parseRetryAfter(retryAfter);
    return new EngineError('RATE_LIMITED', MSG.rateLimited(ep.engine, retryAfterS), { ...details, ...(retryAfterS !== undefined ? { retryAfterS } : {}) });
  }
  if (status === 529) return new EngineError('OVERLOADED', MSG.overloaded(ep.engine), details);
  if (status >= 500) return new EngineError('SERVER_ERROR', MSG.serverError(ep.engine, status), details);
  if (status === 401 || status === 403) return new EngineError('UNAUTHORIZED', MSG.unauthorized(ep.engine, status), details);
  if (status === 404 || status === 405) return new EngineError('ENGINE_UNAVAILABLE', MSG.notImplemented(ep.engine, ep.url, ep.fallback), details);
  return new EngineError('BAD_REQUEST', MSG.badRequest(ep.engine, status, body.slice(0, 200)), details);
}

/** A 2xx answer: its body bytes and its `content-type` (lower case, '' when absent). */
export interface EngineAnswer {
  body: Buffer;
  contentType: string;
}

/**
 * Largest answer body accepted from an engine server, in bytes (48 MiB): a 1024² PNG in base64 is
 * a few MB and a 150-word narration as 48 kHz float stereo WAV about 25 MB, so anything larger is a
 * misbehaving server — refused as ENGINE_BAD_RESPONSE before it fills the memory.
 */
export const MAX_ANSWER_BYTES = 48 * 1024 * 1024;

/**
 * POSTs `payload` as JSON to `ep.url + route` and returns the body of a 2xx answer.
 * Honours `signal` (→ CancelledError), `ep.timeoutMs` (→ TIMEOUT) and MAX_ANSWER_BYTES for the
 * whole exchange.
 */
export async function postJson(ep: Endpoint, route: string, payload: unknown, signal: AbortSignal): Promise<EngineAnswer> {
  return exchange(ep, `${ep.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: '*/*' }, body: JSON.stringify(payload) }, signal);
}

/**
 * GETs a file the server made (an image answered by `url`, e.g. LocalAI's `/generated-images/…`)
 * with the same timeout, abort, size cap and error classification as postJson.
 */
export async function getFile(ep: Endpoint, target: string, signal: AbortSignal): Promise<EngineAnswer> {
  return exchange(ep, target, { method: 'GET', headers: { accept: '*/*' } }, signal);
}

/**
 * POSTs `form` as multipart/form-data to `ep.url + route` (OpenAI-style `/v1/audio/transcriptions`)
 * with the same timeout, abort, size cap and error classification as postJson.
 */
export async function postForm(ep: Endpoint, route: string, form: FormData, signal: AbortSignal): Promise<EngineAnswer> {
  return exchange(ep, `${ep.url}${route}`, { method: 'POST', headers: { accept: 'application/json' }, body: form }, signal);
}

async function exchange(ep: Endpoint, target: string, init: RequestInit, signal: AbortSignal): Promise<EngineAnswer> {
  const timeout = AbortSignal.timeout(ep.timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    const res = await fetch(target, { ...init, signal: both });
    const body = await readCapped(ep, res);
    if (!res.ok) throw errorFromStatus(ep, res.status, body.toString('utf8', 0, 4096), res.headers.get('retry-after'));
    return { body, contentType: (res.headers.get('content-type') ?? '').toLowerCase() };
  } catch (e) {
    if (e instanceof EngineError) throw e;
    if (signal.aborted) throw cancelledFrom(signal);
    if (timeout.aborted) throw new EngineError('TIMEOUT', MSG.timeout(ep.engine, ep.timeoutMs), { engine: ep.engine, timeoutMs: ep.timeoutMs }, { cause: e });
    const code = networkCode(e);
    if (code && UNREACHABLE.has(code)) {
      throw new EngineError('ENGINE_UNAVAILABLE', MSG.unreachable(ep.engine, ep.url, ep.envVar, ep.fallback), { engine: ep.engine, cause: code }, { cause: e });
    }
    throw new EngineError('NETWORK', MSG.network(ep.engine, code ?? (e instanceof Error ? e.message : String(e))), { engine: ep.engine, cause: code }, { cause: e });
  }
}

/** The body, read chunk by chunk and given up (connection closed) past MAX_ANSWER_BYTES. */
async function readCapped(ep: Endpoint, res: Response): Promise<Buffer> {
  const tooBig = (): EngineError => {
    const reason = M.answerTooBig(Math.round(MAX_ANSWER_BYTES / (1024 * 1024)));
    return new EngineError('ENGINE_BAD_RESPONSE', MSG.badResponse(ep.engine, reason), { engine: ep.engine, reason, status: res.status });
  };
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  if (!res.body) return Buffer.alloc(0);
  const parts: Buffer[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    parts.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return Buffer.concat(parts, total);
}

function networkCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
