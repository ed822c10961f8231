// Cards a model proposes (issue 27 §3), through the real dispatcher with a model configured: the
// tool is offered only then, checks every card with the week rules the generated cards keep, keeps
// the valid ones waiting on disk (nothing reaches the deck), and the student's keep / rewrite / drop
// ends in the deck and in one audit line with the counts.
import { copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_NOTES_FILE } from '../../../src/store/index.js';
import { loadConfig } from '../../../src/config.js';
import { verifyAuditLog } from '../../../src/store/auditCheck.js';
import { BLANK, CLOZE_PROMPT } from '../../../src/domain/cards/build.js';
import { CARDS_REVIEWED_EVENT, PROPOSALS_FILE } from '../../../src/domain/cards/proposals.js';
import { makeToolbox, tempDir } from '../helpers.js';
import { TEST_ENV } from '../../support/test-env.js';

const MODEL = { CUADERNO_MODELO: 'script:guion.json' };
const low = (s: string) => s.toLocaleLowerCase('es');

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  tmp = await tempDir();
  await copyFile(SEED_NOTES_FILE, path.join(tmp.dir, 'notas.json'));
});
afterEach(async () => { await tmp.cleanup(); });

type Proposed = { tipo: 'pregunta' | 'cloze'; pregunta: string; respuesta: string };
const q = (pregunta: string, respuesta: string): Proposed => ({ tipo: 'pregunta', pregunta, respuesta });
const cloze = (pregunta: string, respuesta: string): Proposed => ({ tipo: 'cloze', pregunta, respuesta });

async function proposing() {
  const box = await makeToolbox(tmp.dir, { env: MODEL });
  let n = 0;
  const propose = (id_nota: number, tarjetas: Proposed[]) => box.dispatch({ id: `toolu_p${++n}`, name: 'proponer_tarjetas', input: { id_nota, tarjetas } });
  return { box, propose };
}

