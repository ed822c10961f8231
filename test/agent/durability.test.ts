/**
 * Durability (docs/design.md §7) in process: the frozen v1 checkpoint keeps loading and resuming, the loader
 * refuses what it cannot trust, reconcile's branches, a journal that cannot be written becomes an
 * alert (not an error for the model), a fresh run clears the old state, unfinished runs are listed.
 * The later layouts' fixtures and the migration to `run.json`: run-state-fixtures.test.ts.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCrashPoints, parseCrashAfter, SimulatedCrash } from '../../src/agent/crash.js';
import { reconcile, redoApplies } from '../../src/agent/reconcile.js';
import { parseCheckpoint, RunStore, runDir } from '../../src/agent/run-state.js';
import { createAgentService } from '../../src/agent/service.js';
import { afterResponse, beforeCall } from '../../src/agent/step.js';
import { runLoop } from '../../src/agent/loop.js';
import { LocalPlanner } from '../../src/agent/model/local.js';
import { createRunStageRunner } from '../../src/scheduler/turn.js';
import { createToolbox } from '../../src/tools/index.js';
import type { RunEvent } from '../../src/agent/types.js';
import { configFor, recordingAnswers, tempDir } from './helpers.js';
import { runAnswering } from '../../src/agent/answering.js';

const FIXTURE = path.resolve(__dirname, '../fixtures/run-state/v1/fixture-v1/checkpoint.json');
const ok = { kind: 'ok' as const, data: { ok: true } };

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.cleanup());

async function placeFixture(runId: string, journal?: object): Promise<string> {
  const dir = runDir(tmp.dir, runId);
  await mkdir(dir, { recursive: true });
  await copyFile(FIXTURE, path.join(dir, 'checkpoint.json'));
  if (journal) await writeFile(path.join(dir, 'journal.json'), JSON.stringify(journal));
  return dir;
}

describe('pure decisions', () => {
  it('step: the cap, then the budget, before the call; refusal and tool_use after it', () => {
    const s = { turns: 2, tokensUsed: 900, maxIterations: 8, tokenBudget: 1000 };
    expect(beforeCall(s, 100)).toEqual({ type: 'call_model' });
    expect(beforeCall(s, 101)).toMatchObject({ type: 'stopped', reason: 'presupuesto' });
    expect(beforeCall({ ...s, turns: 8 }, 0)).toMatchObject({ type: 'stopped', reason: 'max_iteraciones' });
    const use = { type: 'tool_use' as const, id: 't', name: 'buscar_notas', input: {} };
    expect(afterResponse({ stop_reason: 'refusal', content: [use] })).toMatchObject({ type: 'stopped', reason: 'refusal' });
    expect(afterResponse({ stop_reason: 'tool_use', content: [use] })).toEqual({ type: 'run_tools', calls: [use] });
    expect(afterResponse({ stop_reason: 'end_turn', content: [] })).toEqual({ type: 'final', stopReason: 'end_turn' });
  });

  it('reconcile: journal hit, never started, read-only, keyed side effect, unknown', () => {
    const call = { id: 'x', name: 't' };
    const started = { name: 't', startedAt: 'now' };
    expect(reconcile(call, { ...started, result: ok }, { effect: 3, idempotent: false }, false)).toEqual({ type: 'reuse', result: ok });
    expect(reconcile(call, undefined, { effect: 3, idempotent: false }, false)).toMatchObject({ type: 'run', why: 'no-iniciada' });
    expect(reconcile(call, started, { effect: 1, idempotent: false }, false)).toMatchObject({ type: 'run', why: 'lectura' });
    expect(reconcile(call, started, { effect: 3, idempotent: true }, false)).toEqual({ type: 'run_keyed' });
    const unknown = reconcile(call, started, { effect: 3, idempotent: true }, true);
    expect(unknown).toMatchObject({ type: 'unknown', result: { kind: 'error' } });
    expect(reconcile(call, started, { effect: 2, idempotent: false }, false).type).toBe('unknown');
    // A key that names the call (the usage row, a note's cards): a redo run re-runs it through its key.
    expect(reconcile(call, started, { effect: 2, idempotent: true, keyPerCall: true }, true)).toEqual({ type: 'run_keyed' });
  });

  it('the redo rule: only side effects keyed by what is asked get a new version', () => {
    expect(redoApplies({ effect: 3, idempotent: true }, true)).toBe(true);
    expect(redoApplies({ effect: 3, idempotent: true }, false)).toBe(false);
    expect(redoApplies({ effect: 1, idempotent: false }, true)).toBe(false);
    expect(redoApplies({ effect: 2, idempotent: true, keyPerCall: true }, true)).toBe(false);
  });

  it('crash points: parse, count, refuse nonsense', () => {
    expect(parseCrashAfter('after-checkpoint-b:2')).toEqual({ label: 'after-checkpoint-b', n: 2 });
    expect(() => parseCrashAfter('después:1')).toThrow(/CRASH_AFTER/);
    const c = createCrashPoints('after-effect-write:2');
    c.hit('after-effect-write');
    c.hit('after-checkpoint-a');
    expect(() => c.hit('after-effect-write')).toThrow(SimulatedCrash);
  });
});

describe('checkpoint loader (the layout before run.json)', () => {
  it('keeps loading the frozen v1 fixture', async () => {
    const cp = parseCheckpoint(FIXTURE, await readFile(FIXTURE, 'utf8'));
    expect(cp.version).toBe(2); // upgraded in memory: a v1 run had no approvals recorded
    expect(cp.approvals).toEqual([]);
    expect(cp.pending.map((p) => p.name)).toEqual(['crear_tarjetas', 'generar_portada', 'narrar_resumen']);
  });

  it('refuses a missing, truncated, empty or unknown-version file with what to do, and never resets it', async () => {
    const store = new RunStore(tmp.dir, 'r');
    await expect(store.load()).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/sin --reanudar/) });
    const dir = await placeFixture('r');
    const file = path.join(dir, 'checkpoint.json');
    const full = await readFile(file, 'utf8');
    await writeFile(file, full.slice(0, full.length / 2));
    await expect(store.load()).rejects.toMatchObject({ code: 'CORRUPT_STATE', message: expect.stringMatching(/cortado a mitad de escritura.*bórralo/s) });
    expect(await readFile(file, 'utf8')).toBe(full.slice(0, full.length / 2)); // untouched
    await writeFile(file, '');
    await expect(store.load()).rejects.toMatchObject({ code: 'CORRUPT_STATE' });
    await writeFile(file, full.replace('"version": 1', '"version": 9'));
    await expect(store.load()).rejects.toMatchObject({ code: 'UNSUPPORTED_VERSION', message: expect.stringMatching(/versión 9/) });
    const service = await createAgentService({ config: configFor(tmp.dir) });
    expect((await service.unfinished()).map((u) => u.runId)).toEqual(['r']);
    const out = await runAnswering(service, { runId: 'r', text: '', mode: 'agente', resume: true }, recordingAnswers());
    expect(out.stopReason).toBe('error');
    expect(out.detail).toMatch(/versión 9/);
  });
});

/** The loop's deps over the fixture run `runId`, with a store whose `failing` write rejects (a full disk). */
async function loopFailing(runId: string, failing: 'recordResult' | 'markStarted') {
  const store = new RunStore(tmp.dir, runId);
  store[failing] = () => Promise.reject(new Error('disco lleno'));
  const config = configFor(tmp.dir);
  const toolbox = await createToolbox({ config });
  const events: RunEvent[] = [];
  const deps = { model: new LocalPlanner('x'), toolbox, store, stage: createRunStageRunner({ lanes: config.lanes }), crash: createCrashPoints(undefined), prices: config.prices, onEvent: (e: RunEvent) => events.push(e) };
  return { store, deps, events, toolbox, config };
}

