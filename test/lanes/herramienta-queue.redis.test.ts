/**
 * `cuaderno herramienta` with `REDIS_URL` goes through the queue like the bot (issue 22, hole 3):
 * with no `FLUX_URL` of its own, a FLUX cover is refused while no worker advertises FLUX, and made
 * by the worker's own stand-in image server once one does — the job carried no address.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { CONFIG_HOME_ENV } from '../support/test-env.js';
import { startLaneWorker, type LaneWorker } from '../../src/lanes/worker.js';
import { workerEngines } from '../../src/trabajador.js';
import { startImageServer, type MediaServer } from '../support/media-servers.js';
import { QUEUE } from '../../src/strings/chat.js';
import { deletePrefix, freePort, SHARED_REDIS_URL, testPrefix } from './support.js';

async function herramienta(args: string[], env: Record<string, string>): Promise<{ code: number; result: { content: string; is_error: boolean }; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d: Buffer) => (stdout += d.toString()));
  err.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await runCli(['herramienta', ...args], { stdout: out, stderr: err, stdin: Readable.from([]), env: { ...CONFIG_HOME_ENV, ...env } });
  return { code, result: JSON.parse(stdout.trim().split('\n').at(-1)!) as { content: string; is_error: boolean }, stderr };
}

let prefix = '';
let dir = '';
let images: MediaServer | undefined;
let worker: LaneWorker | undefined;
afterEach(async () => {
  await worker?.close();
  await images?.close();
  worker = undefined;
  images = undefined;
  await deletePrefix(SHARED_REDIS_URL, prefix);
  await rm(dir, { recursive: true, force: true });
});

describe('cuaderno herramienta through the queue', () => {
  it('FLUX refused while no worker advertises it, made by the worker that does', async () => {
    prefix = testPrefix();
    dir = await mkdtemp(path.join(tmpdir(), 'cv-herramienta-cola-'));
    const env = { CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local', REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix };
    const call = ['generar_portada', '{"semana":1,"maqueta":false}', '--aprobar'];

    const refused = await herramienta(call, env);
    expect(refused.code).toBe(0);
    expect(refused.result.is_error).toBe(true);

    images = await startImageServer('ok');
    const { catalogue, advert } = workerEngines(['flux'], { FLUX_URL: images.url });
    worker = await startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue, advert, name: 'gpu-portadas' });
    const made = await herramienta(call, env);
    expect(made.result.is_error).toBe(false);
    expect(images.requests).toHaveLength(1);
    const ruta = (JSON.parse(made.result.content) as { ruta: string }).ruta;
    expect(existsSync(ruta)).toBe(true);
    expect(ruta.startsWith(dir)).toBe(true);
  });

  it('Redis away: one line says so and a call that needs no GPU still runs here', async () => {
    prefix = testPrefix();
    dir = await mkdtemp(path.join(tmpdir(), 'cv-herramienta-sin-cola-'));
    const env = { CUADERNO_DATA_DIR: dir, CUADERNO_MODELO: 'local', REDIS_URL: `redis://127.0.0.1:${await freePort()}`, CUADERNO_COLA_PREFIJO: prefix };
    const r = await herramienta(['buscar_notas', '{"consulta":"impresionismo","k":1}'], env);
    expect(r.code).toBe(0);
    expect(r.result.is_error).toBe(false);
    expect(r.stderr.trim()).toBe(QUEUE.unreachable());
  });
});
