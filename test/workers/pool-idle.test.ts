import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createPool, onVoiceThread } from '../../src/workers/pool.js';

/**
 * The pool's threads end when idle (piscina's idleTimeout), observed through the pool's own API —
 * its `threads` and its `workerCreate`/`workerDestroy` events — with a short idle time given as the
 * parameter, never by sleeping.
 */
const READY = { fn: 'listo', input: null };
const IDLE_MS = 20;

describe('the worker pool shrinks when idle', () => {
  it('a thread with no job for its idle time ends: none is left', async () => {
    const pool = createPool(IDLE_MS);
    try {
      expect(await pool.run(READY)).toEqual({ ok: true, value: true });
      expect(pool.threads.length).toBeGreaterThan(0);
      while (pool.threads.length > 0) await once(pool, 'workerDestroy');
      expect(pool.threads.length).toBe(0);
    } finally {
      await pool.destroy();
    }
  });

  it('a job that comes as an idle thread is ending runs on a new thread and is answered; then none is left', async () => {
    const pool = createPool(IDLE_MS);
    let created = 0;
    pool.on('workerCreate', () => { created += 1; });
    try {
      await pool.run(READY);
      // Right at the idle deadline: the job is given as piscina removes the thread, at the first
      // moment any other code can run (the removal is synchronous: piscina emits 'workerDestroy'
      // before the thread leaves its set, and a job given inside that listener trips its assertion).
      const late = await new Promise<unknown>((resolve, reject) => {
        pool.once('workerDestroy', () => queueMicrotask(() => { pool.run(READY).then(resolve, reject); }));
      });
      expect(late).toEqual({ ok: true, value: true });
      expect(created).toBe(2);
      while (pool.threads.length > 0) await once(pool, 'workerDestroy');
      expect(pool.threads.length).toBe(0);
    } finally {
      await pool.destroy();
    }
  });

  it('a narration\'s stages and the voice engines run on the threads that end right after; the cover\'s on the warm ones', () => {
    for (const fn of ['narracion.voz', 'narracion.marca', 'narracion.codificar', 'espeak.wav', 'mp3.codificar', 'voz.wav']) expect(onVoiceThread(fn)).toBe(true);
    for (const fn of ['portada.imagen', 'portada.titulo', 'portada.critica', 'portada.procedencia', 'gantt.dibujar', 'listo']) expect(onVoiceThread(fn)).toBe(false);
  });
});
