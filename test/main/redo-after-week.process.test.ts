/**
 * Issue #23, first «Why»: a redo asked while the finished week is still delivering its tail, then
 * `kill -9` once the redo's approval is on screen, then a restart and a tap on the OLD Aprobar.
 *
 * Made deterministic without timing: the bot talks to the embedded Bot API through a relay (a
 * local HTTP peer that forwards every request as it is) which holds back ONE request of the week's
 * tail — the answer to it never comes while the first process lives, so the week is stuck between
 * «✅ Terminado» and «delivered». The redo is sent then, its approval is shown, the bot is killed:
 * on disk the week is finished but not marked delivered and the redo is paused on its approval —
 * the two runs' writes interleaved as the loaded machine interleaved them.
 *
 * After the restart: the old Aprobar makes the cover (one engine call), the week's report and its
 * «✅ Terminado» summary reach the chat exactly once in total (counted on what the Bot API stand-in
 * received), and each approval was asked once.
 */
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEBCHAT_USER, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { startRelay, type Relay } from '../support/relay.js';
import { WEBCHAT_TOKEN, WAIT_MS, approveData, cleanupAfterEach, isApproval, okResults, readJson, startPolling, startTelegram, tempDir, until, waitForMessage, weekThroughRelay } from './chat-harness.js';

cleanupAfterEach();

let relay: Relay | undefined;
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

const WEEK = 'prepare la semana 3';
const REDO = 'rehaga la portada de la semana 3';
const text = (m: Message) => m.text ?? m.caption ?? '';
const isReportOf = (request: string) => (m: Message) => text(m).startsWith(`📋 Informe · «${request}»`);
const isWeekReport = (method: string, body: string) => method === 'sendMessage' && body.includes(`📋 Informe · «${WEEK}»`);

describe('a redo asked during the week\'s tail, kill -9 at its approval, restart', () => {
  it('the old Aprobar makes the cover once; the week\'s tail arrives once; each approval asked once', async () => {
    // The week's report is held: «✅ Terminado» is on screen, the run is not yet marked delivered.
    const week = await weekThroughRelay('cv-redo-', WEEK, (method, body, held) => held === 0 && isWeekReport(method, body));
    const { dataDir, t, env, first } = week;
    relay = week.relay;
    await waitForMessage(t, 'the week\'s status to say it is done', (ms) => ms.find((m) => text(m).startsWith('✅ Terminado')), first);
    await until('the week\'s report to be held', () => relay!.held() === 1);

    t.server.sendUserText(REDO);
    const redoAsk = await waitForMessage(t, 'the redo\'s approval', (ms) => ms.filter(isApproval)[2], first);
    await until('the redo\'s approval message id to be saved', async () => {
      const s = await readJson<{ approvals: Array<{ messageId?: number }> }>(path.join(dataDir, 'bot', 'estado.json'));
      return (s?.approvals ?? []).some((a) => a.messageId === redoAsk.message_id);
    });
    first.killGroup();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await until('the dead bot to drop its long poll', () => !t.server.updates.polling);
    const coversBefore = await okResults(dataDir, 'generar_portada');

    const second = await startPolling(t, env);
    // The restarted bot says what became of the redo: resumed (its approval still open) or lost.
    const fate = await waitForMessage(t, 'the redo resumed or lost', (ms) => ms.find((m) => text(m).includes(`«${REDO}»`) && (text(m).startsWith('🔁') || text(m).includes('ya no estaba pendiente'))), second);
    expect(text(fate)).toMatch(/^🔁 Reanudo/);
    const queryId = t.server.pressButton(redoAsk.message_id, approveData(redoAsk));
    const answer = await t.server.waitForRequest('answerCallbackQuery', (r) => r.params.callback_query_id === queryId, WAIT_MS);
    expect(answer.params.text).toBe('Aprobado ✅');
    await waitForMessage(t, 'both reports', (ms) => (ms.some(isReportOf(WEEK)) && ms.some(isReportOf(REDO)) ? ms.at(-1) : undefined), second);
    // Both runs over (delivered and forgotten): nothing more is on its way.
    await until('both runs to be over', async () => (await readJson<{ runs: unknown[] }>(path.join(dataDir, 'bot', 'estado.json')))?.runs.length === 0);

    const chat = t.server.history();
    const transcript = chat.map((m) => `#${m.message_id} ${text(m).slice(0, 70)}`).join('\n');
    expect(chat.filter((m) => text(m).includes('ya no estaba pendiente')), transcript).toHaveLength(0);
    expect(await okResults(dataDir, 'generar_portada') - coversBefore, 'the redo\'s cover, made once').toBe(1);
    expect(chat.filter(isApproval), transcript).toHaveLength(3); // two for the week, one for the redo: none asked again
    // What the stand-in received, not only what the chat shows now (an edit hides an earlier text).
    const said = t.server.requests.filter((r) => r.ok && (r.method === 'sendMessage' || r.method === 'editMessageText'));
    const sends = (pick: (s: string) => boolean) => said.filter((r) => r.method === 'sendMessage' && pick(String(r.params.text ?? '')));
    expect(sends((s) => s.startsWith(`📋 Informe · «${WEEK}»`)), transcript).toHaveLength(1);
    expect(sends((s) => s.startsWith(`📋 Informe · «${REDO}»`)), transcript).toHaveLength(1);
    // The week's «✅ Terminado» summary line was shown on one message only, before the kill.
    const done = said.filter((r) => String(r.params.text ?? '').startsWith(`✅ Terminado: «${WEEK}»`));
    expect(new Set(done.map((r) => r.method === 'editMessageText' ? Number(r.params.message_id) : -1)), transcript).toHaveLength(1);
  }, 300_000);
});

