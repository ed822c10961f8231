/**
 * Runs plan in the order they were opened, a bounded number at a time (agent/admission.ts, issue 41):
 * three students' services share one admission, as the class's bot shares one; their runs, opened
 * together, each plan only once the run before them has its approvals on screen. The real service
 * and the offline planner; the listener stands for the bot and only records.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAdmission, type Admission } from '../../src/agent/admission.js';
import type { DriverEvent } from '../../src/agent/driver.js';
import { createAgentService } from '../../src/agent/service.js';
import { configFor, tempDir } from './helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-admission-'); });
afterEach(async () => { await tmp.cleanup(); });

/** Three students' runs opened at once on `admission`; every event each one's driver tells, in one log. */
async function classOfThree(admission: Admission) {
  const log: Array<{ who: string; type: DriverEvent['type'] }> = [];
  const who = ['ana', 'bea', 'carlos'];
  const services = await Promise.all(who.map((w) => createAgentService({ config: configFor(`${tmp.dir}/${w}`), admission })));
  const paused = who.map((w, i) => new Promise<void>((resolve) => {
    services[i]!.drivers.open({ runId: `r-${w}`, text: 'prepare la semana 2', mode: 'agente', persona: { id: i + 1, nombre: w } }, (e) => {
      log.push({ who: w, type: e.type });
      if (e.type === 'pausa' || e.type === 'fin' || e.type === 'fallo') resolve();
    });
  }));
  await Promise.all(paused);
  return { log, who };
}

it('with one place, each run plans only after the run opened before it has asked its approvals', async () => {
  const { log, who } = await classOfThree(createAdmission(1));
  const asked = log.filter((e) => e.type === 'aprobaciones').map((e) => e.who);
  expect(asked).toEqual(who);
  for (const [i, w] of who.entries()) {
    if (i === 0) continue;
    // The run's own work (its model's turns, its tools, its stages) begins after the one before it was asked.
    const firstWork = log.findIndex((e) => e.who === w && e.type !== 'pasada');
    const beforeAsked = log.findIndex((e) => e.who === who[i - 1] && e.type === 'aprobaciones');
    expect(firstWork).toBeGreaterThan(beforeAsked);
  }
});

it('a run cancelled while it waits for its place closes without it, and the run behind it plans once the place is free', async () => {
  const admission = createAdmission(1);
  // The one place, held (as by a run that plans): every run opened now waits.
  const holder = admission.enter();
  await holder.admitted;
  const services = await Promise.all(['bea', 'carlos'].map((w) => createAgentService({ config: configFor(`${tmp.dir}/${w}`), admission })));
  const heard: string[] = [];
  const ended = (i: number) => new Promise<DriverEvent['type']>((resolve) => {
    services[i]!.drivers.open({ runId: `r${i}`, text: 'prepare la semana 2', mode: 'agente', persona: { id: i + 1, nombre: `p${i}` } }, (e) => {
      heard.push(`${i}:${e.type}`);
      if (e.type === 'pausa' || e.type === 'fin' || e.type === 'fallo') resolve(e.type);
    });
  });
  const cancelled = ended(0);
  const behind = ended(1);
  expect(services[0]!.drivers.cancel('r0')).toBe(true);
  // Closed while the place is still held: a cancelled run never waits for its turn.
  expect(await cancelled).toBe('fin');
  expect(heard.filter((h) => h.startsWith('1:') && h !== '1:pasada')).toEqual([]);
  holder.leave();
  expect(await behind).toBe('pausa');
});
