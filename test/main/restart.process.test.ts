/**
 * End to end with the real process: `node dist/main.js` (what `npm start` runs) in Telegram mode,
 * pointed at the embedded Bot API server started here, which plays Telegram and outlives the bot.
 * The bot is crashed with a real SIGKILL while an approval is pending and started again on the same
 * data dir: the run must resume, the pending approval must still be answerable, and no side effect
 * may happen twice. Then a SIGTERM must shut it down cleanly, and bad start-up environments must
 * end with exit code 2 and one readable message. Offline planner (no ANTHROPIC_API_KEY).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBCHAT_USER } from '../../src/webchat/index.js';
import { WEBCHAT_TOKEN, WAIT_MS, cleanupAfterEach, spawnBot, buttonsOf, isApproval, approveData, waitForMessage, until, readJson, okResults, startPolling, tempDir, startTelegram, holdPort } from './chat-harness.js';
import { deckFileCards } from '../support/deck-file.js';

cleanupAfterEach();

describe('the real bot process (npm start) against an embedded Telegram', () => {
  it('survives kill -9 while an approval is pending: the run resumes, the old button works, nothing runs twice; SIGTERM exits 0', async () => {
    const tmp = await tempDir('cv-main-');
    const dataDir = path.join(tmp, 'data');
    const t = await startTelegram(tmp);
    const env = { TELEGRAM_BOT_TOKEN: WEBCHAT_TOKEN, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir };
    const coverPng = path.join(dataDir, 'portadas', 'semana_03.png');
    const coverSidecar = path.join(dataDir, 'portadas', 'semana_03.json');

    const first = await startPolling(t, env);
    t.server.sendUserText('prepare la semana 3');
    const cover = await waitForMessage(t, 'cover approval', (ms) => ms.find((m) => isApproval(m) && /portada/.test(m.text ?? '') && buttonsOf(m).length === 2), first);
    expect(buttonsOf(cover).map((b) => b.text)).toEqual(['✅ Aprobar', '❌ Rechazar']);
    t.server.pressButton(cover.message_id, approveData(cover));
    const narration = await waitForMessage(t, 'narration approval', (ms) => ms.find((m) => isApproval(m) && /narrar/.test(m.text ?? '') && buttonsOf(m).length === 2), first);

    // Kill at a known point: the cover finished (its audit result is written last) and the pending
    // approval's message id is on disk. Killing earlier is legal too, but then what "once" means
    // for the cover is the idempotency store's business (covered by test/agent/crash-*).
    await until('the cover to be made', async () => (await okResults(dataDir, 'generar_portada')) === 1);
    await until('the approval message id to be saved', async () =>
      (await readJson<{ approvals: Array<{ messageId?: number }> }>(path.join(dataDir, 'bot', 'estado.json')))?.approvals.some((a) => a.messageId === narration.message_id) ?? false);
    const sidecarBefore = JSON.parse(await readFile(coverSidecar, 'utf8')) as { created_at: string };
    const pngBefore = createHash('sha256').update(await readFile(coverPng)).digest('hex');

    first.killGroup();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await until('the dead bot to drop its long poll', () => !t.server.updates.polling);
    expect(buttonsOf(t.server.history().find((m) => m.message_id === narration.message_id)!)).toHaveLength(2);

    const second = await startPolling(t, env);
    // Printed right after the ready line, but a pipe may deliver it in a later chunk: wait for it.
    await second.waitForStdout(/Reanudado 1 trabajo pendiente\./, WAIT_MS);
    await waitForMessage(t, 'the resume notice', (ms) => ms.find((m) => (m.text ?? '').startsWith('🔁 Reanudo tras un reinicio: «prepare la semana 3»')), second);

    // The button sent by the killed process still works (its approval record survived).
    const queryId = t.server.pressButton(narration.message_id, approveData(narration));
    const answer = await t.server.waitForRequest('answerCallbackQuery', (r) => r.params.callback_query_id === queryId, WAIT_MS);
    expect(answer.params.text).toBe('Aprobado ✅');
    await waitForMessage(t, 'the decision shown on the old message', (ms) => ms.find((m) => m.message_id === narration.message_id && /✅ Aprobado por Estudiante/.test(m.text ?? '') && buttonsOf(m).length === 0), second);
    const report = await waitForMessage(t, 'the report', (ms) => ms.find((m) => (m.text ?? '').startsWith('📋 Informe')), second);
    expect(report.text).not.toMatch(/No se hizo/);
    // The chart is not sent unasked: the closing message's button brings it.
    const chartButton = buttonsOf(report).find((b) => /Cronograma/.test(b.text));
    expect(chartButton, 'the closing message offers the chart').toBeDefined();
    t.server.pressButton(report.message_id, chartButton!.callback_data ?? '');
    await waitForMessage(t, 'the chart, after its button', (ms) => ms.find((m) => /Cronograma/.test(m.caption ?? '')), second);

    const chat = t.server.history();
    expect(chat.filter(isApproval).map((m) => m.message_id)).toEqual([cover.message_id, narration.message_id]); // nothing asked twice
    expect(await okResults(dataDir, 'generar_portada')).toBe(1);
    expect(await okResults(dataDir, 'narrar_resumen')).toBe(1);
    expect((JSON.parse(await readFile(coverSidecar, 'utf8')) as { created_at: string }).created_at).toBe(sidecarBefore.created_at);
    expect(createHash('sha256').update(await readFile(coverPng)).digest('hex')).toBe(pngBefore);
    expect(deckFileCards(JSON.parse(await readFile(path.join(dataDir, 'tarjetas.json'), 'utf8')))).toHaveLength(3);

    // What reached the chat: the cover as a photo that decodes, the episode as an MP3 audio.
    const photo = chat.find((m) => m.photo && /Semana 3/.test(m.caption ?? ''));
    const coverFile = t.server.files.get(photo!.photo!.at(-1)!.file_id)!;
    expect(PNG.sync.read(await readFile(coverFile.absPath)).width).toBeGreaterThan(100);
    const audio = chat.filter((m) => m.audio);
    expect(audio).toHaveLength(1);
    const mp3 = await readFile(t.server.files.get(audio[0]!.audio!.file_id)!.absPath);
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0)).toBe(true);
    expect(second.stderr()).not.toMatch(/\n\s+at /); // no stack trace logged by the resumed bot

    second.signal('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null }); // main.ts forces exit 1 after 10 s
    expect(second.stdout()).toMatch(/SIGTERM: cerrando…/);
  }, 300_000);

  it('refuses a bad environment with exit code 2 and one readable message (no stack trace)', async () => {
    const tmp = await tempDir('cv-main-');
    const lanes = spawnBot({ CUADERNO_DATA_DIR: path.join(tmp, 'a'), GPU_LANES: '0' });
    expect((await lanes.exited).code).toBe(2);
    expect(lanes.stdout()).toBe('');
    expect(lanes.stderr()).toMatch(/^No se pudo arrancar Cuaderno Vivo: /);
    expect(lanes.stderr()).toMatch(/`GPU_LANES` fuera un entero positivo; se recibió `0`/);
    expect(lanes.stderr()).not.toMatch(/\n\s+at |Error:/);
    expect(lanes.stderr().trim().split('\n').length).toBeLessThanOrEqual(2);

    // No token → the local chat page; its port is taken by another program.
    const port = await holdPort();
    const taken = spawnBot({ CUADERNO_DATA_DIR: path.join(tmp, 'b'), CHAT_PORT: String(port) });
    expect((await taken.exited).code).toBe(2);
    expect(taken.stdout()).not.toMatch(/Chat local listo/);
    expect(taken.stderr().trim()).toBe(`No se pudo arrancar Cuaderno Vivo: El puerto ${port} de 127.0.0.1 ya está en uso: cierra el programa que lo ocupa o arranca el chat en otro puerto (por ejemplo el ${port + 1}).`);
  }, 120_000);
});
