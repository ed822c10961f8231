/**
 * Engine `juguete`: offline Spanish speech with eSpeak-NG compiled to WebAssembly (npm `espeak-ng`,
 * whose embedded data includes the `es` voice and `es_dict`). No system binary, no network.
 *
 * How it is called: the package is an Emscripten program; instantiating it runs `espeak-ng` with
 * `arguments` (here `-v es -s 150 -w /out.wav <text>`) and the WAV is read back from its in-memory
 * FS. Synthesis is synchronous CPU work (~0.1 s per 10 s of audio), so it runs on a worker thread
 * of the pool (workers/pool.ts): the event loop (bot, scheduler) keeps serving, and an abort
 * terminates the thread at once. The 18 MB wasm is compiled once per worker thread.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { EngineError } from '../../errors.js';
import { STAGE_ESTIMATES_MS, cancelledFrom, throwIfAborted, type Pcm, type SpeechEngine } from './engines.js';
import { MSG } from './messages.js';
import { parseWav } from './wav.js';
import { runOffThread } from '../../workers/pool.js';

/** eSpeak voice (Castilian Spanish), words per minute and pitch (0–99). */
export const ESPEAK_VOICE = 'es';
export const ESPEAK_WPM = 150;
export const ESPEAK_PITCH = 45;

let compiled: Promise<WebAssembly.Module> | undefined;

function espeakPaths(): { js: string; wasm: string } {
  const js = createRequire(import.meta.url).resolve('espeak-ng');
  return { js, wasm: js.replace(/espeak-ng\.js$/, 'espeak-ng.wasm') };
}

/** Compiles the eSpeak wasm once per process (≈0.2 s). */
function wasmModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(espeakPaths().wasm).then((b) => WebAssembly.compile(b));
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

/** Text as one argv entry: no leading dash (it would be read as an option), no control chars. */
function sanitize(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
  return text.replace(/[\u0000-\u001f]+/g, ' ').replace(/^[\s-]+/, '').trim();
}

export interface EspeakOptions { voice?: string; wpm?: number; pitch?: number }

/**
 * Runs eSpeak-NG in this thread and returns the WAV bytes it wrote — synchronous CPU work, so only
 * called on a worker thread of the pool (workers/work.ts).
 */
export async function espeakWavHere(text: string, opts: EspeakOptions = {}): Promise<Uint8Array> {
  const module = await wasmModule();
  const args = ['-v', opts.voice ?? ESPEAK_VOICE, '-s', String(opts.wpm ?? ESPEAK_WPM), '-p', String(opts.pitch ?? ESPEAK_PITCH), '-w', '/out.wav', sanitize(text)];
  const { default: ESpeakNg } = (await import(pathToFileURL(espeakPaths().js).href)) as { default: ESpeakFactory };
  const errors: string[] = [];
  const before = new Set(Reflect.ownKeys(globalThis));
  try {
    return await synthesize(ESpeakNg, module, args, errors);
  } finally {
    dropGlueGlobals(before);
  }
}

/**
 * The package's glue (an Emscripten build with its assertions on) defines warning getters on
 * `globalThis` for the symbols it lacks (`buffer`, `asm`, a hundred library names), each closing over
 * the instance that defined it: the first instance of a thread and the latest stayed reachable for
 * the thread's life, 32 MB of WebAssembly memory each (18 MB resident: the voice data copied in).
 * They are removed once the instance is done with, so the whole instance is garbage.
 */
function dropGlueGlobals(before: ReadonlySet<PropertyKey>): void {
  for (const k of Reflect.ownKeys(globalThis)) {
    if (before.has(k)) continue;
    const d = Object.getOwnPropertyDescriptor(globalThis, k);
    if (d?.configurable && d.get) Reflect.deleteProperty(globalThis, k);
  }
}

type ESpeakFactory = (o: Record<string, unknown>) => Promise<{ FS: { readFile(p: string): Uint8Array } }>;

async function synthesize(ESpeakNg: ESpeakFactory, module: WebAssembly.Module, args: string[], errors: string[]): Promise<Uint8Array> {
  const es = await ESpeakNg({
    arguments: args,
    print: () => undefined,
    printErr: (s: string) => errors.push(s),
    instantiateWasm: (imports: WebAssembly.Imports, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) => {
      void WebAssembly.instantiate(module, imports).then((inst) => done(inst, module));
      return {};
    },
  });
  try {
    return es.FS.readFile('/out.wav');
  } catch {
    throw new EngineError('INTERNAL', MSG.ttsFailed(errors.join(' ') || 'sin salida'), { engine: 'juguete' });
  }
}

/** The same PCM, for a stage already running on a worker thread. */
export async function espeakPcmHere(text: string, signal: AbortSignal, opts: EspeakOptions = {}): Promise<Pcm> {
  throwIfAborted(signal);
  return pcmOfWav(Buffer.from(await espeakWavHere(text, opts)));
}

/** Runs eSpeak-NG on a worker thread of the pool and returns the WAV bytes; `signal` stops it. */
export async function espeakWav(text: string, signal: AbortSignal, opts: EspeakOptions = {}): Promise<Buffer> {
  throwIfAborted(signal);
  const wav = await runOffThread<Uint8Array>('espeak.wav', { text, opts }, signal).catch((e: unknown) => {
    if (signal.aborted) throw cancelledFrom(signal);
    throw e;
  });
  return Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
}

function pcmOfWav(wav: Buffer): Pcm {
  try {
    return parseWav(wav).pcm;
  } catch (e) {
    throw new EngineError('INTERNAL', MSG.ttsFailed(e instanceof Error ? e.message : String(e)), { engine: 'juguete' });
  }
}

/** The `juguete` engine: eSpeak-NG Spanish, CPU lane, 22 050 Hz mono 16-bit. */
export function createEspeakEngine(): SpeechEngine {
  return {
    name: 'juguete',
    model: `espeak-ng ${ESPEAK_VOICE}`,
    lane: 'cpu',
    estimateMs: STAGE_ESTIMATES_MS.narration,
    async synthesize(text: string, signal: AbortSignal): Promise<Pcm> {
      return pcmOfWav(await espeakWav(text, signal));
    },
  };
}
