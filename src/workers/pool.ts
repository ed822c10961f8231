/**
 * The one worker pool (piscina): CPU work that can take over ~20 ms — the cover drawing, its title,
 * critique and PNG encoding, speech synthesis, the WAV and the MP3 — runs in worker threads, so the
 * event loop (the bot, the scheduler, progress edits) never waits on it. The workers' code is a
 * module of its own (work.ts through worker.mjs), never a string.
 *
 * Started on first use (or by `warmPool`); every thread ends when idle a while (none is kept). `signal` aborts a queued
 * request or terminates the thread running it.
 *
 * Two sets of threads, the same module: the warm ones (the cover's stages, the chart), kept
 * POOL_IDLE_MS after their last job, and the voice's (eSpeak, the watermark, the MP3 and a voice
 * memo's decoding), which end VOICE_IDLE_MS after theirs — their WebAssembly engines leave tens of
 * MB in a thread that no collection gives back (eSpeak: its 18 MB module compiled and a 32 MB
 * memory; measured in bench/RESULTS.md, «Busy memory»), so a warm thread never carries them.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { CancelledError, CuadernoError, type ErrorCode } from '../errors.js';
import { onClose } from '../lib/closers.js';
import { scriptBeside } from '../lib/script-beside.js';

let pool: Piscina<WorkRequest, WorkReply> | undefined;
let voicePool: Piscina<WorkRequest, WorkReply> | undefined;

/** One job for a thread (work.ts runs it), and its answer: errors come back as values. */
export interface WorkRequest {
  fn: string;
  input: unknown;
}

export type WorkReply =
  | { ok: true; value: unknown }
  | { ok: false; code: string; message: string; details: Record<string, unknown> };

/** Threads: at least 2 (a cover and a narration at once), at most the machine's cores. */
export function poolSize(): number {
  return Math.max(2, Math.min(4, availableParallelism()));
}

/**
 * The threads' module (script-beside.ts): compiled, the plain `work.js` itself; from the TypeScript
 * sources, `worker.mjs`, which registers tsx in the thread first.
 */
const SCRIPT = scriptBeside(import.meta.url, new URL('./work.js', import.meta.url), new URL('./worker.mjs', import.meta.url));
const WORKER = SCRIPT.compiled ? { filename: SCRIPT.url.href, name: 'work' } : { filename: SCRIPT.url.href };

/**
 * The threads' flags: the process's own, and no `require()` of an ES module. piscina loads a
 * thread's module with `require()` first, which Node ≥ 20.19 does synchronously for ES modules; a
 * thread terminated in the middle of that (a bot stopped right after start, while `warmPool`'s
 * threads load) aborted the whole process — «FATAL ERROR: v8::Module::IsGraphAsync … must be used on
 * an instantiated module», SIGABRT, 3 of 40 stops under load. With it refused, piscina falls back to
 * `import()`, which a termination ends cleanly. Where Node does not know the flag, nothing is added.
 */
const NO_REQUIRE_ESM = '--no-experimental-require-module';
const THREAD_EXEC_ARGV: readonly string[] = [...process.execArgv, ...(process.allowedNodeEnvironmentFlags.has(NO_REQUIRE_ESM) ? [NO_REQUIRE_ESM] : [])];

/** A thread idle this long ends; with none kept ready, an idle bot holds no thread at all. */
export const POOL_IDLE_MS = 30_000;
/**
 * A voice thread idle this long ends: long enough for a narration's stages, which follow each other
 * within milliseconds, to share one thread; short enough that a narration done leaves no engine.
 */
export const VOICE_IDLE_MS = 1_000;

/** The jobs that run on the voice's threads (their engines are WebAssembly that a thread keeps). */
const VOICE_JOBS: ReadonlySet<string> = new Set(['narracion.voz', 'narracion.marca', 'narracion.codificar', 'espeak.wav', 'mp3.codificar', 'voz.wav']);

/** Whether `fn` runs on the voice's threads, which end right after their work (VOICE_IDLE_MS). */
export function onVoiceThread(fn: string): boolean {
  return VOICE_JOBS.has(fn);
}

/**
 * A set of threads running work.ts: none kept ready, at most poolSize() at once, each ending after
 * `idleMs` without a job (piscina's idleTimeout; a job that comes as one ends goes to a new thread).
 */
export function createPool(idleMs: number): Piscina<WorkRequest, WorkReply> {
  return new Piscina<WorkRequest, WorkReply>({
    ...WORKER,
    // None kept ready: threads start with the first work (or `warmPool`, once the bot is receiving)
    // and end when idle, so an idle bot holds neither threads nor their engines' memory.
    minThreads: 0,
    maxThreads: poolSize(),
    idleTimeout: idleMs,
    // A thread's short-lived objects (a raster row, a chunk of samples) are collected in a young
    // generation of 16 MB instead of V8's default (≈ 3 × 16 MB per thread): each idle-but-alive
    // thread holds ~20 MB less, at the cost of a few more quick collections.
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
    execArgv: [...THREAD_EXEC_ARGV],
  });
}

function poolFor(fn: string): Piscina<WorkRequest, WorkReply> {
  if (onVoiceThread(fn)) return (voicePool ??= createPool(VOICE_IDLE_MS));
  return (pool ??= createPool(POOL_IDLE_MS));
}

/** Runs `fn` (a stage id of the catalogue, or `espeak.wav` / `mp3.codificar`) on a worker thread. */
export async function runOffThread<T>(fn: string, input: unknown, signal?: AbortSignal, transfer?: ArrayBuffer[]): Promise<T> {
  if (signal?.aborted) throw new CancelledError();
  let reply: WorkReply;
  try {
    reply = await poolFor(fn).run({ fn, input }, { ...(signal ? { signal } : {}), ...(transfer ? { transferList: transfer } : {}) });
  } catch (e) {
    if (signal?.aborted || (e instanceof Error && e.name === 'AbortError')) throw new CancelledError();
    throw e;
  }
  if (reply.ok) return reply.value as T;
  if (reply.code === 'CANCELLED') throw new CancelledError(reply.message);
  throw new CuadernoError(reply.code as ErrorCode, reply.message, reply.details);
}

/** Warm threads `warmPool` starts, for the first covers and charts (a narration starts voice threads of its own). */
export const WARM_THREADS = 2;

/**
 * Starts two threads now and resolves when they have loaded their code, so the owner's first tap
 * does not pay for starting a thread and loading its modules. The bot calls it once it is receiving
 * updates, without waiting for it (start-up is not delayed); the threads end when idle like any
 * other. Idle threads do not keep the process alive.
 */
export async function warmPool(): Promise<void> {
  const closedBefore = closings;
  await Promise.all(Array.from({ length: WARM_THREADS }, () => runOffThread('listo', null))).catch((e: unknown) => {
    // A shutdown that ends the threads while they warm up is no failure to report.
    if (closings !== closedBefore) return;
    throw e;
  });
}

/** How many times closePool ran: a warm-up cut short by one is not a failure. */
let closings = 0;

/** Ends the pools' threads (tests' teardown, a clean shutdown). */
export async function closePool(): Promise<void> {
  closings += 1;
  const ps = [pool, voicePool];
  pool = undefined;
  voicePool = undefined;
  await Promise.all(ps.map((p) => p?.destroy()));
}
onClose(closePool);
