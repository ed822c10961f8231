/**
 * One driver per run (agent/driver.ts), with the real service and the offline planner: answers are
 * posted to the run's mailbox, written to disk, told back to the listener and only then resume the
 * run; a paused run holds no pass; /cancelar closes a paused run; a no waiting for its reason keeps
 * the run paused until the reason comes. The listener stands for the bot: it only records.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RUN_WOKEN_CHANNEL, type DriverEvent, type RunDrivers, type RunWoken } from '../../src/agent/driver.js';
import { RunStore } from '../../src/agent/run-state.js';
import { createAgentService } from '../../src/agent/service.js';
import type { RunOutcome } from '../../src/agent/types.js';
import { configFor, tempDir } from './helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-driver-'); });
afterEach(async () => { await tmp.cleanup(); });

/** What the bot would hear, in order, and a way to wait for the next event of a kind. */
function listen() {
  const events: DriverEvent[] = [];
  const waiters: Array<{ type: DriverEvent['type']; from: number; resolve: (e: DriverEvent) => void }> = [];
  const listener = (e: DriverEvent) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (w.type === e.type && events.length > w.from) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  };
  /** The first event of `type` after the `from`-th (default: any so far). */
  const next = <T extends DriverEvent['type']>(type: T, from = 0): Promise<Extract<DriverEvent, { type: T }>> => {
    const seen = events.slice(from).find((e) => e.type === type);
    if (seen) return Promise.resolve(seen as Extract<DriverEvent, { type: T }>);
    return new Promise((resolve) => waiters.push({ type, from, resolve: resolve as (e: DriverEvent) => void }));
  };
  const kinds = () => events.map((e) => e.type).filter((t) => t !== 'tarea' && t !== 'herramienta' && t !== 'iteracion' && t !== 'texto' && t !== 'aviso');
  return { events, listener, next, kinds };
}

async function pausedRun(runId: string): Promise<{ drivers: RunDrivers; heard: ReturnType<typeof listen>; paused: RunOutcome }> {
  const service = await createAgentService({ config: configFor(tmp.dir) });
  const heard = listen();
  service.drivers.open({ runId, text: 'prepare la semana 2', mode: 'agente', persona: { id: 1, nombre: 'Ana' } }, heard.listener);
  const { outcome } = await heard.next('pausa');
  // Paused: nothing is held for the owner, so the drivers are idle.
  await service.drivers.idle();
  expect(service.drivers.status(runId)?.kind).toBe('paused');
  return { drivers: service.drivers, heard, paused: outcome };
}

it('answers posted to a paused run are written, shown, and resume it once; the outcome is told once', async () => {
  const { drivers, heard, paused } = await pausedRun('d1');
  const [cover, narration] = paused.awaiting!;
  expect([cover!.tool, narration!.tool]).toEqual(['generar_portada', 'narrar_resumen']);
  expect(heard.kinds()).toEqual(['pasada', 'aprobaciones', 'pausa']);
  const [a, b, again] = await Promise.all([
    drivers.decide('d1', cover!.id, { approved: true, hash: cover!.proposal.hash, by: 'Ana' }),
    drivers.decide('d1', narration!.id, { approved: false, reason: 'rechazado', by: 'Ana' }),
    drivers.decide('d1', cover!.id, { approved: false, by: 'Ana' }),
  ]);
  expect([a.kind, b.kind, again.kind]).toEqual(['ok', 'ok', 'already']);
  const { outcome } = await heard.next('fin');
  await drivers.idle();
  expect(outcome.stopReason).toBe('end_turn');
  expect(outcome.artifacts.map((x) => x.kind)).toEqual(['imagen']);
  const kinds = heard.kinds();
  // Each answer was shown before the run went on; it never paused again, and ended once.
  expect(kinds.slice(0, 5)).toEqual(['pasada', 'aprobaciones', 'pausa', 'decidida', 'pasada']);
  expect(kinds.filter((k) => k === 'decidida')).toHaveLength(3);
  expect(kinds.filter((k) => k === 'pausa')).toHaveLength(1);
  expect(kinds.filter((k) => k === 'fin')).toHaveLength(1);
  expect(kinds.at(-1)).toBe('fin');
  // Delivered: the driver is gone, and a late tap finds nothing pending.
  expect(drivers.status('d1')).toBeUndefined();
  expect((await drivers.decide('d1', narration!.id, { approved: true, hash: narration!.proposal.hash })).kind).toBe('unknown');
});

