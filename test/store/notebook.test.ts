/** The notebook's files on real temp dirs: seeding, atomic writes, corrupt-file reports, CSV, audit. */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateFileError } from '../../src/errors.js';
import { openNotebook, SEED_NOTES_FILE } from '../../src/store/index.js';
import { csvLine, parseCsv } from '../../src/store/csv.js';
import { deckFileCards } from '../support/deck-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function expectStateError(p: Promise<unknown>, file: string, problem: RegExp): Promise<StateFileError> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(StateFileError);
  const err = e as StateFileError;
  expect(err.code).toBe('CORRUPT_STATE');
  expect(err.file).toBe(file);
  expect(err.message).toContain(file);
  expect(err.message).toMatch(problem);
  expect(err.message).toMatch(/No se ha modificado/);
  return err;
}

describe('notes', () => {
  it('seeds the 12 demo notes on first use, as a writable file in the current layout (their weeks left to the course)', async () => {
    const nb = await openNotebook(dir);
    const notes = await nb.notes.list();
    expect(notes.map((n) => n.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(notes[6]).toMatchObject({ id: 7, tema: 'historia del arte' });
    const shipped = JSON.parse(await readFile(SEED_NOTES_FILE, 'utf8')) as unknown[];
    expect(JSON.parse(await readFile(nb.files.notes, 'utf8'))).toEqual({ version: 3, notas: shipped, ultimo_id: 12 });
    expect(await nb.list()).toEqual(notes);
  });

  it('adds notes with the next id, atomically, leaving no temp files; concurrent adds get distinct ids', async () => {
    const nb = await openNotebook(dir);
    const added = await Promise.all([nb.notes.add('música', 'uno'), nb.notes.add('música', 'dos'), nb.notes.add('música', 'tres')]);
    expect(added.map((n) => n.id).sort()).toEqual([13, 14, 15]);
    const reopened = await openNotebook(dir);
    expect((await reopened.notes.list()).length).toBe(15);
    expect((await readdir(dir)).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it.each([
    ['cut mid-write', '[{"id": 1, "tema": "x", "tex', /no es JSON válido/],
    ['not a list', '{"notas": []}', /debería ser una lista JSON de notas/],
    ['bad id', '[{"id": "uno", "tema": "x", "texto": "y"}]', /el elemento 1 tiene un "id" que no es un entero positivo/],
    ['repeated id', '[{"id": 1, "tema": "x", "texto": "y"}, {"id": 1, "tema": "x", "texto": "z"}]', /el id 1 está repetido/],
    ['missing texto', '[{"id": 1, "tema": "x"}]', /la nota 1 no tiene un "texto"/],
  ])('a hand-broken notas.json (%s) is reported with the file and a recovery hint, and left untouched', async (_l, text, problem) => {
    const nb = await openNotebook(dir);
    await writeFile(nb.files.notes, text);
    const err = await expectStateError(nb.notes.list(), nb.files.notes, problem);
    expect(err.message).toMatch(/si lo borras, vuelven las notas de ejemplo/);
    await expectStateError(nb.notes.add('x', 'y'), nb.files.notes, problem);
    expect(await readFile(nb.files.notes, 'utf8')).toBe(text);
  });
});

describe('cards', () => {
  it('appends with sequential ids and a creation time; a broken deck is refused, not reset', async () => {
    const nb = await openNotebook(dir);
    expect(await nb.cards.list()).toEqual([]);
    const at = new Date('2026-03-01T12:00:00Z');
    const { cards: c, added } = await nb.cards.append([{ id_nota: 1, tipo: 'cloze', pregunta: 'p', respuesta: 'r' }, { id_nota: 1, tipo: 'tema', pregunta: 'q', respuesta: 's' }], at);
    expect(c.map((x) => x.id)).toEqual([1, 2]);
    expect(added).toEqual(c);
    expect(c[0]!.creada).toBe(at.toISOString());
    expect((await nb.cards.append([{ id_nota: 2, tipo: 'cloze', pregunta: 'p', respuesta: 'r' }])).cards[0]!.id).toBe(3);
    // The same card again (same note, question, answer) is reused, not duplicated.
    const again = await nb.cards.append([{ id_nota: 1, tipo: 'cloze', pregunta: 'p', respuesta: 'r' }, { id_nota: 1, tipo: 'cloze', pregunta: 'p2', respuesta: 'r2' }]);
    expect(again.cards.map((x) => x.id)).toEqual([1, 4]);
    expect(again.added.map((x) => x.id)).toEqual([4]);
    expect(await nb.cards.list()).toHaveLength(4);
    await writeFile(nb.files.cards, '[{"id": 1}]');
    await expectStateError(nb.cards.append([{ id_nota: 2, tipo: 'cloze', pregunta: 'p', respuesta: 'r' }]), nb.files.cards, /la tarjeta 1 no tiene un "id_nota"/);
    expect(await readFile(nb.files.cards, 'utf8')).toBe('[{"id": 1}]');
  });
});

describe('what a course change rewrites', () => {
  it('notes.removeMany removes those notes in one write; cards.setWeeks rewrites, clears or keeps each live card\'s week', async () => {
    const nb = await openNotebook(dir);
    const seeded = await nb.notes.list();
    const a = await nb.notes.add('apoptosis', 'La apoptosis es muerte celular programada.', 12);
    const b = await nb.notes.add('mitosis', 'La mitosis reparte los cromosomas.', 10);
    expect(await nb.notes.removeMany([a.id, 9_999])).toBe(1);
    expect(await nb.notes.removeMany([9_999])).toBe(0);
    expect((await nb.notes.list()).map((n) => n.id)).toEqual([...seeded.map((n) => n.id), b.id]);

    await nb.cards.append([
      { id_nota: b.id, tipo: 'cloze', semana: 10, pregunta: 'p1', respuesta: 'r1' },
      { id_nota: b.id, tipo: 'cloze', semana: 11, pregunta: 'p2', respuesta: 'r2' },
      { id_nota: b.id, tipo: 'cloze', semana: 12, pregunta: 'p3', respuesta: 'r3' },
      { id_nota: b.id, tipo: 'cloze', semana: 13, pregunta: 'p4', respuesta: 'r4' },
    ]);
    await nb.cards.remove(4);
    const after = await nb.cards.setWeeks((c) => (c.semana === 10 ? undefined : c.semana === 11 ? null : 9));
    expect(after.map((c) => [c.id, c.semana])).toEqual([[1, 10], [2, undefined], [3, 9]]);
    expect('semana' in after[1]!).toBe(false);
    // A deleted card stays a tombstone, untouched.
    const raw = deckFileCards<{ id: number; semana?: number; borrada?: boolean }>(JSON.parse(await readFile(nb.files.cards, 'utf8')));
    expect(raw.find((c) => c.id === 4)).toMatchObject({ semana: 13, borrada: true });
  });
});

describe('usage log', () => {
  it('writes CSV rows with the cost from the price table and sums a month', async () => {
    const nb = await openNotebook(dir);
    const r = await nb.usage.append({ origen: 'facturado', tarea: 'semana 3', modelo: 'claude-sonnet-5-5', tokens_entrada: 12_000, tokens_salida: 900, fecha: new Date('2026-03-02T10:00:00Z') });
    expect(r.coste_usd).toBeCloseTo(12_000 * 2 / 1e6 + 900 * 10 / 1e6, 12);
    await nb.usage.append({ origen: 'facturado', tarea: 'semana 4', modelo: 'claude-haiku-5-5', tokens_entrada: 1, tokens_salida: 0, fecha: new Date('2026-03-31T23:59:00Z') });
    await nb.usage.append({ origen: 'facturado', tarea: 'abril', modelo: 'claude-fable-5-1', tokens_entrada: 1_000_000, tokens_salida: 0, fecha: new Date('2026-04-01T00:00:00Z') });
    expect(await readFile(nb.files.usage, 'utf8')).toBe(
      'fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd,origen,clave\n' +
        '2026-03-02T10:00:00.000Z,semana 3,claude-sonnet-5-5,12000,900,0.033,facturado,\n' +
        '2026-03-31T23:59:00.000Z,semana 4,claude-haiku-5-5,1,0,0.0000001,facturado,\n' +
        '2026-04-01T00:00:00.000Z,abril,claude-fable-5-1,1000000,0,10,facturado,\n',
    );
    expect(await nb.usage.monthTotal(new Date('2026-03-15T00:00:00Z'))).toBeCloseTo(0.0330001, 10);
    expect(await nb.usage.monthTotal(new Date('2026-04-15T00:00:00Z'))).toBe(10);
    // An estimate (the offline planner) is listed but is not money spent.
    await nb.usage.append({ origen: 'estimado', tarea: 'estimado:iteracion-1', modelo: 'claude-sonnet-5-5', tokens_entrada: 1_000_000, tokens_salida: 0, fecha: new Date('2026-04-02T00:00:00Z') });
    expect((await nb.usage.list()).at(-1)).toMatchObject({ tarea: 'estimado:iteracion-1', coste_usd: 2 });
    expect(await nb.usage.monthTotal(new Date('2026-04-15T00:00:00Z'))).toBe(10);
    // A keyed row is written once: the same key again returns the row already in the log.
    const keyed = await nb.usage.append({ origen: 'facturado', tarea: 'semana 5', modelo: 'claude-haiku-5-5', tokens_entrada: 5, tokens_salida: 5, clave: 'run@t#iteracion-1' });
    expect(await nb.usage.append({ origen: 'facturado', tarea: 'semana 5', modelo: 'claude-haiku-5-5', tokens_entrada: 5, tokens_salida: 5, clave: 'run@t#iteracion-1' })).toEqual(keyed);
    expect((await nb.usage.list()).filter((r) => r.clave === 'run@t#iteracion-1')).toHaveLength(1);
  });

  it('a file of the first format (no origen, no clave) still reads, and grows with both columns', async () => {
    const nb = await openNotebook(dir);
    await writeFile(nb.files.usage, 'fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd\n2026-03-02T10:00:00.000Z,agente:iteracion-1,claude-sonnet-5-5,12000,900,0.033\n');
    await nb.usage.append({ origen: 'facturado', tarea: 'semana 4', modelo: 'claude-haiku-5-5', tokens_entrada: 1, tokens_salida: 0, fecha: new Date('2026-03-31T23:59:00Z'), clave: 'k' });
    expect((await readFile(nb.files.usage, 'utf8')).trim().split('\n')).toEqual([
      'fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd,origen,clave',
      '2026-03-02T10:00:00.000Z,agente:iteracion-1,claude-sonnet-5-5,12000,900,0.033,facturado,',
      '2026-03-31T23:59:00.000Z,semana 4,claude-haiku-5-5,1,0,0.0000001,facturado,k',
    ]);
    expect(await nb.usage.list()).toHaveLength(2);
  });

  it('escapes task text (commas, quotes, line breaks, formulas) and reads it back', async () => {
    const nb = await openNotebook(dir);
    await nb.usage.append({ origen: 'facturado', tarea: 'a, "b"\nc', modelo: 'claude-haiku-5-5', tokens_entrada: 1, tokens_salida: 1 });
    await nb.usage.append({ origen: 'facturado', tarea: '=HYPERLINK("x")', modelo: 'claude-haiku-5-5', tokens_entrada: 1, tokens_salida: 1 });
    const rows = await nb.usage.list();
    expect(rows.map((r) => r.tarea)).toEqual(['a, "b" c', '\'=HYPERLINK("x")']);
    expect((await readFile(nb.files.usage, 'utf8')).split('\n')).toHaveLength(4);
  });

  it('refuses an unknown model and a broken CSV (naming the line), and appends nothing onto it', async () => {
    const nb = await openNotebook(dir);
    await expect(nb.usage.append({ origen: 'facturado', tarea: 't', modelo: 'gpt-5' as never, tokens_entrada: 1, tokens_salida: 1 })).rejects.toThrow(/No hay precio para el modelo "gpt-5"/);
    const broken = 'fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd\n2026-03-02T10:00:00.000Z,semana 3,claude-so';
    await writeFile(nb.files.usage, broken);
    await expectStateError(nb.usage.list(), nb.files.usage, /la línea 2 está cortada/);
    await expectStateError(nb.usage.append({ origen: 'facturado', tarea: 't', modelo: 'claude-haiku-5-5', tokens_entrada: 1, tokens_salida: 1 }), nb.files.usage, /borrar la última línea/);
    expect(await readFile(nb.files.usage, 'utf8')).toBe(broken);
  });

  it('CSV round-trips through the parser', () => {
    const fields = ['x', 'a,b', 'say "hi"', ' pad ', ''];
    expect(parseCsv(csvLine(fields))[0]!.fields).toEqual(fields);
    expect(() => parseCsv('"open\n')).toThrow(/comillas sin cerrar en la línea 1/);
  });
});

describe('audit log', () => {
  it('appends one JSON line per entry and reports a cut line instead of hiding it', async () => {
    const nb = await openNotebook(dir);
    await Promise.all(Array.from({ length: 20 }, (_, i) => nb.audit.append({ i, texto: 'ñ😀' })));
    const all = await nb.audit.list();
    expect(all.map((e) => e.i).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await writeFile(nb.files.audit, `${await readFile(nb.files.audit, 'utf8')}{"i": 2`, { flag: 'w' });
    await expectStateError(nb.audit.list(), nb.files.audit, /la línea 21 no es JSON válido/);
  });
});

describe('deletions are audited (issue 40, hole 11)', () => {
  it('deleted notes and a deleted card each leave one audit line with their ids, never their text; nothing deleted, no line', async () => {
    const nb = await openNotebook(dir);
    const a = await nb.notes.add('uno', 'Texto privado de la nota uno.', 1);
    const b = await nb.notes.add('dos', 'Texto privado de la nota dos.', 1);
    const { added: [card] } = await nb.cards.append([{ id_nota: a.id, tipo: 'cloze', semana: 1, pregunta: '¿…?', respuesta: 'uno' }]);
    expect(await nb.cards.remove(card!.id)).toBe(true);
    expect(await nb.cards.remove(card!.id)).toBe(false);
    expect(await nb.notes.removeMany([a.id, b.id])).toBe(2);
    expect(await nb.notes.removeMany([a.id])).toBe(0);
    const lines = (await nb.audit.list()).filter((e) => e.event === 'notas_borradas' || e.event === 'tarjeta_borrada');
    expect(lines).toEqual([
      expect.objectContaining({ event: 'tarjeta_borrada', tarjeta: card!.id, id_nota: a.id }),
      expect.objectContaining({ event: 'notas_borradas', notas: [a.id, b.id], borradas: 2 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('privado');
  });
});

describe('the course', () => {
  it('a new course replaces a damaged curso.json; a damaged change record stops the opening with its own sentence and is left as it is', async () => {
    const nb = await openNotebook(dir);
    await writeFile(nb.files.course, '{"version": 1, "tit');
    await expect(nb.course.read()).rejects.toThrow(/no es JSON válido/);
    await nb.course.write({ titulo: 'Mi curso', semanas: [{ numero: 1, titulo: 'Inicio', inicio: null, terminos: [] }] });
    expect((await nb.course.read())?.titulo).toBe('Mi curso');
    const record = path.join(dir, 'curso.cambio.json');
    await writeFile(record, '{"version": 1, "clave": 3}');
    const e = await openNotebook(dir).then(() => undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(StateFileError);
    expect((e as Error).message).toMatch(/debía guardar un cambio de curso a medio aplicar/);
    expect(await readFile(record, 'utf8')).toBe('{"version": 1, "clave": 3}');
  });
});

