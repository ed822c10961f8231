/**
 * Local stand-ins for the self-hosted servers the GPU engines meet, each speaking its own variant of
 * the OpenAI-compatible routes on 127.0.0.1 (real node:http servers, real image and audio bytes made
 * here with pngjs, jpeg-js, libwebp and raw PCM — not with the code under test's helpers):
 *
 * images, `POST /v1/images/generations`:
 * - `b64`          plain base64 in `data[0].b64_json` (vLLM-Omni, stable-diffusion.cpp);
 * - `data-url`     `data:image/png;base64,…` in `data[0].b64_json` (mistral.rs);
 * - `url`          `data[0].url` = `<base>/generated-images/<name>` to GET (LocalAI's default);
 * - `url-relative` the same, as a path without the host;
 *
 * speech, `POST /v1/audio/speech`, answering in the `response_format` asked when it speaks it,
 * `422` (pydantic-style) when it does not; optionally a voice library (unknown voice → 400), a
 * required reference audio, or a server that ignores the format and always sends `mp3`/`opus`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import jpeg from 'jpeg-js';
import encodeWebpWasm, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import { PNG } from 'pngjs';
import { afterEach } from 'vitest';
import { readBody, testWav } from '../support/media-servers.js';

/** testWav writes the canonical 44-byte header; what follows is the raw 16-bit mono PCM. */
export const WAV_HEADER_BYTES = 44;
export { testWav };

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

export interface StandIn {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** RGBA pixels of a varied picture (bands and gradients), `w`×`h`. */
export function picture(w: number, h: number): Buffer {
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const band = Math.floor((x + y) / Math.max(8, w / 32)) % 4;
      data[i] = 40 + band * 50;
      data[i + 1] = Math.round((x / w) * 200) + 20;
      data[i + 2] = Math.round((y / h) * 180) + 40;
      data[i + 3] = 255;
    }
  }
  return data;
}

export function pngOf(w: number, h: number, rgba: Buffer): Buffer {
  const png = new PNG({ width: w, height: h });
  rgba.copy(png.data);
  return PNG.sync.write(png);
}

export function jpegOf(w: number, h: number, rgba: Buffer): Buffer {
  return jpeg.encode({ width: w, height: h, data: rgba }, 95).data;
}

let webpEncoder: Promise<void> | undefined;
/** Lossless WebP bytes made by libwebp's encoder (its WebAssembly build, loaded from the package). */
export async function webpOf(w: number, h: number, rgba: Buffer): Promise<Buffer> {
  webpEncoder ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await WebAssembly.compile(readFileSync(require.resolve('@jsquash/webp/codec/enc/webp_enc.wasm')));
    await (initWebpEncoder as unknown as (m: WebAssembly.Module) => Promise<void>)(wasm);
  })();
  await webpEncoder;
  const out = await encodeWebpWasm({ width: w, height: h, data: new Uint8ClampedArray(rgba), colorSpace: 'srgb' } as ImageData, { lossless: 1 });
  return Buffer.from(out);
}

