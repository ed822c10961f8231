/**
 * What a walk found in a physics week (issue #44): a unit's definition carded as «the formula of» the
 * potential, and two cards of one week asking what the potential is with two answers. The notes are
 * the walk's own, as the PDF was read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardsForNote } from '../../../src/domain/cards/build.js';
import { loadWordCheck, type WordCheck } from '../../../src/domain/study/reading.js';
import type { Card } from '../../../src/store/index.js';
import type { Note } from '../../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string): Note => ({ id, texto, tema, semana: 3 } as Note);

const WEEK = [
  note(3, 'El potencial eléctrico V es la energía potencial por unidad de carga: V = U / q₀.\n\nSu unidad es el voltio (1 V = 1 J/C). La diferencia de potencial entre dos puntos a y b es\n\nV_b − Vₐ = −∫ₐ^b E · dl', '2. potencial eléctrico'),
  note(4, 'Para una carga puntual q el potencial a una distancia r vale V = kq/r, con k = 8,99 × 10⁹ N·m²/C². Las superficies equipotenciales son siempre perpendiculares a las líneas de campo, y el campo apunta hacia donde el potencial disminuye: E = −∇V.', '2. potencial eléctrico'),
  note(9, 'El potencial eléctrico es un escalar, lo que simplifica muchos cálculos frente al campo vectorial. La capacitancia mide la capacidad de un sistema de conductores para almacenar carga a una diferencia de potencial dada.', '8. resumen'),
];

function deckOf(week: readonly Note[]): Card[] {
  const deck: Card[] = [];
  for (const n of week) {
    for (const c of cardsForNote(n, week, deck, undefined, { isWord }).cards) if (!deck.some((d) => d.pregunta === c.pregunta && d.id_nota === c.id_nota)) deck.push({ ...c, id: deck.length + 1, creada: '2027-01-01T00:00:00.000Z' });
  }
  return deck;
}

describe('a physics week\'s formulas and definitions', () => {
  it('asks the potential\'s formula with «V = U / q₀», never with the volt\'s definition', () => {
    const formulas = deckOf(WEEK).filter((c) => c.tipo === 'formula');
    expect(formulas.map((c) => [c.pregunta, c.respuesta.replace(/\s*\(se lee:.*$/u, '')])).toContainEqual(['¿Cuál es la fórmula del potencial eléctrico?', 'V = U / q₀']);
    expect(formulas.some((c) => /1 V = 1 J\/C/u.test(c.respuesta))).toBe(false);
  });
  it('never asks one question twice with two answers: the card made first, from its definition, is kept', () => {
    const deck = deckOf(WEEK);
    const what = deck.filter((c) => /^¿Qué es el potencial eléctrico/u.test(c.pregunta));
    expect(what.map((c) => c.respuesta)).toEqual(['la energía potencial por unidad de carga']);
    const formula = deck.filter((c) => c.pregunta === '¿Cuál es la fórmula del potencial eléctrico?');
    expect(formula).toHaveLength(1);
  });
});
