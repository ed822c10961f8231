import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPngText } from '../../src/domain/media/raster.js';
import { type MediaServer, RETRY_AFTER_S, startImageServer } from '../support/media-servers.js';
import { NOW, context, filesUnder, rejection, tempDir, tools } from './helpers.js';

/** sRGB byte → linear light (WCAG), for each of the 256 bytes: computed once, not per pixel (a 1024² cover is a million). */
const LINEAR = Array.from({ length: 256 }, (_, c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));

/** Relative luminance (WCAG) of an sRGB byte triple. */
function luminance(r: number, g: number, b: number): number {
  return 0.2126 * LINEAR[r]! + 0.7152 * LINEAR[g]! + 0.0722 * LINEAR[b]!;
}

/** Independent checks of a cover file: size, variety, title-line contrast in the bottom band. */
function inspect(buf: Buffer) {
  const png = PNG.sync.read(buf);
  const lum: number[] = [];
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const l = luminance(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!) * 255;
    sum += l;
    sq += l * l;
  }
  const n = png.data.length / 4;
  // The title line sits around 86–93 % of the height, 10–85 % of the width.
  for (let y = Math.floor(png.height * 0.86); y < png.height * 0.93; y++) {
    for (let x = Math.floor(png.width * 0.1); x < png.width * 0.85; x++) {
      const i = (y * png.width + x) * 4;
      lum.push(luminance(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!));
    }
  }
  lum.sort((a, b) => a - b);
  const contrast = (lum[Math.floor(lum.length * 0.95)]! + 0.05) / (lum[Math.floor(lum.length * 0.05)]! + 0.05);
  return { width: png.width, height: png.height, stdDev: Math.sqrt(sq / n - (sum / n) ** 2), contrast, data: png.data };
}

