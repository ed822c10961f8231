/** Which sentences are read well enough to study from: whole, no debris, Spanish words (dictionary), any language. */
import { beforeAll, describe, expect, it } from 'vitest';
import { languageOf, loadWordCheck, readProblem, sentencesOf, type WordCheck } from '../../src/domain/study/reading.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const problem = (s: string) => readProblem(s, languageOf(s), isWord);

describe('sentences of a note', () => {
  it('ends at a full stop before a capital, not after an abbreviation, an initial or inside a number', () => {
    const text = 'La carga vale 1.5 culombios, p. ej. en un rayo. Lo midió J. J. Thomson en 1897. ¿Por qué? Porque sí.\nTítulo suelto';
    expect(sentencesOf(text).map((s) => s.text)).toEqual([
      'La carga vale 1.5 culombios, p. ej. en un rayo.',
      'Lo midió J. J. Thomson en 1897.',
      '¿Por qué?',
      'Porque sí.',
      'Título suelto',
    ]);
    for (const s of sentencesOf(text)) expect(text.slice(s.at, s.at + s.text.length)).toBe(s.text);
  });
});

describe('a sentence read well', () => {
  it('is whole, of real words, and not a band of the page', () => {
    expect(problem('La intensidad de corriente es la cantidad de carga que atraviesa una sección del conductor.')).toBeUndefined();
    // Cut at a page break, and a header band with no sentence end.
    expect(problem('Una resistencia del circuito se calienta cuando la')).toBe('cortada');
    expect(problem('Apuntes de clase, semana 3 (2–6 de febrero de 2026)')).toBe('cortada');
    expect(problem('Grado en Química · Física general · segundo curso.')).toBe('restos');
    expect(problem('| Etapa | Proceso | Temperatura | Calor |')).toBe('restos');
    expect(problem('La carga [ilegible] atraviesa el conductor en cada segundo.')).toBe('dudosa');
    // Scrambled OCR: most words are not Spanish.
    expect(problem('La cnrga qwe atrvaiesa una secicón dle cnoductor por uindad de tiepmo.')).toBe('diccionario');
  });

  it('judges an English or Catalan passage by its shape, not by the Spanish dictionary', () => {
    const en = 'The efficiency of a heat engine is the fraction of the absorbed heat that becomes work.';
    const ca = "El rendiment d'una màquina tèrmica és la fracció de la calor absorbida que es converteix en treball.";
    expect(languageOf(en)).toBe('eng');
    expect(languageOf(ca)).toBe('cat');
    expect(problem(en)).toBeUndefined();
    expect(problem(ca)).toBeUndefined();
    expect(readProblem(en, 'spa', isWord)).toBe('diccionario');
  });
});
