// The one routing rule for free text (issues 25 and 26): a syllabus, material, or a message.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MATERIAL_MIN_CHARS, classifyText, mightBeSyllabus, pasteName } from '../../src/bot/route-text.js';
import { PASTE_NAME } from '../../src/strings/material.js';
import { SYLLABUS } from '../../src/strings/course.js';

const DIR = new URL('../fixtures/syllabi/', import.meta.url);
const syllabi = readdirSync(DIR).filter((f) => f.endsWith('.txt'));

describe('classifyText', () => {
  it.each(syllabi)('the fixture syllabus %s is a syllabus', (name) => {
    const r = classifyText(readFileSync(new URL(name, DIR), 'utf8'));
    expect(r.kind).toBe('temario');
  });

  it('requests, even naming weeks, are messages', () => {
    for (const t of ['prepara la semana 12', 'hola', 'cambia el título de la semana 3 a Barroco', 'haz la portada de la semana 2 y la semana 3']) {
      expect(classifyText(t).kind, t).toBe('mensaje');
    }
  });

  it('long prose is material, even with a short numbered list inside', () => {
    const prose = 'La mitosis es la división del núcleo de una célula en dos núcleos con el mismo número de cromosomas. '.repeat(12);
    expect(classifyText(prose).kind).toBe('material');
    const withList = `${prose}\n1. Profase\n2. Metafase\n${prose}`;
    expect(classifyText(withList).kind).toBe('material');
    expect(Array.from(prose).length).toBeGreaterThanOrEqual(MATERIAL_MIN_CHARS);
  });

  it('a short pasted programme is a syllabus', () => {
    const r = classifyText('Genética\nSemana 1: Mendel\nSemana 2: Ligamiento');
    expect(r).toMatchObject({ kind: 'temario', course: { titulo: 'Genética', semanas: [{ numero: 1, titulo: 'Mendel' }, { numero: 2, titulo: 'Ligamiento' }] } });
  });

  it('a list of topics typed one a line is a syllabus, a lead-in naming it; a two-item numbered list under a lead-in too', () => {
    const topics = 'La Revolución Francesa\nNapoleón y el Imperio\nLa Revolución Industrial\nLos nacionalismos';
    expect(classifyText(topics)).toMatchObject({ kind: 'temario', course: { titulo: SYLLABUS.untitled, semanas: [{ titulo: 'La Revolución Francesa' }, {}, {}, { numero: 4, titulo: 'Los nacionalismos' }] } });
    const led = classifyText('mi curso es Historia Contemporanea, 4 semanas:\n1. La Revolución Francesa\n2. Napoleón y el Imperio');
    expect(led).toMatchObject({ kind: 'temario', course: { titulo: 'Historia Contemporanea', semanas: [{ numero: 1 }, { numero: 2, titulo: 'Napoleón y el Imperio' }] } });
    // The numbered list long enough for the older rule gets the same title.
    const four = classifyText(`mi curso es Historia Contemporanea, 4 semanas:\n${topics.split('\n').map((t, i) => `${i + 1}. ${t}`).join('\n')}`);
    expect(four).toMatchObject({ kind: 'temario', course: { titulo: 'Historia Contemporanea' } });
    expect(classifyText('Historia:\n1. La Revolución Francesa\n3. Los nacionalismos')).toEqual({ kind: 'temario_malo', problem: SYLLABUS.missingWeek(2, 3) });
  });

  it('multi-line messages that are no list of topics stay messages, and pasted notes stay material', () => {
    for (const t of ['prepara la semana 3\ncon mi voz', 'Hola\nQué tal', '¿Qué tengo sobre Napoleón?\n¿Y sobre la Revolución?', 'Genética\nMendel']) {
      expect(classifyText(t).kind, t).toBe('mensaje');
    }
    const notes = Array.from({ length: 14 }, (_, i) => `La idea número ${i + 1} del tema explica cómo cambió la sociedad europea del siglo XIX.`).join('\n');
    expect(Array.from(notes).length).toBeGreaterThanOrEqual(MATERIAL_MIN_CHARS);
    expect(classifyText(notes).kind).toBe('material');
  });

  it('a syllabus the parser refuses gets its sentence; one it is unsure of is proposed with its questions', () => {
    expect(classifyText('Semana 1: Célula\nSemana 2: Membrana\nSemana 2: Núcleo')).toMatchObject({ kind: 'temario', course: { dudas: [{ semana: 2, pregunta: SYLLABUS.repeatedWeekLeft(2, 2, 3, 'Núcleo') }] } });
    expect(classifyText('Semana 1: Célula\nSemana 3: Membrana')).toEqual({ kind: 'temario_malo', problem: SYLLABUS.missingWeek(2, 3) });
  });
});

