/**
 * The rules written against the fifth development set (art history, Spanish literature,
 * microeconomics, test/fixtures/study-dev/quinta), each on text of its own: a list or table asked
 * with what the sentence before it says it is a list of; numbered and bold list items; a named law
 * that «nos dice que»; a lone symbol is no term; a work in its author's paragraph; a person who
 * opens a sentence that states another idea; a person named by a role; a person the note bolds
 * inside a sentence; a table's rows, those the notes come back to first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { listTopic } from '../../src/domain/study/list-topic.js';
import { cardsForNote } from '../../src/domain/cards/build.js';
import { listItem, personActs } from '../../src/domain/study/idea-rules.js';
import { clozeClause } from '../../src/domain/study/cloze-quality.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string, semana = 5): Note => ({ id, texto, tema, semana } as Note);
const anyName = () => true;
const week = (n: Note) => n.semana ?? null;
/** The cards of a week's notes, carded in order into one deck as crear_tarjetas does. */
function cardsOf(notes: Note[]) {
  const deck: ReturnType<typeof cardsForNote>['cards'] = [];
  for (const n of notes) deck.push(...cardsForNote(n, notes, deck.map((c, i) => ({ ...c, id: i + 1, creada: '', borrada: false }) as never), week, { isWord }).cards.filter((c) => !deck.includes(c)));
  return deck;
}

describe('a list or a table announced by the sentence before it', () => {
  const intro = note(1, 'Entendemos por **Gótico** el arte europeo que va de mediados del siglo XII al siglo XV. Suele dividirse en tres etapas:', '1. cronología');
  const list = note(2, '1. Gótico inicial (1140–1200), con las primeras catedrales de Francia.\n2. Gótico clásico (1200–1300), el de las grandes catedrales.\n3. Gótico tardío (1300–1500), más decorativo.', '1. cronología');

  it('is a list of its class noun and of the term the paragraph bolds', () => {
    expect(listTopic(list, [intro, list])).toBe('Etapas del Gótico');
    const fases = note(3, 'El **ciclo del agua** es el recorrido continuo del agua en la Tierra. Sus fases son:', '2. el ciclo');
    const items = note(4, '- Evaporación, cuando el sol calienta el agua del mar.', '2. el ciclo');
    expect(listTopic(items, [fases, items])).toBe('Fases del ciclo del agua');
    // The subject the sentence gives, with its own article; a bold person is who the paragraph is about, not the list's subject.
    const clases = note(5, '**René Descartes** (1596–1650) buscó un método seguro. Según Descartes, las sustancias del mundo son de tres clases:', '3. descartes');
    const table = note(6, '| Sustancia | Qué es |\n|---|---|\n| Pensante | la mente |', '3. descartes');
    expect(listTopic(table, [clases, table])).toBe('Clases de las sustancias del mundo');
  });

  it('is not one when the note does not open with a list, or nothing names its class', () => {
    const plain = note(2, 'El Gótico inicial tiene las primeras catedrales de Francia.', '1. cronología');
    expect(listTopic(plain, [intro, plain])).toBeUndefined();
    const vague = note(1, 'Veamos algunos ejemplos:', '1. cronología');
    expect(listTopic(list, [vague, list])).toBeUndefined();
  });

  it('gives its items a cue that says which list they are of, and heads that end before their years', () => {
    const cards = cardsForNote(list, [intro, list], [], week, { isWord }).cards;
    expect(cards[0]).toMatchObject({ tipo: 'cloze', respuesta: 'Gótico inicial' });
    expect(cards[0]!.pregunta).toContain('(Etapas del Gótico)');
  });
});

describe('list items', () => {
  it('a numbered item the note bolds is a term and what it is, with «de» inside its head', () => {
    const intro = note(1, 'El **modelo de Bohr** describe el átomo con órbitas fijas. Sus postulados principales:', '2. bohr');
    const items = note(2, '1. **Órbitas de energía fija**: el electrón gira sin perder energía en ciertas órbitas.\n2. **Saltos entre órbitas**: el electrón emite o absorbe luz al cambiar de órbita.', '2. bohr');
    const ideas = keyIdeasOfNote(items, [intro, items], isWord, items.tema);
    expect(ideas.map((i) => i.term)).toEqual(['órbitas de energía fija', 'saltos entre órbitas']);
    expect(ideas[0]).toMatchObject({ kind: 'definicion', item: true, body: 'el electrón gira sin perder energía en ciertas órbitas' });
  });

  it('an item that defines is asked with the list it belongs to, even when its head shares a word with it', () => {
    const intro = note(1, 'El **ciclo del mercado** describe cómo cambia la competencia a lo largo del tiempo. Sus fases son:', '3. el ciclo');
    const items = note(2, '1. **Mercado naciente**: pocas empresas y precios muy altos para el consumidor.\n2. **Mercado maduro**: muchas empresas y precios estables para todos.', '3. el ciclo');
    const [first] = cardsForNote(items, [intro, items], [], week, { isWord }).cards;
    expect(first).toMatchObject({ pregunta: '(Fases del ciclo del mercado) ¿Qué es el mercado naciente?', respuesta: 'pocas empresas y precios muy altos para el consumidor' });
  });

  it('a bold head followed by what someone does is no definition', () => {
    expect(listItem('- **La poesía del pasado**: releen a los clásicos y a los cronistas medievales.')).toBeUndefined();
    expect(listItem('- **La casticidad**: es el nombre que el autor le dio en su ensayo de juventud.')).toBeUndefined();
    expect(listItem('- **El paisaje de Castilla**: un símbolo del país entero y de su historia.')).toMatchObject({ term: 'paisaje de Castilla', article: 'el' });
  });
});

