/** The sentence rules for lectures that do not write «X es …» (study/idea-rules.ts), and what the cards and the episode make of them. */
import { beforeAll, describe, expect, it } from 'vitest';
import { asideDate, authoredWork, cause, condition, conditionsOf, dangling, inSection, isPersonName, itemHead, listItem, namedAfter, personActs, superlative, titledDate, workOfSection } from '../../src/domain/study/idea-rules.js';
import { condense, keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { cardsForNote, withoutCue } from '../../src/domain/cards/build.js';
import { buildNarrationScript, itemClause } from '../../src/domain/media/script.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import type { Card } from '../../src/store/index.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const anyName = () => true;
const note = (id: number, texto: string, tema = 'Historia de la ciencia'): Note => ({ id, texto, tema, semana: 3 } as Note);

describe('people who did something', () => {
  it('asks «¿Quién …?» with the first claim, answered by the full name', () => {
    expect(personActs('Marie Curie descubrió en 1898 el polonio, y más tarde ganó dos premios Nobel.', anyName)).toMatchObject({ kind: 'persona', term: 'Marie Curie', verb: 'descubrió', body: 'en 1898 el polonio' });
  });
  it('takes the small links of a name («de») and refuses a common noun phrase or a single word', () => {
    expect(isPersonName('Miguel de Cervantes', anyName)).toBe(true);
    expect(personActs('Los metales conducen bien el calor y la electricidad.', (w) => w !== 'Los')).toBeUndefined();
    expect(personActs('Cervantes escribió el Quijote en dos partes.', anyName)).toBeUndefined();
  });
  it('reads a sentence-initial word as a name only when the course never writes it in lower case', () => {
    const course = [note(1, 'Teresa Ribera estudió el clima de la costa durante diez años seguidos. Aquí ribera es otra palabra.')];
    expect(keyIdeasOfNote(course[0]!, course, isWord).some((i) => i.kind === 'persona')).toBe(false);
    const named = [note(1, 'Gregor Mendel cruzó miles de plantas de guisante para estudiar la herencia.')];
    expect(keyIdeasOfNote(named[0]!, named, isWord).find((i) => i.kind === 'persona')?.term).toBe('Gregor Mendel');
  });
});

describe('titled works dated by what happened to them', () => {
  it('asks «¿Cuándo se estrenó …?» of a title with its author aside', () => {
    expect(titledDate('Fuenteovejuna, de Lope de Vega, se estrenó en 1619 en Madrid.')).toMatchObject({ kind: 'fecha', year: '1619', when: 'se estrenó Fuenteovejuna' });
  });
  it('needs the aside and a past verb with its year', () => {
    expect(titledDate('Fuenteovejuna se estrenó en 1619.')).toBeUndefined();
    expect(titledDate('Fuenteovejuna, de Lope de Vega, trata de la justicia.')).toBeUndefined();
  });
});

describe('causes', () => {
  it('asks «¿Por qué …?» and answers with what follows «porque», up to its first claim', () => {
    expect(cause('Las hojas caen porque el árbol corta el paso de la savia en otoño, y se secan.')).toMatchObject({ question: '¿Por qué caen las hojas?', body: 'el árbol corta el paso de la savia en otoño' });
    expect(cause('Los átomos se unen porque el conjunto tiene menos energía.')?.question).toBe('¿Por qué se unen los átomos?');
  });
  it('needs a subject of its own (not a pronoun or a bare verb)', () => {
    expect(cause('Esto ocurre porque el gas se enfría.')).toBeUndefined();
  });
});

describe('a rule named after its sentence', () => {
  it('takes «…; es la regla de X» as the statement of that rule', () => {
    expect(namedAfter('Los elementos tienden a completar su última capa con ocho electrones; es la regla del octeto, que tiene excepciones.')).toMatchObject({ kind: 'enunciado', term: 'regla del octeto', body: 'Los elementos tienden a completar su última capa con ocho electrones' });
  });
  it('needs a named kind of law after the break', () => {
    expect(namedAfter('Los elementos tienden a completar su última capa con ocho electrones; es la idea central.')).toBeUndefined();
  });
});

describe('list items', () => {
  it('reads «- El término: lo que es» as a definition asked with its section', () => {
    expect(listItem('- El tenebrismo: contraste violento entre luces y sombras.')).toMatchObject({ kind: 'definicion', term: 'tenebrismo', article: 'el', body: 'contraste violento entre luces y sombras', item: true, needsContext: true });
  });
  it('needs the item to carry its article (a label of examples is not a term) and a body', () => {
    expect(listItem('- Temas de la vida moderna: bulevares, cafés y estaciones.')).toBeUndefined();
    expect(listItem('- El tenebrismo: luces.')).toBeUndefined();
    expect(listItem('El tenebrismo: contraste violento entre luces y sombras.')).toBeUndefined();
  });
  it('the episode says a list item\'s idea with its list, never alone', () => {
    const notes = [note(1, 'El Barroco es un estilo artístico que domina el siglo XVII en Europa.\n\nSus pintores comparten varios rasgos:\n\n- El tenebrismo: contraste violento entre luces y sombras.\n- El realismo: figuras tomadas de la calle.', 'Rasgos del Barroco')];
    const text = buildNarrationScript(3, 'El Barroco', notes, isWord).text;
    expect(text).not.toMatch(/contraste violento entre luces y sombras\.\s/u);
  });
});

describe('the cards of these ideas', () => {
  it('a sentence that announces a list gives no cloze', () => {
    const n = note(1, 'Los impresionistas comparten una serie de rasgos pictóricos:\n\n- Pincelada suelta.\n- Colores claros.');
    expect(keyIdeasOfNote(n, [n], isWord).some((i) => /serie de rasgos/u.test(i.sentence))).toBe(false);
  });
  it('a context cue that names another card\'s answer is dropped, and the card kept', () => {
    expect(withoutCue({ pregunta: '(Enlace covalente) ¿Qué es la electronegatividad?' }).pregunta).toBe('¿Qué es la electronegatividad?');
    expect(withoutCue({ pregunta: 'Completa la frase (Enlace covalente): «En el _____ dos átomos comparten electrones.»' }).pregunta).toBe('Completa la frase: «En el _____ dos átomos comparten electrones.»');
    const n = note(2, 'La electronegatividad es la tendencia de un átomo a atraer hacia sí los electrones de un enlace.', 'El enlace covalente');
    const deck = [{ id: 1, id_nota: 1, semana: 3, tipo: 'cloze', pregunta: 'Completa la frase: «En el _____ dos no metales comparten electrones.»', respuesta: 'enlace covalente', creada: '2027-01-01T00:00:00.000Z' } as Card];
    const cards = cardsForNote(n, [n], deck, undefined, { isWord }).cards;
    expect(cards.map((c) => c.pregunta)).toEqual(['¿Qué es la electronegatividad?']);
  });
});

describe('faithful, one-fact cards', () => {
  it('a formula is asked with the conditions its sentence puts on it', () => {
    expect(conditionsOf('En un proceso isotermo reversible queda ΔS = Q / T.')).toBe('en un proceso isotermo reversible');
    expect(conditionsOf('Para un gas ideal siguen la ley de Poisson:')).toBe('para un gas ideal');
    expect(conditionsOf('La presión es la fuerza por unidad de superficie:')).toBeUndefined();
    const n = { id: 1, texto: 'La variación de entropía mide el desorden que gana un sistema. En un proceso isotermo reversible la variación de entropía es:\n\nΔS = Q / T', tema: 'Entropía', semana: 3 } as Note;
    const card = cardsForNote(n, [n], [], undefined, { isWord }).cards.find((c) => c.tipo === 'formula');
    expect(card?.pregunta).toMatch(/en un proceso isotermo reversible\?$/u);
  });
  it('a statement\'s second claim («… y que …») is left out of its answer', () => {
    expect(condense('ninguna máquina supera a la reversible entre los mismos focos y que todas las reversibles rinden igual')).toBe('ninguna máquina supera a la reversible entre los mismos focos');
  });
  it('an answer stops where a second subject starts its own claim («… y γ es …»), not inside a pair', () => {
    expect(condense('la tasa de crecimiento de la presa y γ es la tasa de mortalidad del depredador')).toBe('la tasa de crecimiento de la presa');
    expect(condense('la tasa de natalidad, y la mortalidad es la tasa de defunciones')).toBe('la tasa de natalidad');
    expect(condense('una fase en que la natalidad y la mortalidad son muy altas')).toBe('una fase en que la natalidad y la mortalidad son muy altas');
    expect(condense('la razón entre P y Q es constante en el tiempo')).toBe('la razón entre P y Q es constante en el tiempo');
    const n = { id: 1, texto: 'El parámetro α es la tasa de crecimiento de la presa y γ es la tasa de mortalidad del depredador.', tema: 'Modelo de Lotka-Volterra', semana: 3 } as Note;
    const card = cardsForNote(n, [n], [], undefined, { isWord }).cards.find((c) => /parámetro/u.test(c.pregunta));
    expect(card?.respuesta).toBe('la tasa de crecimiento de la presa');
  });
  it('a term that points at something said before keeps a cue that adds to it', () => {
    expect(dangling('rendimiento de la máquina')).toBe(true);
    expect(dangling('primer principio')).toBe(true);
    expect(dangling('máquina térmica')).toBe(false);
    const n = { id: 1, texto: 'El rendimiento de la máquina es la fracción del calor absorbido que se convierte en trabajo útil.', tema: 'Máquinas térmicas', semana: 3 } as Note;
    expect(cardsForNote(n, [n], [], undefined, { isWord }).cards[0]?.pregunta).toBe('(Máquinas térmicas) ¿Qué es el rendimiento de la máquina?');
  });
});

describe('more sentences that state an idea', () => {
  it('a title with its author in an aside is a work, asked «¿De quién es …?»', () => {
    expect(authoredWork('La Regenta, de Leopoldo Alas, retrata la vida de una ciudad de provincias.', anyName)).toMatchObject({ kind: 'obra', term: 'La Regenta', author: 'Leopoldo Alas' });
    expect(authoredWork('La Regenta, de muchas páginas, retrata una ciudad.', anyName)).toBeUndefined();
  });
  it('«Si …, el X es Y» asks when X is Y', () => {
    expect(condition('Si la temperatura baja de cero, como en invierno, el agua es sólida.')).toMatchObject({ question: '¿Cuándo es sólida el agua?', body: 'si la temperatura baja de cero' });
    expect(condition('Si quieres, puedes venir.')).toBeUndefined();
  });
  it('a superlative asks which one is most so', () => {
    expect(superlative('En la tabla periódica el helio es el más ligero de los gases nobles.')).toMatchObject({ question: 'En la tabla periódica, ¿cuál es el más ligero?', body: 'el helio' });
    expect(superlative('El helio es ligero.')).toBeUndefined();
  });
  it('«En el X …» in the section named X says what happens in it', () => {
    expect(inSection('En la mitosis una célula se divide en dos células hijas iguales.', 'mitosis')).toMatchObject({ question: '¿Qué ocurre en la mitosis?', body: 'una célula se divide en dos células hijas iguales' });
    expect(inSection('En la mitosis una célula se divide en dos células hijas iguales.', 'meiosis')).toBeUndefined();
  });
  it('in a person\'s section, a capitalised title is one of their works, asked by surname', () => {
    expect(workOfSection('Su Niebla cuenta la rebelión de un personaje contra su autor.', 'Miguel de Unamuno', anyName)).toMatchObject({ kind: 'obra', term: 'Niebla', question: '¿Qué obra de Unamuno cuenta la rebelión de un personaje contra su autor?' });
    expect(workOfSection('En La tía Tula retrata una maternidad sin hijos propios.', 'Miguel de Unamuno', anyName)?.question).toBe('¿En qué obra retrata Unamuno una maternidad sin hijos propios?');
    expect(workOfSection('Su Niebla cuenta la rebelión de un personaje.', 'El teatro', anyName)).toBeUndefined();
  });
});

describe('list items without a definition', () => {
  it('an item that opens with what it is about is a cloze on that head, asked with its section', () => {
    expect(itemHead('- El ansia de libertad, en el arte y en la política.')).toEqual({ term: 'ansia de libertad', item: 'El ansia de libertad, en el arte y en la política.' });
    expect(itemHead('- Fuerzas dipolo-dipolo entre moléculas polares.')).toMatchObject({ term: 'Fuerzas dipolo-dipolo' });
    expect(itemHead('- Colores claros.')).toBeUndefined();
    expect(itemHead('El ansia de libertad, en el arte y en la política.')).toBeUndefined();
    const n = note(1, 'Los barrocos comparten varios rasgos:\n\n- El gusto por el contraste, en la luz y en las formas.\n- La teatralidad de las escenas, pensada para conmover al fiel.', 'Rasgos del Barroco');
    const cards = cardsForNote(n, [n], [], undefined, { isWord }).cards;
    expect(cards.map((c) => c.pregunta)).toContain('Completa la frase (Rasgos del Barroco): «La _____, pensada para conmover al fiel.»');
  });
  it('the episode says an item cut short up to a content word, never on «y» or «hacia»', () => {
    expect(itemClause('el ansia de libertad, en el arte y en la política')).toBe('el ansia de libertad');
    expect(itemClause('la evasión hacia el pasado medieval o hacia lugares exóticos')).toBe('la evasión hacia el pasado medieval');
    expect(itemClause('colores claros')).toBe('colores claros');
  });
  it('the episode keeps a name\'s capital after a lead-in', () => {
    const notes = [note(1, 'El Barroco es un estilo artístico que domina el siglo XVII en Europa.', 'El Barroco'), note(2, 'Gilbert Lewis propuso en 1916 que el enlace covalente consiste en un par de electrones compartido.', 'Historia')];
    expect(buildNarrationScript(3, 'El Barroco', notes, isWord).text).not.toMatch(/gilbert Lewis/u);
  });
});

describe('a year in an aside', () => {
  it('asks when it happened, the place kept in front, answered with the year as the note gives it', () => {
    expect(asideDate('En Francia la Revolución estalla, en 1789, cuando el pueblo toma la Bastilla.')).toMatchObject({ question: 'En Francia, ¿cuándo estalla la Revolución?', body: 'en 1789' });
    expect(asideDate('La imprenta llega tarde, hacia 1470, a los reinos de la península.')).toMatchObject({ question: '¿Cuándo llega la imprenta?', body: 'hacia 1470' });
    expect(asideDate('La imprenta llega tarde a los reinos de la península.')).toBeUndefined();
  });
});
