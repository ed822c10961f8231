/**
 * What the worker threads run (pool.ts): a stage function of the catalogue by its id, or one of the
 * other CPU jobs kept off the main thread (eSpeak synthesis, MP3, the run's Gantt chart). Errors come back as
 * values — a thread boundary keeps only an Error's message — so the pool rethrows them with their
 * code and details, and the retry policy still tells a busy server from a broken answer.
 */
import { readFileSync } from 'node:fs';
import { isCuadernoError } from '../errors.js';
import { renderRunGantt, type OwnerWaitSpan } from '../scheduler/gantt.js';
import type { TaskEvent } from '../scheduler/events.js';
import { espeakWavHere } from '../domain/media/espeak.js';
import { encodeMp3 } from '../domain/media/mp3.js';
import { STAGE_FUNCTIONS } from '../tools/stages/functions.js';
import { voiceWav } from '../domain/voice/audio.js';
import type { WorkReply, WorkRequest } from './pool.js';
import { FAULT } from '../strings/log.js';

const EXTRA: Record<string, (input: never, signal: AbortSignal) => Promise<unknown>> = {
  /** Answers once this thread has loaded every module above: the pool is ready for real work. */
  'listo': async () => true,
  'espeak.wav': (i: { text: string; opts: { voice?: string; wpm?: number; pitch?: number } }) => espeakWavHere(i.text, i.opts),
  'mp3.codificar': async (i: { wav?: Uint8Array; file?: string }) => {
    const mp3 = await encodeMp3(Buffer.from(i.wav ?? readFileSync(i.file!)));
    return new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength);
  },
  'voz.wav': async (i: { audio: Uint8Array }) => {
    const wav = await voiceWav(i.audio);
    return new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength);
  },
  'gantt.dibujar': async (i: { events: TaskEvent[]; title: string; waits: OwnerWaitSpan[] }) => {
    const png = renderRunGantt(i.events, i.title, i.waits);
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  },
};

function codeOf(e: unknown): string {
  if (isCuadernoError(e)) return e.code;
  return e instanceof Error && e.name === 'AbortError' ? 'CANCELLED' : 'INTERNAL';
}

/** Runs one request here (in a worker thread when called through the pool). */
export async function work(req: WorkRequest): Promise<WorkReply> {
  const fn = STAGE_FUNCTIONS[req.fn] ?? EXTRA[req.fn];
  if (!fn) return { ok: false, code: 'INTERNAL', message: FAULT.unknownJob(req.fn), details: {} };
  try {
    return { ok: true, value: await fn(req.input as never, new AbortController().signal) };
  } catch (e) {
    const details = isCuadernoError(e) ? JSON.parse(JSON.stringify(e.details ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))) as Record<string, unknown> : {};
    return { ok: false, code: codeOf(e), message: e instanceof Error ? e.message : String(e), details };
  }
}
