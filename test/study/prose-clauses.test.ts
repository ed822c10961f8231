/**
 * Clauses of long sentences a cloze is made of (study/cloze-quality.ts clozeClause), terms a text names
 * by «decimos que … está en X» and «A esto se le llamaba X: …», and people named after their role
 * (person-role.ts namesByRole). Sentences written for these tests, not taken from a fixture.
 */
import { describe, expect, it } from 'vitest';
import { clozeClause } from '../../src/domain/study/cloze-quality.js';
import { namedTerms } from '../../src/domain/study/named-term.js';
import { ideaOfSentence } from '../../src/domain/study/sentence-idea.js';
import { namesByRole } from '../../src/domain/study/person-role.js';

describe('the clause a cloze is made of', () => {
  it('ends at a colon after the term when nothing else ends it, keeping a subordinate with its main clause', () => {
    const s = 'Cuando la tensión supera el límite elástico del material, la pieza ya no recupera su forma y decimos que ha entrado en deformación plástica: aunque se retire la carga, queda deformada para siempre.';
    expect(namedTerms(s)).toEqual([]);
    expect(clozeClause(s, 'deformación plástica')).toBe('Cuando la tensión supera el límite elástico del material, la pieza ya no recupera su forma y decimos que ha entrado en deformación plástica.');
  });

  it('refuses a clause that ends inside a subordinate opened after a comma', () => {
    const s = 'Desde el año 1212, cuando el rey Alfonso VIII venció a los almohades en las Navas de Tolosa y abrió el valle del Guadalquivir, la frontera avanzó hacia el sur sin detenerse durante décadas enteras.';
    expect(clozeClause(s, 'Alfonso VIII')).toBeUndefined();
  });
});

describe('terms a text names by what it says of them', () => {
  it('reads «decimos que … está en X»', () => {
    expect(namedTerms('Si la oferta supera a la demanda durante meses y los precios caen sin parar, decimos que el mercado está en recesión: las empresas dejan de invertir.')).toEqual(['recesión']);
  });

  it('reads «A esto se le llamaba X: …» as a definition by what follows the colon', () => {
    expect(ideaOfSentence('A esto se le llamaba horror vacui: el miedo a dejar una superficie sin decorar.', 'A esto se le llamaba horror vacui: el miedo a dejar una superficie sin decorar.'))
      .toMatchObject({ kind: 'definicion', term: 'horror vacui', body: 'el miedo a dejar una superficie sin decorar.' });
  });
});

describe('people named after their role', () => {
  it('finds a name after a role noun anywhere in the sentence', () => {
    expect(namesByRole('La primera tabla de los elementos la publicó el químico ruso Dmitri Mendeléiev en 1869.')).toEqual(['Dmitri Mendeléiev']);
    expect(namesByRole('La primera tabla se publicó en la ciudad de San Petersburgo en 1869.')).toEqual([]);
  });
});

describe('a role something plays', () => {
  it('is no term: «El material preferido es …» defines nothing called «material preferido»', async () => {
    const { goodTerm } = await import('../../src/domain/study/sentence-idea.js');
    expect(goodTerm('material preferido')).toBe(false);
    expect(goodTerm('cultivo más extendido')).toBe(false);
    expect(goodTerm('piedra sillar')).toBe(true);
  });
});

describe('a term the note bolds', () => {
  it('is carded past the note\'s cap, as the teacher set it apart', async () => {
    const { cardsForNote } = await import('../../src/domain/cards/build.js');
    const texto = [
      'La célula es la unidad básica de los seres vivos y la más pequeña capaz de vivir por sí sola.',
      'El núcleo es el orgánulo que guarda el material genético de la célula eucariota.',
      'La membrana plasmática es la envoltura que separa la célula de su medio y regula lo que entra.',
      'El citoplasma es el medio interno de la célula, entre la membrana y el núcleo.',
      'Las proteínas se fabrican en los **ribosomas libres** del citoplasma y pasan después al aparato de Golgi.',
    ].join(' ');
    const n = { id: 1, texto, semana: 2 } as never;
    const { cards } = cardsForNote(n, [n], [], () => 2, { isWord: () => true });
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.map((c) => c.respuesta)).toContain('ribosomas libres');
  });
});

