/** A quiz asked in words (issue 45): a test or a topic named is a quiz; asking to be asked alone is the review. */
import { describe, expect, it } from 'vitest';
import { readMessage } from '../../../src/agent/nlu/read.js';

const course = { weeks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], weekOfDate: () => null, weekByWords: () => null };
const read = (t: string) => readMessage(t, course, new Date('2030-01-01T10:00:00Z'));

describe('quiz slots', () => {
  it.each([
    ['hazme un test de la semana 5', { intent: 'quiz', semana: 5 }],
    ['pregúntame lo del ciclo de Carnot', { intent: 'quiz', tema: 'ciclo de carnot' }],
    ['un test de 10', { intent: 'quiz', preguntas: 10 }],
    ['hazme un test de diez preguntas de la semana 2', { intent: 'quiz', semana: 2, preguntas: 10 }],
    ['hazme preguntas sobre la entropía', { intent: 'quiz', tema: 'la entropia' }],
    ['ponme un cuestionario', { intent: 'quiz' }],
    ['hazme preguntas de la semana 3', { intent: 'quiz', semana: 3 }],
  ])('«%s» is a quiz', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each(['hazme preguntas', 'pregúntame las tarjetas', '¿me preguntas las tarjetas de hoy?', 'repasemos un poco'])('«%s» stays the review', (text) => {
    expect(read(text)).toEqual({ intent: 'repaso' });
  });
});
