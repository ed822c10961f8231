/**
 * Engine `flux`: FLUX.1 schnell on the owner's GPU, reached through the OpenAI-compatible
 * `POST {FLUX_URL}/v1/images/generations` with `response_format: "b64_json"` (what local inference
 * servers implement). The answer must decode to a real PNG, otherwise ENGINE_BAD_RESPONSE with the
 * reason — the caller writes nothing.
 */
import { EngineError } from '../../errors.js';
import { STAGE_ESTIMATES_MS, type ImageEngine, type ImageRequest } from './engines.js';
import { postJson, type Endpoint } from './http.js';
import { MSG } from './messages.js';
import { decodePng, isPng, type Raster } from './raster.js';

/** Model id sent to the server and recorded in the provenance. */
export const FLUX_MODEL = 'black-forest-labs/FLUX.1-schnell';
export const FLUX_ROUTE = '/v1/images/generations';

export interface FluxOptions {
  /** `FLUX_URL`, no trailing slash. */
  url: string;
  /** Whole-request timeout in ms (config.media.timeoutMs). */
  timeoutMs: number;
}

/** Parses an images/generations answer into a raster, or throws ENGINE_BAD_RESPONSE saying why. */
export function parseImageResponse(body: Buffer): Raster {
  const bad = (reason: string): EngineError => new EngineError('ENGINE_BAD_RESPONSE', MSG.badResponse('flux', reason), { engine: 'flux', reason });
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw bad('el cuerpo no es JSON');
  }
  const b64 = (json as { data?: Array<{ b64_json?: unknown }> })?.data?.[0]?.b64_json;
  if (typeof b64 !== 'string' || b64.length === 0) throw bad('falta data[0].b64_json');
  const bytes = Buffer.from(b64, 'base64');
  if (!isPng(bytes)) throw bad('data[0].b64_json no es un PNG');
  try {
    return decodePng(bytes);
  } catch (e) {
    throw bad(`PNG ilegible (${e instanceof Error ? e.message : String(e)})`);
  }
}

export function createFluxEngine(opts: FluxOptions): ImageEngine {
  const ep: Endpoint = { engine: 'flux', url: opts.url, envVar: 'FLUX_URL', fallback: 'maqueta:true', timeoutMs: opts.timeoutMs };
  return {
    name: 'flux',
    model: FLUX_MODEL,
    lane: 'gpu',
    estimateMs: STAGE_ESTIMATES_MS.coverImage,
    async generate(req: ImageRequest, signal: AbortSignal): Promise<Raster> {
      const body = await postJson(
        ep,
        FLUX_ROUTE,
        { model: FLUX_MODEL, prompt: req.prompt, n: 1, size: `${req.width}x${req.height}`, response_format: 'b64_json', seed: req.seed },
        signal,
      );
      return parseImageResponse(body);
    },
  };
}
