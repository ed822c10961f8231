/**
 * A finished run's store is let go once its outcome is delivered (agent/service.ts `closed`): a
 * class's bot no longer keeps every run it ever drove in memory. Seen from outside: after the run
 * ended, its state is read from its file again — here removed, so the run is no longer known.
 * The real service and the offline planner; the listener stands for the bot and only records.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DriverEvent } from '../../src/agent/driver.js';
import { RUN_FILE, runDir } from '../../src/agent/run-state.js';
import { createAgentService } from '../../src/agent/service.js';
import { configFor, tempDir } from './helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-finished-store-'); });
afterEach(async () => { await tmp.cleanup(); });

it('once a run has ended and been delivered, its state is read from its file, not kept in memory', async () => {
  const service = await createAgentService({ config: configFor(tmp.dir) });
  const events: DriverEvent[] = [];
  let paused!: () => void;
  let ended!: () => void;
  const pause = new Promise<void>((r) => { paused = r; });
  const end = new Promise<void>((r) => { ended = r; });
  service.drivers.open({ runId: 'f1', text: 'prepare la semana 2', mode: 'agente', persona: { id: 1, nombre: 'Ana' } }, (e) => {
    events.push(e);
    if (e.type === 'pausa') paused();
    if (e.type === 'fin') ended();
  });
  await pause;
  const asked = events.flatMap((e) => (e.type === 'aprobaciones' ? e.approvals : []));
  for (const a of asked) await service.drivers.decide('f1', a.id, { approved: false, reason: 'rechazado', by: 'Ana' });
  await end;
  await service.drivers.idle();
  // The store lets go once its last write has landed: a turn of the event loop after the driver is dropped.
  await new Promise((r) => setImmediate(r));
  await rm(path.join(runDir(tmp.dir, 'f1'), RUN_FILE));
  // Read again from its folder: the file is gone, so is the run.
  expect(await service.status('f1')).toBeUndefined();
});
