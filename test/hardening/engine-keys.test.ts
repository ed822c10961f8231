/**
 * Hole 11: a cache answer for the wrong engine. The idempotency key carries every argument that
 * changes the output (engine, voice): a cover or a narration made by one engine never answers
 * for — nor overwrites — another engine's.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startImageServer, startSpeechServer } from '../support/media-servers.js';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('one engine never answers for another', () => {
  it('narration: an xtts request after the local voice runs xtts (its own key, its own file)', async () => {
    const t = await tempDir('cv-keys-');
    cleanups.push(t.cleanup);
    const speech = await startSpeechServer();
    cleanups.push(() => speech.close());
    await writeFile(path.join(t.dir, 'consentimiento.json'), JSON.stringify({ titular: 'Ana', alcance: 'resúmenes de estudio de Cuaderno Vivo', valido_hasta: '2099-06-30', voz: 'ana' }));
    const env = { CUADERNO_DATA_DIR: t.dir, XTTS_URL: speech.url };
    const toy = JSON.parse((await cli(['herramienta', 'narrar_resumen', '{"semana":3,"motor":"juguete"}', '--aprobar'], env)).stdout);
    expect(toy.is_error, toy.content).toBe(false);
    const xtts = JSON.parse((await cli(['herramienta', 'narrar_resumen', '{"semana":3,"motor":"xtts"}', '--aprobar'], env)).stdout);
    expect(xtts.is_error, xtts.content).toBe(false);
    expect(JSON.parse(xtts.content).motor).toBe('xtts');
    expect(speech.requests.length).toBeGreaterThan(0);
    expect((await readdir(path.join(t.dir, 'idempotencia'))).sort()).toEqual(['narracion-juguete-' + new Date().getFullYear() + '-S3.json', 'narracion-xtts-ana-' + new Date().getFullYear() + '-S3.json']);
    expect((await readdir(path.join(t.dir, 'audio'))).filter((f) => f.endsWith('.wav')).sort()).toEqual(['semana_03-xtts-ana.wav', 'semana_03.wav']);
  });

  it('cover: a FLUX request after the mock-up runs FLUX and leaves the mock-up in place', async () => {
    const t = await tempDir('cv-keys-');
    cleanups.push(t.cleanup);
    const images = await startImageServer();
    cleanups.push(() => images.close());
    const env = { CUADERNO_DATA_DIR: t.dir, FLUX_URL: images.url };
    const mock = JSON.parse((await cli(['herramienta', 'generar_portada', '{"semana":3,"maqueta":true}', '--aprobar'], env)).stdout);
    expect(mock.is_error, mock.content).toBe(false);
    const flux = JSON.parse((await cli(['herramienta', 'generar_portada', '{"semana":3,"maqueta":false}', '--aprobar'], env)).stdout);
    expect(flux.is_error, flux.content).toBe(false);
    expect(JSON.parse(flux.content).motor).toMatch(/flux/i);
    expect(images.requests.length).toBeGreaterThan(0);
    expect((await readdir(path.join(t.dir, 'portadas'))).filter((f) => f.endsWith('.png')).sort()).toEqual(['semana_03-flux.png', 'semana_03.png']);
  });
});
