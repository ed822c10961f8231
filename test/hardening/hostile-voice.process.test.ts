/**
 * Issue 40, hole 1: a voice memo is refused by its length before it is decoded. A two-hour memo of
 * a few megabytes once took the bot past 6 GB; a 25-minute one was refused only after being decoded
 * whole (1.5 GB). The memos are made here (test/support/hostile-files.ts: real Opus frames in Ogg
 * pages written by hand); the bot's path (the worker pool), a queue worker's transcription job and a
 * separate process whose memory is sampled from outside all refuse them with the one sentence.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptionJob, transcriptionStage, type TranscriptionJob } from '../../src/lanes/transcription-stage.js';
import type { Json } from '../../src/lanes/types.js';
import { VOICE } from '../../src/strings/voice.js';
import { decodeVoice, MAX_VOICE_SECONDS, voiceWavOffThread } from '../../src/domain/voice/audio.js';
import { opusSeconds } from '../../src/domain/voice/ogg.js';
import { closePool } from '../../src/workers/pool.js';
import { silentMemo } from '../support/hostile-files.js';
import { peakRss } from '../support/peak-rss.js';
import { startTranscriptionServer, type TranscriptionServer } from '../support/transcription-server.js';

const TOO_LONG = VOICE.tooLong(MAX_VOICE_SECONDS / 60);
/** The bound on what one hostile file may add to a process, in MB. */
const OVER_IDLE_MB = 300;

let dir: string;
let server: TranscriptionServer;
let twoHours: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-voz-hostil-'));
  server = await startTranscriptionServer('nunca debería oír esto');
  twoHours = silentMemo(2 * 3600);
});
afterAll(async () => {
  await server.close();
  await closePool();
  await rm(dir, { recursive: true, force: true });
});

describe('a voice memo is bounded by its length before it is decoded', () => {
  it('the Ogg pages say how long a memo lasts', () => {
    expect(twoHours.length).toBeLessThan(4 * 1024 * 1024);
    expect(opusSeconds(twoHours)).toBe(7200);
    expect(opusSeconds(silentMemo(30))).toBe(30);
    expect(opusSeconds(Buffer.from('OggS but nothing else'))).toBeUndefined();
    expect(opusSeconds(silentMemo(25 * 60, { headerSeconds: 10 }))).toBe(10);
  });

  it('two hours and 25 minutes are refused with one sentence, on the bot\'s worker pool too; 30 seconds still decode', async () => {
    await expect(decodeVoice(twoHours)).rejects.toThrow(TOO_LONG);
    await expect(decodeVoice(silentMemo(25 * 60))).rejects.toThrow(TOO_LONG);
    await expect(voiceWavOffThread(twoHours)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: TOO_LONG });
    const short = await decodeVoice(silentMemo(30));
    expect(Math.abs(short.samples.length / short.sampleRate - 30)).toBeLessThan(0.1);
  });

  it('a queue worker\'s transcription job refuses the two-hour memo and never calls its server', async () => {
    // The bot refuses to make the job at all; a job made anyway (another bot, a crafted one) is refused by the worker.
    expect(() => transcriptionJob(twoHours, 10_000)).toThrow(TOO_LONG);
    const crafted: TranscriptionJob = { engine: 'transcripcion', audio: twoHours.toString('base64'), timeoutMs: 10_000 };
    const stage = transcriptionStage({ url: server.url, timeoutMs: 10_000 });
    await expect(stage(crafted as unknown as Json, new AbortController().signal)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: TOO_LONG });
    expect(server.requests).toHaveLength(0);
  });

  // The last one's pages claim 10 seconds while its packets last 25 minutes: the decoding stops
  // once it passes what the pages said, as unreadable.
  it.each([
    ['25 minutos', () => silentMemo(25 * 60), TOO_LONG],
    ['2 horas', () => twoHours, TOO_LONG],
    ['25 minutos que dicen durar 10 segundos', () => silentMemo(25 * 60, { headerSeconds: 10 }), VOICE.unreadable],
  ])(`in a process of its own, a memo of %s is refused and costs at most ${OVER_IDLE_MB} MB over a 5-second one`, async (label, memo, sentence) => {
    const files = { hostile: path.join(dir, `${label}.ogg`), idle: path.join(dir, 'cinco-segundos.ogg') };
    await writeFile(files.hostile, memo());
    await writeFile(files.idle, silentMemo(5));
    const run = (file: string) => peakRss(process.execPath, ['--import', 'tsx', 'scripts/hostile-voice-child.ts', file], { timeoutMs: 120_000 });
    const idle = await run(files.idle);
    expect(JSON.parse(idle.stdout)).toMatchObject({ ok: true });
    const hostile = await run(files.hostile);
    expect(hostile.signal, hostile.stderr).toBeNull();
    expect(JSON.parse(hostile.stdout)).toEqual({ ok: false, message: sentence });
    expect(hostile.peakMb - idle.peakMb).toBeLessThanOrEqual(OVER_IDLE_MB);
  }, 150_000);
});
