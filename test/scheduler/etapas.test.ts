/**
 * The planned graph is the graph that runs: `plan --etapas --json` (the week's turn-2 stage graph,
 * from the stage catalogue) against the executor's own events of a real standard week (the agent
 * service, `mode: 'semana'`, both approvals granted) — same task ids, same lanes, and every stage
 * starts only after its dependencies finished.
 */
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/common.js';
import { run as plan, type StagesReport } from '../../src/cli/plan.js';
import { createAgentService } from '../../src/agent/service.js';
import type { TaskEvent } from '../../src/scheduler/events.js';
import { configFor, tempDir } from '../agent/helpers.js';
import { runAnswering } from '../../src/agent/answering.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-etapas-'); });
afterEach(async () => { await tmp.cleanup(); });

async function planStages(): Promise<StagesReport> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (d: Buffer) => { out += d.toString(); });
  const io: CliIO = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {} };
  expect(await plan(['--etapas', '--json'], io)).toBe(0);
  return (JSON.parse(out) as { etapas: StagesReport }).etapas;
}

describe('plan --etapas is what the executor runs', () => {
  it('the standard week’s turn 2: same ids, same lanes, dependency order kept', async () => {
    const etapas = await planStages();
    expect(etapas.tareas.map((t) => t.id)).toContain('portada.imagen');
    expect(etapas.carriles).toEqual({ cpu: 2, gpu: 1 }); // the lanes a run gets here (CPU_LANES, GPU_LANES defaults)

    const service = await createAgentService({ config: configFor(tmp.dir) });
    const events: TaskEvent[] = [];
    const out = await runAnswering(service, {
      runId: 'etapas', text: 'prepare la semana 2', mode: 'semana', week: 2,
      onEvent: (e) => { if (e.type === 'tarea') events.push(e.event); } }, (a) => ({ approved: true, hash: a.proposal.hash }));
    expect(out.stopReason).toBe('end_turn');

    const turn1and3 = new Set(['notas.busqueda', 'uso.registro']);
    const ran = new Set(events.filter((e) => e.type === 'started' && !turn1and3.has(e.taskId)).map((e) => e.taskId));
    expect([...ran].sort()).toEqual(etapas.tareas.map((t) => t.id).sort());

    const startOf = (id: string) => events.find((e) => e.type === 'started' && e.taskId === id)!;
    const endOf = (id: string) => events.find((e) => e.type === 'finished' && e.taskId === id);
    for (const t of etapas.tareas) {
      expect(startOf(t.id).lane, t.id).toBe(t.carril);
      expect(endOf(t.id), `${t.id} terminó`).toBeDefined();
      for (const d of t.deps) {
        const i = events.indexOf(endOf(d)!);
        expect(i, `${d} antes de ${t.id}`).toBeGreaterThanOrEqual(0);
        expect(i).toBeLessThan(events.indexOf(startOf(t.id)));
      }
    }
  });
});