describe('what a judge of unseen cards found', () => {
  it('«arts.» before a number ends no sentence', async () => {
    const { sentencesOf } = await import('../../src/domain/study/reading.js');
    expect(sentencesOf('Los derechos sociales (Capítulo III, arts. 39 a 52) orientan a los poderes públicos. Otra frase.').map((s) => s.text))
      .toEqual(['Los derechos sociales (Capítulo III, arts. 39 a 52) orientan a los poderes públicos.', 'Otra frase.']);
  });

  it('a sentence that opens with its verb before an article leans on the one before; an adverb or a quantifier does not', async () => {
    const { leansOnBefore } = await import('../../src/domain/study/cloze-quality.js');
    expect(leansOnBefore('Orientan la actuación de los poderes públicos, pero no se pueden reclamar ante un juez.')).toBe(true);
    expect(leansOnBefore('Exige una mayoría de tres quintos en cada una de las Cámaras.')).toBe(true);
    expect(leansOnBefore('Toda la materia está formada por átomos.')).toBe(false);
    expect(leansOnBefore('Siempre la misma cantidad de energía se conserva en un sistema aislado.')).toBe(false);
  });

  it('a name blanked with a few words beside it is no card; a term with its qualifier is', async () => {
    const { clozeProblem } = await import('../../src/domain/study/cloze-quality.js');
    const names = 'Gabriel Cisneros, por la minoría centrista.';
    expect(clozeProblem(names, 'Gabriel Cisneros', 0)).toBe('escasa');
    const forces = 'Fuerzas de van der Waals entre moléculas apolares.';
    expect(clozeProblem(forces, 'Fuerzas de van der Waals', 0)).not.toBe('escasa');
  });

  it('an answer never points at another part of the notes', async () => {
    const { condense } = await import('../../src/domain/study/sentence-idea.js');
    expect(condense('la que solo puede reformarse por un procedimiento especial con mayorías reforzadas (lo vemos en el apartado 7)'))
      .toBe('la que solo puede reformarse por un procedimiento especial con mayorías reforzadas');
    expect(condense('la norma suprema del ordenamiento (artículo 9)')).toBe('la norma suprema del ordenamiento (artículo 9)');
  });
});

describe('an answer cut short', () => {
  it('never ends on the word that opened what was cut, and a long one is cut at a comma', async () => {
    const { condense } = await import('../../src/domain/study/sentence-idea.js');
    expect(condense('los hijos de comerciantes catalanes nacidos en Cuba, que, aunque poseían ingenios, quedaban fuera del gobierno')).toBe('los hijos de comerciantes catalanes nacidos en Cuba');
    const long = 'el sistema político en el que un jefe militar con prestigio personal, apoyado en una red de clientelas armadas y de lealtades locales que le deben favores y cargos, ejerce el poder por encima de las leyes y de las instituciones, y fue la forma de gobierno dominante en buena parte de la región tras la guerra';
    const cut = condense(long);
    expect(long.startsWith(`${cut}, `)).toBe(true);
    expect(cut.split(' ').length).toBeGreaterThanOrEqual(12);
    const aside = 'una línea grave que suena durante toda la obra y sostiene la armonía, tocada por un instrumento melódico grave y por un instrumento de acordes (clave, órgano o laúd) que improvisa la armonía a partir de cifras escritas bajo las notas del bajo';
    expect(condense(aside)).not.toMatch(/\(clave$/u);
  });
});

describe('a symbol at the end of an answer', () => {
  it('is kept, even when it reads as a conjunction', async () => {
    const { condense } = await import('../../src/domain/study/sentence-idea.js');
    expect(condense('cómo cambia la cantidad demandada de un bien x cuando cambia el precio de otro bien y')).toBe('cómo cambia la cantidad demandada de un bien x cuando cambia el precio de otro bien y');
  });
});
