/**
 * The quiz's rules of a good question (issue 45), on examples written for these tests: distractors
 * of the same sort from the same document, then week, then the same subject — never another
 * subject's; no word shared only by the question and the right option; a definition that stands
 * alone (no dangling «ese…», no second definition, no example or formula after a colon); the
 * question worded by what it asks for.
 */
import { describe, expect, it } from 'vitest';
import { buildQuiz, distractorsFor, paraphrase, questionOf, QUIZ_LIMITS, sameTerm } from '../../../src/domain/quiz/build.js';
import { definesItsTerm, definingClause, ideaOfSentence, ideasOfNotes, leansOnContext, type QuizIdea, type SourceNote } from '../../../src/domain/quiz/ideas.js';
import { reverseOf, shapeOfStatement } from '../../../src/domain/quiz/reverse.js';
import { couldBePerson, peopleIn } from '../../../src/domain/quiz/mentions.js';
import { loadWordCheck } from '../../../src/domain/study/reading.js';
import { sortOf, tellTales } from '../../../src/domain/quiz/kinds.js';

/** The study side's dictionary check, which reads the sentences the ideas come from. */
const isWord = await loadWordCheck();
const note = (id: number, archivo: string, semana: number, texto: string): SourceNote => ({ id, tema: archivo, texto, semana, archivo });
const seeds = Array.from({ length: 12 }, (_, s) => s);
/** A generator that always yields `x`: each seed gives a different, repeatable shuffle. */
const fixed = (s: number) => {
  let x = (s * 7919 + 13) % 1000;
  return () => ((x = (x * 48271 + 11) % 1000) + 0.5) / 1000;
};

const chemistry = note(1, 'quimica-1.md', 1, [
  'La molaridad es la cantidad de soluto por litro de disolución.',
  'La densidad es la masa por unidad de volumen de una sustancia.',
  'La presión osmótica es la fuerza por unidad de superficie que ejerce el disolvente al pasar una membrana.',
  'La destilación es el proceso que separa los líquidos de una disolución por su punto de ebullición.',
  'La electrólisis es el proceso que descompone una sustancia disuelta con una corriente eléctrica.',
  'La cristalización es el proceso que separa un soluto sólido de su disolución al evaporar el disolvente.',
].join(' '));
const chemistryLater = note(2, 'quimica-2.md', 3, 'El pH es una medida de la acidez de una disolución según los iones de hidrógeno del soluto disuelto en la sustancia.');
const history = note(3, 'historia-1.md', 2, [
  'La tasa de natalidad es el número de nacimientos por cada mil habitantes en un año.',
  'La renta per cápita es el ingreso medio de los habitantes de un país en un año.',
].join(' '));
const notes = [chemistry, chemistryLater, history];
const pool = ideasOfNotes(notes, isWord);
const weekOf = (id: number) => notes.find((n) => n.id === id)?.semana;
const byTerm = (term: string) => pool.find((i) => i.term === term)!;

describe('distractors', () => {
  it('the same sort from the same document first, then the same subject; never another subject\'s', () => {
    expect(sortOf(byTerm('Molaridad'))).toBe('cantidad');
    expect(sortOf(byTerm('Destilación'))).toBe('proceso');
    for (const s of seeds) {
      expect(new Set(distractorsFor(byTerm('Molaridad'), pool, fixed(s), weekOf))).toEqual(new Set(['Densidad', 'Presión osmótica', 'PH']));
      expect(new Set(distractorsFor(byTerm('Destilación'), pool, fixed(s), weekOf) ?? [])).not.toContain('Molaridad');
    }
  });

  it('too few of the same sort in the subject: no question, rather than another subject\'s terms', () => {
    // Two history quantities and nothing else of history: the chemistry ones are not offered.
    expect(distractorsFor(byTerm('Tasa de natalidad'), pool, fixed(1), weekOf)).toBeUndefined();
  });

  it('two terms with one head and different specifiers are two things, the best distractors for each other', () => {
    expect(sameTerm('Ciclo de Calvin', 'Ciclo de Krebs')).toBe(false);
    expect(sameTerm('Enlace iónico', 'Enlace covalente')).toBe(false);
    expect(sameTerm('La fotosíntesis', 'Fotosíntesis')).toBe(true);
  });
});

