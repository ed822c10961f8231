// The syllabus parser (issue 25): every fixture syllabus parses to its hand-written course, field by
// field; each bad input gets its own sentence and no course.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYLLABUS as S } from '../../src/strings/course.js';
import { MAX_WEEKS, MAX_WEEK_TITLE, keyTermsOfTitle, parseSyllabusText } from '../../src/domain/course/syllabus.js';
import type { ParsedCourse } from '../../src/domain/course/syllabus.js';

/** A day of the 2025–26 academic year: undated February weeks are February 2026. */
const NOW = new Date('2026-01-15T12:00:00Z');
const DIR = new URL('../fixtures/syllabi/', import.meta.url);
const names = readdirSync(DIR).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -'.txt'.length)).sort();
const read = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

describe('the fixture of syllabi', () => {
  it('holds at least eight syllabi, each with its expected course', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const n of names) expect(() => read(`${n}.expected.json`)).not.toThrow();
  });

  it.each(names)('%s parses exactly to its expected course', (name) => {
    const expected = JSON.parse(read(`${name}.expected.json`)) as ParsedCourse;
    const result = parseSyllabusText(read(`${name}.txt`), { now: NOW });
    if (!result.ok) throw new Error(`${name}: ${result.problem}`);
    const { course } = result;
    expect(course.titulo).toBe(expected.titulo);
    expect(course.semanas.map((w) => w.numero)).toEqual(expected.semanas.map((w) => w.numero));
    for (const [i, want] of expected.semanas.entries()) {
      const got = course.semanas[i]!;
      expect(got.titulo, `${name} semana ${want.numero}: título`).toBe(want.titulo);
      expect(got.inicio, `${name} semana ${want.numero}: inicio`).toBe(want.inicio);
      expect(got.terminos, `${name} semana ${want.numero}: términos`).toEqual(want.terminos);
    }
    expect(course).toEqual(expected);
  });

  it('the Biología celular syllabus has its 14 weeks, dated a week apart but for the Easter break', () => {
    const r = parseSyllabusText(read('biologia-celular.txt'), { now: NOW });
    if (!r.ok) throw new Error(r.problem);
    expect(r.course.semanas).toHaveLength(14);
    const days = r.course.semanas.map((w) => Date.parse(`${w.inicio}T00:00:00Z`) / 86_400_000);
    const gaps = days.slice(1).map((d, i) => d - days[i]!);
    expect(gaps).toEqual([7, 7, 7, 7, 7, 7, 14, 7, 7, 7, 7, 7, 7]);
  });
});

describe('the course\'s title from a lead-in line an owner writes', () => {
  it.each([
    ['mi curso es Historia Contemporánea, 4 semanas:', 'Historia Contemporánea'],
    ['Mi asignatura es historia contemporánea (3 semanas)', 'historia contemporánea'],
    ['Curso de Historia Contemporánea:', 'Historia Contemporánea'],
    ['Este es mi temario:', S.untitled],
    ['Estos son los temas:', S.untitled],
    ['Curso 2025-2026', S.untitled],
    // A name and its subtitle after a colon (walk item 10): the whole line names the course; a line
    // that labels what is said about it («Evaluación: …», «Profesora: …») never does.
    ['Física II: Electricidad y magnetismo', 'Física II: Electricidad y magnetismo'],
    ['Cálculo I: Límites, derivadas e integrales', 'Cálculo I: Límites, derivadas e integrales'],
    ['Evaluación: examen final 60%', S.untitled],
    ['Horario de tutorías: martes de 10 a 12', S.untitled],
    ['Profesora: Ana López', S.untitled],
    ['Código: 800511', S.untitled],
    // A name and what it is after the colon (second walk, item 7): the name is the part before it,
    // never a cut phrase («… : programa del»).
    ['Historia de España contemporánea: programa del primer cuatrimestre', 'Historia de España contemporánea'],
    ['Historia de España contemporánea: programa del curso 2026-27', 'Historia de España contemporánea'],
    ['Química orgánica — guía docente 2025-2026', 'Química orgánica'],
    ['Ecología: temario de la asignatura', 'Ecología'],
    ['Derecho romano: curso 2025/26', 'Derecho romano'],
    ['Programa de Historia del Arte del segundo cuatrimestre', 'Historia del Arte'],
  ])('«%s» → «%s»', (lead, title) => {
    const r = parseSyllabusText(`${lead}\n1. La Revolución Francesa\n2. Napoleón y el Imperio\n3. Los nacionalismos`, { now: NOW });
    expect(r).toMatchObject({ ok: true, course: { titulo: title, semanas: [{ numero: 1 }, { numero: 2 }, { numero: 3 }] } });
  });

  it('the walk\'s syllabus: «Física II: Electricidad y magnetismo» over five «Semana N:» lines', () => {
    const text = ['Física II: Electricidad y magnetismo', 'Semana 1: Carga eléctrica y ley de Coulomb', 'Semana 2: Campo eléctrico y ley de Gauss',
      'Semana 3: Potencial eléctrico y capacitores', 'Semana 4: Corriente, resistencia y circuitos RC', 'Semana 5: Campo magnético e inducción electromagnética (ley de Faraday)'].join('\n');
    expect(parseSyllabusText(text, { now: NOW })).toMatchObject({ ok: true, course: { titulo: 'Física II: Electricidad y magnetismo' } });
  });

  it('a labelled line is the name only when nothing else before the weeks reads as one', () => {
    const r = parseSyllabusText(`Tema central: la Europa de las revoluciones\nHistoria Contemporánea\n1. La Revolución Francesa\n2. Napoleón y el Imperio`, { now: NOW });
    expect(r).toMatchObject({ ok: true, course: { titulo: 'Historia Contemporánea' } });
  });
});

