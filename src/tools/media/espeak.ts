/**
 * Engine `juguete`: offline Spanish speech with eSpeak-NG compiled to WebAssembly (npm `espeak-ng`,
 * whose embedded data includes the `es` voice and `es_dict`). No system binary, no network.
 *
 * How it is called: the package is an Emscripten program; instantiating it runs `espeak-ng` with
 * `arguments` (here `-v es -s 150 -w /out.wav <text>`) and the WAV is read back from its in-memory
 * FS. Synthesis is synchronous CPU work (~0.1 s per 10 s of audio), so it runs in a worker thread:
 * the event loop (bot, scheduler) keeps serving, and an abort terminates the worker at once.
 * The 18 MB wasm is compiled once per process and shared with every worker.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EngineError } from '../../errors.js';
import { STAGE_ESTIMATES_MS, cancelledFrom, throwIfAborted, type Pcm, type SpeechEngine } from './engines.js';
import { MSG } from './messages.js';
import { parseWav } from './wav.js';

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

// Plain JS so it runs in a worker without a TypeScript loader; it imports the package by file URL.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { default: ESpeakNg } = await import(workerData.url);
  const errors = [];
  const es = await ESpeakNg({
    arguments: workerData.args,
    print: () => {},
    printErr: (s) => errors.push(s),
    instantiateWasm: (imports, done) => {
      WebAssembly.instantiate(workerData.module, imports).then((inst) => done(inst, workerData.module));
      return {};
    },
  });
  let wav;
  try { wav = es.FS.readFile('/out.wav'); } catch { throw new Error(errors.join(' ') || 'sin salida'); }
  parentPort.postMessage(wav, [wav.buffer]);
})().catch((e) => parentPort.postMessage({ error: String(e && e.message || e) }));
`;

/** Text as one argv entry: no leading dash (it would be read as an option), no control chars. */
function sanitize(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
  return text.replace(/[\u0000-\u001f]+/g, ' ').replace(/^[\s-]+/, '').trim();
}

/** Runs eSpeak-NG in a worker and returns the WAV bytes it wrote. */
export async function espeakWav(text: string, signal: AbortSignal, opts: { voice?: string; wpm?: number; pitch?: number } = {}): Promise<Buffer> {
  throwIfAborted(signal);
  const module = await wasmModule();
  throwIfAborted(signal);
  const args = ['-v', opts.voice ?? ESPEAK_VOICE, '-s', String(opts.wpm ?? ESPEAK_WPM), '-p', String(opts.pitch ?? ESPEAK_PITCH), '-w', '/out.wav', sanitize(text)];
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url: pathToFileURL(espeakPaths().js).href, args, module } });
  return new Promise<Buffer>((resolve, reject) => {
    const onAbort = (): void => {
      void worker.terminate();
      reject(cancelledFrom(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
    };
    worker.once('message', (msg: Uint8Array | { error: string }) => {
      done();
      if (msg instanceof Uint8Array) resolve(Buffer.from(msg.buffer, msg.byteOffset, msg.byteLength));
      else reject(new EngineError('INTERNAL', MSG.ttsFailed(msg.error), { engine: 'juguete' }));
    });
    worker.once('error', (e) => {
      done();
      reject(new EngineError('INTERNAL', MSG.ttsFailed(e.message), { engine: 'juguete' }, { cause: e }));
    });
    // A worker that dies without answering (out of memory, killed) must not leave the call hanging;
    // after a resolve/reject this second settle is a no-op.
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', onAbort);
      reject(new EngineError('INTERNAL', MSG.ttsFailed(`el proceso de síntesis terminó (código ${code})`), { engine: 'juguete' }));
    });
  });
}

/** The `juguete` engine: eSpeak-NG Spanish, CPU lane, 22 050 Hz mono 16-bit. */
export function createEspeakEngine(): SpeechEngine {
  return {
    name: 'juguete',
    model: `espeak-ng ${ESPEAK_VOICE}`,
    lane: 'cpu',
    estimateMs: STAGE_ESTIMATES_MS.narration,
    async synthesize(text: string, signal: AbortSignal): Promise<Pcm> {
      const wav = await espeakWav(text, signal);
      try {
        return parseWav(wav).pcm;
      } catch (e) {
        throw new EngineError('INTERNAL', MSG.ttsFailed(e instanceof Error ? e.message : String(e)), { engine: 'juguete' });
      }
    },
  };
}
