/**
 * The pure parts of the lanes: job ids, the wire format (size cap, error codes across the trip),
 * the ETA schedule, the settings from the environment, the worker's flags — and the catalogue's
 * stages as a worker runs them, against local servers speaking the engines' protocols.
 */
import { describe, expect, it } from 'vitest';
import { CuadernoError, EngineError } from '../../src/errors.js';
import { fairPriority, MAX_ORDINAL, MAX_PRIORITY, ordinalOf, WAIT_STEP_MS } from '../../src/scheduler/fair-order.js';
import { jobIdFor, studentOfJobId } from '../../src/lanes/job-id.js';
import { etaMs } from '../../src/lanes/position.js';
import { laneSettingsFromEnv, redisOptions } from '../../src/lanes/redis.js';
import { createCatalogueStages, laneKey } from '../../src/lanes/remote-stage.js';
import { MEDIA_STAGES } from '../../src/lanes/stages.js';
import { decodeFailure, decodeResult, encodeFailure, encodeResult } from '../../src/lanes/wire.js';
import { waitingSince } from '../../src/lanes/worker.js';
import { parseWav } from '../../src/domain/media/wav.js';
import { parseWorkerArgs, workerEngines } from '../../src/trabajador.js';
import { startImageServer, startSpeechServer, testPng, testWav } from '../support/media-servers.js';

describe('job ids', () => {
  it('are <student>-<key>, never contain ":" and tell their student', () => {
    expect(jobIdFor('123456789', 'portada-2026-S3')).toBe('123456789-portada-2026-S3');
    expect(studentOfJobId('123456789-portada-2026-S3')).toBe('123456789');
    expect(() => jobIdFor('123', 'portada:2026')).toThrow(CuadernoError);
    expect(() => jobIdFor('12a', 'portada-2026-S3')).toThrow(/id de estudiante numérico/);
    expect(() => jobIdFor('1', '')).toThrow(CuadernoError);
  });
});

describe('fair priorities', () => {
  it('order by ordinal first, then by the previous job’s wait (longer first), and stay within BullMQ’s range', () => {
    const order = [fairPriority(1, 0), fairPriority(2, 10 * WAIT_STEP_MS), fairPriority(2, 2 * WAIT_STEP_MS), fairPriority(2, 0), fairPriority(3, 1e9)];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(order.map(ordinalOf)).toEqual([1, 2, 2, 2, 3]);
    expect(fairPriority(1, 0)).toBeGreaterThan(0);
    expect(fairPriority(MAX_ORDINAL + 5, 0)).toBeLessThanOrEqual(MAX_PRIORITY);
    expect(ordinalOf(fairPriority(MAX_ORDINAL + 5, 0))).toBe(MAX_ORDINAL);
  });
});

describe('a job\'s wait', () => {
  it('counts from its kept first wait when plausible, else from when it was added', () => {
    expect(waitingSince(1_000, 5_000)).toBe(1_000);
    expect(waitingSince(5_000, 5_000)).toBe(5_000);
    for (const bad of [6_000, -1, 0, Number.NaN, Infinity, '1000', null, undefined]) expect(waitingSince(bad, 5_000)).toBe(5_000);
  });
});

describe('wire format', () => {
  it('carries files as base64 and back, byte for byte, under the size cap', () => {
    const data = Buffer.from([0, 1, 2, 250, 255]);
    const wire = encodeResult({ output: { a: 1 }, files: [{ name: 'x.bin', data }] });
    const back = decodeResult(JSON.parse(JSON.stringify(wire)));
    expect(back.output).toEqual({ a: 1 });
    expect(back.files[0]!.data.equals(data)).toBe(true);
    expect(() => encodeResult({ output: null, files: [{ name: 'big', data: Buffer.alloc(11) }] }, 10)).toThrow(/más del límite de 10 bytes/);
    expect(() => decodeResult({ output: null, files: [{ name: '../x', base64: '' }] })).toThrow(EngineError);
    expect(() => decodeResult('nonsense')).toThrow(EngineError);
  });

  it('keeps an error code and details across the trip; BullMQ failures become a retryable NETWORK', () => {
    const back = decodeFailure(encodeFailure(new EngineError('RATE_LIMITED', 'espera', { retryAfterS: 7 })));
    expect([back.code, back.message, back.details.retryAfterS]).toEqual(['RATE_LIMITED', 'espera', 7]);
    expect(decodeFailure(encodeFailure(new Error('boom'))).code).toBe('INTERNAL');
    expect(decodeFailure('job stalled more than allowable limit').code).toBe('NETWORK');
  });
});