it('a cancel posted to a paused run closes it: its open approvals are answered on disk, the outcome told once', async () => {
  const { drivers, heard } = await pausedRun('d2');
  expect(drivers.cancel('d2')).toBe(true);
  expect(drivers.cancel('d2')).toBe(false);
  const { outcome } = await heard.next('fin');
  await drivers.idle();
  expect(outcome.stopReason).toBe('cancelado');
  const decisions = await new RunStore(tmp.dir, 'd2').decisions();
  expect(Object.values(decisions).map((d) => d.reason)).toEqual(['cancelado', 'cancelado']);
  expect(heard.kinds().filter((k) => k === 'fin')).toHaveLength(1);
});

it('a no waiting for its reason keeps the run paused until the reason comes; the reason reaches the model', async () => {
  const { drivers, heard, paused } = await pausedRun('d3');
  const [cover, narration] = paused.awaiting!;
  expect((await drivers.decide('d3', narration!.id, { approved: false, reason: 'rechazado', by: 'Ana', askNote: true })).kind).toBe('ok');
  // Written and shown, but not resumed: the run waits for the reason.
  await drivers.idle();
  expect(heard.kinds()).toEqual(['pasada', 'aprobaciones', 'pausa', 'decidida']);
  const seen = heard.events.length;
  expect((await drivers.decide('d3', cover!.id, { approved: true, hash: cover!.proposal.hash, by: 'Ana' })).kind).toBe('ok');
  // The cover is made; the narration still waits for its reason: paused again.
  await heard.next('pausa', seen);
  await drivers.idle();
  expect(drivers.status('d3')?.kind).toBe('paused');
  expect((await drivers.giveNote('d3', narration!.id, 'hoy no quiero audio')).kind).toBe('ok');
  const { outcome } = await heard.next('fin');
  expect(outcome.stopReason).toBe('end_turn');
  expect(heard.kinds().filter((k) => k === 'motivo')).toHaveLength(1);
  const cp = await readFile(path.join(tmp.dir, 'runs', 'd3', 'run.json'), 'utf8');
  expect(cp).toContain('hoy no quiero audio');
});

it('an answer is written and shown, then `answered` (the tap\'s toast) runs, and only then is the run woken', async () => {
  const { drivers, heard, paused } = await pausedRun('d4');
  const [cover] = paused.awaiting!;
  const woken: RunWoken[] = [];
  const onWoken = (m: unknown) => { woken.push(m as RunWoken); };
  subscribe(RUN_WOKEN_CHANNEL, onWoken);
  try {
    const at: { kinds: string[]; woken: number; onDisk: boolean } = { kinds: [], woken: -1, onDisk: false };
    const r = await drivers.decide('d4', cover!.id, { approved: true, hash: cover!.proposal.hash, by: 'Ana' }, async (d) => {
      expect(d.kind).toBe('ok');
      at.kinds = heard.kinds();
      at.woken = woken.length;
      // Durable before the toast: a fresh store on the same folder reads the decision.
      at.onDisk = Object.hasOwn(await new RunStore(tmp.dir, 'd4').decisions(), cover!.id);
    });
    expect(r.kind).toBe('ok');
    expect(at).toEqual({ kinds: ['pasada', 'aprobaciones', 'pausa', 'decidida'], woken: 0, onDisk: true });
    await heard.next('pasada', 4);
    expect(woken).toEqual([{ runId: 'd4', passRunning: false }]);
  } finally {
    unsubscribe(RUN_WOKEN_CHANNEL, onWoken);
  }
  await drivers.idle();
});
