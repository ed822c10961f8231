/**
 * What travels through Redis between the bot and a worker: the result with its files in base64
 * (size-capped: no shared filesystem is assumed), and a failure with its error code, so the bot's
 * one `classify` decides retries exactly as for an in-process stage.
 */
import { CuadernoError, EngineError, type ErrorCode } from '../errors.js';
import { MAX_RESULT_BYTES, type Json, type StageResult, type WireResult } from './types.js';
import { WORKER } from '../strings/console.js';

/** Encodes a stage result for Redis; throws BAD_REQUEST if its files exceed `maxBytes`. */
export function encodeResult(result: StageResult, maxBytes = MAX_RESULT_BYTES): WireResult {
  const total = result.files.reduce((s, f) => s + f.data.length, 0);
  if (total > maxBytes) {
    throw new CuadernoError('BAD_REQUEST', WORKER.filesTooBig(total, maxBytes), { field: 'files', bytes: total });
  }
  return { output: result.output, files: result.files.map((f) => ({ name: f.name, base64: f.data.toString('base64') })) };
}

/** Decodes a job's return value; throws ENGINE_BAD_RESPONSE if it is not a WireResult. */
export function decodeResult(value: unknown, maxBytes = MAX_RESULT_BYTES): StageResult {
  const v = value as Partial<WireResult> | null;
  if (!v || typeof v !== 'object' || !Array.isArray(v.files) || !('output' in v)) {
    throw new EngineError('ENGINE_BAD_RESPONSE', 'A lane job finished without a stage result', { field: 'returnvalue' });
  }
  let total = 0;
  const files = v.files.map((f) => {
    if (typeof f?.name !== 'string' || typeof f.base64 !== 'string' || f.name.includes('/') || f.name.includes('\\')) {
      throw new EngineError('ENGINE_BAD_RESPONSE', 'A lane job returned a file without a plain name or base64 data', { field: 'files' });
    }
    const data = Buffer.from(f.base64, 'base64');
    total += data.length;
    return { name: f.name, data };
  });
  if (total > maxBytes) throw new EngineError('ENGINE_BAD_RESPONSE', WORKER.resultTooBig(total, maxBytes), { field: 'files' });
  return { output: v.output as Json, files };
}

const MARK = 'cuaderno-error:';

/** The `failedReason` a worker stores for `error`: its code, message and details as JSON. */
export function encodeFailure(error: unknown): string {
  const e = error instanceof CuadernoError ? error : undefined;
  return MARK + JSON.stringify({
    code: e?.code ?? 'INTERNAL',
    message: error instanceof Error ? error.message : String(error),
    details: e?.details ?? {},
  });
}

/** The typed error of a failed job (its code survives the trip), from BullMQ's `failedReason`. */
export function decodeFailure(failedReason: string | undefined): CuadernoError {
  const text = failedReason ?? '';
  if (text.startsWith(MARK)) {
    try {
      const { code, message, details } = JSON.parse(text.slice(MARK.length)) as { code: ErrorCode; message: string; details: Record<string, unknown> };
      return new EngineError(code, message, details);
    } catch {
      // fall through: an unmarked reason
    }
  }
  // BullMQ's own failures (a job stalled too often, a lost lock) say so in plain text.
  return new EngineError('NETWORK', text || WORKER.noReason, { field: 'failedReason' });
}
