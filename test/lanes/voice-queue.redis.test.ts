/**
 * Workers own their engines, and voice memos go through them (issues 22 and 27), on a real Redis
 * under a private prefix: a worker advertises what it can call (only engines whose address it has)
 * with a heartbeat, and its advert goes with it; the bot — with no transcription address of its own
 * — sends a spoken memo through the queue, the worker's own stand-in server transcribes it, and one
 * approval saves the notes. A job naming an address or an inexact engine is refused before it runs.
 */
import { getEventListeners } from 'node:events';
import { Redis } from 'ioredis';
import type { Message } from 'grammy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advertKey, parseAdvert, readAdverts } from '../../src/lanes/adverts.js';
import { queueTranscriber } from '../../src/lanes/queue-transcriber.js';
import { createGpuQueue, type GpuQueue } from '../../src/lanes/routed.js';
import { TRANSCRIPTION_STAGE, transcriptionJob } from '../../src/lanes/transcription-stage.js';
import { startLaneWorker, type LaneWorker } from '../../src/lanes/worker.js';
import { workerEngines } from '../../src/trabajador.js';
import { NO_TRANSCRIBER } from '../../src/domain/voice/transcriber.js';
import { VOICE } from '../../src/strings/voice.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { startTranscriptionServer, type TranscriptionServer } from '../support/transcription-server.js';
import { spokenMemo, type VoiceFixture } from '../support/voice-fixture.js';
import { deletePrefix, SHARED_REDIS_URL, testPrefix } from './support.js';

const SAID = 'El impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos.';
let memo: VoiceFixture;
let server: TranscriptionServer;
let prefix: string;
let queue: GpuQueue | undefined;
let worker: LaneWorker | undefined;
let chat: LocalChat | undefined;
let redis: Redis;

beforeAll(async () => {
  memo = await spokenMemo(SAID);
  server = await startTranscriptionServer(SAID);
  redis = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await server.close();
});
afterEach(async () => {
  await chat?.close();
  await worker?.close();
  await queue?.close();
  chat = undefined;
  worker = undefined;
  queue = undefined;
  await deletePrefix(SHARED_REDIS_URL, prefix);
});

const startWorker = async (env: Record<string, string>, name = 'gpu-voz-1') => {
  const { catalogue, advert } = workerEngines(['flux', 'xtts', 'transcripcion'], env);
  return startLaneWorker({ url: SHARED_REDIS_URL, prefix, lane: 'gpu', catalogue, advert, name });
};