describe('resume', () => {
  it('resumes the fixture: journal hit reused, keyed call re-run (approval asked again), unstarted call run', async () => {
    await placeFixture('fixture-v1', {
      version: 1,
      entries: {
        toolu_local_be491ae127_1_0: { name: 'crear_tarjetas', startedAt: 't', result: { content: '{"id_nota":7,"ids":[41,42,43]}', is_error: false, outcome: 'ok' } },
        toolu_local_be491ae127_1_1: { name: 'generar_portada', startedAt: 't' },
      },
    });
    const service = await createAgentService({ config: configFor(tmp.dir) });
    expect((await service.unfinished()).map((u) => u.runId)).toEqual(['fixture-v1']);
    const answers = recordingAnswers({ generar_portada: true, narrar_resumen: true });
    const out = await runAnswering(service, { runId: 'fixture-v1', text: '', mode: 'agente', resume: true }, answers);
    expect(out.stopReason).toBe('end_turn');
    expect(answers.asked.map((a) => a.tool)).toEqual(['generar_portada', 'narrar_resumen']);
    expect(await service.toolbox.notebook.cards.list()).toEqual([]); // the journal's result was trusted, not redone
    expect(out.report).toContain('números 41, 42, 43');
    expect(out.artifacts).toHaveLength(2);
    expect(await service.unfinished()).toEqual([]);
    // Rewritten as one version-3 file at its first write; the old layout's files are gone.
    expect(await readdir(runDir(tmp.dir, 'fixture-v1'))).toEqual(['run.json']);
    expect(JSON.parse(await readFile(path.join(runDir(tmp.dir, 'fixture-v1'), 'run.json'), 'utf8'))).toMatchObject({ version: 4, finished: { stopReason: 'end_turn' } });
  });

  it('a started side effect that cannot be re-run safely (a redo) is reported unknown, never redone', async () => {
    const dir = await placeFixture('redo', { version: 1, entries: { toolu_local_be491ae127_1_1: { name: 'generar_portada', startedAt: 't' } } });
    const file = path.join(dir, 'checkpoint.json');
    const cp = JSON.parse(await readFile(file, 'utf8'));
    cp.task.redo = true;
    await writeFile(file, JSON.stringify(cp));
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const answers = recordingAnswers({ generar_portada: true, narrar_resumen: true });
    const out = await runAnswering(service, { runId: 'redo', text: '', mode: 'agente', resume: true }, answers);
    expect(answers.asked.map((a) => a.tool)).toEqual(['narrar_resumen']);
    expect(out.notDone.join('\n')).toMatch(/Generar la portada de la semana \d+: falló \(Estado desconocido/);
    expect(out.report).toMatch(/Portada: no se hizo — estado desconocido/);
    expect(existsSync(path.join(tmp.dir, 'portadas'))).toBe(false);
  });

  it('a journal that cannot be written after the effect raises an alert, not an error for the model', async () => {
    await placeFixture('nojournal');
    const { store, deps, events } = await loopFailing('nojournal', 'recordResult');
    const cp = await store.load();
    // Paused for the cover and the narration: approve both on disk, then resume from disk.
    const paused = await runLoop(cp, deps);
    expect(paused.stopReason).toBe('awaiting_approval');
    for (const a of paused.awaiting ?? []) await store.recordDecision({ approvalId: a.id, callId: a.callId, approved: true, hash: a.proposal.hash, at: 't' });
    const out = await runLoop(await store.load(), deps);
    expect(out.stopReason).toBe('end_turn');
    const tools = events.filter((e) => e.type === 'herramienta');
    // The cards ran before the pause and, not journalled, are taken from their key on resume.
    expect(new Set(tools.map((e) => e.type === 'herramienta' && e.call.id)).size).toBe(4);
    expect(tools.every((e) => e.type === 'herramienta' && (e.result.kind === 'ok' || e.result.kind === 'cache'))).toBe(true);
    expect(events.filter((e) => e.type === 'aviso' && /diario de efectos/.test(e.text)).length).toBeGreaterThanOrEqual(4);
  });

  it('if the "started" marks cannot be written, nothing runs and the run stays resumable', async () => {
    await placeFixture('nomarks');
    const { store, deps, events, toolbox, config } = await loopFailing('nomarks', 'markStarted');
    await expect(runLoop(await store.load(), deps)).rejects.toMatchObject({ code: 'CORRUPT_STATE', message: expect.stringMatching(/no se ejecutó nada/) });
    expect(events.filter((e) => e.type === 'herramienta')).toEqual([]);
    expect(await toolbox.notebook.cards.list()).toEqual([]);
    const service = await createAgentService({ config });
    expect((await service.unfinished()).map((u) => u.runId)).toEqual(['nomarks']);
  });

  it('a fresh run clears the previous checkpoint and journal', async () => {
    const dir = await placeFixture('cli', { version: 1, entries: { stale: { name: 'x', startedAt: 't' } } });
    const service = await createAgentService({ config: configFor(tmp.dir) });
    await runAnswering(service, { runId: 'cli', text: 'hola', mode: 'agente' }, recordingAnswers());
    const run = JSON.parse(await readFile(path.join(dir, 'run.json'), 'utf8'));
    expect(run.task.text).toBe('hola');
    expect(run.finished.stopReason).toBe('end_turn');
    expect(run.journal).toEqual({});
    expect(await readdir(dir)).toEqual(['run.json']);
  });
});
