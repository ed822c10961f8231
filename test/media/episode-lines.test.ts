/**
 * What the walk of «Historia del Arte: el Románico» heard in the episode: a line about the bóveda de
 * arista said right after the bóveda de cañón's definition (its subject taken from the wrong line),
 * and a sentence cut before its main clause («Con el auge del Camino de Santiago, y sobre todo después
 * de que…»). Every line is a whole sentence, and a line that lacks its subject is heard after what
 * names it. Notes cut from a pasted text as the import cuts them (material/split.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNarrationScript } from '../../src/domain/media/script.js';
import { mainClauseWord, wholeUpTo } from '../../src/domain/media/clauses.js';
import { namesItsSubject, opensWithVerb, shareSubject } from '../../src/domain/media/leaning.js';
import { noteDrafts } from '../../src/domain/material/split.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const notesOf = (text: string) => noteDrafts(text, { fileName: 'El Románico.txt' }).map((d, i) => ({ id: i + 1, tema: d.tema, texto: d.texto, semana: 3 }));
const episode = (text: string) => buildNarrationScript(3, 'el Románico', notesOf(text), isWord).text;

const CAMINO = 'Con el auge del Camino de Santiago, y sobre todo después de que los monjes de Cluny impulsaran las peregrinaciones hacia Compostela a lo largo del siglo XI, el estilo se extendió por todo el norte de la península y llegó a las ciudades del camino francés.';

describe('a line that lacks its subject', () => {
  it('opening its section with its verb, is said with the section\'s heading, never as if of the line before', () => {
    const text = [
      'Las bóvedas',
      '',
      'La bóveda de cañón es una bóveda de sección semicircular que cubre la nave de forma continua. Descarga su peso sobre los muros, que por eso son muy gruesos.',
      '',
      'Bóveda de arista',
      '',
      'Nace del cruce de dos bóvedas de cañón en ángulo recto. Permite concentrar los empujes en cuatro puntos y abrir ventanas.',
      '',
      'La escultura',
      '',
      'La escultura románica está subordinada a la arquitectura y se concentra en portadas y capiteles de los templos.',
    ].join('\n');
    const said = episode(text);
    expect(said).toContain('En cuanto a la bóveda de arista, nace del cruce de dos bóvedas de cañón en ángulo recto.');
    expect(said).not.toMatch(/gruesos\. (?!En cuanto a la bóveda de arista,)(?:\p{L}+,? )*[Nn]ace del cruce/u);
  });

  it('a generic label of the lecture\'s parts is never said as a heading (second walk: «Valoración: conviene distinguir…»)', () => {
    const canon = { id: 1, tema: '4. la Constitución de 1812', texto: 'La Constitución fue promulgada el 19 de marzo de 1812, festividad de San José.', semana: 2 };
    const texto = 'Conviene distinguir, para el comentario de texto, entre constitución otorgada y constitución aprobada por unas Cortes.';
    for (const tema of ['6. valoración', 'Conclusiones', 'resumen final']) {
      const said = buildNarrationScript(2, 'las Cortes de Cádiz', [canon, { id: 2, tema, texto, semana: 2 }], isWord).text;
      expect(said).not.toMatch(/(?:Valoración|Conclusiones|Resumen final|valoración|conclusiones|resumen final)[:,] [Cc]onviene/u);
      expect(said).toMatch(/[Cc]onviene distinguir, para el comentario de texto/u);
    }
  });

  it('a note written without a topic, or named by its file, has no heading to say', () => {
    const canon = { id: 1, tema: 'bóveda de cañón', texto: 'La bóveda de cañón es una bóveda de sección semicircular que cubre la nave.', semana: 3 };
    const texto = 'Nace del cruce de dos bóvedas de cañón en ángulo recto, y concentra los empujes.';
    for (const note of [{ id: 2, tema: 'general', texto, semana: 3 }, { id: 2, tema: 'apuntes de arte', texto, semana: 3, origen: { archivo: 'Apuntes de arte.pdf', pagina: 1 } }]) {
      const said = buildNarrationScript(3, 'el Románico', [canon, note], isWord).text;
      expect(said).not.toMatch(/General:|Apuntes de arte:/iu);
      expect(said).toMatch(/[Nn]ace del cruce de dos bóvedas de cañón en ángulo recto, y concentra los empujes\./u);
    }
    // A heading is said before its line without a lead-in of the episode's («Por último, bóveda de…»).
    const headed = buildNarrationScript(3, 'el Románico', [canon, { ...canon, id: 2, tema: 'bóveda de arista', texto }], isWord).text;
    expect(headed).toContain('. En cuanto a la bóveda de arista, nace del cruce de dos bóvedas de cañón en ángulo recto, y concentra los empujes.');
  });

  it('after a short section joined to the one before, takes the heading\'s line, not the other section\'s sentence', () => {
    // A section too short for a note of its own keeps its heading as a line of the note before (split.ts).
    const text = ['Las bóvedas', '', 'La bóveda de cañón es una bóveda de sección semicircular que cubre la nave de forma continua.', '', 'Bóveda de arista', '', 'Se forma al cruzarse dos bóvedas de cañón en ángulo recto.'].join('\n');
    expect(notesOf(text)).toHaveLength(1);
    const said = episode(text);
    expect(said).toContain('En cuanto a la bóveda de arista, se forma al cruzarse dos bóvedas de cañón en ángulo recto.');
    expect(said).not.toMatch(/continua\. (?!En cuanto a la bóveda de arista,)(?:\p{L}+,? )*[Ss]e forma al cruzarse/u);
  });

  it('that says its own subject is not led by a sentence about another thing', () => {
    const notes = [{ id: 1, tema: 'la escultura', semana: 3, texto: 'Para el jueves, haced la relación 4 de comentarios. También el tímpano es el espacio semicircular que queda sobre la puerta, bajo el arco.' }];
    const said = buildNarrationScript(3, 'el Románico', notes, isWord).text;
    expect(said).toMatch(/el tímpano es el espacio semicircular que queda sobre la puerta, bajo el arco\./u);
    expect(said).not.toContain('relación 4');
  });

  it('is told by its words: a verb or a pronoun first lacks it, an article\'s noun or a name says it', () => {
    expect(opensWithVerb('Nace del cruce de dos bóvedas de cañón.', isWord, new Set())).toBe(true);
    expect(opensWithVerb('Se forma al cruzarse dos bóvedas.', isWord, new Set())).toBe(true);
    expect(opensWithVerb('Se llama tímpano al espacio sobre la puerta.', isWord, new Set())).toBe(false);
    expect(opensWithVerb('Fuera de Florencia el estilo se difundió por las cortes.', isWord, new Set())).toBe(false);
    expect(opensWithVerb('La bóveda de arista nace del cruce.', isWord, new Set())).toBe(false);
    expect(namesItsSubject('Por eso la bóveda necesita muros gruesos.')).toBe(true);
    expect(namesItsSubject('Más tarde Ghiberti hizo las terceras puertas.')).toBe(true);
    expect(namesItsSubject('Esta permite abrir ventanas.')).toBe(false);
    expect(shareSubject('La bóveda de cañón cubre la nave.', 'Por eso la bóveda necesita muros gruesos.')).toBe(true);
    expect(shareSubject('Para el jueves, haced la relación 4.', 'También el tímpano es el espacio sobre la puerta.')).toBe(false);
  });
});

describe('every line a whole sentence', () => {
  it('a long sentence is never cut before its main clause', () => {
    const text = ['Características generales', '', `El Románico es el primer gran estilo artístico común a toda la Europa cristiana. ${CAMINO}`].join('\n');
    const said = episode(text);
    expect(said).not.toMatch(/a lo largo del siglo XI\./u);
    expect(said).toContain('el estilo se extendió por todo el norte de la península');
  });

  it('finds where the main clause starts, and a cut that keeps it', () => {
    expect(mainClauseWord(CAMINO)).toBe(CAMINO.split(/\s+/).indexOf('estilo') - 1);
    expect(mainClauseWord('En 1599, Caravaggio pintó La vocación de san Mateo para la capilla Contarelli.')).toBe(2);
    // A phrase with its own verb before the first comma is the main clause.
    expect(mainClauseWord('Entre los campesinos había hombres libres, que poseían tierra, y siervos.')).toBe(0);
    expect(mainClauseWord('Cuando los datos son una muestra, se divide entre n − 1.')).toBe(6);
    expect(wholeUpTo(CAMINO, 29)).toBe(false);
    expect(wholeUpTo('El tímpano es el espacio que queda sobre la puerta, bajo el arco, donde se representa el Pantocrátor.', 10)).toBe(true);
    // Cut inside what a coordinator opened: what he did from 1723 would be left unsaid.
    const bach = 'Bach trabajó como organista en varias cortes y, desde 1723 hasta su muerte, fue cantor en Leipzig.';
    expect(wholeUpTo(bach, 13)).toBe(false);
    expect(wholeUpTo(bach, 7)).toBe(true);
  });
});

describe('the closing recap', () => {
  it('names one idea once, with or without its symbol', () => {
    const text = [
      '# Potencial',
      '',
      'El potencial eléctrico V es la energía potencial por unidad de carga en un punto del campo.',
      '',
      'El potencial eléctrico es una magnitud escalar que se mide en voltios en el sistema internacional.',
      '',
      'La capacidad es el cociente entre la carga de un conductor y su potencial en el equilibrio.',
    ].join('\n');
    const recap = /En resumen, esta semana has visto ([^.]+)\./u.exec(episode(text))?.[1] ?? '';
    expect(recap).toContain('el potencial eléctrico V');
    expect(recap.match(/potencial eléctrico/gu)).toHaveLength(1);
  });
});