describe('ETA', () => {
  it('schedules the jobs ahead on the free workers, then the job itself', () => {
    expect(etaMs({ workers: 1, activeRemainingMs: [], aheadMs: [], ownMs: 1000 })).toBe(1000);
    expect(etaMs({ workers: 1, activeRemainingMs: [500], aheadMs: [1000, 1000], ownMs: 3000 })).toBe(5500);
    // Two workers busy for 4000 and 1000 ms: the job ahead takes the second (free at 2000), then this one: 2000 + 3000.
    expect(etaMs({ workers: 2, activeRemainingMs: [4000, 1000], aheadMs: [1000], ownMs: 3000 })).toBe(5000);
    expect(etaMs({ workers: 0, activeRemainingMs: [], aheadMs: [60_000], ownMs: 60_000 })).toBe(120_000);
  });
});

describe('settings', () => {
  it('no REDIS_URL: in-process lanes; a URL with a prefix; a bad one says how to fix it', () => {
    expect(laneSettingsFromEnv({})).toBeUndefined();
    expect(laneSettingsFromEnv({ REDIS_URL: 'redis://gpu.local:6380/2' })).toEqual({ url: 'redis://gpu.local:6380/2', prefix: 'cuaderno' });
    expect(redisOptions('redis://:secreta@gpu.local:6380/2')).toMatchObject({ host: 'gpu.local', port: 6380, db: 2, password: 'secreta', maxRetriesPerRequest: null });
    expect(() => laneSettingsFromEnv({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(() => laneSettingsFromEnv({ REDIS_URL: 'redis://x', CUADERNO_COLA_PREFIJO: 'a:b' })).toThrow(/CUADERNO_COLA_PREFIJO/);
  });

  it('the worker flags', () => {
    expect(parseWorkerArgs(['--carril', 'gpu', '--motores', 'flux', '--concurrencia', '2', '--nombre', 'g1'])).toEqual({ lane: 'gpu', engines: ['flux'], concurrency: 2, name: 'g1', lockDurationMs: 30_000 });
    expect(parseWorkerArgs(['--carril', 'gpu']).engines).toEqual(['flux', 'xtts', 'transcripcion']);
    // It advertises only what its machine has an address for (issue 22: workers own their engines).
    expect(workerEngines(['flux', 'xtts', 'transcripcion'], { XTTS_URL: 'http://gpu:8020', XTTS_MODEL: 'xtts_v2' }).advert).toEqual({ engines: ['xtts'], models: { xtts: 'xtts_v2' }, voices: [] });
    expect([...workerEngines(['transcripcion'], {}).catalogue.keys()]).toEqual(['voz.transcripcion']);
    expect(() => parseWorkerArgs([])).toThrow(/--carril/);
    expect(() => parseWorkerArgs(['--carril', 'gpu', '--motores', 'dalle'])).toThrow(/--motores/);
    expect(() => parseWorkerArgs(['--carril', 'gpu', '--concurrencia', '0'])).toThrow(/--concurrencia/);
  });
});

describe('catalogue stages on a worker', () => {
  it('run the catalogue functions in a scratch folder: relative names in, files and names out', async () => {
    const images = await startImageServer('ok');
    const speech = await startSpeechServer('ok');
    try {
      // A job carries no engine address: the worker calls its own.
      const stages = createCatalogueStages({ fluxUrl: images.url, xttsUrl: speech.url });
      expect([...stages.keys()].sort()).toEqual([MEDIA_STAGES.narration, MEDIA_STAGES.coverImage].sort());
      const signal = new AbortController().signal;
      const cover = await stages.get(MEDIA_STAGES.coverImage)!({
        entrada: { engine: 'flux', timeoutMs: 10_000, prompt: { text: 'cubismo' }, week: 3, seed: 7, width: 64, height: 48, raw: 'raw-imagen.png' },
        archivos: {},
      }, signal);
      // The server's image comes back as it came — a PNG, not its 4 bytes a pixel: the bot decodes it.
      expect(cover.output).toEqual({ raw: 'raw-imagen.png', width: 64, height: 48, encoded: 'png' });
      expect(cover.files.map((f) => f.name)).toEqual(['raw-imagen.png']);
      expect(Buffer.from(cover.files[0]!.data).equals(testPng(64, 48))).toBe(true);
      expect(images.requests[0]!.body).toMatchObject({ prompt: 'cubismo', seed: 7, size: '64x48' });
      const voice = await stages.get(MEDIA_STAGES.narration)!({
        entrada: { engine: 'xtts', voice: 'mi-voz', timeoutMs: 10_000, guion: { text: 'Hola' }, raw: 'raw-voz.pcm' },
        archivos: {},
      }, signal);
      expect(voice.output).toMatchObject({ raw: 'raw-voz.pcm', sampleRate: 24_000 });
      expect(voice.files[0]!.name).toBe('raw-voz.pcm');
      expect(voice.files[0]!.data.length).toBe(parseWav(testWav(1)).pcm.samples.length * 2);
      expect(speech.requests[0]!.body).toMatchObject({ input: 'Hola', voice: 'mi-voz' });
      // A name that would leave the scratch folder is refused before anything runs.
      await expect(stages.get(MEDIA_STAGES.coverImage)!({ entrada: { raw: '../fuera.rgba' }, archivos: {} }, signal)).rejects.toMatchObject({ code: 'VALIDATION' });
      await expect(stages.get(MEDIA_STAGES.coverImage)!({ prompt: 'x' }, signal)).rejects.toMatchObject({ code: 'VALIDATION' });
    } finally {
      await images.close();
      await speech.close();
    }
  });

  it('a job never makes a worker call a URL of its own: exact engine enum, no address, bounded numbers (issue 22, hole 3)', async () => {
    const own = await startImageServer('ok');
    const foreign = await startImageServer('ok');
    const ownVoice = await startSpeechServer('ok');
    const foreignVoice = await startSpeechServer('ok');
    try {
      const stages = createCatalogueStages({ fluxUrl: own.url, xttsUrl: ownVoice.url });
      const signal = new AbortController().signal;
      const image = (entrada: Record<string, unknown>) => stages.get(MEDIA_STAGES.coverImage)!({ entrada: { timeoutMs: 10_000, prompt: { text: 'cubismo' }, week: 3, seed: 7, width: 64, height: 48, raw: 'raw.rgba', ...entrada } as never, archivos: {} }, signal);
      const voice = (entrada: Record<string, unknown>) => stages.get(MEDIA_STAGES.narration)!({ entrada: { timeoutMs: 10_000, voice: 'v', guion: { text: 'Hola' }, raw: 'raw.pcm', ...entrada } as never, archivos: {} }, signal);
      for (const e of [{ engine: 'Flux', fluxUrl: foreign.url }, { fluxUrl: foreign.url }, { engine: 'flux', fluxUrl: foreign.url }, { engine: 'maqueta', url: foreign.url }, { engine: 'FLUX' }]) {
        await expect(image(e)).rejects.toMatchObject({ code: 'VALIDATION' });
      }
      for (const e of [{ engine: 'XTTS', xttsUrl: foreignVoice.url }, { engine: 'xtts', xttsUrl: foreignVoice.url }, { xttsUrl: foreignVoice.url }]) {
        await expect(voice(e)).rejects.toMatchObject({ code: 'VALIDATION' });
      }
      await expect(image({ engine: 'flux', timeoutMs: 86_400_000 })).rejects.toMatchObject({ code: 'VALIDATION', details: { field: 'timeoutMs' } });
      await expect(image({ engine: 'flux', width: 100_000 })).rejects.toMatchObject({ code: 'VALIDATION', details: { field: 'width' } });
      expect(foreign.requests).toHaveLength(0);
      expect(foreignVoice.requests).toHaveLength(0);
      expect(own.requests).toHaveLength(0);
      // The exact engine runs on the worker's own server; a worker without FLUX refuses the job.
      await image({ engine: 'flux' });
      expect(own.requests).toHaveLength(1);
      await expect(createCatalogueStages({}).get(MEDIA_STAGES.coverImage)!({ entrada: { engine: 'flux', timeoutMs: 10_000, prompt: { text: 'x' }, week: 3, seed: 7, width: 64, height: 48, raw: 'raw.rgba' }, archivos: {} }, signal)).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
      expect(foreign.requests).toHaveLength(0);
    } finally {
      for (const s of [own, foreign, ownVoice, foreignVoice]) await s.close();
    }
  });

  it('lane keys are job-id safe and keep distinct stage keys distinct', () => {
    expect(laneKey('portada-2026-S3/imagen')).toBe('portada-2026-S3~2fimagen');
    expect(laneKey('a/b')).not.toBe(laneKey('a~2fb'));
    expect(() => jobIdFor('7', laneKey('narracion-2026-S3-v2/voz'))).not.toThrow();
  });
});
