/**
 * Done-means of "a run that holds nothing in memory", with the real process (`node dist/main.js`, what
 * `npm start` runs) against the embedded Bot API that the local chat uses: for every kind of run —
 * the agent's week, `/semana N`, "rehaga la portada…", "narre…" — the bot is killed with SIGKILL
 * right when its first approval is on screen, started again on the same data dir, and the OLD
 * buttons are tapped: each effect is made exactly once and its file arrives in the chat.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBCHAT_USER } from '../../src/webchat/index.js';
import { WEBCHAT_TOKEN, WAIT_MS, cleanupAfterEach, buttonsOf, isApproval, approveData, waitForMessage, until, readJson, okResults, startPolling, tempDir, startTelegram } from './chat-harness.js';

cleanupAfterEach();

const KINDS = [
  { text: 'rehaga la portada de la semana 3', effects: ['generar_portada'], photo: true, audio: false },
  { text: 'narre la semana 1', effects: ['narrar_resumen'], photo: false, audio: true },
  { text: '/semana 2', effects: ['generar_portada', 'narrar_resumen'], photo: true, audio: true },
  { text: 'prepare la semana 4', effects: ['generar_portada', 'narrar_resumen'], photo: true, audio: true },
] as const;

describe('kill -9 while an approval is pending, for every kind of run', () => {
  it.each(KINDS)('«$text»: restart, tap the old Aprobar, each effect once, the file arrives', async (kind) => {
    const tmp = await tempDir('cv-kill-');
    const dataDir = path.join(tmp, 'data');
    const t = await startTelegram(tmp);
    const env = { TELEGRAM_BOT_TOKEN: WEBCHAT_TOKEN, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir };

    const first = await startPolling(t, env);
    t.server.sendUserText(kind.text);
    const asked = kind.effects.length;
    await waitForMessage(t, `${asked} approval(s)`, (ms) => (ms.filter((m) => isApproval(m) && buttonsOf(m).length >= 2).length >= asked ? ms.at(-1) : undefined), first);
    // Killed while the approvals are pending: their message ids must be on disk for the buttons to work.
    await until('the approval message ids to be saved', async () =>
      ((await readJson<{ approvals: Array<{ messageId?: number }> }>(path.join(dataDir, 'bot', 'estado.json')))?.approvals.filter((a) => a.messageId !== undefined).length ?? 0) >= asked);
    first.killGroup();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await until('the dead bot to drop its long poll', () => !t.server.updates.polling);

    const second = await startPolling(t, env);
    await waitForMessage(t, 'the resume notice', (ms) => ms.find((m) => (m.text ?? '').startsWith('🔁 Reanudo tras un reinicio')), second);
    for (const old of t.server.history().filter((m) => isApproval(m) && buttonsOf(m).length >= 2)) {
      const queryId = t.server.pressButton(old.message_id, approveData(old));
      const answer = await t.server.waitForRequest('answerCallbackQuery', (r) => r.params.callback_query_id === queryId, WAIT_MS);
      expect(answer.params.text).toBe('Aprobado ✅');
    }
    const report = await waitForMessage(t, 'the report', (ms) => ms.find((m) => (m.text ?? '').startsWith('📋 Informe')), second);
    expect(report.text).not.toMatch(/No se hizo|Estado desconocido/);
    const chat = t.server.history();
    expect(chat.filter(isApproval)).toHaveLength(asked); // never asked twice
    for (const tool of kind.effects) expect(await okResults(dataDir, tool), tool).toBe(1);
    expect(chat.some((m) => m.photo)).toBe(kind.photo);
    expect(chat.some((m) => m.audio)).toBe(kind.audio);
  }, 300_000);
});
