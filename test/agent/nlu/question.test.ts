/**
 * Questions to the notebook (agent/nlu/question.ts): the openings a student uses to ask their own
 * material are `buscar` with the subject as `consulta`, whatever its words weigh for the classifier;
 * what is about the bot, the student's own things or a week keeps its reading.
 */
import { describe, expect, it } from 'vitest';
import { readsAsQuestion, understand } from '../../../src/agent/understand.js';

describe('questions to the notebook', () => {
  it.each([
    ['qué dice el enunciado de Kelvin-Planck', 'enunciado de kelvin planck'],
    ['no me entero de lo de las adiabáticas', 'adiabáticas'],
    ['de qué va la nota del impresionismo', 'impresionismo'],
    ['busca notas sobre zorro', 'zorro'],
    ['explícame el ciclo de Carnot', 'ciclo de carnot'],
    // The second walk: «sobre «es un pronunciamiento»» echoed the second opener.
    ['explícame qué es un pronunciamiento', 'pronunciamiento'],
    ['explícame qué son los señoríos jurisdiccionales', 'señoríos jurisdiccionales'],
    ['explícame la diferencia entre doceañistas y veinteañistas', 'diferencia entre doceañistas y veinteañistas'],
    ['¿qué es la entropía?', 'entropía'],
    ['no entiendo lo de la sociedad estamental', 'sociedad estamental'],
    ['de qué va lo de los Estados Generales', 'estados generales'],
    ['oye, ¿en qué consiste la fotosíntesis?', 'fotosíntesis'],
    ['háblame del Renacimiento', 'renacimiento'],
    ['quién era Robespierre', 'robespierre'],
    ['cuándo fue la toma de la Bastilla', 'toma de la bastilla'],
    ['de dónde sale el oxígeno', 'oxígeno'],
  ])('«%s» asks the notes about «%s»', (text, consulta) => {
    expect(understand(text)).toEqual({ intent: 'buscar', consulta });
  });

  it.each([
    ['¿qué es lo mío?', 'charla'],
    ['¿cuál es tu nombre?', 'charla'],
    ['no entiendo cómo usarte', 'orden'],
    ['de qué va la semana 4', 'preparar'],
    ['busca la semana 3', 'preparar'],
  ])('«%s» is not a question to the notes (%s)', (text, intent) => {
    expect(understand(text).intent).toBe(intent);
  });

  it('tells a question the reading could not place from a remark', () => {
    expect(readsAsQuestion('¿y la rubisco?')).toBe(true);
    expect(readsAsQuestion('qué productos da la fase luminosa')).toBe(true);
    expect(readsAsQuestion('vale, mañana sigo')).toBe(false);
  });
});