/** The owner: taps ✅ Aprobar once on every approval that shows its buttons. Returns the stop. */
function approveAsTheyCome(t: EmbeddedTelegram): () => void {
  const pressed = new Set<number>();
  const look = () => {
    for (const m of t.server.history()) {
      if (!isApproval(m) || pressed.has(m.message_id) || !approveData(m)) continue;
      pressed.add(m.message_id);
      try {
        t.server.pressButton(m.message_id, approveData(m));
      } catch {
        // its buttons went in between (decided): nothing to press
      }
    }
  };
  const unsubscribe = t.server.subscribe(look);
  look();
  return unsubscribe;
}

/**
 * The same overlap, killed at other points of the redo: at the Bot API call that sends its first
 * message (the run is recorded, nothing else) and at the one that sends its approval (the approval
 * is on disk, the owner never saw it). Whatever the point, both runs end delivered once, each
 * question is asked once, the redo's cover is made once.
 */
const KILL_POINTS = [
  { at: 'the redo\'s first message', hold: (method: string, body: string) => method === 'sendMessage' && body.includes(`«${REDO}»`) },
  { at: 'the redo\'s approval message', hold: (method: string, body: string) => method === 'sendMessage' && body.includes('"text":"🔐') },
] as const;

describe('the same overlap, killed at other points of the redo', () => {
  it.each(KILL_POINTS)('killed at $at: both runs end delivered once, each question asked once', async ({ hold }) => {
    const tmp = await tempDir('cv-redo-');
    const dataDir = path.join(tmp, 'data');
    const t = await startTelegram(tmp);
    relay = await startRelay(t.apiRoot, (method, body, held) => (held === 0 ? isWeekReport(method, body) : held === 1 && hold(method, body)));
    const env = { TELEGRAM_BOT_TOKEN: WEBCHAT_TOKEN, TELEGRAM_API_ROOT: relay.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir };

    const first = await startPolling(t, env);
    let stopOwner = approveAsTheyCome(t);
    t.server.sendUserText(WEEK);
    await until('the week\'s report to be held', () => relay!.held() === 1);
    t.server.sendUserText(REDO);
    await until('the redo to reach its kill point', () => relay!.held() === 2);
    first.killGroup();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await until('the dead bot to drop its long poll', () => !t.server.updates.polling);
    stopOwner();
    const coversBefore = await okResults(dataDir, 'generar_portada');
    // A request the dead bot had not confirmed reaches the next one; one it had taken is its to keep or lose.
    const redoPending = t.server.updates.unconfirmed().some((u) => u.message?.text === REDO);
    const chatBefore = t.server.history().length;

    stopOwner = approveAsTheyCome(t);
    const second = await startPolling(t, env);
    const fate = await waitForMessage(t, 'the redo resumed, lost or started', (ms) => ms.slice(chatBefore).find((m) => text(m).includes(`«${REDO}»`)), second);
    // Lost before it had begun (nothing of it on disk but its name): the owner asks again.
    if (text(fate).includes('ya no estaba pendiente') && !redoPending) t.server.sendUserText(REDO);
    await waitForMessage(t, 'both reports', (ms) => (ms.some(isReportOf(WEEK)) && ms.some(isReportOf(REDO)) ? ms.at(-1) : undefined), second);
    await until('both runs to be over', async () => (await readJson<{ runs: unknown[] }>(path.join(dataDir, 'bot', 'estado.json')))?.runs.length === 0);
    stopOwner();

    const chat = t.server.history();
    const transcript = chat.map((m) => `#${m.message_id} ${text(m).slice(0, 70)}`).join('\n');
    expect(await okResults(dataDir, 'generar_portada') - coversBefore, 'the redo\'s cover, made once').toBe(1);
    expect(chat.filter(isApproval), transcript).toHaveLength(3);
    const sends = (prefix: string) => t.server.requests.filter((r) => r.ok && r.method === 'sendMessage' && String(r.params.text ?? '').startsWith(prefix));
    expect(sends(`📋 Informe · «${WEEK}»`), transcript).toHaveLength(1);
    expect(sends(`📋 Informe · «${REDO}»`), transcript).toHaveLength(1);
  }, 300_000);
});
