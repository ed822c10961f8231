/**
 * A local stand-in for an OpenAI-compatible transcription server (whisper.cpp's server,
 * faster-whisper-server, LocalAI) on 127.0.0.1, port 0: `POST /v1/audio/transcriptions` with a
 * multipart body (`file`, `model`, `language`, `response_format`). It cannot hear, so it answers
 * the text the test gives it — but only for a real WAV of speech: it parses the file it received
 * (RIFF, 16-bit PCM) and refuses (400) anything else, and its `verbose_json` answer reports the
 * duration it measured, so a test can tell the memo arrived whole. Every request is recorded.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TranscriptionAnswer = 'verbose_json' | 'json' | 'error500';

export interface ReceivedAudio {
  model: string;
  language: string;
  responseFormat: string;
  sampleRate: number;
  channels: number;
  seconds: number;
  /** Root mean square of the samples (0–32768): speech is well above 200. */
  rms: number;
}

export interface TranscriptionServer {
  url: string;
  requests: ReceivedAudio[];
  /** What the next answers say. */
  text: string;
  answer: TranscriptionAnswer;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

function measureWav(b: Buffer): Pick<ReceivedAudio, 'sampleRate' | 'channels' | 'seconds' | 'rms'> | undefined {
  if (b.length < 44 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') return undefined;
  let off = 12;
  let fmt: { channels: number; rate: number; bits: number } | undefined;
  while (off + 8 <= b.length) {
    const id = b.toString('latin1', off, off + 4);
    const size = Math.min(b.readUInt32LE(off + 4), b.length - off - 8);
    if (id === 'fmt ') fmt = { channels: b.readUInt16LE(off + 10), rate: b.readUInt32LE(off + 12), bits: b.readUInt16LE(off + 22) };
    if (id === 'data' && fmt && fmt.bits === 16) {
      const n = Math.floor(size / 2);
      let sq = 0;
      for (let i = 0; i < n; i++) sq += b.readInt16LE(off + 8 + i * 2) ** 2;
      return { sampleRate: fmt.rate, channels: fmt.channels, seconds: n / fmt.channels / fmt.rate, rms: n ? Math.sqrt(sq / n) : 0 };
    }
    off += 8 + size + (size % 2);
  }
  return undefined;
}

export async function startTranscriptionServer(text: string, answer: TranscriptionAnswer = 'verbose_json'): Promise<TranscriptionServer> {
  const state: TranscriptionServer = { url: '', requests: [], text, answer, close: async () => undefined };
  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return send(404, { error: { message: 'not found' } });
      const raw = await bodyOf(req);
      let form: FormData;
      try {
        form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(raw) }).formData();
      } catch {
        return send(400, { error: { message: 'expected multipart/form-data' } });
      }
      const file = form.get('file');
      if (!(file instanceof Blob)) return send(400, { error: { message: 'missing file' } });
      const audio = measureWav(Buffer.from(await file.arrayBuffer()));
      if (!audio) return send(400, { error: { message: 'file is not a 16-bit WAV' } });
      const got: ReceivedAudio = { model: String(form.get('model') ?? ''), language: String(form.get('language') ?? ''), responseFormat: String(form.get('response_format') ?? 'json'), ...audio };
      state.requests.push(got);
      if (state.answer === 'error500') return send(500, { error: { message: 'internal error' } });
      if (state.answer === 'json') return send(200, { text: state.text });
      const words = state.text.split(/(?<=\.)\s+/);
      const step = audio.seconds / Math.max(1, words.length);
      send(200, {
        task: 'transcribe',
        language: 'spanish',
        duration: audio.seconds,
        text: ` ${state.text}`,
        segments: words.map((w, i) => ({ id: i, start: i * step, end: (i + 1) * step, text: ` ${w}` })),
      });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return state;
}
