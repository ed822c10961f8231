// The syllabus read as a person reads it (issue 42): every guide in test/fixtures/syllabi/guias/ —
// PDFs with footers, web and Markdown tables, an LMS export, Word lists, «Tema/Unidad/Bloque» lines,
// two-line weeks, every Spanish date form, holidays, a course over the year end, one with no year —
// parses to its hand-written weeks: titles, Monday start dates, weeks without class, course name.
import { describe, expect, it } from 'vitest';
import { fixtureNames, readFixture, scoreSyllabus, totals } from './syllabus-score.js';
import { parseSyllabusText } from '../../src/domain/course/syllabus.js';

const DIR = new URL('../fixtures/syllabi/guias/', import.meta.url);
const names = fixtureNames(DIR);

describe('the fixture of guides', () => {
  it('holds at least twelve syllabi', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  it.each(names)('%s: every week, title, date and holiday right', (name) => {
    const { text, expected } = readFixture(DIR, name);
    const score = scoreSyllabus(name, text, expected);
    expect(score.misses).toEqual([]);
  });

  it('over the whole fixture: 100 % of titles and dates right', () => {
    const all = totals(names.map((n) => { const f = readFixture(DIR, n); return scoreSyllabus(n, f.text, f.expected); }));
    expect({ titles: all.titles, dates: all.dates, flags: all.flags, names: all.names }).toEqual({ titles: all.weeks, dates: all.weeks, flags: all.weeks, names: names.length });
  });
});

describe('the Termodinámica guide copied from its PDF', () => {
  const { text } = readFixture(DIR, 'termodinamica');
  const r = parseSyllabusText(text, { now: new Date('2026-12-01T12:00:00Z') });
  if (!r.ok) throw new Error(r.problem);

  it('has 14 weeks, named «Termodinámica», week 7 without class and every other week with class', () => {
    expect(r.course.titulo).toBe('Termodinámica');
    expect(r.course.semanas).toHaveLength(14);
    expect(r.course.semanas.filter((w) => w.sin_clase).map((w) => w.numero)).toEqual([7]);
  });

  it('keeps week 4 whole (104 characters) and joins the weeks written over two lines', () => {
    expect(r.course.semanas[3]!.titulo).toHaveLength(104);
    expect(r.course.semanas[3]!.titulo.endsWith('capacidades caloríficas, entalpía y procesos en gases ideales')).toBe(true);
    expect(r.course.semanas[8]!.titulo.endsWith('y ciclo de Carnot')).toBe(true);
  });

  it('dates every week in 2027 (the guide says 2026–27 and the second term), on its Monday', () => {
    for (const w of r.course.semanas) {
      expect(w.inicio).toMatch(/^2027-/);
      expect(new Date(`${w.inicio}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });
});

describe('the calendar table copied from a web page', () => {
  const { text } = readFixture(DIR, 'tabla-web');
  const r = parseSyllabusText(text, { now: new Date('2026-09-01T12:00:00Z') });
  if (!r.ok) throw new Error(r.problem);

  it('takes the titles from the «Contenido» column and the dates from «Fechas»', () => {
    expect(r.course.semanas[0]).toMatchObject({ titulo: 'Presentación. La Monarquía de los Reyes Católicos', inicio: '2026-09-14' });
    expect(r.course.semanas.every((w) => !/\d\s*(?:sept|oct|nov|dic|ene)\b/.test(w.titulo))).toBe(true);
  });

  it('puts the «Lecturas» column in the week\'s terms, not its title', () => {
    expect(r.course.semanas[1]!.titulo).toBe('La expansión atlántica y la conquista de América');
    expect(r.course.semanas[1]!.terminos.join(' ')).toMatch(/elliott/i);
  });

  it('does not make the unnumbered Christmas row a week, and the last week lands in January 2027', () => {
    expect(r.course.semanas).toHaveLength(15);
    expect(r.course.semanas.some((w) => /Navidad/.test(w.titulo))).toBe(false);
    expect(r.course.semanas[14]).toMatchObject({ numero: 15, titulo: 'Examen final', inicio: '2027-01-11' });
  });
});
