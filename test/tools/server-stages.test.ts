/**
 * A GPU stage whose engine is a server (FLUX, XTTS) is a request and its answer kept as it came: it
 * runs on the event loop, so it reaches its server even while every pool thread is busy with other
 * runs' CPU work — in class mode without a queue the cards would otherwise wait for a thread (and a
 * thread would sit idle while its card works). Their CPU engines (the mock-up, eSpeak) stay on the pool.
 * The pool's warm threads are held on named pipes (a read that ends when the test writes), not on a
 * delay. Only the warm ones: a thread blocked on a pipe holds one of the process's four libuv threads
 * (opening and reading a file run there), so holding the voice threads too would take all four, and
 * the stages' own file writes would wait forever behind the held reads whenever every reader got to
 * its pipe first — under load it did. The voice threads run eSpeak and the MP3 encoder, never a server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOffThread, poolSize } from '../../src/workers/pool.js';
import { runsOffThread, runStageFunction } from '../../src/tools/stages/bind.js';
import { startImageServer, startSpeechServer, testPng } from '../support/media-servers.js';

describe('GPU stages with a server engine', () => {
  it('reach their server while every pool thread is held, and keep the image as the server sent it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cv-server-stages-'));
    const pipes = Array.from({ length: poolSize() }, (_, i) => path.join(dir, `hilo-${i}`));
    for (const p of pipes) execFileSync('mkfifo', [p]);
    // Each warm thread reads a pipe until the test writes to it (a cover's title reading its image):
    // the whole warm pool is taken meanwhile.
    const held = pipes.map((file, i) => runOffThread('portada.titulo', { imagen: { raw: file, width: 1, height: 1 }, title: 'x', raw: path.join(dir, `titulo-${i}`) }).catch(() => undefined));
    const images = await startImageServer('ok');
    const speech = await startSpeechServer('ok');
    try {
      const signal = new AbortController().signal;
      const raw = path.join(dir, 'imagen.bin');
      const cover = await runStageFunction('portada.imagen', { engine: 'flux', fluxUrl: images.url, timeoutMs: 10_000, prompt: { text: 'cubismo' }, week: 3, seed: 7, width: 64, height: 48, raw }, signal);
      expect(cover).toEqual({ raw, width: 64, height: 48, encoded: 'png' });
      expect((await readFile(raw)).equals(testPng(64, 48))).toBe(true);
      const voice = await runStageFunction('narracion.voz', { engine: 'xtts', xttsUrl: speech.url, voice: 'mi-voz', timeoutMs: 10_000, guion: { text: 'Hola' }, raw: path.join(dir, 'voz.pcm') }, signal);
      expect(voice).toMatchObject({ raw: path.join(dir, 'voz.pcm'), sampleRate: 24_000 });
      expect(images.requests).toHaveLength(1);
      expect(speech.requests).toHaveLength(1);
    } finally {
      await Promise.all(pipes.map((p) => writeFile(p, 'x')));
      await Promise.all(held);
      await images.close();
      await speech.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('their CPU engines, and the CPU stages, still run on the pool', () => {
    expect(runsOffThread('portada.imagen', { engine: 'maqueta' })).toBe(true);
    expect(runsOffThread('narracion.voz', { engine: 'juguete' })).toBe(true);
    expect(runsOffThread('portada.imagen', { engine: 'flux' })).toBe(false);
    expect(runsOffThread('narracion.voz', { engine: 'xtts' })).toBe(false);
    expect(runsOffThread('portada.titulo', { engine: 'flux' })).toBe(true);
    expect(runsOffThread('portada.prompt', {})).toBe(false);
  });
});
