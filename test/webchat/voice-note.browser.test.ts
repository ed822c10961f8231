/**
 * A voice note from the chat page (issue 27): in real headless Chromium, with Chromium's fake
 * microphone (a test tone), the 🎙️ button records, a second tap sends; the page turns the recording
 * into 16 kHz mono WAV, the note shows as a voice bubble with its length, and the real bot sends it
 * to a local stand-in transcription server, whose transcript comes back as the import proposal.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { startTranscriptionServer, type TranscriptionServer } from '../support/transcription-server.js';

const SAID = 'El impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos.';

describe.skipIf(skipBrowserTests())('a voice note from the chat page', () => {
  let server: TranscriptionServer;
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    server = await startTranscriptionServer(SAID);
    chat = await startLocalChat('cv-voz-pagina-', 1, { TRANSCRIPCION_URL: server.url });
    browser = await launchChromium(PHONE, ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
  });
  afterAll(async () => {
    await browser?.close();
    await chat?.close();
    await server?.close();
  });

  it('record, send: a voice bubble, the audio reaches the server as 16 kHz mono WAV, the proposal comes back', async () => {
    const { page } = browser;
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    const record = page.getByRole('button', { name: 'Grabar una nota de voz' });
    await record.click();
    const stop = page.getByRole('button', { name: 'Parar y enviar la nota de voz' });
    await stop.waitFor();
    await expect.poll(() => stop.getAttribute('aria-pressed')).toBe('true');
    // Record until the page has taken about 2 s of audio (the recorder's own clock, not a sleep here).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    await stop.click();

    const bubble = page.locator('.msg.out .voice-title');
    await bubble.waitFor();
    // How long it lasts is what the recorder took — longer on a busy machine, whose click comes later.
    const shown = /^🎙️ Nota de voz · (\d+):(\d\d)$/.exec((await bubble.textContent()) ?? '');
    expect(shown).not.toBeNull();
    const proposal = page.locator('.msg.in', { hasText: '(nota de voz): 1 nota para la semana 3' });
    await proposal.waitFor({ timeout: 60_000 });
    expect(await proposal.getByRole('button', { name: '✅ Guardar' }).count()).toBe(1);
    const got = server.requests.at(-1)!;
    expect(got).toMatchObject({ sampleRate: 16_000, channels: 1 });
    expect(got.seconds).toBeGreaterThan(1);
    // The bubble says the length of the audio the server received.
    const bubbleSeconds = Number(shown![1]) * 60 + Number(shown![2]);
    expect(Math.abs(bubbleSeconds - got.seconds)).toBeLessThan(1);
    expect(got.rms).toBeGreaterThan(100);
    await page.screenshot({ path: path.join(chat.dataDir, 'nota-de-voz.png') });
  });
});
