/**
 * The one worker pool (piscina): CPU work that can take over ~20 ms — the cover drawing, its title,
 * critique and PNG encoding, speech synthesis, the WAV and the MP3 — runs in worker threads, so the
 * event loop (the bot, the scheduler, progress edits) never waits on it. The workers' code is a
 * module of its own (work.ts through worker.mjs), never a string.
 *
 * Started on first use (or by `warmPool`); threads above the two kept ready end when idle a while. `signal` aborts a queued
 * request or terminates the thread running it.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { CancelledError, CuadernoError, type ErrorCode } from '../errors.js';
import type { WorkReply, WorkRequest } from './work.js';

let pool: Piscina<WorkRequest, WorkReply> | undefined;

/** Threads: at least 2 (a cover and a narration at once), at most the machine's cores. */
export function poolSize(): number {
  return Math.max(2, Math.min(4, availableParallelism()));
}

function thePool(): Piscina<WorkRequest, WorkReply> {
  pool ??= new Piscina<WorkRequest, WorkReply>({
    filename: new URL('./worker.mjs', import.meta.url).href,
    // Two threads stay ready (a cover and a narration at once): a tap never waits for one to start.
    minThreads: 2,
    maxThreads: poolSize(),
    idleTimeout: 30_000,
  });
  return pool;
}

/** Runs `fn` (a stage id of the catalogue, or `espeak.wav` / `mp3.codificar`) on a worker thread. */
export async function runOffThread<T>(fn: string, input: unknown, signal?: AbortSignal, transfer?: ArrayBuffer[]): Promise<T> {
  if (signal?.aborted) throw new CancelledError();
  let reply: WorkReply;
  try {
    reply = await thePool().run({ fn, input }, { ...(signal ? { signal } : {}), ...(transfer ? { transferList: transfer } : {}) });
  } catch (e) {
    if (signal?.aborted || (e instanceof Error && e.name === 'AbortError')) throw new CancelledError();
    throw e;
  }
  if (reply.ok) return reply.value as T;
  if (reply.code === 'CANCELLED') throw new CancelledError(reply.message);
  throw new CuadernoError(reply.code as ErrorCode, reply.message, reply.details);
}

/**
 * Starts the pool's threads now and resolves when the ones kept ready have loaded their code (the
 * bot awaits it before it takes updates), so the owner's first tap does not pay for starting a
 * thread and compiling its modules. Idle threads do not keep the process alive.
 */
export async function warmPool(): Promise<void> {
  const p = thePool();
  await Promise.all(Array.from({ length: p.options.minThreads }, () => runOffThread('listo', null)));
}

/** Ends the pool's threads (tests' teardown, a clean shutdown). */
export async function closePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
