/**
 * Voice memos to text (issue 27): an Ogg/Opus memo made here from eSpeak-NG speech is decoded
 * in-process to 16 kHz mono and sent to a local stand-in of `POST /v1/audio/transcriptions`, which
 * measures what it received; both answer shapes (json, verbose_json) are read; bad audio and a
 * failing server give their sentence / error code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeVoice, voiceWav } from '../../src/domain/voice/audio.js';
import { transcribeHttp } from '../../src/domain/voice/transcribe.js';
import { VOICE } from '../../src/strings/voice.js';
import { spokenMemo, type VoiceFixture } from '../support/voice-fixture.js';
import { startTranscriptionServer, type TranscriptionServer } from '../support/transcription-server.js';

const SAID = 'La fotosíntesis convierte la luz en energía química. Ocurre en los cloroplastos de las hojas.';
let memo: VoiceFixture;
let server: TranscriptionServer;
beforeAll(async () => {
  memo = await spokenMemo(SAID);
  server = await startTranscriptionServer(SAID);
});
afterAll(() => server.close());

describe('voice memo → text', () => {
  it('decodes the Ogg/Opus memo to 16 kHz mono speech of the same length', async () => {
    expect(memo.ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    const pcm = await decodeVoice(memo.ogg);
    expect(pcm.sampleRate).toBe(16_000);
    const seconds = pcm.samples.length / pcm.sampleRate;
    expect(Math.abs(seconds - memo.seconds)).toBeLessThan(0.1);
    let sq = 0;
    for (const s of pcm.samples) sq += s * s;
    expect(Math.sqrt(sq / pcm.samples.length)).toBeGreaterThan(500);
  });

  it('the stand-in server receives the whole memo as 16 kHz mono WAV and both answer shapes are read', async () => {
    const wav = await voiceWav(memo.ogg);
    const verbose = await transcribeHttp({ url: server.url, timeoutMs: 10_000 }, wav, new AbortController().signal);
    expect(verbose.text).toBe(SAID);
    expect(verbose.language).toBe('spanish');
    const got = server.requests.at(-1)!;
    expect(got).toMatchObject({ sampleRate: 16_000, channels: 1, language: 'es', responseFormat: 'verbose_json', model: 'whisper-1' });
    expect(Math.abs(got.seconds - memo.seconds)).toBeLessThan(0.1);
    expect(got.rms).toBeGreaterThan(500);

    server.answer = 'json';
    const plain = await transcribeHttp({ url: `${server.url}/`, timeoutMs: 10_000, model: 'base' }, wav, new AbortController().signal);
    expect(plain).toEqual({ text: SAID });
    expect(server.requests.at(-1)!.model).toBe('base');
    server.answer = 'verbose_json';
  });

  it('a WAV memo (the chat page records one) is resampled to 16 kHz too', async () => {
    const wav16 = await voiceWav(memo.ogg);
    // Upsample to 48 kHz stereo-less and back: the duration survives.
    const pcm = await decodeVoice(wav16);
    expect(pcm.sampleRate).toBe(16_000);
    expect(Math.abs(pcm.samples.length / 16_000 - memo.seconds)).toBeLessThan(0.1);
  });

  it('audio that is neither OGG nor WAV, or a broken OGG, gets the one sentence', async () => {
    await expect(decodeVoice(Buffer.from('ID3\u0003 not an mp3 we read'))).rejects.toThrow(VOICE.unreadable);
    await expect(decodeVoice(Buffer.concat([memo.ogg.subarray(0, 60), Buffer.alloc(200, 7)]))).rejects.toThrow(VOICE.unreadable);
  });

  it('a failing server is an engine error with its code, not a transcript', async () => {
    server.answer = 'error500';
    await expect(transcribeHttp({ url: server.url, timeoutMs: 10_000 }, await voiceWav(memo.ogg), new AbortController().signal)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    server.answer = 'verbose_json';
    const gone = await startTranscriptionServer(SAID);
    await gone.close(); // nothing listens at its port now
    await expect(transcribeHttp({ url: gone.url, timeoutMs: 5_000 }, await voiceWav(memo.ogg), new AbortController().signal)).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
  });
});
