// Contract tests of the GPU engines against each variant of the self-hosted servers they meet
// (engine-standins.ts): every answer shape is accepted and lands in the delivered file, every way a
// server can get it wrong is a typed error the retry policy classifies, and nothing is written then.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/scheduler/retry.js';
import { MAX_ANSWER_BYTES } from '../../src/domain/media/http.js';
import { context, filesUnder, rejection, tempDir, tools } from './helpers.js';
import {
  type StandIn, closedAfterEach, jpegOf, picture, pngOf, SECONDS_PER_WORD, startImageStandIn, startSpeechStandIn, testWav, webpOf,
} from './engine-standins.js';

/** The cover's side here: the configured one (`PORTADA_PX`), small — the answer's shape is the subject, not the size (test/media/cover.test.ts keeps the default 1024²). */
const SIZE = 256;
const serve = closedAfterEach();

/** Mean absolute difference per channel between the top half of the cover and `rgba` (same size). */
function topHalfDiff(cover: Buffer, rgba: Buffer): { mean: number; max: number } {
  const png = PNG.sync.read(cover);
  expect([png.width, png.height]).toEqual([SIZE, SIZE]);
  let sum = 0;
  let max = 0;
  const end = (SIZE / 2) * SIZE * 4;
  for (let i = 0; i < end; i++) {
    if (i % 4 === 3) continue;
    const d = Math.abs(png.data[i]! - rgba[i]!);
    sum += d;
    if (d > max) max = d;
  }
  return { mean: sum / ((end / 4) * 3), max };
}

async function cover(url: string) {
  const { dir } = await tempDir();
  const out = await (await tools(dir, { fluxUrl: url, coverPx: SIZE })).generar_portada.execute({ semana: 2, maqueta: false }, context());
  return { dir, out, file: await readFile((out.data as { ruta: string }).ruta) };
}

