/**
 * The `.apkg` opened with SQLite (sql.js) and checked against what Anki's importer needs: the col
 * row (models with the note type and template, one "Cuaderno Vivo" deck), notes with the model's
 * field count separated by 0x1f and Anki's csum, tags, cards pointing at real notes/decks/templates
 * with type/queue/due/ivl from the ts-fsrs state, and revlog rows as Anki stores them.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import type { Database } from 'sql.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { cliIn } from './helpers.js';
import { deckFileCards } from '../support/deck-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-anki-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) => cliIn(dir, args, env);

function rows(db: Database, sql: string): Record<string, unknown>[] {
  const [res] = db.exec(sql);
  return res ? res.values.map((v) => Object.fromEntries(res.columns.map((c, i) => [c, v[i]]))) : [];
}

describe('exportar-anki', () => {
  it('writes a package Anki can import, with the schedule and the review history', async () => {
    // The demo notes are one sentence each (one card each): six notes give six cards, the first three of week 3.
    for (const id of [9, 7, 8, 2, 1, 3]) await cli(['herramienta', 'crear_tarjetas', `{"id_nota":${id}}`]);
    const deck = deckFileCards<{ id: number; creada: string; pregunta: string; respuesta: string }>(JSON.parse(await readFile(path.join(dir, 'tarjetas.json'), 'utf8')));
    expect(deck).toHaveLength(6);
    const t0 = Date.parse(deck[5]!.creada) + 60_000;
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    // Card 1 graduates to review (bien, bien); card 2 stays learning (otra); card 4 lapses into relearning.
    for (const [id, word, min] of [[1, 'bien', 0], [1, 'bien', 11], [2, 'otra', 12], [4, 'facil', 13], [4, 'otra', 60 * 24 * 20]] as const) {
      expect((await cli(['calificar', String(id), word, '--ahora', at(min)])).code).toBe(0);
    }
    // The owner suspended card 5 from the chat: Anki gets it suspended (queue -1).
    await (await openNotebook(dir)).reviews.update((s) => {
      s.tarjetas[5] = { suspendida: true };
    });
    const file = path.join(dir, 'mazo.apkg');
    const r = await cli(['exportar-anki', file]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('6 tarjetas y 5 repasos');

    const zip = unzipSync(new Uint8Array(await readFile(file)));
    expect(Object.keys(zip).sort()).toEqual(['collection.anki2', 'media']);
    expect(new TextDecoder().decode(zip.media)).toBe('{}');
    const SQL = await initSqlJs();
    const db = new SQL.Database(zip['collection.anki2']);
    expect(rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((t) => t.name)).toEqual(['cards', 'col', 'graves', 'notes', 'revlog']);

    const [col] = rows(db, 'SELECT * FROM col');
    expect(col!.ver).toBe(11);
    const models = JSON.parse(col!.models as string);
    const [model] = Object.values(models) as { id: number; flds: { name: string }[]; tmpls: { ord: number; qfmt: string; afmt: string }[] }[];
    expect(Object.keys(models)).toEqual([String(model!.id)]);
    expect(model!.flds.map((f) => f.name)).toEqual(['Pregunta', 'Respuesta']);
    expect(model!.tmpls).toEqual([expect.objectContaining({ ord: 0, qfmt: '{{Pregunta}}', afmt: expect.stringContaining('{{Respuesta}}') })]);
    const decks = Object.values(JSON.parse(col!.decks as string)) as { id: number; name: string }[];
    const ours = decks.filter((d) => d.name === 'Cuaderno Vivo');
    expect(ours).toHaveLength(1);

    const notes = rows(db, 'SELECT * FROM notes ORDER BY id');
    expect(notes).toHaveLength(6);
    notes.forEach((n, i) => {
      const fields = (n.flds as string).split('\x1f');
      expect(fields).toHaveLength(model!.flds.length);
      expect(fields).toEqual([deck[i]!.pregunta, deck[i]!.respuesta]);
      expect(n.mid).toBe(model!.id);
      expect(n.csum).toBe(parseInt(createHash('sha1').update(fields[0]!).digest('hex').slice(0, 8), 16));
      expect(n.sfld).toBe(fields[0]);
      expect((n.tags as string).trim().split(' ')).toEqual(expect.arrayContaining([i < 3 ? 'semana_3' : 'semana_1', i < 3 ? 'historia_del_arte' : 'estadística']));
    });

    const cards = rows(db, 'SELECT * FROM cards ORDER BY id');
    expect(cards).toHaveLength(6);
    const noteIds = new Set(notes.map((n) => n.id));
    for (const [i, c] of cards.entries()) {
      expect(noteIds.has(c.nid)).toBe(true);
      // One deck per course, a subdeck per week: the demo course's deck holds each card in its week's.
      const home = decks.find((d) => d.id === c.did)!;
      expect(home.name).toBe(`Cuaderno Vivo::${i < 3 ? 'Semana 3 · Historia del arte' : 'Semana 1 · Estadística'}`);
      expect(model!.tmpls.map((t) => t.ord)).toContain(c.ord);
    }
    const repaso = JSON.parse(await readFile(path.join(dir, 'repaso.json'), 'utf8')).tarjetas;
    const crt = col!.crt as number;
    // Card 1: review, due as a day number from crt, ivl in days.
    expect(cards[0]).toMatchObject({ type: 2, queue: 2, ivl: repaso[1].fsrs.scheduled_days, due: Math.floor((Date.parse(repaso[1].fsrs.due) / 1000 - crt) / 86400), reps: 2, lapses: 0 });
    expect(repaso[1].fsrs.scheduled_days).toBeGreaterThan(0);
    // Card 2: learning, due as epoch seconds.
    expect(cards[1]).toMatchObject({ type: 1, queue: 1, ivl: 0, due: Math.floor(Date.parse(repaso[2].fsrs.due) / 1000), reps: 1 });
    // Card 3: new, due is its position.
    expect(cards[2]).toMatchObject({ type: 0, queue: 0, ivl: 0, reps: 0 });
    expect(cards[4]).toMatchObject({ type: 0, queue: -1 });
    // Card 4: relearning after a lapse.
    expect(cards[3]).toMatchObject({ type: 3, queue: 1, due: Math.floor(Date.parse(repaso[4].fsrs.due) / 1000), lapses: 1, reps: 2 });

    const revlog = rows(db, 'SELECT * FROM revlog ORDER BY id');
    expect(revlog.map((x) => [x.id, x.cid, x.ease])).toEqual([
      [Date.parse(at(0)), cards[0]!.id, 3], [Date.parse(at(11)), cards[0]!.id, 3], [Date.parse(at(12)), cards[1]!.id, 1],
      [Date.parse(at(13)), cards[3]!.id, 4], [Date.parse(at(60 * 24 * 20)), cards[3]!.id, 1],
    ]);
    // Below a day Anki stores negative seconds: the first "bien" of a new card is a 10-minute step.
    expect(revlog[0]).toMatchObject({ ivl: -600, lastIvl: 0, type: 0 });
    expect(revlog[1]!.ivl).toBe(repaso[1].fsrs.scheduled_days);
    expect(revlog[2]).toMatchObject({ ivl: -60, type: 0 });
    expect(revlog[4]).toMatchObject({ ivl: -600, type: 1, ease: 1 });
    expect(revlog[4]!.lastIvl).toBeGreaterThan(0);
    db.close();
  });

  it('refuses a file name that is not .apkg (exit 2)', async () => {
    const r = await cli(['exportar-anki', path.join(dir, 'mazo.zip')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.apkg');
  });
});
