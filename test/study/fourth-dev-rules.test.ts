/**
 * The rules written against the fourth development set (music history, human geography,
 * test/fixtures/study-dev/cuarta): formulas written in words on their own line (never a heading, a
 * formula card each, a list of formulas alone included); a formula or a bold definition past the
 * per-note cap; a list item in lower case ending with «;» read as whole; a bold term explained after
 * its colon even when it opens with «bajo»; a person with an aside before the verb; a bold term that
 * «sostiene que» or «fue un …»; a work of the person a paragraph is about; a date's question with
 * its object and never opened by a preposition; a sentence whose subject was in the one before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { splitIntoNotes } from '../../src/domain/material/split.js';
import { speakWords, wordFormulasIn } from '../../src/domain/study/word-formula.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { CARDS_PER_NOTE, cardsForNote } from '../../src/domain/cards/build.js';
import { boldApposition, personActs, personOfNote, workOfPerson } from '../../src/domain/study/idea-rules.js';
import { boldClaim, boldColon, calledAtEnd, factorsOf } from '../../src/domain/study/coverage-rules.js';
import { leansOnBefore } from '../../src/domain/study/cloze-quality.js';
import { cardOfIdea, formulaOfAnswer, standsAlone } from '../../src/domain/study/idea-cards.js';
import { loadWordCheck, readProblem, type WordCheck } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string, semana = 3): Note => ({ id, texto, tema, semana } as Note);
const properWord = (w: string) => /^\p{Lu}/u.test(w);

const NATALIDAD = [
  'Como el número absoluto depende del tamaño de la población, se usa la **tasa bruta de natalidad** (TBN), que expresa los nacidos vivos en un año por cada mil habitantes:',
  '',
  'TBN = (nacimientos / población media) × 1000',
  '',
  'La **tasa de fecundidad** relaciona los nacimientos con las mujeres en edad de tener hijos, entre 15 y 49 años, y por eso mide mejor el comportamiento reproductivo.',
].join('\n');

describe('a formula written in words on its own line', () => {
  it('is part of its section, never the heading of the notes under it', () => {
    const notes = splitIntoNotes(`## 2. La natalidad\n\n${NATALIDAD}`, { fileName: 'Tema 3.md' });
    expect(notes.map((n) => n.tema)).not.toContain('tbn = (nacimientos / población media) × 1000');
    expect(notes.map((n) => n.texto).join('\n')).toContain('TBN = (nacimientos / población media) × 1000');
  });

  it('is read with its name and said in words; a sentence with an equals sign is not one', () => {
    const [f] = wordFormulasIn('Densidad de población = habitantes / superficie en km²');
    expect(f).toMatchObject({ text: 'Densidad de población = habitantes / superficie en km²', subject: 'Densidad de población', name: 'densidad de población' });
    expect(speakWords('TBN = (nacimientos / población media) × 1000')).toBe('TBN es nacimientos entre población media, por 1000');
    expect(wordFormulasIn('- TCN = TBN − TBM')).toMatchObject([{ text: 'TCN = TBN − TBM', subject: 'TCN' }]);
    expect(wordFormulasIn('El resultado = lo que queda cuando se resta todo. Y sigue la frase.')).toEqual([]);
    expect(wordFormulasIn('Precio = caro')).toEqual([]);
  });

  it('gets a formula card named by what the note calls its symbol', () => {
    const n = note(1, NATALIDAD, '2. la natalidad y la fecundidad');
    const cards = cardsForNote(n, [n], [], (x) => x.semana ?? null, { isWord }).cards;
    const formula = cards.find((c) => c.tipo === 'formula');
    expect(formula?.pregunta).toBe('¿Cuál es la fórmula de la tasa bruta de natalidad?');
    expect(formulaOfAnswer(formula!.respuesta)).toBe('TBN = (nacimientos / población media) × 1000');
  });

  it('a list of formulas alone (a «Formulario») gets its cards, each named by the course', () => {
    const defs = note(1, 'La **tasa bruta de mortalidad** (TBM) mide las defunciones de un año por cada mil habitantes.', '3. la mortalidad');
    const list = note(2, ['- TBM = (defunciones / población media) × 1000', '- Crecimiento real = crecimiento natural + saldo migratorio'].join('\n'), '8. formulario');
    const ideas = keyIdeasOfNote(list, [defs, list], isWord, list.tema);
    expect(ideas.filter((i) => i.kind === 'formula').map((i) => i.term)).toEqual(['tasa bruta de mortalidad', 'crecimiento real']);
    const cards = cardsForNote(list, [defs, list], [], (x) => x.semana ?? null, { isWord }).cards;
    expect(cards.map((c) => c.pregunta)).toEqual(['¿Cuál es la fórmula de la tasa bruta de mortalidad?', '¿Cuál es la fórmula del crecimiento real?']);
  });
});

describe('the per-note cap', () => {
  it('a formula on its own line gets its card past the three definitions of its note', () => {
    const n = note(1, [
      'La **demografía** es la ciencia que estudia la población humana: su tamaño, su estructura y su evolución en el tiempo. El **censo** es el recuento de todos los habitantes de un país en una fecha dada, con sus datos de edad, sexo, estado civil, estudios y ocupación. El **padrón municipal** es el registro de los vecinos de cada municipio y se actualiza de forma continua.',
      '',
      'La forma más sencilla de medir cómo se reparte la población sobre el territorio es la densidad.',
      '',
      'Densidad de población = habitantes / superficie en km²',
    ].join('\n'), '1. la demografía y sus fuentes');
    const cards = cardsForNote(n, [n], [], (x) => x.semana ?? null, { isWord }).cards;
    expect(cards.length).toBeGreaterThan(CARDS_PER_NOTE);
    expect(cards.map((c) => c.pregunta)).toContain('¿Cuál es la fórmula de la densidad de población?');
  });
});

describe('a list item in lower case', () => {
  const ITEMS = 'Las partes de una ópera barroca son:\n\n- el **recitativo**, un canto cercano al habla que hace avanzar la acción;\n- el **aria**, una pieza lírica en la que el personaje expresa sus sentimientos;\n- los coros y las partes instrumentales, como la obertura.';
  it('reads as whole, with its semicolon; a line cut mid-sentence still does not', () => {
    expect(readProblem('- el **recitativo**, un canto cercano al habla que hace avanzar la acción;', 'spa', isWord)).toBeUndefined();
    expect(readProblem('- el recitativo, un canto cercano al habla que hace avanzar', 'spa', isWord)).toBe('cortada');
    expect(readProblem('el recitativo, un canto cercano al habla que hace avanzar la acción;', 'spa', isWord)).toBe('cortada');
  });
  it('defines the bold term it opens with', () => {
    const n = note(1, ITEMS, '3. el nacimiento de la ópera');
    const ideas = keyIdeasOfNote(n, [n], isWord, n.tema).filter((i) => i.kind === 'definicion');
    expect(ideas.map((i) => [i.term, i.body])).toEqual([['recitativo', 'un canto cercano al habla que hace avanzar la acción'], ['aria', 'una pieza lírica en la que el personaje expresa sus sentimientos']]);
  });
});

describe('a bold term explained after its colon', () => {
  it('may open with «bajo», a noun there', () => {
    expect(boldColon('El rasgo técnico más característico es el **bajo continuo**: una línea grave que suena durante toda la obra.')).toMatchObject({ kind: 'definicion', term: 'bajo continuo', body: 'una línea grave que suena durante toda la obra' });
    expect(boldColon('Todo ocurre **bajo la ley**: nada escapa a ella.')).toBeUndefined();
  });
});

describe('a person and what they did', () => {
  it('is read past an aside between the name and the verb, up to the first comma of a long claim', () => {
    expect(personActs('Antonio Vivaldi (1678–1741), sacerdote veneciano apodado «el cura rojo», dio su forma al concierto solista, en tres movimientos (rápido-lento-rápido).', properWord)).toMatchObject({ kind: 'persona', term: 'Antonio Vivaldi', verb: 'dio', body: 'su forma al concierto solista' });
  });
  it('never ends on the conjunction before an aside', () => {
    const idea = personActs('Johann Sebastian Bach (1685–1750) trabajó como organista y maestro de capilla en varias cortes y ciudades alemanas y, desde 1723 hasta su muerte, fue cantor de la iglesia de Santo Tomás de Leipzig.', properWord);
    expect(idea).toMatchObject({ term: 'Johann Sebastian Bach', body: 'como organista y maestro de capilla en varias cortes y ciudades alemanas' });
  });
});

describe('a bold term that holds or was something', () => {
  it('«sostiene que» is a statement; «fue un …» a definition asked in the past', () => {
    expect(boldClaim('La **teoría de los afectos** sostiene que la música debe representar y despertar en el oyente una emoción concreta.')).toMatchObject({ kind: 'enunciado', term: 'teoría de los afectos', article: 'la', body: 'la música debe representar y despertar en el oyente una emoción concreta.' });
    expect(boldClaim('La **Camerata Florentina** fue un grupo de poetas, músicos y eruditos que se reunía en Florencia.')).toMatchObject({ kind: 'definicion', term: 'Camerata Florentina', verb: 'fue', body: 'un grupo de poetas, músicos y eruditos que se reunía en Florencia.' });
  });
  it('needs the bold mark, and a noun phrase after «fue»', () => {
    expect(boldClaim('La teoría de los afectos sostiene que la música debe representar una emoción.')).toBeUndefined();
    expect(boldClaim('La **Camerata Florentina** fue muy importante en su época para la música.')).toBeUndefined();
  });
  it('is asked as such', () => {
    const n = note(1, 'La **Camerata Florentina** fue un grupo de poetas, músicos y eruditos que se reunía en Florencia en casa del conde Giovanni de\' Bardi a finales del siglo XVI.', '3. el nacimiento de la ópera');
    const cards = cardsForNote(n, [n], [], (x) => x.semana ?? null, { isWord }).cards;
    expect(cards[0]?.pregunta).toMatch(/¿Qué fue la Camerata Florentina\?$/u);
  });
});

describe('a work of the person the paragraph is about', () => {
  it('the paragraph opens with the name and life years', () => {
    expect(personOfNote('**Johann Sebastian Bach** (1685–1750) trabajó como organista.')).toBe('Johann Sebastian Bach');
    expect(personOfNote('Georg Friedrich Händel (1685–1759), nacido el mismo año que Bach.')).toBe('Georg Friedrich Händel');
    expect(personOfNote('En Francia la música estuvo al servicio de la monarquía.')).toBeUndefined();
  });
  it('is asked by what the sentence says of it, naming the person by surname', () => {
    expect(workOfPerson('Su oratorio *El Mesías* se estrenó en Dublín en 1742 y termina con el célebre coro.', 'Georg Friedrich Händel')).toMatchObject({ kind: 'obra', term: 'El Mesías', question: '¿Qué oratorio de Händel se estrenó en Dublín en 1742?' });
    expect(workOfPerson('En *El clave bien temperado* (1722) reunió preludios y fugas en las veinticuatro tonalidades.', 'Johann Sebastian Bach')).toMatchObject({ term: 'El clave bien temperado', question: '¿En qué obra reunió Bach preludios y fugas en las veinticuatro tonalidades?' });
    expect(workOfPerson('Su oratorio *El Mesías* se estrenó en Dublín en 1742.', undefined)).toBeUndefined();
  });
  it('gets its card beside the person\'s own, whose answer it does not hold', () => {
    const n = note(1, 'Georg Friedrich Händel (1685–1759), nacido el mismo año que Bach en Halle, hizo su carrera en Londres, donde compuso óperas italianas. Su oratorio *El Mesías* se estrenó en Dublín en 1742 y termina con el célebre coro del «Aleluya».', '7. el barroco tardío');
    const cards = cardsForNote(n, [n], [], (x) => x.semana ?? null, { isWord }).cards;
    expect(cards.map((c) => [c.pregunta, c.respuesta])).toContainEqual(['¿Qué oratorio de Händel se estrenó en Dublín en 1742?', 'El Mesías']);
    expect(cards.map((c) => c.respuesta)).toContain('Georg Friedrich Händel');
  });
});

describe('a date', () => {
  it('asks what was done with its object', () => {
    const n = note(1, 'El economista inglés **Thomas Robert Malthus** publicó en 1798 el *Ensayo sobre el principio de la población*. Su tesis es que la población crece deprisa.', '5. la teoría de malthus');
    const cards = cardsForNote(n, [n], [], (x) => x.semana ?? null, { isWord }).cards;
    expect(cards.find((c) => c.tipo === 'fecha')).toMatchObject({ pregunta: '¿En qué año publicó el economista inglés Thomas Robert Malthus el Ensayo sobre el principio de la población?', respuesta: '1798' });
  });
  it('is not asked «¿En qué año …?» of a clause opened by a preposition', () => {
    const n = note(1, 'En 1750, con la muerte de Bach, el gusto ya se había desplazado hacia un estilo más sencillo, el estilo galante, que prepara el Clasicismo.', '9. resumen');
    const ideas = keyIdeasOfNote(n, [n], isWord, n.tema);
    expect(ideas.filter((i) => i.kind === 'fecha')).toEqual([]);
  });
});

describe('a sentence whose subject was in the one before', () => {
  it('«Cuanto más alta es, …» leans on it (no cloze of it stands alone)', () => {
    expect(leansOnBefore('Cuanto más alta es, mayor es la carga que soporta la población activa para sostener las pensiones.')).toBe(true);
    expect(leansOnBefore('Cuanto más alta es la tasa, mayor es la carga que soporta la población activa.')).toBe(false);
  });
});

describe('a bold term with an apposition that opens a relative clause', () => {
  it('answers with the whole clause, past the aside inside it', () => {
    expect(boldApposition('Llevó el contrapunto a su máxima perfección, sobre todo en la **fuga**, una composición en la que un tema, el sujeto, se imita sucesivamente en todas las voces.')).toMatchObject({ term: 'fuga', body: 'una composición en la que un tema, el sujeto, se imita sucesivamente en todas las voces' });
  });
});

describe('a term defined by what it relates or expresses', () => {
  it('«La **tasa de fecundidad** relaciona …» is asked «¿Qué relaciona …?»', () => {
    const n = note(1, 'La **tasa de fecundidad** relaciona los nacimientos con las mujeres en edad de tener hijos, entre 15 y 49 años, y por eso mide mejor el comportamiento reproductivo.', '2. la natalidad');
    const idea = keyIdeasOfNote(n, [n], isWord, n.tema).find((i) => i.term === 'tasa de fecundidad');
    expect(idea).toMatchObject({ kind: 'definicion', verb: 'relaciona' });
  });
});

describe('a sentence that ends naming what it described', () => {
  it('«…, el llamado **X**.» is a cloze on the name', () => {
    const raw = 'Para que una población se mantenga sin migraciones hace falta un índice de 2,1 hijos por mujer, el llamado **nivel de reemplazo generacional**.';
    expect(calledAtEnd(raw.replace(/\*\*/gu, ''), raw)).toMatchObject({ kind: 'termino', term: 'nivel de reemplazo generacional' });
    expect(calledAtEnd('Es, el llamado nivel.', 'Es, el llamado **nivel**.')).toBeUndefined();
  });
});