describe('the question never points at its answer', () => {
  const biology = note(10, 'biologia.md', 1, [
    'Se llama ciclo de Calvin al ciclo de reacciones que fija el carbono del aire en la fotosíntesis.',
    'La glucólisis es el proceso que rompe la glucosa en dos moléculas de piruvato.',
    'La fermentación es el proceso que obtiene energía de la glucosa sin oxígeno.',
    'La transcripción es el proceso que copia un gen en una molécula de ARN.',
  ].join(' '));

  it('a word shared only by the question and the right option: the idea is not asked', () => {
    const ideas = ideasOfNotes([biology], isWord);
    const calvin = ideas.find((i) => i.term === 'Ciclo de Calvin')!;
    expect(tellTales(calvin.statement, calvin.term)).toEqual(['ciclo']);
    for (const s of seeds) expect(distractorsFor(calvin, ideas, fixed(s))).toBeUndefined();
  });

  it('every distractor carries the word the question shares with the right option: one without it is ruled out at a glance', () => {
    const krebs = 'Se llama ciclo de Krebs al ciclo de reacciones que oxida el acetil-CoA en la mitocondria.';
    const urea = 'Se llama ciclo de la urea al ciclo de reacciones que convierte el amoníaco en urea en el hígado.';
    // Two other cycles and a process: «el ciclo…» beside «Glucólisis» leaves three options, not four.
    const withTwo = ideasOfNotes([{ ...biology, texto: `${biology.texto} ${krebs} ${urea}` }], isWord);
    for (const s of seeds) expect(distractorsFor(withTwo.find((i) => i.term === 'Ciclo de Calvin')!, withTwo, fixed(s))).toBeUndefined();
    const cori = 'Se llama ciclo de Cori al ciclo de reacciones que devuelve el lactato del músculo al hígado como glucosa.';
    const withThree = ideasOfNotes([{ ...biology, texto: `${biology.texto} ${krebs} ${urea} ${cori}` }], isWord);
    for (const s of seeds) expect(new Set(distractorsFor(withThree.find((i) => i.term === 'Ciclo de Calvin')!, withThree, fixed(s)))).toEqual(new Set(['Ciclo de Krebs', 'Ciclo de la urea', 'Ciclo de Cori']));
  });

  it('stems catch inflections: «fuerzas» in the question and «Fuerza neta» as the answer', () => {
    expect(tellTales('la suma de todas las fuerzas que actúan sobre un cuerpo', 'Fuerza neta')).toEqual(['fuerz']);
    expect(tellTales('la energía que tiene un cuerpo por su altura', 'Energía potencial')).toEqual(['energ']);
  });

  it('no question of a quiz names another question\'s answer', () => {
    const n = note(20, 'fisica.md', 1, [
      'La velocidad es la magnitud que mide el desplazamiento por unidad de tiempo.',
      'La aceleración es la magnitud que mide el cambio de la velocidad por unidad de tiempo.',
      'La fuerza es la magnitud que mide la interacción capaz de cambiar el movimiento de un cuerpo.',
      'La potencia es la magnitud que mide el trabajo realizado por unidad de tiempo.',
      'La densidad es la magnitud que mide la masa por unidad de volumen de un cuerpo.',
    ].join(' '));
    const ideas = ideasOfNotes([n], isWord);
    const quiz = buildQuiz(ideas, ideas, 5, 'q');
    expect(quiz.map((q) => q.idea.term)).toContain('Velocidad');
    expect(quiz.map((q) => q.idea.term)).not.toContain('Aceleración');
    for (const q of quiz) for (const other of quiz) if (q !== other) expect(q.question.toLowerCase()).not.toContain(other.idea.term.toLowerCase());
  });
});

