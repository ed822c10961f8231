/**
 * Issue #23: what the owner was shown of a run is the run's own fact, in its file. A week is killed
 * (`kill -9`) in the middle of its closing — the status message says «✅ Terminado», the cover and
 * the episode are in the chat, the chart's data is kept, the report is on its way — and restarted:
 * the restarted bot reads those facts from the run's `run.json` (the bot state holds only where the
 * run's messages are) and sends only the rest, the report, once.
 *
 * Made deterministic without timing: the bot talks to the embedded Bot API through a relay that
 * holds the week's report (its answer never comes while the first process lives).
 */
import path from 'node:path';
import type { Message } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, readJson, startPolling, until, waitForMessage, weekThroughRelay } from './chat-harness.js';

cleanupAfterEach();

const WEEK = 'prepare la semana 3';
const text = (m: Message) => m.text ?? m.caption ?? '';
const isWeekReport = (method: string, body: string) => method === 'sendMessage' && body.includes(`📋 Informe · «${WEEK}»`);

interface RunFile { delivery: { files: string[]; closed: string[]; outcomeDelivered: boolean } }
interface BotState { runs: Array<Record<string, unknown> & { runId: string }> }

describe('kill -9 between two deliveries of a run\'s closing, restart', () => {
  it('the restart reads what was delivered from the run\'s file and sends only the rest: the report, once', async () => {
    const { dataDir, t, env, first, relay } = await weekThroughRelay('cv-closing-kill-', WEEK, (method, body, held) => held === 0 && isWeekReport(method, body));
    await until('the week\'s report to be held', () => relay.held() === 1);

    // On disk at the kill: the bot state knows where the run's messages are, the run's file what was shown.
    const state = await readJson<BotState>(path.join(dataDir, 'bot', 'estado.json'));
    expect(state?.runs).toHaveLength(1);
    const record = state!.runs[0]!;
    for (const moved of ['delivered', 'closed', 'outcomeDelivered', 'waits', 'waitingSince']) expect(record, moved).not.toHaveProperty(moved);
    const runFile = path.join(dataDir, 'runs', record.runId, 'run.json');
    const atKill = await readJson<RunFile>(runFile);
    expect(atKill?.delivery).toMatchObject({ closed: ['estado', 'cierre'], outcomeDelivered: false });
    expect(atKill!.delivery.files.map((f) => path.basename(f)).sort()).toEqual(['semana_03.png', 'semana_03.wav']);

    first.killGroup();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await until('the dead bot to drop its long poll', () => !t.server.updates.polling);
    const before = t.server.requests.length;

    const second = await startPolling(t, env);
    await waitForMessage(t, 'the week\'s report', (ms) => ms.find((m) => text(m).startsWith(`📋 Informe · «${WEEK}»`)), second);
    await until('the run to be over', async () => (await readJson<BotState>(path.join(dataDir, 'bot', 'estado.json')))?.runs.length === 0);
    expect((await readJson<RunFile>(runFile))?.delivery).toMatchObject({ closed: ['estado', 'cierre', 'informe'], outcomeDelivered: true, files: atKill!.delivery.files });

    const transcript = t.server.history().map((m) => `#${m.message_id} ${text(m).slice(0, 70)}`).join('\n');
    // What went to the chat (start-up calls name no chat; the typing pulse is no message).
    const after = t.server.requests.slice(before).filter((r) => r.ok && r.params.chat_id !== undefined && r.method !== 'sendChatAction');
    // After the restart: the report alone — no file again, no status line again, nothing resumed.
    expect(after.map((r) => r.method), transcript).toEqual(['sendMessage']);
    expect(String(after[0]!.params.text)).toMatch(new RegExp(`^📋 Informe · «${WEEK}»`));
  }, 300_000);
});
