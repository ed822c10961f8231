// The syllabus parser (issue 25): every fixture syllabus parses to its hand-written course, field by
// field; each bad input gets its own sentence and no course.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYLLABUS as S } from '../../src/strings/course.js';
import { MAX_WEEKS, MAX_WEEK_TITLE, keyTermsOfTitle, parseSyllabusText } from '../../src/tools/course/syllabus.js';
import type { ParsedCourse } from '../../src/tools/course/syllabus.js';

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
    const result = parseSyllabusText(read(`${name}.txt`), { year: 2026 });
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
    const r = parseSyllabusText(read('biologia-celular.txt'), { year: 2026 });
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
  ])('«%s» → «%s»', (lead, title) => {
    const r = parseSyllabusText(`${lead}\n1. La Revolución Francesa\n2. Napoleón y el Imperio\n3. Los nacionalismos`);
    expect(r).toMatchObject({ ok: true, course: { titulo: title, semanas: [{ numero: 1 }, { numero: 2 }, { numero: 3 }] } });
  });
});

describe('dates', () => {
  const dateOf = (line: string, year?: number) => {
    const r = parseSyllabusText(`Semana 1 ${line}`, year === undefined ? {} : { year });
    if (!r.ok) throw new Error(r.problem);
    return r.course.semanas[0]!;
  };

  it('reads every written shape and normalises it to YYYY-MM-DD', () => {
    expect(dateOf('(12/2/2026): Mitosis').inicio).toBe('2026-02-12');
    expect(dateOf('(12/02/26): Mitosis').inicio).toBe('2026-02-12');
    expect(dateOf('— 2026-02-12 — Mitosis').inicio).toBe('2026-02-12');
    expect(dateOf('– 12 de febrero: Mitosis', 2027).inicio).toBe('2027-02-12');
    expect(dateOf('– 12 de Febrero de 2025: Mitosis', 2027).inicio).toBe('2025-02-12');
    expect(dateOf('12-2: Mitosis', 2027).inicio).toBe('2027-02-12');
    expect(dateOf(': Mitosis — 12/2', 2027).inicio).toBe('2027-02-12');
    expect(dateOf(': Mitosis (12-2)', 2027)).toEqual({ numero: 1, titulo: 'Mitosis', inicio: '2027-02-12', terminos: ['mitosis'] });
  });

  it('takes the year from today when none is given', () => {
    expect(dateOf('– 12 de febrero: Mitosis').inicio).toBe(`${new Date().getFullYear()}-02-12`);
  });

  it('keeps numbers that are part of the title', () => {
    expect(dateOf(': Capítulos 3-4 del libro', 2026)).toEqual({ numero: 1, titulo: 'Capítulos 3-4 del libro', inicio: null, terminos: ['capítulos 3-4 del libro'] });
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
    const r = parseSyllabusText(text, { year: 2026 });
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.problem;
  };

  it('no week', () => {
    expect(problem('Biología celular\n\nEvaluación: examen final 100 %.\n')).toBe(S.noWeek());
    expect(problem('')).toBe(S.noWeek());
  });

  it('duplicate week numbers, naming both lines', () => {
    expect(problem('Semana 1: Célula\nSemana 2: Membrana\nSemana 2: Núcleo\n')).toBe(S.duplicateWeek(2, 2, 3));
  });

  it(`more than ${MAX_WEEKS} weeks`, () => {
    const text = Array.from({ length: MAX_WEEKS + 1 }, (_, i) => `Semana ${i + 1}: Tema ${i + 1}`).join('\n');
    expect(problem(text)).toBe(S.tooManyWeeks(MAX_WEEKS + 1, MAX_WEEKS));
    const atLimit = parseSyllabusText(text.split('\n').slice(0, MAX_WEEKS).join('\n'));
    expect(atLimit.ok && atLimit.course.semanas.length).toBe(MAX_WEEKS);
  });

  it(`a title over ${MAX_WEEK_TITLE} characters`, () => {
    const long = 'Células'.padEnd(MAX_WEEK_TITLE + 1, ' y más');
    expect(problem(`Semana 1: Membrana\nSemana 2: ${long}\n`)).toBe(S.titleTooLong(2, MAX_WEEK_TITLE + 1, MAX_WEEK_TITLE));
    const fits = parseSyllabusText(`Semana 1: ${long.slice(0, MAX_WEEK_TITLE)}`);
    expect(fits.ok).toBe(true);
  });

  it('a date that is no day of the calendar, naming its line', () => {
    expect(problem('Genética\n\nSemana 1 (9/2/2026): Mendel\nSemana 2 (31/2/2026): Ligamiento\n'))
      .toBe(S.badDate(4, 'Semana 2 (31/2/2026): Ligamiento'));
    expect(problem('Semana 1 – 30 de febrero: Oferta')).toBe(S.badDate(1, 'Semana 1 – 30 de febrero: Oferta'));
    expect(problem('1\t2026-13-01\tAlcanos')).toBe(S.badDate(1, '1\t2026-13-01\tAlcanos'));
  });

  it('a gap in the numbering names the missing week', () => {
    expect(problem('Semana 1: Célula\nSemana 2: Membrana\nSemana 4: Núcleo\n')).toBe(S.missingWeek(3, 4));
    expect(problem('Tema 2: Membrana\nTema 3: Núcleo\n')).toBe(S.missingWeek(1, 3));
  });

  it('a week with no title', () => {
    expect(problem('Semana 1: Célula\nSemana 2 (16/2/2026):\n')).toBe(S.emptyTitle(2, 2));
  });

  it('weeks written out of order are sorted, not refused', () => {
    const r = parseSyllabusText('Semana 2: Membrana\nSemana 1: Célula\n');
    expect(r.ok && r.course.semanas.map((w) => [w.numero, w.titulo])).toEqual([[1, 'Célula'], [2, 'Membrana']]);
  });
});
