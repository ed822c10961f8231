/** docs/design.md §3 dispatcher contract through the real toolbox over a temp data dir (no mocks). */
import { access, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DryRun, ToolResult } from '../../src/tools/contract.js';
import { loadConfig } from '../../src/config.js';
import { createToolbox, DEFAULT_POLICY } from '../../src/tools/index.js';
import { AUDIT, makeToolbox, snapshot, tempDir } from './helpers.js';
import { TEST_ENV } from '../support/test-env.js';
import { NOTES_STATE_VERSION } from '../../src/store/notesFile.js';
import { clozeSentence } from '../../src/domain/study/idea-cards.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

const exists = (p: string) => access(p).then(() => true, () => false);

describe('dispatcher', () => {
  it('returns the docs/design.md §3 reference through the full path and audits ids and similarities, not note text', async () => {
    const box = await makeToolbox(dir);
    const r = await box.dispatch({ id: 'c1', name: 'buscar_notas', input: { consulta: 'la luz y el color del impresionismo', k: 2 } });
    expect(r).toMatchObject({ is_error: false, outcome: 'ok' });
    const hits = JSON.parse(r.content);
    expect(hits).toHaveLength(2);
    expect(hits[0]).toEqual({ id: 8, tema: 'historia del arte', similitud: 0.426, texto: expect.stringContaining('impresionismo pintó la luz') });
    const audit = await box.notebook.audit.list();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ event: 'solicitud', call_id: 'c1', tool: 'buscar_notas', args: { consulta: 'la luz y el color del impresionismo', k: 2 } });
    expect(audit[1]).toMatchObject({ event: 'resultado', call_id: 'c1', outcome: 'ok', is_error: false, detail: { notas: [{ id: 8, similitud: 0.426 }, { id: 1, similitud: 0 }] } });
    expect(typeof audit[1]!.duration_ms).toBe('number');
    expect(Date.parse(String(audit[0]!.timestamp))).not.toBeNaN();
    expect(await readFile(path.join(dir, AUDIT), 'utf8')).not.toContain('pinceladas');
  });

  it('unknown tool → is_error "no existe la herramienta X", nothing else happens', async () => {
    const box = await makeToolbox(dir);
    const r = await box.dispatch({ id: 'c2', name: 'borrar_todo', input: {} });
    expect(r).toMatchObject({ is_error: true, code: 'UNKNOWN_TOOL' });
    expect(r.content).toMatch(/^no existe la herramienta borrar_todo/);
  });

  it('a rejection is a normal result: not an error, the question showed the arguments, nothing written', async () => {
    const box = await makeToolbox(dir, { answer: { approved: false, by: 'dueña', reason: 'rechazado' } });
    await box.notebook.notes.list();
    await box.notebook.index.has(1); // the notes' search index is derived state: built before the snapshot
    const before = await snapshot(dir, [AUDIT]);
    const r = await box.dispatch({ id: 'toolu_9', name: 'generar_portada', input: { semana: 3, maqueta: true } });
    expect(r).toMatchObject({ is_error: false, kind: 'rechazado', notApproved: { reason: 'rechazado' } });
    // What the model reads: the rejection as data, with the plain instruction to go on without it.
    expect(JSON.parse(r.content)).toMatchObject({ no_aprobado: true, motivo: 'rechazado', mensaje: expect.stringMatching(/^No aprobado: el propietario no la aprobó\. La acción generar_portada no se ejecutó\..*sigue sin ella/) });
    expect(box.asked).toHaveLength(1);
    const req = box.asked[0]!;
    expect(req).toMatchObject({ tool: 'generar_portada', args: { semana: 3, maqueta: true } });
    expect(req.preview.writes.some((w) => w.includes('portadas'))).toBe(true);
    expect(req.preview.cached).toBe(false);
    expect(await snapshot(dir, [AUDIT])).toEqual(before);
    const last = (await box.notebook.audit.list()).at(-1)!;
    expect(last).toMatchObject({ outcome: 'rechazado', is_error: false, approval: { approved: false, by: 'dueña', reason: 'rechazado' } });
  });

  it('a confirmation call that brings no recorded decision is not run: the dispatcher asks nobody', async () => {
    const box = await makeToolbox(dir);
    const raw = await createToolbox({ config: loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: dir }) });
    const r = await raw.dispatch({ id: 'nd', name: 'generar_portada', input: { semana: 3, maqueta: true } });
    expect(r).toMatchObject({ kind: 'error', code: 'INTERNAL' });
    expect(r.message).toContain('necesita la aprobación');
    expect(await exists(path.join(dir, 'portadas'))).toBe(false);
    expect(box.asked).toEqual([]);
  });

  it('an expired approval says it expired and runs nothing', async () => {
    const box = await makeToolbox(dir, { answer: { approved: false, reason: 'expirado' } });
    const r = await box.dispatch({ id: 'c3', name: 'narrar_resumen', input: { semana: 3, motor: 'xtts' } });
    expect(r.is_error).toBe(false);
    expect(r.outcome).toBe('rechazado');
    expect(r.content).toContain('expiró');
    expect(await exists(path.join(dir, 'audio'))).toBe(false);
  });

  it('approved cover runs once; a repeat is served from the idempotency store without asking; a redo asks and makes v2', async () => {
    const box = await makeToolbox(dir, { answer: { approved: true, by: 'test' }, now: () => new Date('2026-03-01T10:00:00Z') });
    const first = await box.dispatch({ id: 'a', name: 'generar_portada', input: { semana: 3, maqueta: true } });
    expect(first).toMatchObject({ is_error: false, outcome: 'ok' });
    const png = first.artifacts?.find((a) => a.kind === 'imagen')?.path;
    expect(png && (await exists(png))).toBe(true);
    const again = await box.dispatch({ id: 'b', name: 'generar_portada', input: { semana: 3, maqueta: true } });
    // The same result, marked as made before so the model can say nothing new was made.
    expect(again).toMatchObject({ is_error: false, outcome: 'cache' });
    expect(JSON.parse(again.content)).toEqual({ ya_existia: true, ...JSON.parse(first.content) });
    expect(box.asked).toHaveLength(1);
    const dry = JSON.parse((await box.dispatch({ id: 'd', name: 'generar_portada', input: { semana: 3, maqueta: true } }, { dryRun: true })).content);
    expect(dry).toMatchObject({ simulacro: true, en_cache: true });
    const redo = await box.dispatch({ id: 'c', name: 'generar_portada', input: { semana: 3, maqueta: true } }, { redo: true });
    expect(redo.outcome).toBe('ok');
    expect(box.asked).toHaveLength(2);
    expect(await exists(path.join(dir, 'idempotencia', 'portada-maqueta-2026-S3-v2.json'))).toBe(true);
  });

  it('policy: denegar and absent tools are denied (nothing written); auto never skips confirmation of a sensitive tool', async () => {
    const box = await makeToolbox(dir, { answer: { approved: false, reason: 'rechazado' }, policy: { buscar_notas: 'denegar', generar_portada: 'auto' } });
    await box.notebook.notes.list();
    await box.notebook.index.has(1); // the notes' search index is derived state: built before the snapshot
    const before = await snapshot(dir, [AUDIT]);
    const denied = await box.dispatch({ id: 'p1', name: 'buscar_notas', input: { consulta: 'arte', k: 1 } });
    expect(denied).toMatchObject({ is_error: true, outcome: 'denegado', code: 'DENIED' });
    expect(denied.content).toContain('no está permitida por la política');
    const absent = await box.dispatch({ id: 'p2', name: 'crear_tarjetas', input: { id_nota: 8 } });
    expect(absent).toMatchObject({ outcome: 'denegado', code: 'DENIED' });
    expect(await box.preview({ id: 'p2b', name: 'crear_tarjetas', input: { id_nota: 8 } })).toMatchObject({ kind: 'denegado' });
    const sensitive = await box.dispatch({ id: 'p3', name: 'generar_portada', input: { semana: 1, maqueta: true } });
    expect(sensitive.outcome).toBe('rechazado');
    expect(box.asked.map((s) => s.tool)).toEqual(['generar_portada']);
    expect(await snapshot(dir, [AUDIT])).toEqual(before);
  });

  it('the default policy is the one of docs/design.md §3 and matches each tool’s own default', async () => {
    const box = await makeToolbox(dir);
    expect(DEFAULT_POLICY).toEqual({ buscar_notas: 'auto', crear_tarjetas: 'auto', proponer_tarjetas: 'auto', registrar_uso: 'auto', generar_portada: 'confirmar', narrar_resumen: 'confirmar' });
    for (const [name, def] of box.tools) expect(DEFAULT_POLICY[name]).toBe(def.defaultPermission);
  });

  it('dry run (simulacro) says what would happen and writes nothing', async () => {
    const box = await makeToolbox(dir);
    await box.notebook.notes.list();
    await box.notebook.index.has(1); // the notes' search index is derived state: built before the snapshot
    const before = await snapshot(dir, [AUDIT]);
    const r = await box.dispatch({ id: 's1', name: 'crear_tarjetas', input: { id_nota: 8 } }, { dryRun: true });
    expect(r).toMatchObject({ is_error: false, outcome: 'simulacro' });
    const d = JSON.parse(r.content);
    expect(d).toMatchObject({ simulacro: true, herramienta: 'crear_tarjetas', escribiria: [path.join(dir, 'tarjetas.json')], en_cache: false });
    expect(d.resumen).toContain('nota 8');
    const u = JSON.parse((await box.dispatch({ id: 's2', name: 'registrar_uso', input: { tarea: 't', modelo: 'claude-sonnet-5-5', tokens_entrada: 12000, tokens_salida: 900 } }, { dryRun: true })).content);
    expect(u.resumen).toContain('0.033 USD');
    expect(await snapshot(dir, [AUDIT])).toEqual(before);
    const p = (await box.preview({ id: 's3', name: 'narrar_resumen', input: { semana: 3, motor: 'juguete' } })) as DryRun;
    expect(p.writes.some((w) => w.endsWith('.wav'))).toBe(true);
    const bad = (await box.preview({ id: 's4', name: 'narrar_resumen', input: { semana: 9, motor: 'juguete' } })) as ToolResult;
    expect(bad).toMatchObject({ kind: 'error', code: 'VALIDATION' });
  });

  it('a tool failure becomes is_error with its code and a Spanish message, never a stack', async () => {
    const box = await makeToolbox(dir);
    const tiny = await box.notebook.notes.add('varios', 'Hola.');
    const r = await box.dispatch({ id: 'f1', name: 'crear_tarjetas', input: { id_nota: tiny.id } });
    expect(r).toMatchObject({ is_error: true, outcome: 'error', code: 'BAD_REQUEST' });
    expect(r.content).toContain(`la nota ${tiny.id} tiene muy poco texto`);
    expect(r.content).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('a corrupt deck is reported by the call that needs it, with file and recovery, and left untouched', async () => {
    const box = await makeToolbox(dir);
    const deck = path.join(dir, 'tarjetas.json');
    await writeFile(deck, '[{"id": 1, "id_nota": 8,');
    const r = await box.dispatch({ id: 'f2', name: 'crear_tarjetas', input: { id_nota: 8 } });
    expect(r).toMatchObject({ is_error: true, code: 'CORRUPT_STATE' });
    expect(r.content).toContain(deck);
    expect(r.content).toContain('no es JSON válido');
    expect(r.content).toMatch(/restaura una copia/);
    expect(await readFile(deck, 'utf8')).toBe('[{"id": 1, "id_nota": 8,');
  });
});

