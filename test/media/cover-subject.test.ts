/**
 * The procedural cover's motif follows the week's own words: a subject's symbol (a bell curve, code,
 * perspective, a staff) only for that subject, the neutral notebook for any other — a history week
 * never gets a bell curve (the owner's walk found one). Pure: coverLook and the drawing itself.
 */
import { describe, expect, it } from 'vitest';
import { coverMotif, MOTIF } from '../../src/domain/media/cover-subject.js';
import { coverLook, drawMaqueta } from '../../src/domain/media/maqueta.js';
import { buildCoverPrompt } from '../../src/domain/media/cover-prompt.js';
import { createMediaTools, EngineHealth } from '../../src/tools/media-tools.js';
import { parseSyllabusText } from '../../src/domain/course/syllabus.js';
import { context, NOW, tempDir } from './helpers.js';

const HISTORY_NOTES = [
  'La Revolución francesa\nEn 1789 los Estados Generales se reunieron en Versalles. La toma de la Bastilla marcó el comienzo de la revolución; la media de edad de los diputados era alta.',
  'El Terror\nRobespierre y el Comité de Salvación Pública gobernaron desde la perspectiva de la virtud republicana.',
];

describe('the cover motif comes from the week itself', () => {
  it.each([
    'La Revolución francesa',
    'Edad Media',
    'La Primera Guerra Mundial',
    'Biología celular',
    'Derecho romano',
  ])('«%s» gets the neutral notebook, never another subject\'s symbol', (title) => {
    expect(coverLook({ title, notes: HISTORY_NOTES }).motif).toBe(MOTIF.notebook);
  });

  it.each([
    ['Probabilidad y estadística', MOTIF.statistics],
    ['Regresión lineal', MOTIF.statistics],
    ['Introducción a Python', MOTIF.code],
    ['Algoritmos de ordenación', MOTIF.code],
    ['El impresionismo', MOTIF.art],
    ['Pintura del Renacimiento', MOTIF.art],
    ['Armonía y acordes', MOTIF.music],
    ['Música barroca', MOTIF.music],
  ] as const)('«%s» gets its own subject\'s motif', (title, motif) => {
    expect(coverLook({ title }).motif).toBe(motif);
  });

  it('an untitled-sounding week is read from its terms and notes; one stray word in a note is not enough', () => {
    expect(coverMotif({ title: 'Tema 4', terms: ['varianza', 'desviación típica'] })).toBe(MOTIF.statistics);
    expect(coverMotif({ title: 'Tema 4', notes: ['El histograma resume la distribución normal de una muestra; la varianza mide su dispersión.'] })).toBe(MOTIF.statistics);
    expect(coverMotif({ title: 'Tema 4', notes: ['Una pintura de la época muestra la batalla.'] })).toBe(MOTIF.notebook);
    // Two subjects named as strongly: neither is the week's, the notebook is.
    expect(coverMotif({ title: 'Estadística para la música' })).toBe(MOTIF.notebook);
  });

  it('the demo weeks keep their motifs and original palette', () => {
    expect(['Estadística', 'Python', 'Historia del arte', 'Música'].map((title) => coverLook({ title }))).toEqual([0, 1, 2, 3].map((motif) => ({ motif, palette: 0 })));
  });

  it('the notebook is drawn (not a blank page, not the bell curve) and the prompt describes it', () => {
    const size = { seed: 2026_07_00, width: 128, height: 128 };
    const notebook = drawMaqueta({ ...size, look: { motif: MOTIF.notebook, palette: 1 } });
    const bell = drawMaqueta({ ...size, look: { motif: MOTIF.statistics, palette: 1 } });
    const differing = notebook.data.reduce((n, v, i) => n + (Math.abs(v - bell.data[i]!) > 24 ? 1 : 0), 0);
    expect(differing / notebook.data.length).toBeGreaterThan(0.1);
    // The pages are light: the upper half of the notebook cover holds far more bright pixels than a dark gradient would.
    let bright = 0;
    for (let i = 0; i < notebook.data.length / 2; i += 4) if (notebook.data[i]! + notebook.data[i + 1]! + notebook.data[i + 2]! > 450) bright++;
    expect(bright / (notebook.data.length / 8)).toBeGreaterThan(0.2);
    const prompt = buildCoverPrompt({ week: 7, topic: 'la Revolución francesa', look: coverLook({ title: 'La Revolución francesa' }) }, [{ id: 1, tema: 'Revolución', texto: HISTORY_NOTES[0]! }]);
    expect(prompt.text).toMatch(/cuaderno abierto/);
    expect(prompt.text).not.toMatch(/campana|histograma/);
  });

  it('a week with no notes yet still gets its cover, from its title and course terms (a history week: the notebook)', async () => {
    const { dir } = await tempDir();
    const parsed = parseSyllabusText('Historia contemporánea\nSemana 1: La Revolución francesa y el fin del Antiguo Régimen\nSemana 2: Napoleón y el Congreso de Viena\n', { now: new Date('2026-09-01T12:00:00Z') });
    if (!parsed.ok) throw new Error(parsed.problem);
    const tools = createMediaTools({ dataDir: dir, notes: { list: async () => [] }, course: parsed.course, media: { timeoutMs: 5_000 }, now: () => NOW, health: new EngineHealth() });
    const out = await tools.generar_portada.execute({ semana: 1, maqueta: true }, context());
    const data = out.data as { prompt: string; titulo: string };
    expect(data.titulo).toBe('Semana 1 · La Revolución francesa y el fin del Antiguo Régimen');
    expect(data.prompt).toMatch(/^Portada editorial de un cuaderno de estudio sobre La Revolución francesa y el fin del Antiguo Régimen: revolución francesa/);
    expect(data.prompt).toMatch(/cuaderno abierto/);
  });
});
