/**
 * Rules written for material nobody tuned on (issue 44, second pass): a process defined by when it
 * happens («X ocurre cuando …») and its formula with a derivative (dN/dt) are both read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { happensWhen } from '../../src/domain/study/idea-rules.js';
import { cardsForNote } from '../../src/domain/cards/build.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string, semana = 5): Note => ({ id, texto, tema, semana } as Note);

const PRESAS = note(1, 'La difusión facilitada se produce cuando una proteína de la membrana transporta la molécula a favor de su gradiente: no gasta energía de la célula.', 'Transporte pasivo');
const MAREAS = note(2, 'La marea viva tiene lugar si el Sol y la Luna están alineados con la Tierra, y entonces sus atracciones se suman.', 'Mareas');
const GROWTH = [
  note(3, 'La población de bacterias ocurre en colonias que se ven a simple vista en una placa de cultivo.', 'Colonias'),
  note(4, 'El crecimiento de Gompertz ocurre cuando la tasa de crecimiento disminuye con el tiempo de forma exponencial: la curva es una S asimétrica.\n\ndN/dt = rN ln(K/N)\n\ndonde K es la capacidad de carga del medio.', 'Modelo de Gompertz'),
];

describe('a process defined by when it happens', () => {
  it('is asked «¿Cuándo ocurre …?» and answered with its condition, up to the colon', () => {
    expect(happensWhen('El crecimiento de Gompertz ocurre cuando la tasa de crecimiento disminuye con el tiempo: la curva es una S.')).toMatchObject({
      kind: 'definicion', term: 'crecimiento de Gompertz', body: 'cuando la tasa de crecimiento disminuye con el tiempo', question: '¿Cuándo ocurre el crecimiento de Gompertz?',
    });
    expect(happensWhen('La difusión facilitada se produce cuando una proteína transporta la molécula.')).toMatchObject({ question: '¿Cuándo se produce la difusión facilitada?' });
    expect(happensWhen('La marea viva tiene lugar si el Sol y la Luna están alineados.')).toMatchObject({ body: 'si el Sol y la Luna están alineados' });
  });
  it('needs a condition after the verb and a noun phrase before it', () => {
    expect(happensWhen('La población de bacterias ocurre en colonias que se ven a simple vista.')).toBeUndefined();
    expect(happensWhen('Lo mismo ocurre cuando sube el precio.')).toBeUndefined();
  });
  it('cards a note that says nothing else, which used to get none', () => {
    for (const n of [PRESAS, MAREAS]) expect(cardsForNote(n, [n], [], undefined, { isWord }).cards.map((c) => c.pregunta)[0]).toMatch(/^¿Cuándo (?:se produce|tiene lugar) /u);
  });
  it('names its formula with a derivative, whose question does not give the condition away', () => {
    const cards = cardsForNote(GROWTH[1]!, GROWTH, [], undefined, { isWord }).cards;
    expect(cards.map((c) => [c.pregunta, c.respuesta.replace(/ \(se lee.*$/u, '')])).toEqual(expect.arrayContaining([
      ['¿Cuándo ocurre el crecimiento de Gompertz?', 'cuando la tasa de crecimiento disminuye con el tiempo de forma exponencial'],
      ['¿Cuál es la fórmula del crecimiento de Gompertz?', 'dN/dt = rN ln(K/N)'],
    ]));
  });
});