describe('crear_tarjetas', () => {
  it('makes cloze cards from the note’s own words, one per sentence, with sequential ids across calls, audited by id only', async () => {
    const box = await makeToolbox(dir);
    const r1 = JSON.parse((await box.dispatch({ id: 'k1', name: 'crear_tarjetas', input: { id_nota: 8 } })).content);
    const r2 = JSON.parse((await box.dispatch({ id: 'k2', name: 'crear_tarjetas', input: { id_nota: 9 } })).content);
    // Notes 8 and 9 are one sentence each: one cloze each, and the result says why not three.
    expect(r1.ids).toEqual([1]);
    expect(r2.ids).toEqual([2]);
    expect(r1.menos_tarjetas).toEqual({ maximo: 3, motivo: 'pocas_frases' });
    const note8 = (await box.notebook.notes.get(8))!.texto;
    const deck = await box.notebook.cards.list();
    expect(deck).toHaveLength(2);
    const [c] = deck;
    expect(c).toMatchObject({ id_nota: 8, tipo: 'cloze' });
    expect(c!.pregunta).toContain('_____');
    // Filling the blank with the answer gives back the note's sentence.
    expect(note8).toContain(clozeSentence(c!.pregunta)!.replace('_____', c!.respuesta));
    // Note 9's card does not give note 8's answer away, nor the reverse (same week).
    expect(deck[1]!.pregunta.toLowerCase()).not.toContain(c!.respuesta.toLowerCase());
    expect(c!.pregunta.toLowerCase()).not.toContain(deck[1]!.respuesta.toLowerCase());
    const audit = await readFile(path.join(dir, AUDIT), 'utf8');
    expect(audit).toContain('"tarjetas":[1]');
    expect(audit).not.toContain('pinceladas');
  });

  it('the same call id (a resumed run) does not append the cards twice', async () => {
    const box = await makeToolbox(dir);
    const a = await box.dispatch({ id: 'toolu_same', name: 'crear_tarjetas', input: { id_nota: 2 } });
    const b = await box.dispatch({ id: 'toolu_same', name: 'crear_tarjetas', input: { id_nota: 2 } });
    expect(b).toMatchObject({ outcome: 'cache', content: a.content });
    const made = JSON.parse(a.content).ids as number[];
    expect(made.length).toBeGreaterThan(0);
    expect(await box.notebook.cards.list()).toHaveLength(made.length);
  });

  it('a kill between the deck write and the idempotency record does not duplicate the cards', async () => {
    const box = await makeToolbox(dir);
    const a = await box.dispatch({ id: 'toolu_kill', name: 'crear_tarjetas', input: { id_nota: 5 } });
    const made = JSON.parse(a.content).ids as number[];
    expect(made.length).toBeGreaterThan(0);
    // What a kill -9 right after the deck write leaves behind: the cards, but no idempotency record.
    await rm(path.join(dir, 'idempotencia'), { recursive: true, force: true });
    const again = await makeToolbox(dir);
    const b = await again.dispatch({ id: 'toolu_kill', name: 'crear_tarjetas', input: { id_nota: 5 } });
    expect(JSON.parse(b.content).ids).toEqual(made);
    expect(await again.notebook.cards.list()).toHaveLength(made.length);
    // A different call for the same note (the week prepared again) reuses the same cards.
    const c = JSON.parse((await again.dispatch({ id: 'toolu_other', name: 'crear_tarjetas', input: { id_nota: 5 } })).content);
    expect(c).toMatchObject({ ids: made, nuevas: [], ya_en_el_mazo: made });
    expect(await again.notebook.cards.list()).toHaveLength(made.length);
  });

  it('id_nota is an integer without enum (the schema stays the same as notes are added); the dispatcher refuses a note that does not exist and follows notes added here or by another process', async () => {
    const box = await makeToolbox(dir);
    const schemaOf = () => JSON.stringify(box.definitionsForModel().find((d) => d.name === 'crear_tarjetas')!.input_schema);
    const schema = schemaOf();
    expect(JSON.parse(schema).properties.id_nota).toEqual({ type: 'integer', description: expect.any(String) });
    const refused = await box.dispatch({ id: 'e0', name: 'crear_tarjetas', input: { id_nota: 999 } });
    expect(refused).toMatchObject({ is_error: true, code: 'VALIDATION' });
    expect(refused.content).toContain('la nota 999 no existe');
    const n = await box.notebook.notes.add('historia del arte', 'El surrealismo exploró los sueños y el inconsciente con imágenes insólitas y precisas.');
    expect(n.id).toBe(13);
    expect(schemaOf()).toBe(schema);
    const r = await box.dispatch({ id: 'e1', name: 'crear_tarjetas', input: { id_nota: 13 } });
    expect(r.is_error).toBe(false);
    // Another process adds note 14 straight to the file: the next call follows it.
    const file = path.join(dir, 'notas.json');
    // The toolbox wrote the file as version 2 (each note with its week) when it opened it.
    const doc = JSON.parse(await readFile(file, 'utf8'));
    expect(doc.version).toBe(NOTES_STATE_VERSION);
    const notes = doc.notas;
    expect((await box.dispatch({ id: 'e2a', name: 'crear_tarjetas', input: { id_nota: 14 } })).content).toContain('la nota 14 no existe');
    notes.push({ id: 14, tema: 'música', texto: 'El contrapunto combina melodías independientes que suenan juntas con armonía.' });
    await writeFile(file, JSON.stringify(notes));
    expect((await box.dispatch({ id: 'e2', name: 'crear_tarjetas', input: { id_nota: 14 } })).is_error).toBe(false);
    expect(schemaOf()).toBe(schema);
  });
});

describe('definitionsForModel', () => {
  it('offers the five tools with strict schemas: all properties required, no extras, descriptions that say when to use them', async () => {
    const box = await makeToolbox(dir);
    const defs = box.definitionsForModel();
    expect(defs.map((d) => d.name)).toEqual(['buscar_notas', 'crear_tarjetas', 'generar_portada', 'narrar_resumen', 'registrar_uso']);
    for (const d of defs) {
      expect(d.strict).toBe(true);
      expect(d.input_schema.additionalProperties).toBe(false);
      expect(d.input_schema.required.sort()).toEqual(Object.keys(d.input_schema.properties).sort());
      expect(d.description.length).toBeGreaterThan(150);
      expect(JSON.stringify(d.input_schema)).not.toContain('maxLength'); // internal limits stay internal
    }
    const byName = Object.fromEntries(defs.map((d) => [d.name, d.input_schema.properties]));
    expect(byName.buscar_notas!.k!.enum).toEqual([1, 2, 3, 4, 5]);
    expect(byName.registrar_uso!.modelo!.enum).toEqual(['claude-haiku-5-5', 'claude-sonnet-5-5', 'claude-fable-5-1']);
  });
});