describe('generar_portada — maqueta (CPU)', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const files: Buffer[] = [];
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterAll(() => cleanup());

  it('declares the docs/design.md §3 contract', async () => {
    const t = (await tools(dir)).generar_portada;
    expect(t.name).toBe('generar_portada');
    expect(t.strict).toBe(true);
    expect(t.effect).toBe(3);
    expect(t.defaultPermission).toBe('confirmar');
    expect(t.input_schema).toEqual({
      type: 'object',
      properties: { semana: expect.objectContaining({ type: 'integer', enum: [1, 2, 3, 4] }), maqueta: expect.objectContaining({ type: 'boolean' }) },
      required: ['semana', 'maqueta'],
      additionalProperties: false,
    });
    expect(t.stages({ semana: 3, maqueta: true }).map((s) => [s.name, s.label, s.lane, s.estimateMs])).toEqual([
      ['prompt', 'Idea de la portada', 'cpu', 3000],
      ['imagen', 'Portada', 'cpu', 11400],
      ['titulo', 'Título de la portada', 'cpu', 200],
      ['critica', 'Revisión de la portada', 'cpu', 100],
      ['procedencia', 'Guardar la portada', 'cpu', 300],
    ]);
    // docs/design.md §5's cover task is 12 s: its stages' estimates add up to it.
    expect(t.stages({ semana: 3, maqueta: true }).slice(1).reduce((a, s) => a + s.estimateMs, 0)).toBe(12_000);
    expect(t.stages({ semana: 3, maqueta: false })[1]!.lane).toBe('gpu');
    expect(t.idempotencyKey!({ semana: 3, maqueta: true }, { now: NOW })).toBe('portada-maqueta-2026-S3');
    expect(t.idempotencyKey!({ semana: 1, maqueta: false }, { now: new Date('2027-01-02T00:00:00Z') })).toBe('portada-flux-2027-S1');
  });

  it('writes a real PNG per week with a legible title, provenance and a sidecar', async () => {
    const t = (await tools(dir)).generar_portada;
    for (const semana of [1, 2, 3, 4]) {
      const ctx = context();
      const out = await t.execute({ semana, maqueta: true }, ctx);
      const result = out.data as { ruta: string; motor: string; titulo: string; critica: { puntuacion: number } };
      const expected = path.join(dir, 'portadas', `semana_0${semana}.png`);
      expect(result.ruta).toBe(expected);
      expect(result.motor).toBe('maqueta');
      expect(out.artifacts).toEqual([expect.objectContaining({ kind: 'imagen', path: expected, mime: 'image/png' })]);
      expect(ctx.ran.map((s) => s.name)).toEqual(['prompt', 'imagen', 'titulo', 'critica', 'procedencia']);
      // The intermediate files are gone once the cover is made.
      expect((await filesUnder(dir)).filter((f) => f.startsWith('trabajo'))).toEqual([]);

      const buf = await readFile(expected);
      const img = inspect(buf);
      expect([img.width, img.height]).toEqual([1024, 1024]);
      expect(img.stdDev).toBeGreaterThan(10);
      expect(img.contrast).toBeGreaterThan(4.5);
      files.push(buf);

      const text = readPngText(buf);
      expect(text.Title).toBe(result.titulo);
      const prov = JSON.parse(text.provenance!) as Record<string, unknown>;
      expect(prov).toMatchObject({ engine: 'maqueta', model: 'procedural-v1', created_at: NOW.toISOString() });
      const sidecar = JSON.parse(await readFile(expected.replace(/\.png$/, '.json'), 'utf8')) as Record<string, unknown>;
      expect(sidecar).toMatchObject({ engine: 'maqueta', seed: prov.seed, prompt: prov.prompt });
      expect(String(sidecar.prompt)).toContain(['estadística', 'python', 'historia del arte', 'música'][semana - 1]);
    }
    expect(await filesUnder(path.join(dir, 'portadas'))).toHaveLength(8);
  });

  it('makes the four weeks look different', () => {
    expect(files).toHaveLength(4);
    const pixels = files.map((f) => PNG.sync.read(f).data);
    for (let a = 0; a < 4; a++) {
      for (let b = a + 1; b < 4; b++) {
        const pa = pixels[a]!;
        const pb = pixels[b]!;
        let diff = 0;
        for (let i = 0; i < pa.length; i += 4) diff += Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!);
        expect(diff / (pa.length / 4)).toBeGreaterThan(15);
      }
    }
  });

  it('is reproducible for the same week and year, and a redo gets a new version', async () => {
    const t = (await tools(dir)).generar_portada;
    const first = await readFile(path.join(dir, 'portadas', 'semana_02.png'));
    await t.execute({ semana: 2, maqueta: true }, context());
    expect(PNG.sync.read(await readFile(path.join(dir, 'portadas', 'semana_02.png'))).data.equals(PNG.sync.read(first).data)).toBe(true);

    const redo = await t.execute({ semana: 2, maqueta: true }, context({ redo: true }));
    const v2 = path.join(dir, 'portadas', 'semana_02-v2.png');
    expect((redo.data as { ruta: string }).ruta).toBe(v2);
    expect(PNG.sync.read(await readFile(v2)).data.equals(PNG.sync.read(first).data)).toBe(false);
  });

  it('describes itself in a dry run without writing', async () => {
    const { dir: empty, cleanup: rmEmpty } = await tempDir();
    const dry = await (await tools(empty)).generar_portada.dryRun!({ semana: 3, maqueta: true }, context());
    expect(dry).toMatchObject({ engine: 'maqueta', lane: 'cpu', estimateS: 15, cached: false });
    expect(dry.writes).toEqual([path.join(empty, 'portadas', 'semana_03.png'), path.join(empty, 'portadas', 'semana_03.json')]);
    expect(dry.problems).toBeUndefined();
    expect(await filesUnder(empty)).toEqual([]);
    await rmEmpty();
  });

  it('stops when cancelled, writing nothing', async () => {
    const { dir: d, cleanup: c } = await tempDir();
    const ac = new AbortController();
    ac.abort();
    const err = await rejection((await tools(d)).generar_portada.execute({ semana: 1, maqueta: true }, context({ signal: ac.signal })));
    expect(err.code).toBe('CANCELLED');
    expect(await filesUnder(d)).toEqual([]);
    await c();
  });
});