async function listen(handler: (req: IncomingMessage, body: unknown, res: ServerResponse, base: string) => void | Promise<void>): Promise<StandIn> {
  const requests: Recorded[] = [];
  let base = '';
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      requests.push({ method: req.method ?? '', path: req.url ?? '', body });
      await handler(req, body, res, base);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Registers an afterEach that closes every stand-in started through the returned function, so a
 * failing test never leaves a server listening.
 */
export function closedAfterEach(): (s: Promise<StandIn>) => Promise<StandIn> {
  const open: StandIn[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  return async (s) => {
    const started = await s;
    open.push(started);
    return started;
  };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

export type ImageVariant = 'b64' | 'data-url' | 'url' | 'url-relative';

export interface ImageStandInOptions {
  variant: ImageVariant;
  /** The bytes it answers, whatever was asked (so a test knows exactly what came over the wire). */
  image: Buffer;
  /** What GET of the generated file does: serve it (default), 404, never answer, or stream `bytes` bytes. */
  file?: 'ok' | 'missing' | 'hang' | { bytes: number };
  /** The models it serves (vLLM-style): another `model` gets a 404 saying it does not exist. Absent = any. */
  models?: string[];
  /** The smallest side it generates (a model's minimum): a smaller `size` gets a 400. */
  minSide?: number;
  /** The first `times` generation requests get `status` (503: a model still loading; 404: not installed yet). */
  failFirst?: { times: number; status: number };
}

/** An images/generations server of one variant. */
export function startImageStandIn(opts: ImageStandInOptions): Promise<StandIn> {
  let failing = opts.failFirst?.times ?? 0;
  return listen((req, body, res, base) => {
    if (req.method === 'GET' && req.url?.startsWith('/generated-images/')) {
      const file = opts.file ?? 'ok';
      if (file === 'hang') return;
      if (file === 'missing') return json(res, 404, { error: { message: 'file not found' } });
      if (typeof file === 'object') {
        res.writeHead(200, { 'content-type': 'image/png' }); // chunked: no content-length
        const chunk = Buffer.alloc(1024 * 1024, 7);
        let sent = 0;
        const pump = (): void => {
          while (sent < file.bytes) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(opts.image.length) });
      return void res.end(opts.image);
    }
    if (req.method !== 'POST' || req.url !== '/v1/images/generations') return json(res, 404, { detail: 'Not Found' });
    if (failing > 0) {
      failing--;
      return json(res, opts.failFirst!.status, { error: { message: 'model is not loaded yet' } });
    }
    const model = String((body as { model?: unknown }).model);
    if (opts.models && !opts.models.includes(model)) {
      return json(res, 404, { object: 'error', message: `The model \`${model}\` does not exist.`, type: 'NotFoundError', param: null, code: 404 });
    }
    const side = Number(String((body as { size?: unknown }).size ?? '').split('x')[0]);
    if (opts.minSide && !(side >= opts.minSide)) return json(res, 400, { error: { message: `size must be at least ${opts.minSide}x${opts.minSide}` } });
    if (typeof (body as { prompt?: unknown }).prompt !== 'string') return json(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'field required' }] });
    const b64 = opts.image.toString('base64');
    const name = 'b64-4242.png';
    const item =
      opts.variant === 'b64' ? { b64_json: b64 }
        : opts.variant === 'data-url' ? { b64_json: `data:image/png;base64,${b64}` }
          : opts.variant === 'url' ? { url: `${base}/generated-images/${name}` }
            : { url: `/generated-images/${name}` };
    json(res, 200, { created: 1_700_000_000, data: [item] });
  });
}

export interface SpeechStandInOptions {
  /** The formats it speaks; any other `response_format` gets a 422. */
  formats: Array<'wav' | 'pcm'>;
  /** Its output rate in Hz. */
  rate: number;
  /** Whether a pcm answer names its rate in the content-type (`audio/pcm;rate=N`). */
  pcmNamesRate?: boolean;
  /** The voice library: a `voice` not in it gets a 400. Absent = any voice. */
  voices?: string[];
  /** Clones only from reference audio: a request without `ref_audio` gets a 400. */
  needsReference?: boolean;
  /** Ignores `response_format` and always answers this compressed format. */
  always?: 'mp3' | 'opus';
}

/** Seconds of audio per word of `input`. */
export const SECONDS_PER_WORD = 0.35;

/** An audio/speech server of one variant. */
export function startSpeechStandIn(opts: SpeechStandInOptions): Promise<StandIn> {
  return listen((req, raw, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/speech') return json(res, 404, { detail: 'Not Found' });
    const body = raw as { input?: unknown; voice?: unknown; response_format?: unknown; ref_audio?: unknown };
    if (opts.always === 'mp3') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      return void res.end(Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]));
    }
    if (opts.always === 'opus') {
      res.writeHead(200, { 'content-type': 'audio/ogg' });
      return void res.end(Buffer.concat([Buffer.from('OggS\x00\x02', 'latin1'), Buffer.alloc(300), Buffer.from('OpusHead', 'latin1')]));
    }
    const format = body.response_format ?? 'mp3'; // OpenAI's default
    if (format !== 'wav' && format !== 'pcm' || !opts.formats.includes(format)) {
      return json(res, 422, { detail: [{ loc: ['body', 'response_format'], msg: `unsupported format ${String(format)}`, type: 'value_error' }] });
    }
    if (opts.voices && !opts.voices.includes(String(body.voice))) return json(res, 400, { error: { message: `voice '${String(body.voice)}' not found in voices/` } });
    if (opts.needsReference && typeof body.ref_audio !== 'string') return json(res, 400, { error: { message: 'Base task requires ref_audio' } });
    const words = String(body.input ?? '').split(/\s+/).filter(Boolean).length;
    const wav = testWav(Math.max(0.4, words * SECONDS_PER_WORD), opts.rate);
    if (format === 'wav') {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return void res.end(wav);
    }
    res.writeHead(200, { 'content-type': opts.pcmNamesRate ? `audio/pcm;rate=${opts.rate}` : 'application/octet-stream' });
    res.end(wav.subarray(WAV_HEADER_BYTES)); // the same samples, raw
  });
}
