/**
 * The project's few error classes. Each carries the context its handler needs; `classify` in
 * scheduler/retry.ts is the one place that decides retry / fail / tell-the-model from `code`.
 */

/** Stable machine-readable codes. Spanish-facing text is rendered elsewhere from these. */
export type ErrorCode =
  | 'VALIDATION'            // arguments do not match the tool schema
  | 'UNKNOWN_TOOL'
  | 'DENIED'                // permission policy says no
  | 'ENGINE_UNAVAILABLE'    // GPU server not configured or unreachable (not retryable)
  | 'ENGINE_BAD_RESPONSE'   // server answered something that is not a PNG/WAV
  | 'GPU_OOM'               // out of GPU memory (not retryable while the other model holds it)
  | 'CONSENT_MISSING'
  | 'CONSENT_EXPIRED'
  | 'RATE_LIMITED'          // 429
  | 'SERVER_ERROR'          // 500 / 5xx
  | 'OVERLOADED'            // 529
  | 'NETWORK'               // connection refused/reset, DNS, socket hang up
  | 'TIMEOUT'
  | 'BAD_REQUEST'           // 400
  | 'UNAUTHORIZED'          // 401 / 403
  | 'CORRUPT_STATE'         // a data/checkpoint file that cannot be parsed
  | 'UNSUPPORTED_VERSION'
  | 'NOT_FOUND'
  | 'BUSY'                  // a state file's inter-process lock stayed taken too long
  | 'QUEUE_UNAVAILABLE'     // the shared job queue (Redis of the GPU lanes) does not answer
  | 'CONFIG'
  | 'CYCLE'
  | 'BAD_GRAPH'
  | 'CANCELLED'
  | 'INTERNAL';

export interface ErrorDetails {
  /** Which field/file/tool the error is about, when there is one. */
  field?: string;
  /** Seconds the server asked us to wait (HTTP `retry-after`). */
  retryAfterS?: number;
  /** HTTP status when the error came from a server. */
  status?: number;
  [key: string]: unknown;
}

/** Base error: `name` follows the subclass, `code` drives handling, `details` carries context. */
export class CuadernoError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }
}

/** A configuration value is missing or malformed; the message says how to fix it. */
export class ConfigError extends CuadernoError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('CONFIG', message, details);
  }
}

/** A state file (data, checkpoint, journal) cannot be trusted; never replaced silently. */
export class StateFileError extends CuadernoError {
  constructor(code: 'CORRUPT_STATE' | 'UNSUPPORTED_VERSION' | 'NOT_FOUND' | 'BUSY', readonly file: string, message: string) {
    super(code, message, { field: file });
  }
}

/** A media engine or remote service failed; `code` says whether a retry can help. */
export class EngineError extends CuadernoError {}

/** Operation aborted through an AbortSignal. */
export class CancelledError extends CuadernoError {
  constructor(message = 'cancelado') {
    super('CANCELLED', message);
  }
}

export function isCuadernoError(e: unknown): e is CuadernoError {
  return e instanceof CuadernoError;
}

/** The shared job queue of the lanes (Redis) does not answer; runs wait for it, nothing is lost. */
export class QueueUnavailableError extends CuadernoError {
  constructor(message: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super('QUEUE_UNAVAILABLE', message, details, options);
  }
}