describe('a definition that stands alone', () => {
  const at = { id: 5, tema: 't', texto: '' };

  it('a demonstrative pointing back at a sentence before gives no idea; one pointing inside it is fine', () => {
    expect(ideaOfSentence('La mitosis es el proceso que completa esa fase: la célula se divide en dos.', at, isWord)).toBeUndefined();
    expect(ideaOfSentence('Dicho proceso es el que reparte los cromosomas entre las células hijas.', at, isWord)).toBeUndefined();
    expect(leansOnContext('la corriente que circula entre dos polos cuando esos mismos polos se unen')).toBe(false);
    expect(leansOnContext('la ley que explica esto')).toBe(true);
  });

  it('only the defining clause: no second definition, no example, nothing after a colon', () => {
    expect(ideaOfSentence('Se llama número atómico al número de protones del núcleo, y número másico a la suma de protones y neutrones.', at, isWord))
      .toMatchObject({ term: 'Número atómico', statement: 'el número de protones del núcleo' });
    expect(ideaOfSentence('La velocidad media es el cociente entre el desplazamiento y el tiempo empleado: v = d/t.', at, isWord))
      .toMatchObject({ statement: 'el cociente entre el desplazamiento y el tiempo empleado' });
    expect(definingClause('el bien cuyo consumo crece con la renta, como los viajes')).toBe('el bien cuyo consumo crece con la renta');
  });
});

describe('the question is worded by what it asks for', () => {
  const at = { id: 5, tema: 't', texto: '' };
  const q = (sentence: string) => questionOf(ideaOfSentence(sentence, at, isWord)!);

  it.each([
    ['La velocidad es una magnitud que mide el desplazamiento por unidad de tiempo.', '¿Cómo se llama la magnitud que mide el desplazamiento por unidad de tiempo?'],
    ['Un enlace covalente es aquel en el que dos átomos comparten electrones.', '¿Cómo se llama el enlace en el que dos átomos comparten electrones?'],
    ['La inflación se define como la subida general y sostenida de los precios.', '¿Cómo se llama la subida general y sostenida de los precios?'],
    ['El barómetro mide la presión del aire en un lugar.', '¿Cómo se llama lo que mide la presión del aire en un lugar?'],
    ['La ley de Ohm dice que la intensidad es proporcional a la tensión aplicada.', '¿Qué enunciado dice que la intensidad es proporcional a la tensión aplicada?'],
    ['La energía cinética de un cuerpo es Ec = m·v²/2.', '¿Qué fórmula da la energía cinética de un cuerpo?'],
    ['En 1492, Colón llegó a las costas de América.', '¿En qué año Colón llegó a las costas de América?'],
  ])('«%s» → «%s»', (sentence, question) => {
    expect(q(sentence)).toBe(question);
  });
});

describe('a question is asked only of what defines its term (walk at 390×844: «¿Cuál es la definición de «Punto»?» → «Unos 580 °C»)', () => {
  const geo = (texto: string) => ideaOfSentence(texto, { id: 9, tema: 'Glaciares y rocas', texto: '' }, isWord);
  it('not the answer to a «why» its sentence frames, a quantity alone, a one-word everyday term, nor a deed in a past tense', () => {
    expect(geo('Los glaciares avanzan porque el hielo acumulado se deforma bajo su propio peso; en verano el frente retrocede.')).toBeUndefined();
    expect(geo('El cobre contiene electrones libres, y al calentarse por encima de unos 1085 °C, conocido como punto de fusión, pasa a estado líquido y pierde su forma.')).toBeUndefined();
    expect(geo('La geóloga Inge Lehmann, que trabajaba con Beno Gutenberg en la Universidad de Copenhague, descubrió en 1936 el núcleo interno de la Tierra.')).toBeUndefined();
  });
  it('a definition of what the term is or does is still asked', () => {
    expect(geo('La erosión es el desgaste de las rocas por el agua, el viento o el hielo.')).toMatchObject({ kind: 'definicion', term: 'Erosión' });
    expect(definesItsTerm({ term: 'sismógrafo', verb: 'registra', body: 'las ondas de un terremoto' })).toBe(true);
    expect(definesItsTerm({ term: 'punto', body: 'unos 580 °C' })).toBe(false);
    expect(definesItsTerm({ term: 'teoría del uniformismo', verb: 'publicó', body: 'en 1833 en su obra «Principios de geología»' })).toBe(false);
  });
});

