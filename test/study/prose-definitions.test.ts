/**
 * Definitions and people long prose gives past a sentence's first words (study/prose-definitions.ts,
 * person-role.ts; italics in idea-rules.ts boldApposition, marked-terms.ts markedWhichIs): a second
 * definition coordinated with the first, «que podemos definir como», and a term restated by «es
 * decir» where it stands; each carded «¿Qué es …?» beside its sentence's other idea. Sentences
 * written for these tests, not taken from a fixture.
 */
import { describe, expect, it } from 'vitest';
import { proseDefinitions } from '../../src/domain/study/prose-definitions.js';
import { personByRole } from '../../src/domain/study/person-role.js';
import { boldApposition } from '../../src/domain/study/idea-rules.js';
import { markedSetting, markedWhichIs } from '../../src/domain/study/marked-terms.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { cardsForNote } from '../../src/domain/cards/build.js';
import type { Note } from '../../src/domain/notebook.js';

const note = (id: number, texto: string): Note => ({ id, texto, semana: 2 } as Note);
const anyWord = () => true;
const terms = (s: string) => proseDefinitions(s).map((f) => [f.term, f.body]);

describe('definitions inside long prose', () => {
  it('reads a second definition coordinated with the first, up to its examples', () => {
    expect(terms('La metáfora es la identificación de un término real con otro imaginario, y la metonimia es el cambio de nombre de una cosa por el de otra con la que guarda relación, como cuando decimos «leer a Cervantes».'))
      .toEqual([['metonimia', 'el cambio de nombre de una cosa por el de otra con la que guarda relación']]);
  });

  it('refuses a coordinated clause whose answer points back', () => {
    expect(terms('La media dice dónde está el centro de los datos, y las medidas de posición son los valores que la acompañan en el informe.')).toEqual([]);
  });

  it('reads «que podemos definir como»', () => {
    expect(terms('La base de la economía rural era otra institución, el concejo, que podemos definir como la asamblea de los vecinos de una aldea que decidía sobre los pastos comunes.'))
      .toEqual([['concejo', 'la asamblea de los vecinos de una aldea que decidía sobre los pastos comunes']]);
  });

  it('reads a term restated by «es decir» where it stands, asked in the tense the text uses', () => {
    const [f] = proseDefinitions('El califa gobernaba las provincias por medio de valíes, es decir, gobernadores que cobraban los tributos y mandaban las tropas, y residía en Córdoba.');
    expect([f?.term, f?.body, f?.verb]).toEqual(['valíes', 'gobernadores que cobraban los tributos y mandaban las tropas', 'eran']);
    expect(terms('La segunda fase era la maduración, es decir, el periodo en que el vino reposa en barricas de roble, que puede durar años.'))
      .toEqual([['maduración', 'el periodo en que el vino reposa en barricas de roble']]);
  });

  it('refuses «es decir» before a clause, a gerund or an action', () => {
    expect(terms('El volumen del gas aumenta con la temperatura, es decir, cuanto más caliente está, más espacio ocupa.')).toEqual([]);
    expect(terms('La tarea consistía en hacer el inventario, es decir, contar los bienes de cada casa y anotarlos en un libro.')).toEqual([]);
    expect(terms('El mercado se ajusta por los precios, es decir, bajando la oferta cuando sobra producto.')).toEqual([]);
  });

  it('cards both definitions of one sentence, neither giving the other away', () => {
    const n = note(1, 'En la retórica clásica hay dos figuras que conviene distinguir bien desde el principio del curso.\n\nLa metáfora es la identificación de un término real con otro imaginario, y la metonimia es el cambio de nombre de una cosa por el de otra con la que guarda relación.');
    const ideas = keyIdeasOfNote(n, [n], anyWord);
    expect(ideas.filter((i) => i.kind === 'definicion').map((i) => i.term)).toEqual(['metáfora', 'metonimia']);
    const { cards } = cardsForNote(n, [n], [], () => 2, { isWord: anyWord });
    expect(cards.map((c) => c.pregunta)).toEqual(expect.arrayContaining(['¿Qué es la metáfora?', '¿Qué es la metonimia?']));
  });
});

