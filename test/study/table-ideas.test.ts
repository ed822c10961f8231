/** A table's rows as key ideas (study/table-ideas.ts): asked by the most descriptive column, answered by the naming one. */
import { beforeAll, describe, expect, it } from 'vitest';
import { tableRows } from '../../src/domain/study/table-ideas.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { cardsForNote } from '../../src/domain/cards/build.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const TABLE = [
  '| Siglo | Planeta | Descubridor | Rasgo |',
  '|-------|---------|-------------|-------|',
  '| XVIII | Urano | William Herschel | gira tumbado sobre su órbita |',
  '| XIX | Neptuno | Urbain Le Verrier | predicho por el cálculo antes de verse |',
  '| XX | Plutón | Clyde Tombaugh | hallado en placas fotográficas comparadas |',
].join('\n');

describe('table rows', () => {
  it('asks each row by its most descriptive column and answers with the first column that names something', () => {
    const rows = tableRows(TABLE, 'Planetas exteriores');
    expect(rows.map((r) => [r.question, r.name])).toEqual([
      ['(Planetas exteriores) Rasgo: gira tumbado sobre su órbita. ¿Planeta?', 'Urano'],
      ['(Planetas exteriores) Rasgo: predicho por el cálculo antes de verse. ¿Planeta?', 'Neptuno'],
      ['(Planetas exteriores) Rasgo: hallado en placas fotográficas comparadas. ¿Planeta?', 'Plutón'],
    ]);
  });
  it('reads the same table when the reader joined its lines into one', () => {
    expect(tableRows(TABLE.replace(/\n/g, ' ')).map((r) => r.name)).toEqual(['Urano', 'Neptuno', 'Plutón']);
  });
  it('gives nothing for a table without header, a single row, or no column that names something', () => {
    expect(tableRows('| Urano | gira tumbado |\n| Neptuno | predicho |')).toEqual([]);
    expect(tableRows('| Planeta | Rasgo |\n|---|---|\n| Urano | gira tumbado sobre su órbita |')).toEqual([]);
    expect(tableRows('| Valor | Rasgo |\n|---|---|\n| x = 1 | gira tumbado |\n| x = 2 | predicho antes |')).toEqual([]);
  });
  it('a note\'s table gives cards grounded in its rows', () => {
    const note = { id: 1, texto: `Los planetas exteriores se descubrieron uno a uno:\n\n${TABLE}`, tema: 'Planetas exteriores', semana: 2 } as Note;
    expect(keyIdeasOfNote(note, [note], isWord, note.tema).filter((i) => i.kind === 'fila').map((i) => i.term)).toEqual(['Urano', 'Neptuno', 'Plutón']);
    const cards = cardsForNote(note, [note], [], undefined, { isWord }).cards;
    expect(cards.map((c) => c.respuesta)).toEqual(['Urano', 'Neptuno', 'Plutón']);
  });
});

describe('relaxed key terms', () => {
  it('take a term only where it is the sentence\'s subject, never mid-sentence', () => {
    const note = { id: 1, texto: 'La comedia de magia es un género popular que llena los teatros de Madrid. El drama romántico rompe las tres unidades de acción, tiempo y lugar. Durante el siglo la vida teatral francesa giraba en torno a la corte.', tema: 'El teatro', semana: 2 } as Note;
    const terms = keyIdeasOfNote(note, [note], isWord, note.tema).filter((i) => i.kind === 'termino').map((i) => i.term);
    expect(terms).toContain('drama romántico');
    expect(terms).not.toContain('vida teatral');
  });
  it('nor where the sentence leans on the one before («por eso»)', () => {
    const note = { id: 1, texto: 'La comedia de magia es un género popular que llena los teatros de Madrid. La curva de demanda tiene por eso pendiente negativa en todos los mercados.', tema: 'El teatro', semana: 2 } as Note;
    expect(keyIdeasOfNote(note, [note], isWord, note.tema).map((i) => i.term)).not.toContain('curva de demanda');
  });
});
