// The engine settings read at start-up: XTTS_PCM_HZ, FLUX_MODEL, XTTS_MODEL.
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

it('reads the pcm rate and the model names of the GPU servers, with defaults', () => {
  expect(loadConfig({}).media).toEqual({ timeoutMs: 120_000, coverPx: 1024, pcmSampleRate: 24_000 });
  const media = loadConfig({ FLUX_URL: 'http://gpu.local:8080/', XTTS_URL: 'http://gpu.local:8000', XTTS_PCM_HZ: '22050', FLUX_MODEL: ' flux-schnell ', XTTS_MODEL: 'Qwen/Qwen3-TTS-12Hz-1.7B-Base' }).media;
  expect(media).toEqual({
    fluxUrl: 'http://gpu.local:8080',
    xttsUrl: 'http://gpu.local:8000',
    timeoutMs: 120_000,
    coverPx: 1024,
    pcmSampleRate: 22_050,
    fluxModel: 'flux-schnell',
    xttsModel: 'Qwen/Qwen3-TTS-12Hz-1.7B-Base',
  });
});

it('refuses a pcm rate that is not a whole number of Hz in the audio range, naming the setting', () => {
  expect(() => loadConfig({ XTTS_PCM_HZ: '24k' })).toThrow(/`XTTS_PCM_HZ` fuera un entero positivo; se recibió `24k`/);
  expect(() => loadConfig({ XTTS_PCM_HZ: '24' })).toThrow(/`XTTS_PCM_HZ` fuera una frecuencia entre 4000 y 192000 Hz.*se recibió `24`/);
});

it('reads the cover side, and refuses one a cover cannot have with a sentence naming the setting', () => {
  expect(loadConfig({ PORTADA_PX: '512' }).media.coverPx).toBe(512);
  for (const bad of ['100', '1000', '4096', 'grande']) {
    expect(() => loadConfig({ PORTADA_PX: bad }), bad).toThrow(/PORTADA_PX/);
  }
});