describe('mightBeSyllabus: whether [📅 Es un temario] is offered under material', () => {
  const prose = 'La mitosis es la división del núcleo de una célula en dos núcleos con el mismo número de cromosomas. '.repeat(12);

  it('paragraphs of prose are no syllabus, even with one numbered line or a «semana» in a sentence', () => {
    expect(classifyText(prose).kind).toBe('material');
    expect(mightBeSyllabus(prose)).toBe(false);
    expect(mightBeSyllabus(`${prose}\n\n${prose}`)).toBe(false);
    expect(mightBeSyllabus(`1. Introducción\n\n${prose}`)).toBe(false);
    expect(mightBeSyllabus(`${prose} Lo veremos en la semana 3.`)).toBe(false);
  });

  it('a labelled week or unit, a table row, or a few numbered or bulleted lines might be one', () => {
    expect(mightBeSyllabus(`Semana 3: La mitosis\n\n${prose}`)).toBe(true);
    expect(mightBeSyllabus(`${prose}\nTema 2 — Meiosis`)).toBe(true);
    expect(mightBeSyllabus(`${prose}\n1. Profase\n2. Metafase`)).toBe(true);
    expect(mightBeSyllabus(`${prose}\n- Profase\n• Metafase`)).toBe(true);
  });

  it('a lecture whose headings are numbered lines over paragraphs is none, its title «Tema 4» and its lists aside', () => {
    const para = (what: string) => `${what} se explica en clase con ejemplos del laboratorio, y se repasa antes del examen parcial de la asignatura.`;
    const lecture = [
      'TEMA 4. LA DIVISIÓN CELULAR',
      'Apuntes de clase – 3 de marzo',
      '',
      '1. Introducción',
      '',
      para('La división celular'),
      '',
      '2. La mitosis',
      para('La mitosis'),
      'Sus fases son:',
      '- Profase: se condensan los cromosomas.',
      '- Metafase: se alinean en el ecuador.',
      '',
      '## 3. La meiosis',
      para('La meiosis'),
    ].join('\n');
    expect(mightBeSyllabus(lecture)).toBe(false);
    // Weeks labelled as such in it still might be one; a numbered list of topics too.
    expect(mightBeSyllabus(`${lecture}\nSemana 1: Mitosis\nSemana 2: Meiosis`)).toBe(true);
    expect(mightBeSyllabus('Biología celular\n1. La célula\n2. La membrana\n3. La mitosis')).toBe(true);
  });

  it('every fixture syllabus might be one', () => {
    for (const name of syllabi) expect(mightBeSyllabus(readFileSync(new URL(name, DIR), 'utf8')), name).toBe(true);
  });
});

describe('pasteName: what a person reads a pasted text by', () => {
  it('is its title, with no file\'s extension', () => {
    expect(pasteName('# La luz\n\nLa luz es una onda electromagnética.')).toBe('La luz');
    expect(pasteName('El barroco usó el claroscuro para dramatizar la escena. '.repeat(3))).toBe('El barroco usó el claroscuro para dramatizar la escena');
    expect(pasteName('1234\n\n5678')).toBe(PASTE_NAME);
    expect(PASTE_NAME).not.toMatch(/\.txt$/);
  });
});
