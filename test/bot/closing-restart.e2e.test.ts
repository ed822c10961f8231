/**
 * Issue #23: a run is over only when its outcome is delivered, and a restart re-delivers nothing
 * already delivered. The run's file (its delivery facts) and the bot state are put as a kill in the
 * middle of a finished run's closing leaves them (the run recorded, not marked delivered, some
 * closing steps done), then the bot restarts on the same data dir: only the steps not done are done — the report is not sent twice, the finished run
 * does not say «🔁 Reanudo» nor reopen its «✅ Terminado» status. Real bot, real agent (offline
 * planner), embedded Bot API emulator. A bot state of the version before the facts moved (they lay
 * on its run record, beside a version-3 run file) is carried over the same way.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClosingStep } from '../../src/agent/delivery-facts.js';
import { runDir, RUN_FILE } from '../../src/agent/run-state.js';
import type { RunRecord } from '../../src/bot/state.js';
import { S } from '../../src/strings/chat.js';
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

    const file = path.join(runDir(stack.config.dataDir, runId), RUN_FILE);
    const delivered = JSON.parse(await readFile(file, 'utf8')) as { version: number; delivery?: { files: string[]; closed: ClosingStep[]; outcomeDelivered: boolean } };
    expect(delivered.delivery).toMatchObject({ closed: ['estado', 'cierre', 'informe'], outcomeDelivered: true });
    /** The run as the bot state holds it when the process dies (only where its messages are). */
    const record: RunRecord = { runId, chatId: OWNER, ownerId: OWNER, group: false, mode: 'agente', text: WEEK, startedAt: Date.now(), statusMessageId: status.messageId };
    /** The run's file and the bot state as a kill after `closed` leaves them. */
    const restartWith = async (closed: ClosingStep[]) => {
      await writeFile(file, JSON.stringify({ ...delivered, delivery: { ...delivered.delivery, closed, outcomeDelivered: false } }));
      await stack!.cb.state.update((s) => { s.runs.push({ ...record }); });
      await stack!.restart(await real(stack!.config));
      await stack!.cb.runs.idle();
    };
    /** The same, as the version before the facts moved wrote it: a version-3 run file, the facts on the bot's record. */
    const restartLegacyWith = async (closed: ClosingStep[]) => {
      const { delivery: _moved, ...v3 } = delivered;
      await writeFile(file, JSON.stringify({ ...v3, version: 3 }));
      await stack!.cb.state.update((s) => { s.runs.push({ ...record, closed, delivered: delivered.delivery!.files } as RunRecord); });
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
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 4, delivery: { closed: ['estado', 'cierre', 'informe'], outcomeDelivered: true } });

    // The version before: the facts are carried into the run's file, the report (only) comes once more.
    const legacyBefore = (await owner.messages()).length;
    await restartLegacyWith(['estado', 'cierre']);
    expect((await owner.messages()).slice(legacyBefore).map((m) => m.text.split('\n')[0])).toEqual([`📋 Informe · «${WEEK}»`]);
    expect(stack.cb.state.runs).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 4, delivery: { closed: ['estado', 'cierre', 'informe'], outcomeDelivered: true } });
  }, 240_000);

  it('a run whose file is damaged still gets its closing: the sentence saying so, not «falló», and then it is forgotten', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    const runId = 'tg1-roto-000';
    await mkdir(runDir(stack.config.dataDir, runId), { recursive: true });
    await writeFile(path.join(runDir(stack.config.dataDir, runId), RUN_FILE), '{"version": 4');
    await stack.cb.state.update((s) => { s.runs.push({ runId, chatId: OWNER, ownerId: OWNER, group: false, mode: 'agente', text: WEEK, startedAt: Date.now() }); });
    await stack.restart(await real(stack.config));
    await stack.cb.runs.idle();
    const texts = (await owner.messages()).map((m) => m.text);
    expect(texts.some((t) => t.startsWith(`📋 Informe · «${WEEK}»`) && t.includes('dañado')), texts.join('\n---\n')).toBe(true);
    expect(texts).not.toContain(S.runFailed());
    expect(stack.cb.state.runs).toEqual([]);
  }, 120_000);
});
