/** A bot state written before the delivery facts moved into the runs' files keeps a run's waits for the owner on its record: they load as written (to be carried into the run's file, runs.ts); a hand-damaged wait is named, not loaded. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BotStateFile, BOT_STATE_VERSION, type RunRecord } from '../../src/bot/state.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const RUN: RunRecord = { runId: 'tg1-a', chatId: 1, ownerId: 1, group: false, mode: 'agente', text: 'prepara la semana 3', startedAt: 1_000 };

async function stateWith(runs: unknown[]): Promise<BotStateFile> {
  const t = await tempDir('cv-waits-');
  cleanups.push(t.cleanup);
  await mkdir(path.join(t.dir, 'bot'), { recursive: true });
  await writeFile(path.join(t.dir, 'bot', 'estado.json'), JSON.stringify({ version: BOT_STATE_VERSION, runs, approvals: [] }));
  const state = new BotStateFile(t.dir);
  cleanups.push(() => state.close());
  return state;
}

describe('a run record’s waits for the owner', () => {
  it('load back as written: the spans and the wait still open', async () => {
    const written = { ...RUN, waits: [{ from: 10, to: 600_010 }], waitingSince: 600_500 };
    const state = await stateWith([written]);
    await state.load();
    expect(state.runs).toEqual([written]);
  });

  it('a wait that is not a span stops the load with a sentence that names it', async () => {
    const state = await stateWith([{ ...RUN, waits: [{ from: 10, to: 20 }, { from: 'ayer' }] }]);
    await expect(state.load()).rejects.toThrow(/la espera 2 del trabajo 1 tiene "from" = "ayer", que no es un número/);
  });

  it('waits that are not a list, or an open wait that is not a number, are refused too', async () => {
    await expect((await stateWith([{ ...RUN, waits: 'mucho' }])).load()).rejects.toThrow(/el trabajo 1 tiene "waits" = "mucho", que no es una lista/);
    await expect((await stateWith([{ ...RUN, waitingSince: 'ya' }])).load()).rejects.toThrow(/el trabajo 1 tiene "waitingSince" = "ya", que no es un número/);
  });
});
