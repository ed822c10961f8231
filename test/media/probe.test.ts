// The start-up probe: each configured GPU server is asked for a tiny image / one word; a good one is
// reported ready, a bad one in one console line that says what is wrong and which setting to check,
// and the approval (the chat's dry run) then says the GPU image or voice is unavailable, in words.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { approvalText } from '../../src/bot/format.js';
import { EngineHealth, probeEngines } from '../../src/tools/media-tools.js';
import { PROBE_IMAGE_SIZE, PROBE_WORD } from '../../src/domain/media/probe.js';
import { context, tempDir, tools } from './helpers.js';
import { closedAfterEach, picture, pngOf, startImageStandIn, startSpeechStandIn } from './engine-standins.js';

const CONSENT = { titular: 'Ana Pérez', alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2026-12-31', voz: 'ana' };
const NOW = () => new Date('2026-03-15T10:00:00Z');
const png = pngOf(PROBE_IMAGE_SIZE, PROBE_IMAGE_SIZE, picture(PROBE_IMAGE_SIZE, PROBE_IMAGE_SIZE));

const serve = closedAfterEach();
async function dataDir(consent = true): Promise<string> {
  const { dir } = await tempDir();
  if (consent) await writeFile(path.join(dir, 'consentimiento.json'), JSON.stringify(CONSENT));
  return dir;
}
const approval = (tool: string, args: Record<string, unknown>, preview: Awaited<ReturnType<NonNullable<Awaited<ReturnType<typeof tools>>['generar_portada']['dryRun']>>>) =>
  approvalText({ tool, proposal: { args, preview } }, { timeoutS: 3600 });

describe('probe of good servers', () => {
  it('reports both ready, learns the speech format, and the dry runs carry no problem', async () => {
    const image = await serve(startImageStandIn({ variant: 'url', image: png }));
    const speech = await serve(startSpeechStandIn({ formats: ['pcm'], rate: 22_050, pcmNamesRate: true, voices: ['ana'] }));
    const dir = await dataDir();
    const health = new EngineHealth();
    const media = { fluxUrl: image.url, xttsUrl: speech.url, timeoutMs: 5_000 };
    const reports = await probeEngines({ media, dataDir: dir, health, now: NOW });

    expect(reports.map((r) => r.line)).toEqual([
      expect.stringMatching(new RegExp(`^La imagen con la tarjeta gráfica: lista \\(${image.url}; responde PNG por url, 256×256; prueba en \\d+\\.\\d s\\)\\.$`)),
      expect.stringMatching(new RegExp(`^Tu propia voz: lista \\(${speech.url}; responde audio pcm a 22050 Hz con la voz «ana»; prueba en \\d+\\.\\d s\\)\\.$`)),
    ]);
    expect(image.requests[0]!.body).toMatchObject({ size: `${PROBE_IMAGE_SIZE}x${PROBE_IMAGE_SIZE}`, n: 1 });
    expect(speech.requests.map((r) => r.body)).toEqual([
      expect.objectContaining({ input: PROBE_WORD, voice: 'ana', response_format: 'wav' }),
      expect.objectContaining({ input: PROBE_WORD, voice: 'ana', response_format: 'pcm' }),
    ]);
    expect(health.get('flux', image.url)?.ok).toBe(true);
    expect(health.get('xtts', speech.url)?.ok).toBe(true);

    const t = await tools(dir, media, health);
    expect((await t.generar_portada.dryRun!({ semana: 3, maqueta: false }, context())).problems).toBeUndefined();
    expect((await t.narrar_resumen.dryRun!({ semana: 3, motor: 'xtts' }, context())).problems).toBeUndefined();
    // What the probe learned is used: the narration asks pcm straight away.
    await t.narrar_resumen.execute({ semana: 3, motor: 'xtts' }, context());
    expect((speech.requests.at(-1)!.body as { response_format: string }).response_format).toBe('pcm');
    expect(speech.requests).toHaveLength(3);
  });

  it('a server with a minimum size above the probe’s is asked the cover’s size before being called refused', async () => {
    const big = await serve(startImageStandIn({ variant: 'b64', image: pngOf(1024, 1024, picture(1024, 1024)), minSide: 512 }));
    const health = new EngineHealth();
    const [report] = await probeEngines({ media: { fluxUrl: big.url, timeoutMs: 5_000 }, dataDir: await dataDir(), health });
    expect(report!.line).toMatch(/^La imagen con la tarjeta gráfica: lista \(.*responde PNG en base64, 1024×1024;/);
    expect(big.requests.map((r) => (r.body as { size: string }).size)).toEqual(['256x256', '1024x1024']);
    expect(health.get('flux', big.url)?.ok).toBe(true);
  });

  it('no configured server: nothing probed, no line', async () => {
    expect(await probeEngines({ media: { timeoutMs: 5_000 }, dataDir: await dataDir(), health: new EngineHealth() })).toEqual([]);
  });

  it('the voice is not probed without consent (not even one word in the owner’s voice)', async () => {
    const speech = await serve(startSpeechStandIn({ formats: ['wav'], rate: 24_000 }));
    const [report] = await probeEngines({ media: { xttsUrl: speech.url, timeoutMs: 5_000 }, dataDir: await dataDir(false), health: new EngineHealth(), now: NOW });
    expect(report!.line).toBe(`Tu propia voz: el servidor ${speech.url} no se prueba hasta que registres tu consentimiento de voz.`);
    expect(speech.requests).toHaveLength(0);
  });
});

describe('probe of bad servers', () => {
  it('a URL that is not an images server: one line naming the setting; the approval says the GPU image is unavailable, in words', async () => {
    // The speech stand-in has no images route: what a wrong FLUX_URL (another service) looks like.
    const wrong = await serve(startSpeechStandIn({ formats: ['wav'], rate: 24_000 }));
    const dir = await dataDir();
    const health = new EngineHealth();
    const media = { fluxUrl: wrong.url, timeoutMs: 5_000 };
    const [report] = await probeEngines({ media, dataDir: dir, health });
    expect(report!.line).toBe(
      `La imagen con la tarjeta gráfica no está disponible: el servidor ${wrong.url} contesta, pero no tiene la ruta de la API compatible con OpenAI en esa dirección (HTTP 404). ` +
      'Revisa FLUX_URL y el servidor; mientras tanto las portadas se dibujan en el ordenador.',
    );
    expect(health.get('flux', wrong.url)).toMatchObject({ ok: false, trouble: 'not-found', code: 'ENGINE_UNAVAILABLE' });

    const t = await tools(dir, media, health);
    const dry = await t.generar_portada.dryRun!({ semana: 3, maqueta: false }, context());
    expect(dry.problems).toEqual([expect.stringMatching(/^La imagen con la tarjeta gráfica no está disponible ahora: el servidor de imágenes contesta, pero no tiene la ruta/)]);
    const text = approval('generar_portada', { semana: 3, maqueta: false }, dry);
    expect(text).toContain('La imagen con la tarjeta gráfica no está disponible ahora');
    expect(text).toContain('Usa el dibujo en este ordenador');
    expect(text).not.toMatch(/FLUX_URL|flux|maqueta:true|http:\/\//);
    // The CPU mock-up is unaffected.
    expect((await t.generar_portada.dryRun!({ semana: 3, maqueta: true }, context())).problems).toBeUndefined();
  });

  it('a server that is off: «no contesta», naming the connection error', async () => {
    const gone = await startImageStandIn({ variant: 'b64', image: png });
    await gone.close();
    const dir = await dataDir();
    const health = new EngineHealth();
    const media = { fluxUrl: gone.url, timeoutMs: 5_000 };
    const [report] = await probeEngines({ media, dataDir: dir, health });
    expect(report!.line).toBe(
      `La imagen con la tarjeta gráfica no está disponible: el servidor ${gone.url} no contesta: está apagado o la dirección no es la suya (ECONNREFUSED). ` +
      'Revisa FLUX_URL y el servidor; mientras tanto las portadas se dibujan en el ordenador.',
    );
    const t = await tools(dir, media, health);
    expect((await t.generar_portada.dryRun!({ semana: 1, maqueta: false }, context())).problems?.[0]).toMatch(/^La imagen con la tarjeta gráfica no está disponible ahora: el servidor de imágenes no contesta/);
  });

  it('a server still loading at start-up (503): the line reports it, but the approval does not promise a failure', async () => {
    const loading = await serve(startImageStandIn({ variant: 'b64', image: png, failFirst: { times: 1, status: 503 } }));
    const dir = await dataDir();
    const health = new EngineHealth();
    const media = { fluxUrl: loading.url, timeoutMs: 5_000 };
    const [report] = await probeEngines({ media, dataDir: dir, health });
    expect(report!.line).toMatch(/no está disponible: el servidor \S+ falló o estaba ocupado durante la prueba \(HTTP 503\)\. Revisa FLUX_URL/);
    expect(health.get('flux', loading.url)).toMatchObject({ ok: false, trouble: 'busy' });
    const dry = await (await tools(dir, media, health)).generar_portada.dryRun!({ semana: 1, maqueta: false }, context());
    expect(dry.problems).toBeUndefined();
  });

  it('a model not installed at start-up (404), installed later: the approval warns until a real cover succeeds', async () => {
    const later = await serve(startImageStandIn({ variant: 'b64', image: pngOf(1024, 1024, picture(1024, 1024)), failFirst: { times: 1, status: 404 } }));
    const dir = await dataDir();
    const health = new EngineHealth();
    const media = { fluxUrl: later.url, timeoutMs: 5_000 };
    await probeEngines({ media, dataDir: dir, health });
    const t = await tools(dir, media, health);
    expect((await t.generar_portada.dryRun!({ semana: 1, maqueta: false }, context())).problems?.[0]).toMatch(/no está disponible ahora/);
    // The owner approves anyway: the cover is made and the warning goes.
    await t.generar_portada.execute({ semana: 1, maqueta: false }, context());
    expect(health.get('flux', later.url)?.ok).toBe(true);
    expect((await t.generar_portada.dryRun!({ semana: 1, maqueta: false }, context())).problems).toBeUndefined();
  });

  it('a server that serves another model: «no tiene el modelo», check FLUX_MODEL; with it set, ready and recorded', async () => {
    const vllm = await serve(startImageStandIn({ variant: 'b64', image: png, models: ['flux-schnell'] }));
    const dir = await dataDir();
    const health = new EngineHealth();
    const [report] = await probeEngines({ media: { fluxUrl: vllm.url, timeoutMs: 5_000 }, dataDir: dir, health });
    expect(report!.line).toBe(
      `La imagen con la tarjeta gráfica no está disponible: el servidor ${vllm.url} contesta, pero no tiene el modelo que se le pide (HTTP 404). ` +
      'Revisa FLUX_MODEL y el servidor; mientras tanto las portadas se dibujan en el ordenador.',
    );
    const media = { fluxUrl: vllm.url, timeoutMs: 5_000, fluxModel: 'flux-schnell' };
    const [again] = await probeEngines({ media, dataDir: dir, health });
    expect(again!.status?.ok).toBe(true);
    expect(vllm.requests.map((r) => (r.body as { model: string }).model)).toEqual(['black-forest-labs/FLUX.1-schnell', 'flux-schnell']);
  });

  it('a speech server without the consented voice: «rechaza la petición de prueba», and the voice approval says so', async () => {
    const speech = await serve(startSpeechStandIn({ formats: ['wav', 'pcm'], rate: 24_000, voices: ['alloy'] }));
    const dir = await dataDir();
    const health = new EngineHealth();
    const media = { xttsUrl: speech.url, timeoutMs: 5_000 };
    const [report] = await probeEngines({ media, dataDir: dir, health, now: NOW });
    expect(report!.line).toBe(`Tu propia voz no está disponible: el servidor ${speech.url} rechaza la petición de prueba (HTTP 400). Revisa XTTS_URL y el servidor; mientras tanto las narraciones usan la voz sintética.`);
    const dry = await (await tools(dir, media, health)).narrar_resumen.dryRun!({ semana: 2, motor: 'xtts' }, context());
    const text = approval('narrar_resumen', { semana: 2, motor: 'xtts' }, dry);
    expect(text).toContain('Narrar con tu propia voz no es posible ahora: el servidor de voz rechaza la petición de prueba');
    expect(text).toContain('Usa la voz sintética');
    expect(text).not.toMatch(/XTTS_URL|http:\/\//);
  });

});
