/**
 * The class benchmark's stand-in engine (bench/support/gpu-engine.ts) counts the class's GPU work and
 * leaves out only the bot's start-up probe — told by what the probe asks, so a cover of the probe's
 * size (PORTADA_PX=256, the tests' setting the bench's children start from) is still counted. Real
 * product calls against it: the start-up probes, and a cover and a narration asked as a stage asks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startGpuEngine, type GpuEngine } from '../../bench/support/gpu-engine.js';
import { fetchImage, fluxEndpoint } from '../../src/domain/media/flux.js';
import { EngineHealth } from '../../src/domain/media/health.js';
import { PROBE_IMAGE_SIZE, probeImage, probeSpeech } from '../../src/domain/media/probe.js';
import { speak } from '../../src/domain/media/xtts.js';

let engine: GpuEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('the class benchmark’s stand-in engine', () => {
  it('counts a cover of the probe’s size and a narration, never the start-up probes', async () => {
    engine = await startGpuEngine({ imageMs: 1, speechMs: 1, audioS: 1 });
    const health = new EngineHealth();
    const signal = new AbortController().signal;
    expect((await probeImage(engine.url, 5_000, health)).status?.ok).toBe(true);
    expect((await probeSpeech({ url: engine.url, timeoutMs: 5_000, voice: 'voz-1001' }, health)).status?.ok).toBe(true);
    expect(engine.calls).toEqual([]);

    const side = PROBE_IMAGE_SIZE;
    await fetchImage(fluxEndpoint(engine.url, 5_000), { prompt: 'Portada de la semana 1: alumnobaab', seed: 20260100, width: side, height: side }, signal);
    await speak({ url: engine.url, timeoutMs: 5_000, voice: 'voz-1001', health }, 'Hola, esta es la semana uno de estadística.', signal);
    expect(engine.calls.map((c) => [c.kind, c.prompt ?? c.voice])).toEqual([['imagen', 'Portada de la semana 1: alumnobaab'], ['voz', 'voz-1001']]);
  });
});
