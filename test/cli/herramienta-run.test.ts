/**
 * `cuaderno herramienta` is a one-call run (issue 23, item 4): its call goes through the agent's
 * run machinery — run state on disk, the effects journal, the approval as a value decided up front —
 * and a run killed after its effect resumes from disk without making the effect again.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAnswering } from '../../src/agent/answering.js';
import { SimulatedCrash } from '../../src/agent/crash.js';
import { createAgentService } from '../../src/agent/service.js';
import type { ToolResult } from '../../src/tools/contract.js';
import { cli } from '../hardening/support.js';
import { configFor, tempDir } from '../agent/helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-herramienta-run-'); });
afterEach(async () => { await tmp.cleanup(); });

const COVER = { id: 'cli-cover', name: 'generar_portada', input: { semana: 2, maqueta: true } };

describe('herramienta as a one-call run', () => {
  it('--aprobar: the decision is written in the run, the call runs once, the run ends finished', async () => {
    const r = await cli(['herramienta', 'generar_portada', '{"semana":2,"maqueta":true}', '--aprobar'], { CUADERNO_DATA_DIR: tmp.dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ is_error: false });
    const [run] = await readdir(path.join(tmp.dir, 'runs'));
    expect(run).toMatch(/^herramienta-/);
    const dir = path.join(tmp.dir, 'runs', run!);
    const cp = JSON.parse(await readFile(path.join(dir, 'run.json'), 'utf8'));
    expect(cp.task).toMatchObject({ mode: 'herramienta', call: { name: 'generar_portada', input: { semana: 2, maqueta: true } } });
    expect(cp.finished).toMatchObject({ stopReason: 'end_turn' });
    expect(await readdir(dir)).toEqual(['run.json']);
    const decisions = Object.values(cp.decisions);
    expect(decisions).toEqual([expect.objectContaining({ approved: true, by: 'cli --aprobar' })]);
    expect(Object.values(cp.journal)).toEqual([expect.objectContaining({ name: 'generar_portada', result: expect.objectContaining({ kind: 'ok' }) })]);
  });

  it('killed right after its effect, it resumes from disk: the journal answers, nothing is made again', async () => {
    const crashing = await createAgentService({ config: configFor(tmp.dir), crashAfter: 'after-effect-write:1' });
    const yes = (a: { proposal: { hash: string } }) => ({ approved: true as const, hash: a.proposal.hash, by: 'cli --aprobar' });
    await expect(runAnswering(crashing, { runId: 'herramienta-k', text: 'herramienta generar_portada', mode: 'herramienta', call: COVER }, yes)).rejects.toBeInstanceOf(SimulatedCrash);
    const audit = async () => (await readFile(path.join(tmp.dir, 'auditoria.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string });
    const made = (await audit()).filter((e) => e.event === 'resultado').length;
    expect(made, JSON.stringify(await audit())).toBe(1);

    const service = await createAgentService({ config: configFor(tmp.dir) });
    expect((await service.unfinished()).map((u) => u.runId)).toEqual(['herramienta-k']);
    const results: ToolResult[] = [];
    const asked: string[] = [];
    const out = await runAnswering(service, { runId: 'herramienta-k', text: '', mode: 'herramienta', resume: true, onEvent: (e) => { if (e.type === 'herramienta') results.push(e.result); } }, (a) => { asked.push(a.tool); return yes(a); });
    expect(out.stopReason).toBe('end_turn');
    expect(asked).toEqual([]); // decided before the kill: not asked again
    expect(results.map((x) => x.kind)).toEqual(['ok']);
    expect((await audit()).filter((e) => e.event === 'resultado')).toHaveLength(made); // no second dispatch
    expect(await service.unfinished()).toEqual([]);
  });
});
