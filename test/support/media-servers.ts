/**
 * Local stand-ins for the two GPU servers, speaking the real protocols on 127.0.0.1 (port 0):
 * - images: OpenAI-compatible `POST /v1/images/generations` → `{ created, data: [{ b64_json }] }`
 * - speech: OpenAI-compatible `POST /v1/audio/speech` → WAV bytes
 * Each answer follows a behaviour ('ok', 'error500', 'rate429', …); pass an array to script
 * successive requests (the last one repeats). Every request is recorded. Built from pngjs and raw
 * PCM only — independent of the code under test — so other tests (scheduler, bot) can use them too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

export type ServerBehaviour =
  | 'ok'
  | 'error500'
  | 'error502'
  | 'rate429'
  | 'overloaded529'
  | 'oom'
  | 'bad-request400'
  | 'hang'
  | 'malformed'
  | 'wrong-content'
  | 'blank'
  | 'silence';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface MediaServer {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:41234` (what FLUX_URL/XTTS_URL hold). */
  url: string;
  requests: RecordedRequest[];
  /** Resolves with the next request the server receives (an event to act on, instead of a delay). */
  nextRequest(): Promise<RecordedRequest>;
  /** Replaces the script of behaviours for the next requests. */
  setBehaviour(b: ServerBehaviour | ServerBehaviour[]): void;
  close(): Promise<void>;
}

/** Seconds sent in `retry-after` by the 'rate429' behaviour. */
export const RETRY_AFTER_S = 7;

/** A varied RGBA test image (diagonal bands), or a uniform one for 'blank'. */
export function testPng(width: number, height: number, blank = false): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const band = Math.floor((x + y) / 32) % 4;
      png.data[i] = blank ? 240 : 40 + band * 50;
      png.data[i + 1] = blank ? 240 : 90 + ((x * 3) % 120);
      png.data[i + 2] = blank ? 240 : 160 - band * 30;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A 16-bit mono WAV of `seconds` of a speech-like signal (modulated tones), or silence. */
export function testWav(seconds: number, sampleRate = 24_000, silent = false): Buffer {
  const n = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 3 * t);
    const v = silent ? 0 : envelope * (0.3 * Math.sin(2 * Math.PI * 180 * t) + 0.15 * Math.sin(2 * Math.PI * 720 * t));
    data.writeInt16LE(Math.round(v * 32767), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(sampleRate, 24);
  head.writeUInt32LE(sampleRate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

let QUICK_WAV: Buffer | undefined;

/**
 * A speech server (XTTS's protocol) that answers every `POST /v1/audio/speech` at once with the same
 * 3.2 s of WAV (the shortest a narration may be is 3 s); 404 for anything else. With a voice consent
 * in the data folder, «con mi voz» narrations cost next to nothing: for tests whose subject is not
 * the narration.
 */
export async function startQuickSpeechServer(): Promise<Server> {
  const wav = (QUICK_WAV ??= testWav(3.2, 16_000));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/audio/speech') res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

/** A request's whole body: its JSON when it parses, else its text (the stand-ins record both). */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type OkHandler = (body: Record<string, unknown>, b: ServerBehaviour, res: ServerResponse) => void;

function errorAnswer(b: ServerBehaviour, res: ServerResponse): boolean {
  const json = (status: number, message: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { message } }));
  };
  switch (b) {
    case 'error500': json(500, 'internal server error'); return true;
    case 'error502': json(502, 'bad gateway'); return true;
    case 'rate429': json(429, 'too many requests', { 'retry-after': String(RETRY_AFTER_S) }); return true;
    case 'overloaded529': json(529, 'overloaded'); return true;
    case 'oom': json(500, 'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity)'); return true;
    case 'bad-request400': json(400, 'invalid request: prompt too long'); return true;
    case 'hang': return true; // never answers: the client's timeout must fire
    case 'malformed':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": [ {"b64_json": "iVBORw0KGgo');
      return true;
    default: return false;
  }
}

async function start(route: string, initial: ServerBehaviour | ServerBehaviour[], ok: OkHandler): Promise<MediaServer> {
  let script = Array.isArray(initial) ? [...initial] : [initial];
  const requests: RecordedRequest[] = [];
  const waiting: Array<(r: RecordedRequest) => void> = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const recorded = { method: req.method ?? '', path: req.url ?? '', body };
      requests.push(recorded);
      for (const w of waiting.splice(0)) w(recorded);
      const b = (script.length > 1 ? script.shift() : script[0]) ?? 'ok';
      if (req.method !== 'POST' || req.url !== route) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      if (errorAnswer(b, res)) return;
      ok((body ?? {}) as Record<string, unknown>, b, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    setBehaviour(b) {
      script = Array.isArray(b) ? [...b] : [b];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Image server (FLUX stand-in). 'ok' answers a PNG of the requested `size`; 'wrong-content' a JPEG-ish blob. */
export function startImageServer(behaviour: ServerBehaviour | ServerBehaviour[] = 'ok'): Promise<MediaServer> {
  return start('/v1/images/generations', behaviour, (body, b, res) => {
    const [w, h] = String(body.size ?? '1024x1024').split('x').map(Number);
    const bytes = b === 'wrong-content' ? Buffer.from('\xff\xd8\xff\xe0 not a png', 'latin1') : testPng(w || 1024, h || 1024, b === 'blank');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [{ b64_json: bytes.toString('base64') }] }));
  });
}

/** Speech server (XTTS stand-in). 'ok' answers ~0.35 s of WAV per input word; 'wrong-content' an MP3-ish blob. */
export function startSpeechServer(behaviour: ServerBehaviour | ServerBehaviour[] = 'ok'): Promise<MediaServer> {
  return start('/v1/audio/speech', behaviour, (body, b, res) => {
    const words = String(body.input ?? '').split(/\s+/).filter(Boolean).length;
    if (b === 'wrong-content') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(Buffer.from('ID3\x03\x00 not a wav', 'latin1'));
      return;
    }
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.end(testWav(Math.max(1, words * 0.35), 24_000, b === 'silence'));
  });
}