describe('images/generations — each server variant', () => {
  const rgba = picture(SIZE, SIZE);
  const png = pngOf(SIZE, SIZE, rgba);

  it('plain base64 in b64_json (vLLM-Omni, stable-diffusion.cpp): the served pixels are the cover', async () => {
    const s = await serve(startImageStandIn({ variant: 'b64', image: png }));
    const { file } = await cover(s.url);
    expect(s.requests[0]!.body).toMatchObject({ response_format: 'b64_json', size: `${SIZE}x${SIZE}` });
    expect(topHalfDiff(file, rgba).max).toBe(0);
  });

  it('a data: URL in b64_json (mistral.rs)', async () => {
    const s = await serve(startImageStandIn({ variant: 'data-url', image: png }));
    expect(topHalfDiff((await cover(s.url)).file, rgba).max).toBe(0);
  });

  it('a url to GET (LocalAI): the file is fetched from the server and becomes the cover', async () => {
    const s = await serve(startImageStandIn({ variant: 'url', image: png }));
    expect(topHalfDiff((await cover(s.url)).file, rgba).max).toBe(0);
    expect(s.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/images/generations', 'GET /generated-images/b64-4242.png']);
  });

  it('a relative url is taken relative to the server address', async () => {
    const s = await serve(startImageStandIn({ variant: 'url-relative', image: png }));
    expect(topHalfDiff((await cover(s.url)).file, rgba).max).toBe(0);
    expect(s.requests[1]).toMatchObject({ method: 'GET', path: '/generated-images/b64-4242.png' });
  });

  it('JPEG bytes are sniffed and decoded (the cover is still a PNG)', async () => {
    const s = await serve(startImageStandIn({ variant: 'b64', image: jpegOf(SIZE, SIZE, rgba) }));
    const { file } = await cover(s.url);
    expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(topHalfDiff(file, rgba).mean).toBeLessThan(3); // lossy at quality 95
  });

  it('WebP bytes are sniffed and decoded (lossless: exact pixels)', async () => {
    const s = await serve(startImageStandIn({ variant: 'url', image: await webpOf(SIZE, SIZE, rgba) }));
    expect(topHalfDiff((await cover(s.url)).file, rgba).max).toBe(0);
  });

  it('an image of another size is fitted to the cover (half the side → the side) instead of refused', async () => {
    const half = SIZE / 2;
    const small = picture(half, half);
    const s = await serve(startImageStandIn({ variant: 'b64', image: pngOf(half, half, small) }));
    const { file } = await cover(s.url);
    const got = PNG.sync.read(file);
    expect([got.width, got.height]).toEqual([SIZE, SIZE]);
    // Cover pixel (2x+1, 2y+1) lies between source pixels x and x+1: within their range.
    for (const [x, y] of [[10, 10], [60, 37], [110, 50]] as const) {
      for (let c = 0; c < 3; c++) {
        const a = small[(y * half + x) * 4 + c]!;
        const b = small[(y * half + x + 1) * 4 + c]!;
        const v = got.data[((2 * y + 1) * SIZE + 2 * x + 1) * 4 + c]!;
        expect(v).toBeGreaterThanOrEqual(Math.min(a, b) - 1);
        expect(v).toBeLessThanOrEqual(Math.max(a, b) + 1);
      }
    }
  });
});

describe('images/generations — what a server can get wrong', () => {
  const png = pngOf(64, 64, picture(64, 64));

  async function failure(s: StandIn, timeoutMs = 5_000, signal?: AbortSignal) {
    const { dir } = await tempDir();
    const err = await rejection((await tools(dir, { fluxUrl: s.url, timeoutMs })).generar_portada.execute({ semana: 1, maqueta: false }, context(signal ? { signal } : {})));
    expect(await filesUnder(dir)).toEqual([]);
    return err;
  }

  it('a url whose file is not there: ENGINE_BAD_RESPONSE, not retried', async () => {
    const err = await failure(await serve(startImageStandIn({ variant: 'url', image: png, file: 'missing' })));
    expect(err.code).toBe('ENGINE_BAD_RESPONSE');
    expect(err.message).toMatch(/data\[0\]\.url no está en el servidor \(HTTP 404\)/);
    expect(classify(err)).toBe('fail');
  });

  it('a url whose file never comes: TIMEOUT (retried), within the request timeout', async () => {
    const err = await failure(await serve(startImageStandIn({ variant: 'url', image: png, file: 'hang' })), 400);
    expect(err.code).toBe('TIMEOUT');
    expect(classify(err)).toBe('retry');
  });

  it('cancelling while the file is fetched: CANCELLED', async () => {
    const s = await serve(startImageStandIn({ variant: 'url', image: png, file: 'hang' }));
    const ac = new AbortController();
    const pending = failure(s, 30_000, ac.signal);
    // Abort once the GET of the file has arrived (the event meant, not a delay).
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (s.requests.some((r) => r.method === 'GET')) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    ac.abort();
    expect((await pending).code).toBe('CANCELLED');
  });

  it('a file larger than the cap is cut off: ENGINE_BAD_RESPONSE', async () => {
    // The subject is the size cap, not time: a request timeout far above what 50 MB over loopback takes
    // on a loaded machine (it timed out at 5 s under a load of 20 on 2 cores).
    const err = await failure(await serve(startImageStandIn({ variant: 'url', image: png, file: { bytes: MAX_ANSWER_BYTES + 2 * 1024 * 1024 } })), 120_000);
    expect(err.code).toBe('ENGINE_BAD_RESPONSE');
    expect(err.message).toMatch(/más de 48 MB/);
  });

  it('bytes that are no PNG, JPEG or WebP (a GIF): ENGINE_BAD_RESPONSE naming it', async () => {
    const err = await failure(await serve(startImageStandIn({ variant: 'b64', image: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') })));
    expect(err.code).toBe('ENGINE_BAD_RESPONSE');
    expect(err.message).toMatch(/no es PNG, JPEG ni WebP/);
  });

  it('a corrupt WebP: ENGINE_BAD_RESPONSE', async () => {
    const webp = await webpOf(64, 64, picture(64, 64));
    const broken = Buffer.concat([webp.subarray(0, 30), Buffer.alloc(webp.length - 30, 0x55)]);
    const err = await failure(await serve(startImageStandIn({ variant: 'b64', image: broken })));
    expect(err.code).toBe('ENGINE_BAD_RESPONSE');
    expect(err.message).toMatch(/WEBP ilegible/);
  });
});

// ── speech ───────────────────────────────────────────────────────────────────────────────────

const CONSENT = { titular: 'Ana Pérez', alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2026-12-31', voz: 'ana' };

/** Reads a 44-byte-header WAV as we write it: rate and duration. */
function wavFacts(buf: Buffer) {
  let off = 12;
  let rate = 0;
  let dataBytes = 0;
  while (off + 8 <= buf.length) {
    const id = buf.toString('latin1', off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    if (id === 'fmt ') rate = buf.readUInt32LE(off + 12);
    if (id === 'data') dataBytes = size;
    off += 8 + size + (size % 2);
  }
  return { rate, durationS: dataBytes / 2 / rate };
}

async function narrate(s: StandIn, opts: { consent?: Record<string, unknown>; media?: { pcmSampleRate?: number }; files?: Record<string, Buffer> } = {}) {
  const { dir } = await tempDir();
  for (const [name, bytes] of Object.entries(opts.files ?? {})) await writeFile(path.join(dir, name), bytes);
  await writeFile(path.join(dir, 'consentimiento.json'), JSON.stringify(opts.consent ?? CONSENT));
  const t = (await tools(dir, { xttsUrl: s.url, ...opts.media })).narrar_resumen;
  return { dir, t };
}

describe('audio/speech — each server variant', () => {
  it('WAV with a voice from the server library (openedai-speech, AllTalk)', async () => {
    const s = await serve(startSpeechStandIn({ formats: ['wav', 'pcm'], rate: 24_000, voices: ['alloy', 'ana'] }));
    const { t } = await narrate(s);
    const out = await t.execute({ semana: 3, motor: 'xtts' }, context());
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.body).toMatchObject({ voice: 'ana', response_format: 'wav' });
    const wav = wavFacts(await readFile((out.data as { ruta: string }).ruta));
    expect(wav.rate).toBe(24_000);
    const words = String((s.requests[0]!.body as { input: string }).input).split(/\s+/).length;
    expect(wav.durationS).toBeCloseTo(words * SECONDS_PER_WORD, 1);
  });

  it('a server that refuses wav (422) is asked pcm, at the rate its content-type names; then pcm straight away', async () => {
    const s = await serve(startSpeechStandIn({ formats: ['pcm'], rate: 22_050, pcmNamesRate: true }));
    const { t } = await narrate(s); // one tool, one health record: what it learns, it keeps
    const out = await t.execute({ semana: 1, motor: 'xtts' }, context());
    expect(s.requests.map((r) => (r.body as { response_format: string }).response_format)).toEqual(['wav', 'pcm']);
    const wav = wavFacts(await readFile((out.data as { ruta: string }).ruta));
    expect(wav.rate).toBe(22_050);
    const words = String((s.requests[1]!.body as { input: string }).input).split(/\s+/).length;
    expect(wav.durationS).toBeCloseTo(words * SECONDS_PER_WORD, 1);
    // The refusal is remembered for this server: the next narration does not ask wav again.
    await t.execute({ semana: 2, motor: 'xtts' }, context());
    expect(s.requests.map((r) => (r.body as { response_format: string }).response_format)).toEqual(['wav', 'pcm', 'pcm']);
  });

  it('pcm that does not name its rate is read at the configured rate', async () => {
    const s = await serve(startSpeechStandIn({ formats: ['pcm'], rate: 16_000, pcmNamesRate: false }));
    const { t } = await narrate(s, { media: { pcmSampleRate: 16_000 } });
    const out = await t.execute({ semana: 4, motor: 'xtts' }, context());
    const wav = wavFacts(await readFile((out.data as { ruta: string }).ruta));
    expect(wav.rate).toBe(16_000);
    const words = String((s.requests.at(-1)!.body as { input: string }).input).split(/\s+/).length;
    expect(wav.durationS).toBeCloseTo(words * SECONDS_PER_WORD, 1);
  });

  it('reference audio: the consent record’s sample travels as ref_audio (vLLM-Omni voice cloning)', async () => {
    const sample = testWav(3, 16_000);
    const s = await serve(startSpeechStandIn({ formats: ['wav'], rate: 24_000, needsReference: true }));
    const { t } = await narrate(s, { consent: { ...CONSENT, muestra: 'mi_voz.wav', muestra_texto: 'Hola, soy Ana.' }, files: { 'mi_voz.wav': sample } });
    await t.execute({ semana: 3, motor: 'xtts' }, context());
    const body = s.requests[0]!.body as { ref_audio: string; ref_text: string; task_type: string; voice: string };
    expect(body.ref_audio.startsWith('data:audio/wav;base64,')).toBe(true);
    expect(Buffer.from(body.ref_audio.slice('data:audio/wav;base64,'.length), 'base64').equals(sample)).toBe(true);
    expect(body).toMatchObject({ ref_text: 'Hola, soy Ana.', task_type: 'Base', voice: 'ana' });
  });

  it('a named sample that is not a readable WAV invalidates the consent, before any request', async () => {
    const s = await serve(startSpeechStandIn({ formats: ['wav'], rate: 24_000 }));
    const { t } = await narrate(s, { consent: { ...CONSENT, muestra: 'no_existe.wav' } });
    const err = await rejection(t.execute({ semana: 3, motor: 'xtts' }, context()));
    expect(err.code).toBe('CONSENT_MISSING');
    expect(err.message).toMatch(/muestra de voz no_existe\.wav/);
    expect(s.requests).toHaveLength(0);
  });
});

describe('audio/speech — what a server can get wrong', () => {
  it.each([['mp3'], ['opus']] as const)('a server that always answers %s: ENGINE_BAD_RESPONSE saying so, not retried, nothing written', async (format) => {
    const s = await serve(startSpeechStandIn({ formats: ['wav'], rate: 24_000, always: format }));
    const { dir, t } = await narrate(s);
    const err = await rejection(t.execute({ semana: 3, motor: 'xtts' }, context()));
    expect(err.code).toBe('ENGINE_BAD_RESPONSE');
    expect(err.message).toContain(`devolvió audio ${format} aunque se pidió wav o pcm`);
    expect(classify(err)).toBe('fail');
    expect(await filesUnder(path.join(dir, 'audio'))).toEqual([]);
  });

  it('a voice the library does not have: BAD_REQUEST from the wav request (pcm tried too), not retried', async () => {
    const s = await serve(startSpeechStandIn({ formats: ['wav', 'pcm'], rate: 24_000, voices: ['alloy'] }));
    const { t } = await narrate(s);
    const err = await rejection(t.execute({ semana: 3, motor: 'xtts' }, context()));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/voice 'ana' not found/);
    expect(s.requests.map((r) => (r.body as { response_format: string }).response_format)).toEqual(['wav', 'pcm']);
    expect(classify(err)).toBe('fail');
  });
});