describe('a question that points at something the card does not hold', () => {
  it('stands alone only when its cue names what it points at', () => {
    expect(standsAlone('(Resumen) ¿Cuáles fueron sus consecuencias?')).toBe(false);
    expect(standsAlone('(Problema del conocimiento) ¿Cuáles fueron las causas de este giro?')).toBe(false);
    expect(standsAlone('¿Qué dice la ley que fija ese sentido?')).toBe(false);
    expect(standsAlone('(El giro hacia el conocimiento) ¿Cuáles fueron las causas de este giro?')).toBe(true);
    expect(standsAlone('¿Quién recibió el premio Nobel de Química en 1954 por su trabajo sobre el enlace?')).toBe(true);
    expect(standsAlone('Completa la frase: «Esta _____ es la norma suprema.»')).toBe(true);
  });
  it('gets no card, rather than one about something the student cannot see', () => {
    const raw = 'Sus consecuencias fueron profundas: la Constitución consolidó la democracia, creó el Estado de las autonomías y garantizó derechos que no existían durante la dictadura.';
    const n = note(1, raw, '8. resumen');
    const ideas = keyIdeasOfNote(n, [n], isWord, n.tema);
    expect(ideas.length).toBeGreaterThan(0);
    expect(ideas.map(cardOfIdea).filter(Boolean).map((c) => c!.pregunta)).not.toContainEqual(expect.stringMatching(/sus consecuencias/u));
  });
});

describe('what a doctrine held, and the factors that explain something', () => {
  it('«El **X**, en el siglo XX, defendió …» is asked «¿Qué defendió el X?»', () => {
    expect(boldClaim('El **neomalthusianismo**, en el siglo XX, defendió el control de la natalidad en los países pobres.')).toMatchObject({ kind: 'definicion', term: 'neomalthusianismo', verb: 'defendió', body: 'el control de la natalidad en los países pobres' });
    expect(boldClaim('El **neomalthusianismo** nació en el siglo XX en Inglaterra.')).toBeUndefined();
  });
  it('«Los factores que explican X son …» is asked «¿Qué factores explican X?» with the whole list', () => {
    expect(factorsOf('Los factores que explican una natalidad baja son la incorporación de la mujer al trabajo, el acceso a los métodos anticonceptivos y el coste de criar a los hijos.')).toMatchObject({ question: '¿Qué factores explican una natalidad baja?', body: 'la incorporación de la mujer al trabajo, el acceso a los métodos anticonceptivos y el coste de criar a los hijos' });
    expect(factorsOf('Los factores que explican una natalidad baja son dos.')).toBeUndefined();
  });
});