describe('statements and symbols', () => {
  it('«la ley de X nos dice que, …» states the law, its «nos» and «que» left out', () => {
    const n = note(1, 'La ley de la oferta nos dice que, si sube el precio de un bien, la cantidad ofrecida sube.', '1. la oferta');
    const [idea] = keyIdeasOfNote(n, [n], isWord, n.tema);
    expect(idea).toMatchObject({ kind: 'enunciado', term: 'ley de la oferta', body: 'si sube el precio de un bien, la cantidad ofrecida sube' });
  });

  it('a one-letter symbol is never asked «¿Qué es el P?»', () => {
    const n = note(1, '- V es el volumen del gas y ΔV su variación;\n- T es la temperatura absoluta y ΔT su variación.', '2. símbolos');
    expect(keyIdeasOfNote(n, [n], isWord, n.tema).map((i) => i.term)).not.toContain('T');
  });
});

describe('people and their works', () => {
  it('a work in the paragraph about its author is a cloze cued by the author\'s surname', () => {
    const n = note(1, 'Francisco de Goya (1746–1828) fue pintor de cámara de Carlos IV. Las más conocidas son *Las pinturas negras* (1819), catorce murales de su casa de campo pintados al óleo.', '4. goya');
    const card = cardsForNote(n, [n], [], week, { isWord }).cards.find((c) => c.respuesta === 'Las pinturas negras');
    expect(card?.pregunta).toMatch(/^Completa la frase \(Goya\): «Las más conocidas son _____ \(1819\)/u);
  });

  it('a person who opens a sentence that defines something else gets a card of the same sentence', () => {
    const n = note(1, 'En Italia la música sirvió a las cortes. Claudio Merulo (1533–1604), nacido en Correggio, dirigió la capilla de San Marcos y creó la **toccata veneciana**, una pieza libre para órgano.', '5. italia');
    const cards = cardsForNote(n, [n], [], week, { isWord }).cards;
    expect(cards.map((c) => c.respuesta)).toEqual(expect.arrayContaining(['Claudio Merulo', 'una pieza libre para órgano']));
  });

  it('a person named with a role is asked «¿Quién fue el …?» or «¿Quién es el …?», never with the role as a verb', () => {
    expect(personActs('Luca Pacioli (1445–1517), fraile y matemático, autor de la Summa de arithmetica, enseñó en Milán.', anyName)).toMatchObject({ term: 'Luca Pacioli', verb: 'fue', body: 'el autor de la Summa de arithmetica' });
    expect(personActs('Ramón y Cajal, médico y profesor en Madrid, es el padre de la neurociencia moderna.', (w) => w !== 'y')).toBeUndefined();
    expect(personActs('Santiago Ramón, médico y profesor en Madrid, es el padre de la neurociencia moderna.', anyName)).toMatchObject({ verb: 'es', body: 'el padre de la neurociencia moderna' });
    expect(personActs('Tomás Bretón (1850–1923), músico salmantino, compuso La verbena de la Paloma en 1894.', anyName)).toMatchObject({ verb: 'compuso' });
  });

  it('a person the note bolds with their years and role inside an item is asked by that role; «della» and an epithet are part of a name', () => {
    const n = note(1, '- los duques de Urbino, que reunieron una gran biblioteca: Guidobaldo (1472–1508) y su padre **Federico el Grande** (1422–1482), condotiero y mecenas de Piero y de Alberti;', '3. el mecenazgo');
    const card = cardsForNote(n, [n], [], week, { isWord }).cards.find((c) => c.respuesta === 'Federico el Grande');
    expect(card?.pregunta).toBe('¿Quién fue condotiero y mecenas de Piero y de Alberti?');
    expect(personActs('Luca della Robbia (1400–1482), escultor florentino, inventó la terracota vidriada en colores.', anyName)).toMatchObject({ term: 'Luca della Robbia', verb: 'inventó' });
  });

  it('a person the note bolds inside a long sentence gets a cloze on their name, cut before the aside after it', () => {
    const long = 'El método lo difundió el economista francés **Léon Walras** en sus *Elementos de economía pura* (1874), el libro con el que se explicó durante décadas el equilibrio general de todos los mercados a la vez en las universidades europeas.';
    expect(clozeClause(long.replace(/\*/gu, ''), 'Léon Walras')).toBe('El método lo difundió el economista francés Léon Walras en sus Elementos de economía pura (1874).');
    const n = note(1, long, '1. el equilibrio general');
    const card = cardsForNote(n, [n], [], week, { isWord }).cards.find((c) => c.respuesta === 'Léon Walras');
    expect(card?.tipo).toBe('cloze');
  });
});

describe('a table\'s rows', () => {
  it('the rows the notes come back to are carded first, before the rows nothing else names', () => {
    const table = note(1, '| Técnica | Qué es |\n|---|---|\n| Temple | pigmentos con huevo sobre tabla |\n| Fresco | pintura sobre el muro húmedo |\n| Grisalla | pintura en tonos de gris |\n| Veladura | capa fina y transparente de color |', '3. técnicas');
    const later = note(2, 'En la capilla el pintor usó la **veladura** en los mantos y la grisalla en el zócalo de piedra fingida.', '4. obras');
    const answers = cardsOf([table, later]).filter((c) => c.id_nota === 1).map((c) => c.respuesta);
    expect(answers.slice(0, 2).sort()).toEqual(['Grisalla', 'Veladura']);
  });
});