describe('people introduced by their role', () => {
  it('reads a single name by the role beside it, asked «¿Quién fue …?»', () => {
    const f = personByRole('Alfonso, rey de Castilla desde 1252 y llamado el Sabio por sus obras, reunió en su corte a traductores de tres lenguas.');
    expect([f?.term, f?.body, f?.verb]).toEqual(['Alfonso', 'rey de Castilla desde 1252 y llamado el Sabio por sus obras', 'fue']);
  });

  it('reads «El historiador X, que …, hizo …» by what they did', () => {
    const f = personByRole('El geógrafo griego Estrabón, que viajó por todo el Mediterráneo, describió en su obra las costas de Hispania y sus pueblos.');
    expect([f?.term, f?.verb, f?.body]).toEqual(['Estrabón', 'describió', 'en su obra las costas de Hispania y sus pueblos']);
  });

  it('leaves a place or a name without a role alone', () => {
    expect(personByRole('Toledo, capital del reino visigodo desde el siglo VI, conservó después su sede episcopal.')).toBeUndefined();
    expect(personByRole('El río Tajo, que nace en la sierra de Albarracín, desemboca en Lisboa.')).toBeUndefined();
  });
});

describe('a definition by a number of things', () => {
  it('reads «X eran dos magistrados …» up to the claim a possessive starts', () => {
    const n = note(1, 'Los ediles, en cambio, eran cuatro magistrados elegidos cada año para cuidar de la ciudad, y su tarea consistía en vigilar los mercados y los edificios públicos.');
    const def = keyIdeasOfNote(n, [n], anyWord).find((i) => i.kind === 'definicion');
    expect([def?.term, def?.body]).toEqual(['ediles', 'cuatro magistrados elegidos cada año para cuidar de la ciudad']);
  });
});

describe('a term the note marks in italics', () => {
  it('is defined by its apposition, as a bold one is', () => {
    expect(boldApposition('La medida más útil es la *mediana*, el valor que deja la mitad de los datos a cada lado:')).toMatchObject({ term: 'mediana', article: 'la', body: 'el valor que deja la mitad de los datos a cada lado' });
    expect(boldApposition('Distinguía una *vía negativa*, la teología que habla de Dios por lo que no es, y una vía positiva.')).toMatchObject({ term: 'vía negativa', article: 'la' });
  });

  it('but a title in italics is a work, not a term its apposition defines', () => {
    expect(boldApposition('Pintó después el *Entierro del conde*, un lienzo enorme encargado por la parroquia.')).toBeUndefined();
  });

  it('is defined by «, que es …» wherever it stands', () => {
    expect(markedWhichIs('Para medir la asimetría se usa el *coeficiente de Fisher*, que es el cociente entre el tercer momento y el cubo de la desviación típica:'))
      .toMatchObject({ kind: 'definicion', term: 'coeficiente de Fisher', article: 'el', body: 'el cociente entre el tercer momento y el cubo de la desviación típica' });
    expect(markedWhichIs('Para medir la asimetría se usa el coeficiente de Fisher, que es el cociente entre dos momentos.')).toBeUndefined();
  });
});

describe('more shapes of a definition in prose', () => {
  it('reads a restatement by a question word, asked in the present when no verb says the past', () => {
    const [f] = proseDefinitions('Conviene medir la productividad de la tierra, es decir, qué cantidad de grano da cada hectárea sembrada:');
    expect([f?.term, f?.body, f?.verb]).toEqual(['productividad de la tierra', 'qué cantidad de grano da cada hectárea sembrada', undefined]);
  });

  it('asks what happens in a term the note bolds as a sentence\'s setting', () => {
    expect(markedSetting('- En la **ósmosis inversa** el agua atraviesa la membrana contra su gradiente de concentración.'))
      .toMatchObject({ term: 'ósmosis inversa', question: '¿Qué ocurre en la ósmosis inversa?', body: 'el agua atraviesa la membrana contra su gradiente de concentración' });
    expect(markedSetting('En la ósmosis inversa el agua atraviesa la membrana contra su gradiente.')).toBeUndefined();
  });
});

describe('a person naming a term, and a conjunction before a name', () => {
  it('reads «Llamó X a …» as a definition, up to the contrast it draws', () => {
    const n = note(1, 'Freud estudió a sus pacientes durante años. Llamó represión al mecanismo que aparta de la conciencia los deseos inaceptables, a diferencia de la supresión, que es voluntaria.');
    const def = keyIdeasOfNote(n, [n], anyWord).find((i) => i.term === 'represión');
    expect(def?.body).toBe('mecanismo que aparta de la conciencia los deseos inaceptables');
  });

  it('never takes «Mientras» for the first name of a person', () => {
    const n = note(1, 'Mientras Galeno curaba a los gladiadores de Pérgamo, el médico griego Sorano de Éfeso escribía su tratado de ginecología.');
    expect(keyIdeasOfNote(n, [n], anyWord).map((i) => i.term)).not.toContain('Mientras Galeno');
  });
});
