/**
 * Voice memos in the chat (issue 27), the real bot behind the embedded Bot API: a memo made here
 * from eSpeak-NG speech (Ogg/Opus) is sent as Telegram sends a `voice`, downloaded by the bot,
 * decoded in-process and transcribed by a local stand-in of `/v1/audio/transcriptions`; the
 * transcript is one import proposal, and one approval saves its notes in the week the course gives
 * them. With no transcription server: one sentence in plain words (the memo is kept, and will be
 * transcribed once the bot has a server, which whoever runs it adds) and no button — nothing would
 * answer it; once the bot starts with a server, the kept memo is transcribed without a tap.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL } from '../../src/strings/material.js';
import { VOICE, VOICE_BUTTONS } from '../../src/strings/voice.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { startTranscriptionServer, type TranscriptionServer } from '../support/transcription-server.js';
import { spokenMemo, type VoiceFixture } from '../support/voice-fixture.js';
import { voiceProblems } from '../support/voice.js';

const SAID = 'El impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos. Monet y Renoir son sus pintores más conocidos.';
let memo: VoiceFixture;
let server: TranscriptionServer;
let chat: LocalChat | undefined;
beforeAll(async () => {
  memo = await spokenMemo(SAID);
  server = await startTranscriptionServer(SAID);
});
afterAll(() => server.close());
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const isProposal = (m: Message) => (m.text ?? '').startsWith('De «');
const button = (m: Message, label: RegExp) => buttonsOf(m).find((b) => label.test(b.text))?.callback_data ?? '';
const after = (id: number, pick: (m: Message) => boolean) => (ms: Message[]) => ms.find((m) => m.message_id > id && pick(m));
const memosOn = async (dataDir: string) => (await readdir(path.join(dataDir, 'voz')).catch(() => [] as string[]));

describe('voice memos in the chat', () => {
  it('a spoken memo → one proposal → one approval → notes in the course\'s week; the same memo again adds nothing', async () => {
    chat = await startLocalChat('cv-voz-', 1, { TRANSCRIPCION_URL: server.url });
    const t = chat.tg;
    const before = await chat.notebook.notes.list();
    const sent = await sendUserFile(t.server, memo.ogg, 'voice.ogg', 'voice');
    expect(sent.voice?.duration).toBe(Math.round(memo.seconds));
    const proposal = await waitForMessage(t, 'the proposal', after(sent.message_id, isProposal));
    expect(proposal.text!.split('\n')[0]).toMatch(/^De «nota de voz del \d{1,2} de \w+ a las \d\d:\d\d» \(nota de voz\): 1 nota para la semana 3 «Historia del arte»\.$/);
    expect(voiceProblems(proposal.text!)).toEqual([]);
    expect(buttonsOf(proposal).map((b) => b.text)).toEqual(['✅ Guardar', '📅 Cambiar semana', '❌ Descartar']);
    // The server got the whole memo as 16 kHz mono speech.
    const got = server.requests.at(-1)!;
    expect(got).toMatchObject({ sampleRate: 16_000, channels: 1, language: 'es' });
    expect(Math.abs(got.seconds - memo.seconds)).toBeLessThan(0.1);
    expect(got.rms).toBeGreaterThan(500);
    // Nothing saved before the approval; the memo's audio is gone, its transcript is the pending import.
    expect((await chat.notebook.notes.list()).length).toBe(before.length);
    expect(await memosOn(chat.dataDir)).toEqual([]);

    t.server.pressButton(proposal.message_id, button(proposal, /Guardar/));
    const saved = await waitForMessage(t, 'the saved line', after(proposal.message_id, (m) => /^Guardado/.test(m.text ?? '')));
    const added = (await chat.notebook.notes.list()).slice(before.length);
    expect(saved.text).toBe(MATERIAL.saved(added.map((n) => n.id)));
    expect(added.map((n) => [n.texto, n.semana])).toEqual([[SAID, 3]]);

    const again = await sendUserFile(t.server, memo.ogg, 'voice.ogg', 'voice');
    const had = await waitForMessage(t, 'ya lo tenía', after(again.message_id, (m) => /^Ya lo tenía/.test(m.text ?? '')));
    expect(had.text).toMatch(/^Ya lo tenía: «nota de voz del .+» ya está en tu cuaderno \(1 nota\)/);
    expect((await chat.notebook.notes.list()).length).toBe(before.length + 1);
    expect(server.requests.length).toBe(1);
  });

  it('no transcription server: one plain sentence, no button, the memo kept; the bot started with a server transcribes it', async () => {
    chat = await startLocalChat('cv-voz-sin-');
    const t = chat.tg;
    const calls = server.requests.length;
    const sent = await sendUserFile(t.server, memo.ogg, 'voice.ogg', 'voice');
    const kept = await waitForMessage(t, 'the kept sentence', after(sent.message_id, (m) => m.from?.is_bot === true));
    expect(kept.text).toBe(VOICE.kept);
    expect(kept.text).toMatch(/He guardado tu nota de voz.*servidor de transcripción.*quien pone en marcha el bot.*En cuanto lo tenga, la transcribo/);
    expect(kept.text).not.toMatch(/[A-Z]{3,}_[A-Z]+|https?:/); // no setting's name, no address
    expect(voiceProblems(kept.text!)).toEqual([]);
    expect(buttonsOf(kept)).toEqual([]);
    const files = await memosOn(chat.dataDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.ogg$/);
    expect(server.requests.length).toBe(calls);

    // Whoever runs the bot sets TRANSCRIPCION_URL and restarts it: the kept memo is transcribed, untapped.
    await chat.restartBot({ TRANSCRIPCION_URL: server.url });
    const proposal = await waitForMessage(t, 'the proposal', after(kept.message_id, isProposal));
    expect(proposal.text).toMatch(/\(nota de voz\): 1 nota para la semana 3/);
    expect(server.requests.length).toBe(calls + 1);
    expect(await memosOn(chat.dataDir)).toEqual([]);
  });

  it('a server that answers but fails: the memo kept, and [🎙️ Transcribir ahora] tries again', async () => {
    chat = await startLocalChat('cv-voz-fallo-', 1, { TRANSCRIPCION_URL: server.url });
    const t = chat.tg;
    server.answer = 'error500';
    try {
      const sent = await sendUserFile(t.server, memo.ogg, 'voice.ogg', 'voice');
      const failed = await waitForMessage(t, 'the failure', after(sent.message_id, (m) => m.text === VOICE.failed));
      expect(buttonsOf(failed).map((b) => b.text)).toEqual([VOICE_BUTTONS.transcribe]);
      expect(await memosOn(chat.dataDir)).toHaveLength(1);
      server.answer = 'verbose_json';
      t.server.pressButton(failed.message_id, button(failed, /Transcribir/));
      await waitForMessage(t, 'the proposal', after(failed.message_id, isProposal));
    } finally {
      server.answer = 'verbose_json';
    }
  });

  it('audio the bot cannot read gets its sentence and nothing is kept', async () => {
    chat = await startLocalChat('cv-voz-mal-', 1, { TRANSCRIPCION_URL: server.url });
    const t = chat.tg;
    const sent = await sendUserFile(t.server, Buffer.from('ID3\u0003 not audio we read at all'), 'clase.mp3', 'audio');
    const refused = await waitForMessage(t, 'the refusal', after(sent.message_id, (m) => m.from?.is_bot === true));
    expect(refused.text).toBe(VOICE.unreadable);
    expect(await memosOn(chat.dataDir)).toEqual([]);
  });
});
