/**
 * A stand-in GPU engine server for the class benchmark: the OpenAI-compatible image and speech routes
 * the real servers speak (`POST /v1/images/generations` → `b64_json` PNG, `POST /v1/audio/speech` →
 * WAV), each answered after a fixed latency, as a card that takes that long per job would. The audio
 * is short and fixed (CPU encoding must not dominate on two cores). Every request's start and end is
 * recorded, with the prompt or voice that tells whose it is, so the benchmark computes the GPU work
 * that was done, and when each student's jobs started, from what the server did.
 * The pixels and samples come from the test stand-ins (independent of the code under test).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROBE_PROMPT, PROBE_WORD } from '../../src/domain/media/probe.js';
import { readBody, testPng, testWav } from '../../test/support/media-servers.js';

export interface EngineCall {
  kind: 'imagen' | 'voz';
  /**
   * The bot's start-up probe (its fixed prompt, its one word): not the class's work. Told by what it
   * asks, never by its size: a cover can be 256² as well (`PORTADA_PX`).
   */
  probe: boolean;
  start: number;
  end?: number;
  /** What the request said that tells whose it is: the image's prompt, the speech's voice. */
  prompt?: string;
  voice?: string;
}

export interface GpuEngine {
  url: string;
  /** The class's requests, probes left out. */
  calls: EngineCall[];
  /** Called when a request has been answered (the benchmark's triggers act on these). */
  onAnswered(listener: (call: EngineCall) => void): void;
  close(): Promise<void>;
}

/** Whether a request is the bot's start-up probe (src/domain/media/probe.ts): its prompt, or its word. */
export function isProbe(kind: EngineCall['kind'], body: Record<string, unknown>): boolean {
  return kind === 'imagen' ? body.prompt === PROBE_PROMPT : String(body.input ?? '').trim() === PROBE_WORD;
}

export async function startGpuEngine(latency: { imageMs: number; speechMs: number; audioS: number }): Promise<GpuEngine> {
  const calls: EngineCall[] = [];
  const listeners: Array<(c: EngineCall) => void> = [];
  const wav = testWav(latency.audioS);
  // One PNG per size, made once: a card's cost is its latency, not this process's CPU. Drawn and
  // deflated per request (pngjs, ≈ 0.2–0.4 s of a 1024² cover), 300 covers were a minute of the
  // two cores the bot and the workers share, counted as GPU work (inside the request's start–end).
  const pngs = new Map<string, string>();
  const pngOf = (w: number, h: number): string => {
    const key = `${w}x${h}`;
    if (!pngs.has(key)) pngs.set(key, testPng(w, h).toString('base64'));
    return pngs.get(key)!;
  };
  const server = createServer((req, res) => {
    void (async () => {
      const read = await readBody(req);
      const b = (typeof read === 'object' && read !== null ? read : {}) as Record<string, unknown>;
      const kind = req.url === '/v1/images/generations' ? 'imagen' : req.url === '/v1/audio/speech' ? 'voz' : undefined;
      if (req.method !== 'POST' || !kind) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const probe = isProbe(kind, b);
      const call: EngineCall = { kind, probe, start: performance.now(), ...(typeof b.prompt === 'string' ? { prompt: b.prompt } : {}), ...(typeof b.voice === 'string' ? { voice: b.voice } : {}) };
      if (!probe) calls.push(call);
      await new Promise((r) => setTimeout(r, kind === 'imagen' ? latency.imageMs : latency.speechMs));
      if (res.destroyed) return; // the worker that asked is gone (killed mid-job)
      if (kind === 'imagen') {
        const [w, h] = String(b.size ?? '1024x1024').split('x').map(Number);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [{ b64_json: pngOf(w || 1024, h || 1024) }] }));
      } else {
        res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
      }
      call.end = performance.now();
      for (const l of listeners) l(call);
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    onAnswered: (l) => listeners.push(l),
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
