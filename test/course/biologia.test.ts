/**
 * A 14-week «Biología celular» course imported by `curso importar` (issue 24 "Done means"): covers
 * and narrations of weeks 1, 12 and 14 are made with those weeks' titles and the covers visibly
 * differ; the tools' `semana` enum is the course's, so week 15 is refused naming «[1, …, 14]», while
 * a data folder without a course keeps the demo's refusal «[1, 2, 3, 4]». Real toolbox, real files.
 */
import { readFile, rm } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { makeToolbox, tempDir } from '../tools/helpers.js';
import { BIOLOGIA, cli } from './helpers.js';

const WEEKS = [1, 12, 14] as const;
const TITLES: Record<number, string> = { 1: 'Semana 1 · La célula y sus membranas', 12: 'Semana 12 · Mitosis', 14: 'Semana 14 · Muerte celular y apoptosis' };
const NOTES: Record<number, string[]> = {
  1: ['La membrana plasmática es una bicapa lipídica con proteínas que separa la célula de su entorno.', 'El modelo de mosaico fluido describe cómo lípidos y proteínas se mueven dentro de la membrana.'],
  12: ['En la mitosis la célula reparte una copia de cada cromosoma a cada una de las dos células hijas.', 'La profase condensa los cromosomas y la metafase los alinea en el ecuador del huso mitótico.'],
  14: ['La apoptosis es una muerte celular programada que elimina células dañadas sin causar inflamación.', 'Las caspasas son proteasas que ejecutan la apoptosis cortando proteínas de la propia célula.'],
};

let dir: string;
let cleanup: () => Promise<void>;
let box: Awaited<ReturnType<typeof makeToolbox>>;
const covers: Record<number, { titulo: string; ruta: string }> = {};

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('cuaderno-biologia-'));
  expect(await cli(dir, ['curso', 'importar', BIOLOGIA])).toMatchObject({ code: 0, stderr: '' });
  const nb = await openNotebook(dir);
  for (const w of WEEKS) for (const texto of NOTES[w]!) await nb.notes.add('biología', texto, w);
  box = await makeToolbox(dir, { answer: { approved: true, by: 'test' }, now: () => new Date('2026-11-30T10:00:00Z') });
}, 60_000);
afterAll(() => cleanup());

describe('a 14-week course of the student’s own', () => {
  it('refuses week 15 naming the course’s range, shortened', async () => {
    const r = await box.dispatch({ id: 'w15', name: 'generar_portada', input: { semana: 15, maqueta: true } });
    expect(r.is_error).toBe(true);
    expect(r.content).toContain('semana=15 fuera de [1, …, 14]');
    const schema = box.definitionsForModel().find((d) => d.name === 'narrar_resumen')!.input_schema as unknown as { properties: { semana: { enum: number[] } } };
    expect(schema.properties.semana.enum).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });

  it.each(WEEKS)('week %i: the cover is drawn with the week’s title, from the week’s notes', async (w) => {
    const r = await box.dispatch({ id: `c${w}`, name: 'generar_portada', input: { semana: w, maqueta: true } });
    expect(r.is_error, r.content).toBe(false);
    const data = r.data as { titulo: string; ruta: string; prompt: string };
    expect(data.titulo).toBe(TITLES[w]);
    covers[w] = data;
  }, 120_000);

  it('the three covers visibly differ (mean pixel difference)', async () => {
    const px = await Promise.all(WEEKS.map(async (w) => PNG.sync.read(await readFile(covers[w]!.ruta)).data));
    for (let a = 0; a < px.length; a++) {
      for (let b = a + 1; b < px.length; b++) {
        let diff = 0;
        for (let i = 0; i < px[a]!.length; i += 4) diff += Math.abs(px[a]![i]! - px[b]![i]!) + Math.abs(px[a]![i + 1]! - px[b]![i + 1]!) + Math.abs(px[a]![i + 2]! - px[b]![i + 2]!);
        expect(diff / (px[a]!.length / 4), `semanas ${WEEKS[a]} y ${WEEKS[b]}`).toBeGreaterThan(15);
      }
    }
  });

  it.each(WEEKS)('week %i: the narration is titled with the week and reads the week’s notes only', async (w) => {
    const r = await box.dispatch({ id: `n${w}`, name: 'narrar_resumen', input: { semana: w, motor: 'juguete' } });
    expect(r.is_error, r.content).toBe(false);
    const data = r.data as { titulo: string; guion: string };
    expect(data.titulo).toBe(TITLES[w]);
    expect(data.guion).toContain(`Este es el resumen de la semana ${w}`);
    for (const t of NOTES[w]!) expect(data.guion).toContain(t.slice(0, 40));
    for (const other of WEEKS.filter((x) => x !== w)) for (const t of NOTES[other]!) expect(data.guion).not.toContain(t.slice(0, 40));
  }, 120_000);

  it('renaming a week changes its key: the old cover is not answered for the new title', async () => {
    expect(await cli(dir, ['curso', 'semana', '12', 'Mitosis y citocinesis'])).toMatchObject({ code: 0 });
    const r = await box.dispatch({ id: 'c12b', name: 'generar_portada', input: { semana: 12, maqueta: true } });
    expect(r.outcome).not.toBe('cache');
    expect((r.data as { titulo: string }).titulo).toBe('Semana 12 · Mitosis y citocinesis');
  }, 120_000);
});

describe('a data folder without a course', () => {
  it('keeps the demo course and its refusal', async () => {
    const { dir: demo, cleanup: done } = await tempDir('cuaderno-demo-');
    try {
      const b = await makeToolbox(demo);
      const r = await b.dispatch({ id: 'w9', name: 'generar_portada', input: { semana: 9, maqueta: true } });
      expect(r.is_error).toBe(true);
      expect(r.content).toContain('semana=9 fuera de [1, 2, 3, 4]');
    } finally {
      await done();
      await rm(demo, { recursive: true, force: true });
    }
  });
});