describe('proponer_tarjetas', () => {
  it('is offered only when a model is configured (offline the generated cards stay)', async () => {
    const offline = await makeToolbox(tmp.dir);
    expect(offline.definitionsForModel().map((d) => d.name)).not.toContain('proponer_tarjetas');
    const { box } = await proposing();
    const def = box.definitionsForModel().find((d) => d.name === 'proponer_tarjetas')!;
    expect(def.strict).toBe(true);
    expect(def.input_schema.required).toEqual(['id_nota', 'tarjetas']);
  });

  it('valid cards wait for the student: nothing in the deck, the cloze kept in the deck\'s frame', async () => {
    const { box, propose } = await proposing();
    const r7 = await propose(7, [q('¿Qué época recuperó la proporción del arte clásico?', 'Renacimiento')]);
    const r9 = await propose(9, [cloze(`El cubismo rompió la ${BLANK} y mostró un objeto desde varios puntos de vista en el mismo cuadro.`, 'perspectiva única')]);
    expect([r7.is_error, r9.is_error], r9.content).toEqual([false, false]);
    expect(await box.notebook.cards.list()).toEqual([]);
    const [batch] = await box.proposals.unshown();
    expect(batch!.tarjetas.map((c) => [c.id_nota, c.tipo, c.respuesta, c.semana])).toEqual([[7, 'definicion', 'Renacimiento', 3], [9, 'cloze', 'perspectiva única', 3]]);
    expect(batch!.tarjetas[1]!.pregunta).toBe(`${CLOZE_PROMPT}: «El cubismo rompió la ${BLANK} y mostró un objeto desde varios puntos de vista en el mismo cuadro.»`);
  });

  it.each([
    ['an answer the note does not write', [q('¿Quién pintó el Guernica?', 'Picasso')], /no está escrita en la nota/],
    ['an answer that is a sentence, not a key term', [q('¿Qué hizo el cubismo?', 'rompió la perspectiva única y mostró un objeto')], /no es un término clave/],
    ['a question holding its own answer', [q('¿Qué rompió el cubismo con la perspectiva?', 'perspectiva')], /contiene la respuesta de la propia tarjeta/],
    ['a cloze with two gaps', [cloze(`El ${BLANK} rompió la ${BLANK}.`, 'cubismo')], /exactamente un hueco/],
    ['a cloze that is not a sentence of the note', [cloze(`El ${BLANK} fue un movimiento francés.`, 'cubismo')], /no es una frase de la nota/],
    ['two clozes of one sentence', [cloze(`El ${BLANK} rompió la perspectiva única y mostró un objeto desde varios puntos de vista en el mismo cuadro.`, 'cubismo'), cloze(`El cubismo rompió la perspectiva única y mostró un ${BLANK} desde varios puntos de vista en el mismo cuadro.`, 'objeto')], /uno por frase/],
    ['one card giving another away', [q('¿Qué movimiento rompió la perspectiva única?', 'cubismo'), q('¿Qué rompió el cubismo?', 'perspectiva única')], /la respuesta de otra tarjeta/],
    ['the same answer twice', [q('¿Qué movimiento mostró varios puntos de vista?', 'cubismo'), q('¿Qué movimiento rompió con una sola mirada?', 'cubismo')], /ya tiene la respuesta/],
    ['four cards', [q('¿A?', 'cubismo'), q('¿B?', 'objeto'), q('¿C?', 'cuadro'), q('¿D?', 'puntos de vista')], /de 1 a 3/],
  ])('refuses %s, saying what to fix, and proposes nothing', async (_what, tarjetas, why) => {
    const { box, propose } = await proposing();
    const r = await propose(9, tarjetas as Proposed[]);
    expect(r.is_error).toBe(true);
    expect(r.code).toBe('VALIDATION');
    expect(r.content).toMatch(why);
    expect(await box.proposals.unshown()).toEqual([]);
  });

  it('the week includes the deck and the cards still waiting: a note\'s proposal cannot give away another note\'s', async () => {
    const { box, propose } = await proposing();
    // Generated card of note 7 in the deck: its answer is one of «Renacimiento», «perspectiva», …
    const made = JSON.parse((await box.dispatch({ id: 'gen-7', name: 'crear_tarjetas', input: { id_nota: 7 } })).content);
    const deckAnswer = made.tarjetas[0].respuesta as string;
    expect((await propose(8, [q(`¿Qué movimiento, distinto del ${deckAnswer}, pintó la luz al aire libre?`, 'impresionismo')])).content).toMatch(/la respuesta de otra tarjeta/);
    expect((await propose(8, [q('¿Qué movimiento pintó la luz al aire libre?', 'impresionismo')])).is_error).toBe(false);
    // Waiting, not saved: note 9 may not ask with «impresionismo» in its question.
    const r = await propose(9, [q('¿Qué movimiento, después del impresionismo, rompió la perspectiva única?', 'cubismo')]);
    expect(r.content).toMatch(/impresionismo/);
    expect(r.is_error).toBe(true);
  });

  it('a resumed call (same id) does not propose its cards twice', async () => {
    const { box } = await proposing();
    const call = { id: 'toolu_same', name: 'proponer_tarjetas', input: { id_nota: 9, tarjetas: [q('¿Qué movimiento rompió la perspectiva única?', 'cubismo')] } };
    await box.dispatch(call);
    await box.dispatch(call, { redo: true });
    const [batch] = await box.proposals.unshown();
    expect(batch!.tarjetas).toHaveLength(1);
  });
});

