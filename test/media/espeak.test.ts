import { describe, expect, it } from 'vitest';
import { espeakWavHere } from '../../src/domain/media/espeak.js';

describe('eSpeak-NG run in this thread (as a worker thread of the pool runs it)', () => {
  it('leaves nothing of its glue on the global object, so each finished instance and its WebAssembly memory can be collected', async () => {
    const before = new Set(Reflect.ownKeys(globalThis));
    const first = Buffer.from(await espeakWavHere('Hola. Esto es una prueba.'));
    const second = Buffer.from(await espeakWavHere('Otra frase, un poco más larga que la primera.'));
    // Both syntheses worked: each a WAV, the longer text the longer file.
    for (const wav of [first, second]) expect(wav.toString('latin1', 0, 4) + wav.toString('latin1', 8, 12)).toBe('RIFFWAVE');
    expect(second.length).toBeGreaterThan(first.length);
    expect(Reflect.ownKeys(globalThis).filter((k) => !before.has(k))).toEqual([]);
  });
});