describe('generar_portada — flux over HTTP', () => {
  let server: MediaServer;
  beforeAll(async () => {
    server = await startImageServer();
  });
  afterAll(() => server.close());

  it('without FLUX_URL: structured ENGINE_UNAVAILABLE, a dry-run problem, nothing written', async () => {
    const { dir, cleanup } = await tempDir();
    const t = (await tools(dir)).generar_portada;
    const err = await rejection(t.execute({ semana: 3, maqueta: false }, context()));
    expect(err.code).toBe('ENGINE_UNAVAILABLE');
    expect(err.message).toMatch(/maqueta:true/);
    expect(err.message).toMatch(/FLUX_URL/);
    const dry = await t.dryRun!({ semana: 3, maqueta: false }, context());
    expect(dry.lane).toBe('gpu');
    expect(dry.problems?.[0]).toMatch(/FLUX_URL/);
    expect(await filesUnder(dir)).toEqual([]);
    await cleanup();
  });

  it('speaks images/generations with b64_json and delivers the titled image', async () => {
    const { dir, cleanup } = await tempDir();
    server.setBehaviour('ok');
    const before = server.requests.length;
    const out = await (await tools(dir, { fluxUrl: server.url })).generar_portada.execute({ semana: 3, maqueta: false }, context());
    const req = server.requests[before]!;
    expect(req.path).toBe('/v1/images/generations');
    expect(req.body).toMatchObject({ response_format: 'b64_json', size: '1024x1024', n: 1 });
    expect(String((req.body as { prompt: string }).prompt)).toContain('historia del arte');
    const result = out.data as { ruta: string; motor: string };
    expect(result.motor).toBe('flux');
    const img = inspect(await readFile(result.ruta));
    expect([img.width, img.height]).toEqual([1024, 1024]);
    expect(img.contrast).toBeGreaterThan(4.5);
    await cleanup();
  });

  const failures: Array<[string, Parameters<MediaServer['setBehaviour']>[0], string]> = [
    ['500', 'error500', 'SERVER_ERROR'],
    ['502', 'error502', 'SERVER_ERROR'],
    ['529', 'overloaded529', 'OVERLOADED'],
    ['OOM message', 'oom', 'GPU_OOM'],
    ['400', 'bad-request400', 'BAD_REQUEST'],
    ['malformed JSON', 'malformed', 'ENGINE_BAD_RESPONSE'],
    ['not a PNG', 'wrong-content', 'ENGINE_BAD_RESPONSE'],
    ['a blank image', 'blank', 'ENGINE_BAD_RESPONSE'],
  ];
  it.each(failures)('classifies %s (%s) as %s and writes nothing', async (_label, behaviour, code) => {
    const { dir, cleanup } = await tempDir();
    server.setBehaviour(behaviour);
    const err = await rejection((await tools(dir, { fluxUrl: server.url })).generar_portada.execute({ semana: 1, maqueta: false }, context()));
    expect(err.code).toBe(code);
    expect(await filesUnder(dir)).toEqual([]);
    await cleanup();
  });

  it('429 carries retry-after', async () => {
    const { dir, cleanup } = await tempDir();
    server.setBehaviour('rate429');
    const err = await rejection((await tools(dir, { fluxUrl: server.url })).generar_portada.execute({ semana: 1, maqueta: false }, context()));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.details?.retryAfterS).toBe(RETRY_AFTER_S);
    await cleanup();
  });

  it('times out a server that never answers', async () => {
    const { dir, cleanup } = await tempDir();
    server.setBehaviour('hang');
    const err = await rejection((await tools(dir, { fluxUrl: server.url, timeoutMs: 300 })).generar_portada.execute({ semana: 1, maqueta: false }, context()));
    expect(err.code).toBe('TIMEOUT');
    expect(await filesUnder(dir)).toEqual([]);
    await cleanup();
  });

  it('aborts a pending request through the AbortSignal', async () => {
    const { dir, cleanup } = await tempDir();
    server.setBehaviour('hang');
    const ac = new AbortController();
    // Aborted once the request is at the server (which never answers): an event, not a delay.
    void server.nextRequest().then(() => ac.abort());
    const err = await rejection((await tools(dir, { fluxUrl: server.url, timeoutMs: 30_000 })).generar_portada.execute({ semana: 1, maqueta: false }, context({ signal: ac.signal })));
    expect(err.code).toBe('CANCELLED');
    await cleanup();
  });

  it('an unreachable server is ENGINE_UNAVAILABLE, pointing to maqueta', async () => {
    const { dir, cleanup } = await tempDir();
    const gone = await startImageServer();
    const url = gone.url;
    await gone.close();
    const err = await rejection((await tools(dir, { fluxUrl: url })).generar_portada.execute({ semana: 1, maqueta: false }, context()));
    expect(err.code).toBe('ENGINE_UNAVAILABLE');
    expect(err.message).toMatch(/maqueta/);
    await cleanup();
  });
});
