/** The worker pool's queue: what a GPU job waits on goes to the next free thread before the rest, each kind in its order. */
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { FirstThenInOrder } from '../../src/workers/first-queue.js';
import { feedsEngine } from '../../src/tools/stages/catalogue.js';

type Task = Parameters<FirstThenInOrder['push']>[0];
const task = (name: string, first = false): Task => ({ name, ...(first ? { [Piscina.queueOptionsSymbol]: { first: true } } : {}) }) as unknown as Task;
const names = (q: FirstThenInOrder): string[] => {
  const out: string[] = [];
  for (let t = q.shift(); t; t = q.shift()) out.push((t as unknown as { name: string }).name);
  return out;
};

describe('the worker pool’s queue', () => {
  it('hands out the work asked to go first before the rest, each in the order it came', () => {
    const q = new FirstThenInOrder();
    for (const t of [task('ideas nota 1'), task('titulo'), task('guion alumno 7', true), task('ideas nota 2'), task('guion alumno 9', true)]) q.push(t);
    expect(q.size).toBe(5);
    expect(names(q)).toEqual(['guion alumno 7', 'guion alumno 9', 'ideas nota 1', 'titulo', 'ideas nota 2']);
    expect(q.size).toBe(0);
  });

  it('a request cancelled while queued leaves the queue, whichever kind', () => {
    const q = new FirstThenInOrder();
    const a = task('a');
    const b = task('b', true);
    for (const t of [a, b, task('c')]) q.push(t);
    q.remove(b);
    q.remove(a);
    expect(names(q)).toEqual(['c']);
  });

  it('the stages an engine waits on are the narration’s script and the cover’s prompt, nothing after the engine', () => {
    expect(feedsEngine('narracion.guion')).toBe(true);
    expect(feedsEngine('portada.prompt')).toBe(true);
    for (const id of ['narracion.marca', 'narracion.codificar', 'portada.titulo', 'portada.critica', 'portada.procedencia', 'tarjetas.crear']) expect(feedsEngine(id)).toBe(false);
  });
});
