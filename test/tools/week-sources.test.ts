/**
 * What a week's episode and cards were made from (src/domain/week-sources.ts): the versioned record,
 * read from the frozen files of its version and from a layout written before it existed (nothing
 * claimed then), and merged under its lock by several writers.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { asSources, cardSourcesFile, newerNotes, noteHuella, readCardSources, readEpisodeSources, recordCardSources, sourcesOf } from '../../src/domain/week-sources.js';
import { STATE_PROBLEMS } from '../../src/strings/console.js';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/week-sources');
let tmp: string | undefined;
afterEach(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
  tmp = undefined;
});

const note = (id: number, texto: string) => ({ id, tema: 'arte', texto });

describe('the notes a week was made from', () => {
  it('tells a new note and a changed one from those read as they are', () => {
    const made = sourcesOf([note(1, 'uno'), note(2, 'dos')]);
    expect(newerNotes([note(1, 'uno'), note(2, 'dos cambiada'), note(3, 'tres')], made).map((n) => n.id)).toEqual([2, 3]);
    expect(noteHuella(note(1, 'uno'))).toMatch(/^[0-9a-f]{12}$/);
  });

  it('reads the frozen version-1 file and refuses what it does not know as no record', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'fuentes-'));
    const deck = path.join(tmp, 'tarjetas.json');
    expect(await readCardSources(deck)).toBeUndefined(); // a data folder from before: no record
    await copyFile(path.join(FIXTURES, 'tarjetas_fuentes.v1.json'), cardSourcesFile(deck));
    expect(Object.keys((await readCardSources(deck))!.notas)).toEqual(['7', '8']);
    expect(asSources({ version: 2, notas: {} })).toBeUndefined();
    expect(asSources({ version: 1, notas: { x: 'a' } })).toBeUndefined();
  });

  it('an episode made before the record says nothing; one made after carries it', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'fuentes-'));
    const wav = path.join(tmp, 'semana_03.wav');
    await copyFile(path.join(FIXTURES, 'narracion-sin-fuentes.json'), path.join(tmp, 'semana_03.json'));
    expect(await readEpisodeSources(wav)).toBeUndefined();
    const side = JSON.parse(await readFile(path.join(tmp, 'semana_03.json'), 'utf8')) as { salida: { artifacts: Array<{ meta: Record<string, unknown> }> } };
    side.salida.artifacts[0]!.meta.fuentes = sourcesOf([note(7, 'siete')]);
    await writeFile(path.join(tmp, 'semana_03.json'), JSON.stringify(side));
    expect((await readEpisodeSources(wav))!.notas).toEqual({ 7: noteHuella(note(7, 'siete')) });
  });

  it('several writers at once all land in the cards record', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'fuentes-'));
    const deck = path.join(tmp, 'tarjetas.json');
    await Promise.all([1, 2, 3, 4].map((id) => recordCardSources(deck, [note(id, `texto ${id}`)])));
    expect(Object.keys((await readCardSources(deck))!.notas).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('a damaged cards record is refused with which file and how to recover, never started anew', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'fuentes-'));
    const deck = path.join(tmp, 'tarjetas.json');
    for (const text of ['{"version": 1, "notas": {"7": "ab', JSON.stringify({ version: 2, notas: {} })]) {
      await writeFile(cardSourcesFile(deck), text);
      await expect(readCardSources(deck)).rejects.toThrow(cardSourcesFile(deck));
      await expect(recordCardSources(deck, [note(1, 'uno')])).rejects.toThrow(STATE_PROBLEMS.cardSourcesFix);
      expect(await readFile(cardSourcesFile(deck), 'utf8')).toBe(text);
    }
  });
});