describe('dates', () => {
  const weekOf = (line: string, now = NOW) => {
    const r = parseSyllabusText(`Semana 1 ${line}`, { now });
    if (!r.ok) throw new Error(r.problem);
    return r.course.semanas[0]!;
  };

  it('reads every written shape and gives the Monday of its week', () => {
    expect(weekOf('(12/2/2026): Mitosis').inicio).toBe('2026-02-09');
    expect(weekOf('(12/02/26): Mitosis').inicio).toBe('2026-02-09');
    expect(weekOf('— 2026-02-12 — Mitosis').inicio).toBe('2026-02-09');
    expect(weekOf('– 12 de febrero: Mitosis', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2027-02-08');
    expect(weekOf('– 12 de Febrero de 2025: Mitosis', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2025-02-10');
    expect(weekOf('12-2: Mitosis', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2027-02-08');
    expect(weekOf(': Mitosis — 12/2', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2027-02-08');
    expect(weekOf(': Mitosis (12-2)', new Date('2026-10-01T12:00:00Z'))).toEqual({ numero: 1, titulo: 'Mitosis', inicio: '2027-02-08', terminos: ['mitosis'] });
  });

  it('reads the ranges chrono alone misses, across the year end too', () => {
    expect(weekOf('(del 8 al 12 de febrero): Calor', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2027-02-08');
    expect(weekOf('(semana del 1 al 5 de marzo): Calor', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2027-03-01');
    expect(weekOf('· 14–18 sept. · Calor', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2026-09-14');
    expect(weekOf('· 28 sept.–2 oct. · Calor', new Date('2026-10-01T12:00:00Z')).inicio).toBe('2026-09-28');
    expect(weekOf('(21 dic.–8 ene.): Vacaciones de Navidad', new Date('2026-10-01T12:00:00Z'))).toMatchObject({ inicio: '2026-12-21', sin_clase: true });
  });

  it('with no year anywhere, takes the academic year that holds today', () => {
    expect(weekOf('– 12 de febrero: Mitosis', new Date('2026-09-20T12:00:00Z')).inicio).toBe('2027-02-08');
    expect(weekOf('– 12 de febrero: Mitosis', new Date('2027-05-20T12:00:00Z')).inicio).toBe('2027-02-08');
    expect(weekOf('– 12 de octubre: Mitosis', new Date('2027-05-20T12:00:00Z')).inicio).toBe('2026-10-12');
  });

  it('keeps numbers and dates that are part of the title', () => {
    expect(weekOf(': Capítulos 3-4 del libro')).toEqual({ numero: 1, titulo: 'Capítulos 3-4 del libro', inicio: null, terminos: ['capítulos 3-4 del libro'] });
    expect(weekOf(': La jornada del 2 de mayo en Madrid').titulo).toBe('La jornada del 2 de mayo en Madrid');
  });
});

describe('key terms of a week title', () => {
  it('splits at commas and conjunctions, drops stop words and generic openers', () => {
    expect(keyTermsOfTitle('Introducción a la célula')).toEqual(['célula']);
    expect(keyTermsOfTitle('ADN, replicación y reparación')).toEqual(['adn', 'replicación', 'reparación']);
    expect(keyTermsOfTitle('Repaso general')).toEqual([]);
    expect(keyTermsOfTitle('Mitosis y mitosis')).toEqual(['mitosis']);
  });
});

describe('bad input gets one sentence and no course', () => {
  const problem = (text: string) => {
    const r = parseSyllabusText(text, { now: NOW });
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.problem;
  };

  it('no week', () => {
    expect(problem('Biología celular\n\nEvaluación: examen final 100 %.\n')).toBe(S.noWeek());
    expect(problem('')).toBe(S.noWeek());
  });

  it('duplicate week numbers are a question, naming both lines, not a refusal', () => {
    const r = parseSyllabusText('Semana 1: Célula\nSemana 2: Membrana\nSemana 2: Núcleo\n', { now: NOW });
    expect(r).toMatchObject({ ok: true, course: { semanas: [{ numero: 1 }, { numero: 2, titulo: 'Membrana' }], dudas: [{ semana: 2, pregunta: S.repeatedWeekLeft(2, 2, 3, 'Núcleo') }] } });
  });

  it(`more than ${MAX_WEEKS} weeks`, () => {
    const text = Array.from({ length: MAX_WEEKS + 1 }, (_, i) => `Semana ${i + 1}: Tema ${i + 1}`).join('\n');
    expect(problem(text)).toBe(S.tooManyWeeks(MAX_WEEKS));
    // Ten thousand weeks: the same sentence, never a wrong count («999 semanas»).
    const huge = Array.from({ length: 10_000 }, (_, i) => `Semana ${i + 1}: Tema ${i + 1}`).join('\n');
    expect(problem(huge)).toBe(S.tooManyWeeks(MAX_WEEKS));
    expect(problem(huge)).not.toMatch(/\d{3,} semanas/);
    const atLimit = parseSyllabusText(text.split('\n').slice(0, MAX_WEEKS).join('\n'), { now: NOW });
    expect(atLimit.ok && atLimit.course.semanas.length).toBe(MAX_WEEKS);
  });

  it('a gap in the numbering names the missing week', () => {
    expect(problem('Semana 1: Célula\nSemana 2: Membrana\nSemana 4: Núcleo\n')).toBe(S.missingWeek(3, 4));
    expect(problem('Tema 2: Membrana\nTema 3: Núcleo\n')).toBe(S.missingWeek(1, 3));
  });

  it('weeks written out of order are sorted, not refused', () => {
    const r = parseSyllabusText('Semana 2: Membrana\nSemana 1: Célula\n', { now: NOW });
    expect(r.ok && r.course.semanas.map((w) => [w.numero, w.titulo])).toEqual([[1, 'Célula'], [2, 'Membrana']]);
  });
});

describe('an unsure line is asked about in the proposal, never a refusal of the whole syllabus', () => {
  const course = (text: string) => {
    const r = parseSyllabusText(text, { now: NOW });
    if (!r.ok) throw new Error(r.problem);
    return r.course;
  };

  it(`a title over ${MAX_WEEK_TITLE} characters is cut at a word with «…», and the proposal says so`, () => {
    const long = `Células ${'y más membranas '.repeat(20)}`.trim();
    const c = course(`Semana 1: Membrana\nSemana 2: ${long}\n`);
    const cut = c.semanas[1]!.titulo;
    expect(Array.from(cut).length).toBeLessThanOrEqual(MAX_WEEK_TITLE);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(long.charAt(cut.length - 1)).toBe(' ');
    expect(c.dudas).toEqual([{ semana: 2, pregunta: S.titleCut(2, long.length, MAX_WEEK_TITLE) }]);
    expect(course(`Semana 1: ${long.slice(0, MAX_WEEK_TITLE)}`).dudas).toBeUndefined();
  });

  it('a date that is no day of the calendar: the week stays, without a date, and the proposal asks', () => {
    const c = course('Genética\n\nSemana 1 (9/2/2026): Mendel\nSemana 2 (31/2/2026): Ligamiento\n');
    expect(c.semanas[1]).toMatchObject({ numero: 2, titulo: 'Ligamiento', inicio: null });
    expect(c.dudas).toEqual([{ semana: 2, pregunta: S.unsureDate(2, '31/2/2026') }]);
    expect(course('Semana 1 – 30 de febrero: Oferta').dudas).toEqual([{ semana: 1, pregunta: S.unsureDate(1, '30 de febrero') }]);
  });

  it('a week with no title keeps its number and the proposal asks for one', () => {
    const c = course('Semana 1: Célula\nSemana 2 (16/2/2026):\n');
    expect(c.semanas[1]).toMatchObject({ numero: 2, titulo: S.untitledWeek(2), inicio: '2026-02-16' });
    expect(c.dudas).toEqual([{ semana: 2, pregunta: S.unsureTitle(2) }]);
  });
});
