// A syllabus a new student pasted (the walk of «Geología»): a block heading between weeks is no week,
// and a week number written twice is asked about in the proposal, not refused.
import { describe, expect, it } from 'vitest';
import { parseSyllabusText } from '../../src/domain/course/syllabus.js';

const NOW = new Date('2027-01-15T12:00:00Z');
const read = (text: string) => {
  const r = parseSyllabusText(text, { now: NOW });
  if (!r.ok) throw new Error(r.problem);
  return r.course;
};

describe('group headings («Bloque II», «Parte 1», «Módulo 3», «Unidad didáctica 2») between weeks', () => {
  it.each([
    ['Bloque II: Ecosistemas acuáticos'],
    ['Parte 2 — Ecosistemas acuáticos'],
    ['## Módulo 2. Ecosistemas acuáticos'],
    ['Unidad didáctica II: Ecosistemas acuáticos'],
  ])('%s groups weeks and is none of them', (group) => {
    const text = [
      'ECOLOGÍA DE POBLACIONES – Grado en Biología',
      'Bloque I: Ecosistemas terrestres',
      '',
      'Semana 1 (1-5 feb). Suelos y descomponedores',
      'Semana 2 (8-12 feb). Bosques templados',
      group,
      'Semana 3 (15-19 feb). Ríos y lagos',
      'Semana 4 (22-26 feb). Humedales y estuarios',
    ].join('\n');
    const course = read(text);
    expect(course.titulo).toBe('Ecología de poblaciones');
    expect(course.semanas.map((w) => [w.numero, w.titulo])).toEqual([
      [1, 'Suelos y descomponedores'], [2, 'Bosques templados'], [3, 'Ríos y lagos'], [4, 'Humedales y estuarios'],
    ]);
    expect(course.dudas).toBeUndefined();
  });

  it('where nothing else numbers the weeks, the groups are the weeks', () => {
    const course = read('Historia del cine\nParte I — El cine mudo\nParte II — El sonoro\nParte III — La nouvelle vague');
    expect(course.semanas.map((w) => w.titulo)).toEqual(['El cine mudo', 'El sonoro', 'La nouvelle vague']);
  });
});

describe('a week number written twice is a question in the proposal', () => {
  it('a repeat where the next number is missing takes that number, and the proposal asks', () => {
    const course = read('Semana 1: Suelos\nSemana 2: Bosques\nSemana 2: Ríos\nSemana 4: Humedales');
    expect(course.semanas.map((w) => [w.numero, w.titulo])).toEqual([[1, 'Suelos'], [2, 'Bosques'], [3, 'Ríos'], [4, 'Humedales']]);
    expect(course.dudas).toEqual([{ semana: 3, pregunta: expect.stringMatching(/semana 2 aparece dos veces \(líneas 2 y 3\).*«Ríos» como semana 3: ¿está bien\?$/) }]);
  });

  it('any other repeat keeps the first line, and the proposal says how to take the other', () => {
    const course = read('Semana 1: Suelos\nSemana 2: Bosques\nSemana 3: Ríos\nSemana 2: Praderas');
    expect(course.semanas.map((w) => w.titulo)).toEqual(['Suelos', 'Bosques', 'Ríos']);
    expect(course.dudas).toEqual([{ semana: 2, pregunta: expect.stringMatching(/líneas 2 y 4.*quitado «Praderas».*«2: Praderas»/) }]);
  });
});