describe('engines advertised by workers; voice memos through the queue', () => {
  it('a worker advertises only the engines it has an address for, and its advert goes when it stops', async () => {
    prefix = testPrefix();
    queue = createGpuQueue({ settings: { url: SHARED_REDIS_URL, prefix }, advertsCacheMs: 0 });
    expect(await queue.engines.serves('transcripcion')).toBe(false);
    worker = await startWorker({ TRANSCRIPCION_URL: server.url, TRANSCRIPCION_MODELO: 'large-v3' });
    const adverts = await readAdverts(redis, prefix);
    expect(adverts).toHaveLength(1);
    expect(adverts[0]).toMatchObject({ worker: 'gpu-voz-1', lane: 'gpu', engines: ['transcripcion'], models: { transcripcion: 'large-v3' } });
    // Kept alive by a heartbeat: the key has a TTL, it is not permanent.
    const ttl = await redis.pttl(advertKey(prefix, 'gpu-voz-1'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15_000);
    expect(await queue.engines.serves('transcripcion')).toBe(true);
    expect(await queue.engines.serves('flux')).toBe(false);
    expect(await queue.engines.serves('xtts')).toBe(false);
    await worker.close();
    worker = undefined;
    expect(await readAdverts(redis, prefix)).toEqual([]);
    expect(await queue.engines.serves('transcripcion')).toBe(false);
    // A damaged or foreign key under the prefix is ignored, never trusted.
    await redis.set(advertKey(prefix, 'raro'), JSON.stringify({ worker: 'raro', lane: 'gpu', engines: ['Transcripcion', 'flux'], at: 'x' }), 'PX', 5000);
    expect(parseAdvert(await redis.get(advertKey(prefix, 'raro')))?.engines).toEqual(['flux']);
    expect(await queue.engines.serves('transcripcion')).toBe(false);
  });

  it('a job that names an address or an inexact engine is refused by the worker before it runs', async () => {
    prefix = testPrefix();
    queue = createGpuQueue({ settings: { url: SHARED_REDIS_URL, prefix }, advertsCacheMs: 0 });
    worker = await startWorker({ TRANSCRIPCION_URL: server.url });
    const calls = server.requests.length;
    const job = transcriptionJob(memo.ogg, 30_000);
    const run = (key: string, input: Record<string, unknown>) => queue!.lane.run({ student: '7', stage: TRANSCRIPTION_STAGE, key, lane: 'gpu', input: input as never }, new AbortController().signal);
    await expect(run('voz-url', { ...job, transcripcionUrl: 'http://127.0.0.1:1' })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(run('voz-enum', { ...job, engine: 'Transcripcion' })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(run('voz-sin', { audio: job.audio })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(run('voz-tiempo', { ...job, timeoutMs: 10_000_000 })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(server.requests.length).toBe(calls);
  });

  it('a run resumed pass after pass hooks its cancel to its signal once, not once per pass', async () => {
    prefix = testPrefix();
    queue = createGpuQueue({ settings: { url: SHARED_REDIS_URL, prefix }, advertsCacheMs: 0 });
    const lanes = queue.forStudent('7');
    const run = new AbortController();
    for (let pass = 0; pass < 12; pass++) lanes.lanesFor('run-a', { cpu: 2, gpu: 1 }, run.signal);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    // Another run on the same signal gets its own (each run's cancel is its own).
    lanes.lanesFor('run-b', { cpu: 2, gpu: 1 }, run.signal);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(2);
    run.abort();
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('with REDIS_URL and no address on the bot, a worker that advertises transcription turns the memo into one proposal; one approval saves it', async () => {
    prefix = testPrefix();
    queue = createGpuQueue({ settings: { url: SHARED_REDIS_URL, prefix }, advertsCacheMs: 0 });
    const transcriber = queueTranscriber({ lane: queue.lane, engines: queue.engines, own: NO_TRANSCRIBER, timeoutMs: 60_000 });
    // Kept memos looked at again often, so the worker's arrival is noticed within the test.
    chat = await startLocalChat('cv-voz-cola-', 1, {}, { transcriber, voiceWatchMs: 100 });
    const t = chat.tg;
    const after = (id: number, pick: (m: Message) => boolean) => (ms: Message[]) => ms.find((m) => m.message_id > id && pick(m));

    // No worker advertises it yet: the memo is kept.
    const first = await sendUserFile(t.server, memo.ogg, 'voice.ogg', 'voice');
    const kept = await waitForMessage(t, 'the kept sentence', after(first.message_id, (m) => m.from?.is_bot === true));
    expect(kept.text).toBe(VOICE.kept);

    // No button: nothing would answer it yet.
    expect(buttonsOf(kept)).toEqual([]);
    // A worker with its own transcription server appears: the kept memo goes through the queue by
    // itself, as the kept sentence promised.
    const calls = server.requests.length;
    worker = await startWorker({ TRANSCRIPCION_URL: server.url });
    const proposal = await waitForMessage(t, 'the proposal', after(kept.message_id, (m) => (m.text ?? '').startsWith('De «')));
    expect(proposal.text).toMatch(/\(nota de voz\): 1 nota para la semana 3 «Historia del arte»/);
    expect(server.requests.length).toBe(calls + 1);
    expect(Math.abs(server.requests.at(-1)!.seconds - memo.seconds)).toBeLessThan(0.1);

    const before = (await chat.notebook.notes.list()).length;
    t.server.pressButton(proposal.message_id, buttonsOf(proposal).find((b) => /Guardar/.test(b.text))!.callback_data!);
    await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const added = (await chat.notebook.notes.list()).slice(before);
    expect(added.map((n) => [n.texto, n.semana])).toEqual([[SAID, 3]]);
    // The job was released once its transcript was in the pending import.
    expect(await queue.lane.queue.getJobCounts('completed', 'waiting', 'active')).toEqual({ completed: 0, waiting: 0, active: 0 });
  });
});
