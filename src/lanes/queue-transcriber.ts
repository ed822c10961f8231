/**
 * Voice memos through the queue (issue 27): with `REDIS_URL`, a memo is transcribed by a worker that
 * advertises `transcripcion` — the job carries the memo's audio and the exact engine, never an
 * address (transcription-stage.ts). When no worker advertises it, the bot's own `TRANSCRIPCION_URL`
 * does it if it has one (as FLUX/XTTS: a worker's, or the bot's own); otherwise there is no engine.
 */
import { EngineError } from '../errors.js';
import type { Transcript } from '../domain/voice/transcribe.js';
import type { Transcriber } from '../domain/voice/transcriber.js';
import type { EngineDirectory } from './adverts.js';
import type { BullMqLane } from './bullmq-lane.js';
import { TRANSCRIPTION_STAGE, transcriptionJob } from './transcription-stage.js';
import type { Json } from './types.js';

function transcriptOf(output: Json): Transcript {
  const o = output as { text?: unknown; language?: unknown; durationS?: unknown } | null;
  if (!o || typeof o !== 'object' || typeof o.text !== 'string') throw new EngineError('ENGINE_BAD_RESPONSE', 'A transcription job came back without its text', { stage: TRANSCRIPTION_STAGE });
  return { text: o.text, ...(typeof o.language === 'string' ? { language: o.language } : {}), ...(typeof o.durationS === 'number' ? { durationS: o.durationS } : {}) };
}

export function queueTranscriber(opts: { lane: Pick<BullMqLane, 'run' | 'release'>; engines: EngineDirectory; own: Transcriber; timeoutMs: number }): Transcriber {
  return {
    available: async () => (await opts.engines.serves('transcripcion')) || (await opts.own.available()),
    async transcribe(req, signal) {
      if (!(await opts.engines.serves('transcripcion'))) return opts.own.transcribe(req, signal);
      const task = { student: req.student, stage: TRANSCRIPTION_STAGE, key: `voz-${req.key.slice(0, 40)}`, lane: 'gpu' as const, input: transcriptionJob(req.audio, opts.timeoutMs) as unknown as Json };
      const result = await opts.lane.run(task, signal);
      // The transcript goes into the pending import next: the job may go.
      await opts.lane.release(task).catch(() => undefined);
      return transcriptOf(result.output);
    },
  };
}
