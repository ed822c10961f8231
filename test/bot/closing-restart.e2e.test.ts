/**
 * Issue #23: a run is over only when its outcome is delivered, and a restart re-delivers nothing
 * already delivered. The bot state is put as a kill in the middle of a finished run's closing leaves
 * it (the run recorded, not marked delivered, some closing steps done), then the bot restarts on the
 * same data dir: only the steps not done are done — the report is not sent twice, the finished run
 * does not say «🔁 Reanudo» nor reopen its «✅ Terminado» status. Real bot, real agent (offline
 * planner), embedded Bot API emulator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClosingStep, RunRecord } from '../../src/bot/state.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, real } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const WEEK = 'prepara la semana 3';

describe('a restart in the middle of a finished run\'s closing', () => {
  it('sends only the closing steps not done yet, and then forgets the run', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say(WEEK);
    const { report } = await answerUntilReport(owner, () => 'Aprobar');
    await stack.cb.runs.idle();
    const runId = /^cl:[tg]:(.+)$/.exec(report.buttons[0]!.data)![1]!;
    const status = (await owner.messages()).find((m) => m.text.startsWith(`✅ Terminado: «${WEEK}»`))!;
    const before = (await owner.messages()).length;

    /** The run as the bot state holds it when the process dies after `closed`. */
    const killedAfter = (closed: ClosingStep[]): RunRecord => ({
      runId, chatId: OWNER, ownerId: OWNER, group: false, mode: 'agente', text: WEEK, startedAt: Date.now(), statusMessageId: status.messageId, closed,
    });
    const restartWith = async (closed: ClosingStep[]) => {
      await stack!.cb.state.update((s) => { s.runs.push(killedAfter(closed)); });
      await stack!.restart(await real(stack!.config));
      await stack!.cb.runs.idle();
    };

    // Killed after the report went out, before the run was marked delivered: nothing is sent again.
    await restartWith(['estado', 'cierre', 'informe']);
    expect((await owner.messages()).slice(before).map((m) => m.text)).toEqual([]);
    expect(stack.cb.state.runs).toEqual([]);

    // Killed before the report: the report (only) comes now, and the status message keeps its line.
    await restartWith(['estado', 'cierre']);
    const after = (await owner.messages()).slice(before);
    expect(after.map((m) => m.text.split('\n')[0])).toEqual([`📋 Informe · «${WEEK}»`]);
    expect((await owner.messages()).find((m) => m.messageId === status.messageId)!.text).toBe(status.text);
    expect(stack.cb.state.runs).toEqual([]);
  }, 240_000);
});
