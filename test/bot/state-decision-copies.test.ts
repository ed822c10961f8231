/**
 * A decision lives once, in its run's file: the bot state's version 1 kept a copy on each approval
 * record, and its one migration (legacy-decisions.ts) drops the copies — each first made sure of in
 * its run's file. Played on the frozen data folder of 26bbfae's bot (test/fixtures/datos-26bbfae-chat,
 * runs in the layout before run.json): the week's two approvals are decided in its decisions.json
 * and in the bot's copies; the redo's approval is made decided in the bot's copy only (shown), as a
 * file that lacks it.
 */
import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BotStateFile, BOT_STATE_VERSION } from '../../src/bot/state.js';
import { RunStore } from '../../src/agent/run-state.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/datos-26bbfae-chat/datos/', import.meta.url));
const WEEK_RUN = 'tg100000001-mx5t7dyt-c85b4e';
const REDO_RUN = 'tg100000001-mx5t7hhj-2672ce';
const REDO_ASK = 'pVVNobBL';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cv-decision-copies-'));
  await cp(path.join(FIXTURE, 'bot'), path.join(dir, 'bot'), { recursive: true });
  await cp(path.join(FIXTURE, 'runs'), path.join(dir, 'runs'), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stateFile = () => path.join(dir, 'bot', 'estado.json');
type Raw = { version: number; approvals: Array<{ id: string; runId: string; decision?: Record<string, unknown> }> };
const raw = async (): Promise<Raw> => JSON.parse(await readFile(stateFile(), 'utf8')) as Raw;
const exists = (f: string) => access(f).then(() => true, () => false);

/** The fixture's state with the redo's approval decided in the bot's copy only (a no, shown). */
async function redoDecidedInCopyOnly(): Promise<void> {
  const s = await raw();
  s.approvals.find((a) => a.id === REDO_ASK)!.decision = { approved: false, reason: 'rechazado', by: 'Estudiante', note: 'otra vez no', at: Date.UTC(2026, 11, 2, 8), shown: true };
  await writeFile(stateFile(), JSON.stringify(s, null, 2));
}

it('drops every copy once, after writing into the run\'s file the one it lacked (its «shown» with it)', async () => {
  await redoDecidedInCopyOnly();
  expect((await raw()).version).toBe(1);
  const state = new BotStateFile(dir);
  await state.load();
  await state.close();

  const after = await raw();
  expect(after.version).toBe(BOT_STATE_VERSION);
  expect(after.approvals.map((a) => a.id)).toEqual(['9cN90m8T', 'gGqsMR61', REDO_ASK]);
  expect(after.approvals.filter((a) => 'decision' in a)).toEqual([]);

  // The redo's file lacked it: it is the run's answer now, in run.json (the old layout's file gone).
  const redo = (await new RunStore(dir, REDO_RUN).read())!;
  expect(redo.decisions[REDO_ASK]).toEqual({
    approvalId: REDO_ASK, callId: 'toolu_local_30dbf8d118_0_0', approved: false, reason: 'rechazado', note: 'otra vez no', by: 'Estudiante', at: '2026-12-02T08:00:00.000Z',
  });
  expect(redo.delivery.decisionsShown).toEqual([REDO_ASK]);
  expect(await exists(path.join(dir, 'runs', REDO_RUN, 'run.json'))).toBe(true);
  expect(await exists(path.join(dir, 'runs', REDO_RUN, 'checkpoint.json'))).toBe(false);

  // The week's file had them: its answers are the ones that count, none added. Reading it to know
  // that migrated its old layout (the run's format does that once, at the first read): run.json now.
  expect(await exists(path.join(dir, 'runs', WEEK_RUN, 'run.json'))).toBe(true);
  const week = (await new RunStore(dir, WEEK_RUN).read())!;
  expect(Object.keys(week.decisions).sort()).toEqual(['9cN90m8T', 'gGqsMR61']);
  expect(week.delivery.decisionsShown ?? []).toEqual([]);
});

it('a kill after the run\'s file took the copy and before the state was written back: carried again, changing nothing', async () => {
  await redoDecidedInCopyOnly();
  const copyOfV1 = await readFile(stateFile(), 'utf8');
  const state = new BotStateFile(dir);
  await state.load();
  await state.close();
  const carried = await readFile(path.join(dir, 'runs', REDO_RUN, 'run.json'), 'utf8');
  // As if killed before the migrated state landed: the version-1 file is back.
  await writeFile(stateFile(), copyOfV1);
  const again = new BotStateFile(dir);
  await again.load();
  await again.close();
  expect(await readFile(path.join(dir, 'runs', REDO_RUN, 'run.json'), 'utf8')).toBe(carried);
  expect((await raw()).approvals.filter((a) => 'decision' in a)).toEqual([]);
});

it('a copy whose run has no state left is dropped with nothing to keep it in; the state still loads', async () => {
  await redoDecidedInCopyOnly();
  await rm(path.join(dir, 'runs', REDO_RUN), { recursive: true, force: true });
  const state = new BotStateFile(dir);
  await state.load();
  expect(state.approvals.map((a) => a.id)).toContain(REDO_ASK);
  await state.close();
  expect((await raw()).approvals.filter((a) => 'decision' in a)).toEqual([]);
  expect(await exists(path.join(dir, 'runs', REDO_RUN))).toBe(false);
});