describe('the student keeps, rewrites and drops; the audit counts it', () => {
  it('saves kept and rewritten cards, drops the rest, and writes one audit line with the counts', async () => {
    const { box, propose } = await proposing();
    await propose(7, [q('¿Qué época recuperó la proporción del arte clásico?', 'Renacimiento'), q('¿Qué dio profundidad a la pintura del siglo XV?', 'perspectiva')]);
    await propose(8, [q('¿Qué movimiento pintó la luz al aire libre?', 'impresionismo')]);
    const [batch] = await box.proposals.unshown();
    await box.proposals.shown(batch!.clave, 1, 100);
    expect(await box.proposals.unshown()).toEqual([]);
    await box.proposals.mark(batch!.clave, 0, 'aceptada');
    // A rewrite that gives another card away is refused; the card stays as it was.
    const bad = await box.proposals.edit(batch!.clave, 1, '¿Qué recuperó el Renacimiento?', 'perspectiva');
    expect(bad).toMatchObject({ kind: 'problem', problem: { kind: 'delata_otra', respuesta: 'Renacimiento' } });
    const ok = await box.proposals.edit(batch!.clave, 1, `La ${BLANK} da profundidad a la pintura.`, undefined);
    expect(ok.kind).toBe('ok');
    await box.proposals.mark(batch!.clave, 2, 'descartada');
    const saved = await box.proposals.save(batch!.clave);
    expect(saved!.counts).toEqual({ aceptadas: 1, editadas: 1, descartadas: 1 });
    const deck = await box.notebook.cards.list();
    expect(deck.map((c) => [c.id_nota, c.tipo, c.respuesta])).toEqual([[7, 'definicion', 'Renacimiento'], [7, 'cloze', 'perspectiva']]);
    expect(deck[1]!.pregunta).toBe(`${CLOZE_PROMPT}: «La ${BLANK} da profundidad a la pintura.»`);
    for (const a of deck) for (const b of deck) expect(low(a.pregunta)).not.toContain(low(b.respuesta));
    // Saving again adds nothing and writes no second line.
    expect(await box.proposals.save(batch!.clave)).toMatchObject({ already: true, ids: saved!.ids });
    expect(await box.notebook.cards.list()).toHaveLength(2);
    const lines = (await box.notebook.audit.list()).filter((e) => e.event === CARDS_REVIEWED_EVENT);
    expect(lines).toEqual([expect.objectContaining({ lote: batch!.clave, propuestas: 3, aceptadas: 1, editadas: 1, descartadas: 1, tarjetas: saved!.ids })]);
    expect(await box.proposals.totals()).toEqual({ aceptadas: 1, editadas: 1, descartadas: 1, lotes: 1 });
    // The tool's own lines name the note and how many cards, never the cards' text (a cloze quotes the note).
    const calls = (await box.notebook.audit.list()).filter((e) => e.tool === 'proponer_tarjetas');
    expect(calls.map((e) => e.event === 'solicitud' ? e.args : e.detail)).toEqual([{ id_nota: 7, tarjetas: 2 }, { id_nota: 7, propuestas: 2 }, { id_nota: 8, tarjetas: 1 }, { id_nota: 8, propuestas: 1 }]);
    expect(JSON.stringify(calls)).not.toMatch(/Renacimiento|impresionismo/);
    // The audit log with the new event still verifies (the chain, every line known).
    expect((await verifyAuditLog(box.notebook.files.audit, loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: tmp.dir, ...MODEL }).keysDir)).problems).toEqual([]);
    const onDisk = JSON.parse(await readFile(path.join(tmp.dir, PROPOSALS_FILE), 'utf8'));
    expect(onDisk.lotes[0]).toMatchObject({ asunto: 'tarjetas', estado: 'aceptada' });
  });

  it('a file of the first layout (abierta / mostrada / guardada): its batches are pending decisions, a saved one refuses another save', async () => {
    const { box, propose } = await proposing();
    await propose(7, [q('¿Qué época recuperó la proporción del arte clásico?', 'Renacimiento')]);
    const now = JSON.parse(await readFile(path.join(tmp.dir, PROPOSALS_FILE), 'utf8')) as { lotes: Array<Record<string, unknown>> };
    const card = (now.lotes[0]!.tarjetas as unknown[])[0];
    const v1 = (clave: string, estado: string, more = {}) => ({ clave, creada: '2030-01-01T00:00:00.000Z', estado, tarjetas: [card], ...more });
    await writeFile(path.join(tmp.dir, PROPOSALS_FILE), JSON.stringify({ version: 1, lotes: [
      v1('aaaaaaaaaa', 'abierta'), v1('bbbbbbbbbb', 'mostrada', { mensaje: { chat: 1, id: 5 } }), v1('cccccccccc', 'guardada', { guardadas: [41] }),
    ] }));
    expect((await box.proposals.unshown()).map((b) => [b.clave, b.asunto, b.estado])).toEqual([['aaaaaaaaaa', 'tarjetas', 'pendiente']]);
    // Migrated once, on that first read, and written back: the file is in the current layout before any change.
    const file = path.join(tmp.dir, PROPOSALS_FILE);
    const migrated = JSON.parse(await readFile(file, 'utf8')) as { version: number; lotes: Array<Record<string, unknown>> };
    expect([migrated.version, ...migrated.lotes.map((l) => l.estado)]).toEqual([2, 'pendiente', 'pendiente', 'aceptada']);
    const written = (await stat(file)).ino;
    await box.proposals.unshown();
    expect((await stat(file)).ino).toBe(written);
    expect(await box.proposals.find('bbbbbbbbbb')).toMatchObject({ estado: 'pendiente', mensaje: { id: 5 } });
    expect(await box.proposals.save('cccccccccc')).toMatchObject({ already: true, ids: [41] });
    expect(await box.proposals.mark('cccccccccc', 0, 'descartada')).toBeUndefined();
    expect(await box.proposals.edit('cccccccccc', 0, '¿Qué?', undefined)).toEqual({ kind: 'refused', refusal: 'ya_decidida' });
    const saved = await box.proposals.save('bbbbbbbbbb', 'Ana');
    expect(saved).toMatchObject({ already: false, batch: { estado: 'aceptada', por: 'Ana' } });
    expect(JSON.parse(await readFile(path.join(tmp.dir, PROPOSALS_FILE), 'utf8')).version).toBe(2);
  });

  it('a double tap on «Guardar» while a ✅ is on its way: one save, one audit line, the counts of the batch as saved', async () => {
    const { box, propose } = await proposing();
    await propose(7, [q('¿Qué época recuperó la proporción del arte clásico?', 'Renacimiento'), q('¿Qué dio profundidad a la pintura del siglo XV?', 'perspectiva')]);
    const [batch] = await box.proposals.unshown();
    await box.proposals.shown(batch!.clave, 1, 100);
    const [dropped, first, second] = await Promise.all([
      box.proposals.mark(batch!.clave, 1, 'descartada'), box.proposals.save(batch!.clave), box.proposals.save(batch!.clave),
    ]);
    expect(dropped?.tarjetas[1]?.estado).toBe('descartada');
    expect([first!.already, second!.already]).toEqual([false, true]);
    expect(first!.counts).toEqual({ aceptadas: 1, editadas: 0, descartadas: 1 });
    expect((await box.notebook.cards.list()).map((c) => c.respuesta)).toEqual(['Renacimiento']);
    expect((await box.notebook.audit.list()).filter((e) => e.event === CARDS_REVIEWED_EVENT)).toHaveLength(1);
  });

  it('a damaged file (a version this program does not write) is refused with how to recover, and left as it was', async () => {
    const { box } = await proposing();
    const file = path.join(tmp.dir, PROPOSALS_FILE);
    const text = JSON.stringify({ version: 3, lotes: [] });
    await writeFile(file, text);
    await expect(box.proposals.unshown()).rejects.toThrow(/dañado: se esperaba \{"version": 2, "lotes": \[\.\.\.\]\}.*si lo borras, se pierden las tarjetas propuestas/);
    await expect(box.proposals.shown('aaaaaaaaaa', 1, 2)).rejects.toThrow(/dañado/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('a kill after the deck write and the audit line, before the batch is marked saved: saving again adds nothing twice', async () => {
    const { box, propose } = await proposing();
    await propose(9, [q('¿Qué movimiento rompió la perspectiva única?', 'cubismo')]);
    const [batch] = await box.proposals.unshown();
    const file = path.join(tmp.dir, PROPOSALS_FILE);
    const before = await readFile(file, 'utf8');
    const first = await box.proposals.save(batch!.clave);
    // The batch's file as the kill left it: still waiting.
    await writeFile(file, before);
    const again = await box.proposals.save(batch!.clave);
    expect(again).toMatchObject({ already: false, ids: first!.ids });
    expect(await box.notebook.cards.list()).toHaveLength(1);
    expect((await box.notebook.audit.list()).filter((e) => e.event === CARDS_REVIEWED_EVENT)).toHaveLength(1);
  });
});