describe('a reverse question offers definitions among definitions, whole', () => {
  const idea = (term: string, statement: string, noteId = 20): QuizIdea => ({ kind: 'definicion', term, statement, passage: `${term}: ${statement}.`, source: { noteId, file: 'geologia.md' } });
  const kit = { optionMax: QUIZ_LIMITS.option, wrong: 3, paraphrase, sameTerm, shuffled: <T>(xs: readonly T[]) => [...xs] };
  const asked = idea('Magma', 'la roca fundida que se forma en el interior de la Tierra');
  const definitions = [idea('Lava', 'la roca fundida que sale a la superficie por un volcán'), idea('Ceniza volcánica', 'el polvo de roca que un volcán expulsa en una erupción')];
  it('never a quantity nor a deed beside a definition: too few definitions make no question', () => {
    const pool = [asked, ...definitions, idea('Temperatura del magma', 'unos 1200 °C en una erupción basáltica'), idea('Escala de Mohs', 'publicó en 1812 una escala de dureza de los minerales')];
    for (const seed of seeds) expect(reverseOf(asked, pool, fixed(seed), () => false, (i) => i.source.file!, kit)).toBeUndefined();
    expect(shapeOfStatement('Unos 580 °C')).toBe('cantidad');
    expect(shapeOfStatement('Publicó en 1915 en su libro «El origen de los continentes y los océanos»')).toBe('hecho');
    expect(shapeOfStatement('Cordilleras submarinas con un valle central')).toBe('definicion');
  });
  it('with a third definition, the three definitions are its wrong options', () => {
    const third = idea('Piroclasto', 'el fragmento de roca que un volcán lanza al aire');
    const pool = [asked, ...definitions, third, idea('Temperatura del magma', 'unos 1200 °C en una erupción basáltica')];
    const r = reverseOf(asked, pool, fixed(1), () => false, (i) => i.source.file!, kit);
    expect(r?.wrong.sort()).toEqual(['Ceniza volcánica', 'Lava', 'Piroclasto'].map((t) => pool.find((i) => i.term === t)!.statement.replace(/^./u, (c) => c.toLocaleUpperCase('es'))).sort());
    for (const o of r!.wrong) expect(o).not.toMatch(/…$/u);
  });
});

describe('a «¿Quién…?» is offered people only (walk: «Universidad de Columbia» as a person)', () => {
  it('an institution or a place the lecture names is no person', () => {
    const text = 'La geóloga Inge Lehmann, que trabajaba con Beno Gutenberg en la Universidad de Copenhague, descubrió el núcleo interno. El sismólogo Charles Richter midió los terremotos en Pasadena Valley con Harry Wood.';
    const people = peopleIn(text, isWord);
    expect(people).toEqual(expect.arrayContaining(['Inge Lehmann', 'Beno Gutenberg', 'Charles Richter', 'Harry Wood']));
    expect(people).not.toContain('Universidad de Copenhague');
    expect(people).not.toContain('Pasadena Valley');
    for (const name of ['Real Academia de Ciencias', 'Museo Geominero', 'Instituto Geográfico', 'Sociedad Geológica de Londres', 'Escuela de Minas', 'Colegio de Francia', 'Biblioteca Nacional']) expect(couldBePerson(name)).toBe(false);
  });
  it('a person\'s distractors are never an institution, whatever the shuffle', () => {
    const person = (term: string, mention = true): QuizIdea => ({ kind: 'persona', term, statement: mention ? '' : 'describió las ondas sísmicas del núcleo', passage: mention ? '' : `${term} describió las ondas sísmicas del núcleo.`, source: { noteId: 30, file: 'sismos.md' }, ...(mention ? { mention: true as const } : {}) });
    const asked = person('Inge Lehmann', false);
    const pool = [asked, person('Beno Gutenberg'), person('Charles Richter'), person('Harry Wood'), person('Universidad de Copenhague')];
    for (const seed of seeds) expect(distractorsFor(asked, pool, fixed(seed))).not.toContain('Universidad de Copenhague');
  });
});
