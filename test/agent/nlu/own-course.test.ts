/**
 * The reading of a message against a student's own course: weeks named as the syllabus numbers them
 * («tema», «unidad», «lección») or by their words, questions about content, and sentences of
 * content that ask for nothing. The demo course has its own corpus (corpus.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { understand } from '../../../src/agent/understand.js';
import type { Course } from '../../../src/domain/course/course.js';

const MICRO: Course = {
  titulo: 'Microeconomía I',
  semanas: [
    { numero: 1, titulo: 'Introducción: escasez y coste de oportunidad', inicio: null, terminos: [] },
    { numero: 2, titulo: 'Oferta y demanda', inicio: null, terminos: [] },
    { numero: 3, titulo: 'Elasticidad', inicio: null, terminos: [] },
    { numero: 4, titulo: 'Teoría del consumidor', inicio: null, terminos: ['utilidad marginal'] },
    { numero: 5, titulo: 'Costes de producción', inicio: null, terminos: [] },
  ],
};
const read = (text: string) => understand(text, MICRO, new Date('2026-12-02T10:00:00Z'), 'Europe/Madrid');
const week = (semana: number) => ({ intent: 'preparar', semana, voz: 'sintetica', redo: false });

describe('a student\'s own course', () => {
  it.each([
    ['prepara el tema 3', 3], ['prepárame la unidad dos', 2], ['prepara la lección 4', 4], ['prepara el primer tema', 1],
    ['el tema de la semana 5, prepáralo', 5],
  ])('«%s» names week %i by its number', (text, n) => {
    expect(read(text)).toEqual(week(n));
  });

  it.each([
    ['prepara la semana de la elasticidad', 3], ['prepara oferta y demanda', 2], ['prepárame lo de elasticidad', 3],
    ['prepara lo del consumidor', 4], ['prepara lo de la utilidad marginal', 4],
  ])('«%s» names week %i by its words', (text, n) => {
    expect(read(text)).toEqual(week(n));
  });

  it('«tarjetas del tema 2» is the week\'s cards; «tarjetas de la nota 2» is note 2\'s; «el siguiente tema» is next week', () => {
    expect(read('hazme tarjetas del tema 2')).toEqual({ ...week(2), sin: ['narracion', 'portada'] });
    expect(read('tarjetas de la nota 2')).toEqual({ intent: 'tarjetas', nota: 2 });
    // 2026-12-02 falls in no dated week of this course: «el siguiente tema» cannot be placed.
    expect(read('prepárame el siguiente tema')).toMatchObject({ intent: 'ambiguo', quiere: 'preparar' });
    const dated: typeof MICRO = { ...MICRO, semanas: MICRO.semanas.map((s, i) => ({ ...s, inicio: `2026-11-${String(23 + 7 * i).padStart(2, '0')}` })).slice(0, 2) };
    expect(understand('prepárame el siguiente tema', { ...dated, semanas: [...dated.semanas, { ...MICRO.semanas[2]!, inicio: '2026-12-07' }] }, new Date('2026-12-02T10:00:00Z'), 'Europe/Madrid')).toEqual(week(3));
  });

  it('a week\'s words in a request for one part name that week too', () => {
    expect(read('narra lo de la demanda')).toEqual({ intent: 'narrar', semana: 2, voz: 'sintetica' });
    expect(read('rehaz la portada de lo del consumidor')).toMatchObject({ intent: 'rehacer', que: 'portada', semana: 4 });
  });

  it('«prepara» with words of spending is still a week, never /gasto; «cuánto llevo gastado» still is', () => {
    expect(read('prepara el tema de costes')).toEqual(week(5));
    expect(read('cuánto llevo gastado')).toEqual({ intent: 'orden', nombre: 'gasto' });
  });

  it('«prepara» with no week the course can place still asks which', () => {
    expect(read('prepara la semana')).toMatchObject({ intent: 'ambiguo', quiere: 'preparar' });
    expect(read('prepara el tema 9')).toMatchObject({ intent: 'ambiguo', semanaInexistente: 9 });
  });

  it.each([
    ['¿qué es la elasticidad?', 'elasticidad'], ['qué es el coste de oportunidad', 'coste de oportunidad'],
    ['explícame la utilidad marginal', 'utilidad marginal'], ['¿qué significa escasez?', 'escasez'],
  ])('«%s» looks up «%s» in the notes', (text, consulta) => {
    expect(read(text)).toEqual({ intent: 'buscar', consulta });
  });

  it('«¿qué es esto?» names nothing to look up', () => {
    expect(read('¿qué es esto?').intent).not.toBe('buscar');
  });

  it('a sentence of content that asks for nothing is something to study, about the week it names', () => {
    expect(read('El coste de oportunidad es el valor de la mejor alternativa a la que renuncias al elegir.')).toEqual({ intent: 'apunte', semana: 1 });
    expect(read('La elasticidad mide cuánto cambia la cantidad cuando cambia el precio del bien.')).toEqual({ intent: 'apunte', semana: 3 });
  });

  it('a long sentence that asks, asks a question, or is about nothing of the course is not a note', () => {
    expect(read('¿La elasticidad mide cuánto cambia la cantidad cuando cambia el precio del bien?').intent).not.toBe('apunte');
    expect(read('quiero que me prepares lo de la elasticidad para el examen del lunes').intent).not.toBe('apunte');
    expect(read('hoy estoy muy cansado y no me apetece hacer nada de nada la verdad').intent).not.toBe('apunte');
    expect(read('elasticidad y demanda').intent).not.toBe('apunte');
  });
});
