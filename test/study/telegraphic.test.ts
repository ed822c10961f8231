/**
 * Notes taken as a list (study/telegraphic.ts): «Término = …» defines, a name with two years is a
 * period, a formula in words and a line cut across two lines are neither. Lines written for these
 * tests, not taken from a fixture.
 */
import { describe, expect, it } from 'vitest';
import { telegraphicIdeas } from '../../src/domain/study/telegraphic.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { cardOfIdea } from '../../src/domain/study/idea-cards.js';
import type { Note } from '../../src/domain/notebook.js';

const read = (text: string) => telegraphicIdeas(text).map((t) => [t.found.term, t.found.body, t.found.question]);

describe('a list taken as notes', () => {
  it('reads «Término = …» as a definition and a name with its years as a period', () => {
    expect(read('• Desamortización = venta por el Estado de tierras de la Iglesia y de los municipios; muy polémica\n• Sexenio Democrático 1868-1874: monarquía de Amadeo y república'))
      .toEqual([['desamortización', 'venta por el Estado de tierras de la Iglesia y de los municipios', undefined], ['Sexenio Democrático', '1868-1874', '¿Qué años abarca el Sexenio Democrático?']]);
  });

  it('reads no formula in words, no line carried on in lower case', () => {
    expect(read('- Saldo migratorio = inmigrantes − emigrantes\n- Balanza comercial = exportaciones menos importaciones del país en un año')).toEqual([['balanza comercial', 'exportaciones menos importaciones del país en un año', undefined]]);
    expect(read('• Regencia de María Cristina 1833-1840 — guerra\ncarlista y exilio')).toEqual([]);
  });

  it('cards them from a note of such lines', () => {
    const n = { id: 1, texto: '• Caciquismo = control de los votos de un pueblo por un notable local\n\n• Restauración 1874-1923 — turno de partidos', semana: 2 } as Note;
    const cards = keyIdeasOfNote(n, [n], () => true).map(cardOfIdea).map((c) => c && `${c.pregunta} → ${c.respuesta}`);
    expect(cards).toEqual(['¿Qué es el caciquismo? → control de los votos de un pueblo por un notable local', '¿Qué años abarca la Restauración? → 1874-1923']);
  });
});

describe('a list of traits', () => {
  it('asks which trait a description is when an adjective heads the item, never «¿Qué es la rígida?»', async () => {
    const { listItem } = await import('../../src/domain/study/idea-rules.js');
    const f = listItem('- **Flexible**: se puede reformar por el procedimiento de una ley ordinaria (lo vemos en el apartado 5).');
    expect(f).toMatchObject({ term: 'Flexible', body: 'Flexible', question: '¿Qué nombre recibe lo que se describe así: «se puede reformar por el procedimiento de una ley ordinaria»?' });
    expect(listItem('- **Profase**: los cromosomas se condensan y desaparece la envoltura nuclear.')).toMatchObject({ term: 'Profase', body: 'los cromosomas se condensan y desaparece la envoltura nuclear' });
  });
});
