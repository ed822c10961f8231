/** A week's key ideas are carded before any note gets a second card (cards/build.ts cardsForNote, reservedCards). */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardsForNote } from '../../../src/domain/cards/build.js';
import { loadWordCheck, type WordCheck } from '../../../src/domain/study/reading.js';
import type { Card } from '../../../src/store/index.js';
import type { Note } from '../../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string): Note => ({ id, texto, tema, semana: 6 } as Note);

describe('the week first', () => {
  it('a note\'s second card never takes the answer of a later note\'s stated idea', () => {
    const week = [
      note(1, 'El xilema es el tejido que lleva el agua y las sales desde la raíz hasta las hojas. Marcello Malpighi es el padre de la anatomía microscópica de las plantas.', 'El xilema'),
      note(2, 'Marcello Malpighi describió en 1675 los vasos del floema en los tallos de muchas plantas.', 'Historia'),
    ];
    const deck: Card[] = [];
    for (const n of week) {
      for (const c of cardsForNote(n, week, deck, undefined, { isWord }).cards) deck.push({ ...c, id: deck.length + 1, creada: '2027-01-01T00:00:00.000Z' });
    }
    expect(deck.filter((c) => c.id_nota === 1).map((c) => c.respuesta)).toEqual(['el tejido que lleva el agua y las sales desde la raíz hasta las hojas']);
    expect(deck.filter((c) => c.id_nota === 2).map((c) => [c.pregunta, c.respuesta])).toEqual([['¿Quién describió en 1675 los vasos del floema en los tallos de muchas plantas?', 'Marcello Malpighi']]);
  });
  it('a note alone in its week, or whose week is carded, keeps its cards', () => {
    const only = note(1, 'El xilema es el tejido que lleva el agua y las sales desde la raíz hasta las hojas. Marcello Malpighi es el padre de la anatomía microscópica de las plantas.', 'El xilema');
    expect(cardsForNote(only, [only], [], undefined, { isWord }).cards.map((c) => c.respuesta)).toEqual(['el tejido que lleva el agua y las sales desde la raíz hasta las hojas', 'Marcello Malpighi']);
  });
});
