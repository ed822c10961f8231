/**
 * A run is one versioned value on disk (issue 23, item 1–2): the frozen run folders of every layout
 * (test/fixtures/run-state/, LEEME.md) still resume, each is rewritten as one version-4 `run.json`
 * at its next write, the old files go only once that is on disk (a kill or a failed write between
 * still resumes), and the loader refuses what it cannot trust with what to do.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAnswering } from '../../src/agent/answering.js';
import { readRunFolder } from '../../src/agent/run-file.js';
import { RunStore, runDir } from '../../src/agent/run-state.js';
import { createAgentService } from '../../src/agent/service.js';
import { configFor, recordingAnswers, tempDir } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/run-state/', import.meta.url));
const LEGACY = ['checkpoint.json', 'decisions.json', 'journal.json'];
const REASON = 'hoy no quiero audio';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-run-state-'); });
afterEach(async () => { await tmp.cleanup(); });

/** Copies the frozen folder `<version>/<runId>` into the data dir; returns the run's folder. */
async function place(version: string, runId: string): Promise<string> {
  const dir = runDir(tmp.dir, runId);
  await cp(path.join(FIXTURES, version, runId), dir, { recursive: true });
  return dir;
}

const files = async (dir: string) => (await readdir(dir)).sort();
const onDisk = async (dir: string) => JSON.parse(await readFile(path.join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;

describe.each(['v2', 'v3', 'v4'])('the frozen %s folders resume', (version) => {
  it('paused on its approvals (cover approved, the narration\'s no waiting for its reason): nothing asked again, the cover made once, the reason reaches the model', async () => {
    const dir = await place(version, 'pausada');
    const service = await createAgentService({ config: configFor(tmp.dir) });
    expect((await service.unfinished()).map((u) => u.runId)).toEqual(['pausada']);
    // First pass: the approved cover runs; the no still waits for its reason, so the run pauses again.
    const first = await service.run({ runId: 'pausada', text: '', mode: 'agente', resume: true });
    expect(first.stopReason).toBe('awaiting_approval');
    expect(first.awaiting?.map((a) => a.tool)).toEqual(['narrar_resumen']);
    expect(first.artifacts.map((a) => path.basename(a.path))).toEqual(['semana_03.png']);
    expect(await files(dir)).toEqual(['run.json']);
    const narration = first.awaiting![0]!;
    expect(await service.giveNote('pausada', narration.id, REASON)).toMatchObject({ kind: 'ok' });
    const answers = recordingAnswers({ generar_portada: true, narrar_resumen: true });
    const out = await runAnswering(service, { runId: 'pausada', text: '', mode: 'agente', resume: true }, answers);
    expect(out.stopReason).toBe('end_turn');
    expect(answers.asked).toEqual([]);
    // The cards were made before the freeze: the journal's result stands, none is made here.
    expect(await service.toolbox.notebook.cards.list()).toEqual([]);
    expect(out.calls?.find((c) => c.tool === 'narrar_resumen')).toMatchObject({ kind: 'rechazado', notApproved: 'rechazado' });
    const run = await onDisk(dir);
    expect(run).toMatchObject({ version: 4, finished: { stopReason: 'end_turn' } });
    expect(JSON.stringify(run.messages)).toContain(REASON);
    expect(await service.unfinished()).toEqual([]);
  });

  it('paused on a question back: the answer goes on from disk (the same script as the model)', async () => {
    const dir = await place(version, 'pregunta');
    const service = await createAgentService({ config: configFor(tmp.dir, { CUADERNO_MODELO: `script:${path.join(FIXTURES, 'pregunta.guion.json')}` }) });
    expect((await service.unfinished()).map((u) => u.runId)).toEqual(['pregunta']);
    expect(await service.answer('pregunta', 'la 3')).toEqual({ kind: 'ok' });
    expect(await files(dir)).toEqual(['run.json']);
    const answers = recordingAnswers({ generar_portada: true });
    const out = await runAnswering(service, { runId: 'pregunta', text: '', mode: 'agente', resume: true, questions: true }, answers);
    expect(out.stopReason).toBe('end_turn');
    expect(answers.asked.map((a) => a.tool)).toEqual(['generar_portada']);
    expect(out.artifacts.map((a) => path.basename(a.path))).toEqual(['semana_03.png']);
    expect(out.report).toMatch(/portada de la semana 3 está lista/);
    expect(JSON.stringify((await onDisk(dir)).messages)).toContain('la 3');
  });
});

describe('migration to run.json', () => {
  it('the bot\'s runs of 26bbfae (test/fixtures/datos-26bbfae-chat) read as version-4 values (no delivery facts yet): the finished week with its decisions and journal, the redo paused on its approval', async () => {
    const runs = fileURLToPath(new URL('../fixtures/datos-26bbfae-chat/datos/runs/', import.meta.url));
    const week = await readRunFolder(path.join(runs, 'tg100000001-mx5t7dyt-c85b4e'));
    expect(week).toMatchObject({ legacy: true, state: { version: 4, finished: { stopReason: 'end_turn' }, task: { text: 'prepara la semana 3' } } });
    expect(Object.values(week!.state.decisions).map((d) => d.approved)).toEqual([true, true]);
    expect(Object.values(week!.state.journal).every((e) => e.result !== undefined)).toBe(true);
    const redo = await readRunFolder(path.join(runs, 'tg100000001-mx5t7hhj-2672ce'));
    expect(redo).toMatchObject({ legacy: true, state: { version: 4, decisions: {}, journal: {}, task: { text: 'rehaz la portada de la semana 3' } } });
    expect(redo!.state.finished).toBeUndefined();
    expect(redo!.state.approvals.map((a) => a.tool)).toEqual(['generar_portada']);
  });

  it('a kill after run.json is written but before the old files are removed: run.json wins, the old files go at the next first read', async () => {
    const dir = await place('v2', 'pausada');
    const store = new RunStore(tmp.dir, 'pausada');
    await store.load();
    const narration = Object.values(await store.decisions()).find((d) => !d.approved)!;
    await store.completeNote(narration.approvalId, REASON);
    expect(await files(dir)).toEqual(['run.json']);
    // The state a kill between the two steps leaves: run.json (with the reason) and the old files (without it).
    await cp(path.join(FIXTURES, 'v2', 'pausada'), dir, { recursive: true });
    expect(await files(dir)).toEqual([...LEGACY, 'run.json']);
    const folder = await readRunFolder(dir);
    expect(folder?.legacy).toBe(true);
    expect(folder?.state.decisions[narration.approvalId]).toMatchObject({ note: REASON });
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const out = await runAnswering(service, { runId: 'pausada', text: '', mode: 'agente', resume: true }, recordingAnswers());
    expect(out.stopReason).toBe('end_turn');
    expect(await files(dir)).toEqual(['run.json']);
  });

  it('the first read migrates the old files once: run.json is written at once, and the old files go only after it', async () => {
    const dir = await place('v2', 'pausada');
    const store = new RunStore(tmp.dir, 'pausada');
    await store.load();
    expect(await files(dir)).toEqual(['run.json']);
    // Written as it was read: the same state a reader of the old files gets, now in the current layout.
    const migrated = await onDisk(dir);
    expect(migrated).toMatchObject({ version: 4, delivery: { files: [], closed: [], outcomeDelivered: false, waits: [] } });
    expect(migrated).toEqual(await store.read());
    expect(store.writes).toBe(1);
    // A second store reads run.json, no migration: nothing is written.
    const again = new RunStore(tmp.dir, 'pausada');
    await again.load();
    expect(again.writes).toBe(0);
  });

  it('run.json cannot be written: the old files stay as they were and the run still resumes from them', async () => {
    const dir = await place('v2', 'pausada');
    const before = await Promise.all(LEGACY.map((f) => readFile(path.join(dir, f), 'utf8')));
    const store = new RunStore(tmp.dir, 'pausada');
    // A folder where the file should go: the migration's write (the first read's) fails for real.
    await mkdir(path.join(dir, 'run.json', 'x'), { recursive: true });
    await expect(store.load()).rejects.toThrow();
    expect(await Promise.all(LEGACY.map((f) => readFile(path.join(dir, f), 'utf8')))).toEqual(before);
    await rm(path.join(dir, 'run.json'), { recursive: true });
    // Nothing was taken as read: the next read migrates the old files, the no still waiting for its reason.
    const narration = Object.values(await store.decisions()).find((d) => !d.approved)!;
    expect(narration).toMatchObject({ awaitingNote: true });
    expect(await files(dir)).toEqual(['run.json']);
    await rm(path.join(dir, 'run.json'));
    await cp(path.join(FIXTURES, 'v2', 'pausada'), dir, { recursive: true });
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const first = await service.run({ runId: 'pausada', text: '', mode: 'agente', resume: true });
    expect(first.stopReason).toBe('awaiting_approval');
    expect(await files(dir)).toEqual(['run.json']);
  });
});

describe('the delivery facts (version 4)', () => {
  it('a version-3 file reads as version 4 with empty delivery facts, written back as version 4 by its first read (once)', async () => {
    const dir = await place('v3', 'pregunta');
    const service = await createAgentService({ config: configFor(tmp.dir) });
    expect(await service.status('pregunta')).toMatchObject({
      status: { kind: 'paused', interruptions: { approvals: [], question: expect.stringMatching(/\?/) } },
      delivery: { files: [], closed: [], outcomeDelivered: false, waits: [] },
    });
    expect(await onDisk(dir)).toMatchObject({ version: 4, delivery: { files: [], closed: [], outcomeDelivered: false, waits: [] } });
    expect(await service.delivered('pregunta', { kind: 'asked', turn: 1 })).toMatchObject({ question: { turn: 1 } });
    expect(await onDisk(dir)).toMatchObject({ version: 4, delivery: { question: { turn: 1 } } });
  });

  it('the frozen version 4 keeps its facts through a resume: the answer marks the question answered in the same write, the wait stays the bot\'s to end', async () => {
    const dir = await place('v4', 'pregunta');
    const service = await createAgentService({ config: configFor(tmp.dir, { CUADERNO_MODELO: `script:${path.join(FIXTURES, 'pregunta.guion.json')}` }) });
    expect((await service.status('pregunta'))?.delivery).toEqual({ files: [], closed: [], outcomeDelivered: false, waits: [], question: { turn: 1 }, waitingSince: 900 });
    expect(await service.answer('pregunta', 'la 3')).toEqual({ kind: 'ok' });
    expect(await onDisk(dir)).toMatchObject({ delivery: { question: { turn: 1, answered: true }, waitingSince: 900 } });
    expect((await service.status('pregunta'))?.status).toEqual({ kind: 'running' });
    // The bot's facts, one at a time: the wait ends, the cover is sent, the closing, the outcome.
    await service.delivered('pregunta', { kind: 'waitEnds', at: 1_500 });
    const out = await runAnswering(service, { runId: 'pregunta', text: '', mode: 'agente', resume: true, questions: true }, recordingAnswers({ generar_portada: true }));
    expect(out.stopReason).toBe('end_turn');
    expect((await service.status('pregunta'))?.status).toMatchObject({ kind: 'finished', outcome: { stopReason: 'end_turn' }, delivered: false });
    await service.delivered('pregunta', { kind: 'files', paths: out.artifacts.map((a) => a.path) });
    for (const step of ['estado', 'cierre', 'informe'] as const) await service.delivered('pregunta', { kind: 'closing', step });
    const facts = await service.delivered('pregunta', { kind: 'outcome' });
    expect(facts).toEqual({ files: out.artifacts.map((a) => a.path), closed: ['estado', 'cierre', 'informe'], outcomeDelivered: true, waits: [{ from: 900, to: 1_500 }], question: { turn: 1, answered: true } });
    expect((await service.status('pregunta'))?.status).toMatchObject({ kind: 'finished', delivered: true });
    expect((await onDisk(dir)).delivery).toEqual(facts);
  });

  it('a fact written twice is written once: the same wait does not end twice, a file is not listed twice, an old bot\'s facts carried twice merge once', async () => {
    const dir = await place('v4', 'pausada');
    const service = await createAgentService({ config: configFor(tmp.dir) });
    // Paused on what is still open: the cover is approved, the narration's no waits for its reason.
    const paused = (await service.status('pausada'))?.status;
    expect(paused?.kind === 'paused' ? paused.interruptions.approvals.map((a) => a.tool) : paused).toEqual(['narrar_resumen']);
    await service.delivered('pausada', { kind: 'waitEnds', at: 2_000 });
    await service.delivered('pausada', { kind: 'waitEnds', at: 3_000 });
    await service.delivered('pausada', { kind: 'files', paths: ['a.png'] });
    await service.delivered('pausada', { kind: 'files', paths: ['a.png', 'b.wav'] });
    const old = { files: ['b.wav', 'c.png'], closed: ['estado' as const], waits: [{ from: 10, to: 20 }], waitingSince: 2_500 };
    const once = await service.delivered('pausada', { kind: 'carried', facts: old });
    expect(once).toEqual({ files: ['a.png', 'b.wav', 'c.png'], closed: ['estado'], outcomeDelivered: false, waits: [{ from: 1_200, to: 2_000 }, { from: 10, to: 20 }], waitingSince: 2_500 });
    const before = await readFile(path.join(dir, 'run.json'), 'utf8');
    expect(await service.delivered('pausada', { kind: 'carried', facts: old })).toEqual(once);
    // Nothing changed: nothing was written.
    expect(await readFile(path.join(dir, 'run.json'), 'utf8')).toBe(before);
  });

  it('a run with no state takes no fact: refused, nothing written', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    await expect(service.delivered('nadie', { kind: 'outcome' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await service.status('nadie')).toBeUndefined();
    await expect(readdir(runDir(tmp.dir, 'nadie'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the run.json loader', () => {
  async function damaged(change: (text: string) => string): Promise<{ file: string; text: string }> {
    const dir = await place('v4', 'pausada');
    const file = path.join(dir, 'run.json');
    const text = change(await readFile(file, 'utf8'));
    await writeFile(file, text);
    return { file, text };
  }

  it('refuses a cut, an unknown version, a misshapen field — saying which and what to do, and leaves the file as it is', async () => {
    const cases: Array<[(t: string) => string, string, RegExp]> = [
      [(t) => t.slice(0, t.length / 2), 'CORRUPT_STATE', /cortado a mitad de escritura.*bórralo/s],
      [() => '', 'CORRUPT_STATE', /no es JSON válido.*cortado a mitad de escritura/s],
      [(t) => t.replace('"version": 4', '"version": 5'), 'UNSUPPORTED_VERSION', /versión 5.*solo la 3 y la 4/s],
      [(t) => t.replace('"version": 4', '"version": 3'), 'CORRUPT_STATE', /campo que no se conoce \(«delivery»\)/],
      [(t) => t.replace('"outcomeDelivered": false', '"outcomeDelivered": "no"'), 'CORRUPT_STATE', /«delivery › outcomeDelivered» debería ser verdadero o falso/],
      [(t) => t.replace('"closed": []', '"closed": ["portada"]'), 'CORRUPT_STATE', /«delivery › closed › 0» tiene un valor que no se conoce/],
      [(t) => t.replace(/"turns": \d+/, '"turns": "dos"'), 'CORRUPT_STATE', /«turns» debería ser un número entero/],
      [(t) => t.replace(/"approved": true/, '"approved": "sí"'), 'CORRUPT_STATE', /«decisions › [^»]+ › approved» debería ser verdadero o falso/],
      [(t) => t.replace('"journal": {', '"diario": {}, "journal": {'), 'CORRUPT_STATE', /campo que no se conoce \(«diario»\)/],
    ];
    for (const [change, code, message] of cases) {
      const { file, text } = await damaged(change);
      await expect(new RunStore(tmp.dir, 'pausada').load()).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
      expect(await readFile(file, 'utf8')).toBe(text);
      await rm(path.dirname(file), { recursive: true });
    }
  });

  it('never writes a state it could not read back: the write is refused and the file stays as it was', async () => {
    const dir = await place('v4', 'pausada');
    const before = await readFile(path.join(dir, 'run.json'), 'utf8');
    const store = new RunStore(tmp.dir, 'pausada');
    const cp = await store.load();
    await expect(store.saveCheckpoint({ ...cp, turns: -1 })).rejects.toMatchObject({ code: 'CORRUPT_STATE', message: expect.stringMatching(/el cambio lo dejaría dañado/) });
    expect(await readFile(path.join(dir, 'run.json'), 'utf8')).toBe(before);
    // The store goes on from what is on disk.
    await store.saveCheckpoint(cp);
    expect((await onDisk(dir)).turns).toBe(cp.turns);
  });

  it('never falls back from a damaged run.json to the old files beside it', async () => {
    const dir = await place('v2', 'pausada');
    await writeFile(path.join(dir, 'run.json'), '{"version": 4');
    await expect(new RunStore(tmp.dir, 'pausada').load()).rejects.toMatchObject({ code: 'CORRUPT_STATE' });
    const service = await createAgentService({ config: configFor(tmp.dir) });
    expect(await service.unfinished()).toEqual([expect.objectContaining({ runId: 'pausada', text: expect.stringMatching(/dañado/) })]);
  });
});
