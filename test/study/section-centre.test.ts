/**
 * The selection by section (issue 44, not another narrow rule): a section the rules leave without a
 * card is asked its central idea — a term the section stands for, in its most central sentence — and
 * a cloze on a detail that is not about its section's subject is not made. With the judged faults of
 * the last sample: a compound's article, a relative clause opened by an adverb, a sentence that leans
 * on the one before («Más tarde …»).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardsForNote } from '../../src/domain/cards/build.js';
import { centralIdeas } from '../../src/domain/study/central-idea.js';
import { aboutItsSection } from '../../src/domain/study/section-subject.js';
import { keyIdeasOfNote, type KeyIdea } from '../../src/domain/study/key-ideas.js';
import { articleFor } from '../../src/domain/study/article.js';
import { clozeProblem, leansOnBefore } from '../../src/domain/study/cloze-quality.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string): Note => ({ id, texto, tema, semana: 3 } as Note);
const weekOf = (n: Note) => n.semana ?? null;

const WEEK = [
  note(1, 'En 1898 España perdió sus últimas colonias de ultramar en una guerra corta contra los Estados Unidos. La prensa llamó a la derrota el Desastre.', '1. El contexto'),
  note(2, 'El Desastre no fue solo una derrota militar: dejó al descubierto el atraso económico del país. Muchos escritores jóvenes vieron en aquella derrota el síntoma de una decadencia más profunda, que venía de lejos y que alcanzaba a toda la sociedad española de su tiempo.', '1. El contexto'),
  note(3, 'La elasticidad mide la variación de la cantidad ante una variación del precio.\n\nP es el precio y ΔP su variación.', '2. La fórmula'),
];

describe('a section the rules leave without a card', () => {
  it('is asked its central idea: a term the week comes back to, blanked in its central sentence, with its section as cue', () => {
    expect(keyIdeasOfNote(WEEK[1]!, WEEK, isWord, WEEK[1]!.tema)).toEqual([]);
    const { cards } = cardsForNote(WEEK[1]!, WEEK, [], weekOf, { isWord });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ tipo: 'cloze', respuesta: 'Desastre' });
    expect(cards[0]!.pregunta).toMatch(/^Completa la frase(?: \(Contexto\))?: «El _____ no fue solo una derrota militar: dejó al descubierto el atraso económico del país\.»$/u);
  });

  it('never from a formula\'s legend, nor on a capital that only opens a sentence', () => {
    expect(centralIdeas(WEEK[2]!, WEEK, WEEK, isWord).map((i) => i.sentence)).not.toContain('P es el precio y ΔP su variación.');
    const style = [note(4, 'Frente a la retórica grandilocuente de la generación anterior, buscan la sobriedad y la claridad. Frente a la retórica, la frase breve.', '6. El estilo')];
    expect(centralIdeas(style[0]!, style, style, isWord).map((i) => i.term)).not.toContain('Frente');
  });

  it('a lone common word only where it reads as a noun, after its article', () => {
    const reforma = [note(8, 'La Constitución es rígida: su reforma exige mayorías más altas que una ley ordinaria. La reforma ordinaria pide tres quintos de cada cámara. La reforma agravada pide dos tercios de cada cámara y un referéndum.', '7. La reforma')];
    expect(centralIdeas(reforma[0]!, reforma, reforma, isWord).map((i) => i.term)).toEqual(['reforma']);
  });

  it('a note that already has a card is not given another by this rule', () => {
    const deck = [{ id: 1, id_nota: 2, semana: 3, tipo: 'definicion' as const, pregunta: '¿Qué fue el Desastre?', respuesta: 'la derrota de 1898', creada: '2027-01-01T00:00:00.000Z' }];
    expect(cardsForNote(WEEK[1]!, WEEK, deck, weekOf, { isWord }).cards).toHaveLength(1);
  });
});

describe('a cloze on a key term is about its section', () => {
  const section = note(5, [
    'La perspectiva lineal organiza el espacio del cuadro alrededor de un punto de fuga.',
    'La perspectiva lineal se convirtió en la herramienta central de los pintores del siglo.',
    'Los pintores estudiaron la perspectiva lineal con reglas de geometría.',
    'El óleo llegó desde Flandes hacia 1475 con un comerciante veneciano.',
  ].join(' '), '4. La perspectiva');
  const idea = (term: string, sentence: string): KeyIdea => ({ kind: 'termino', term, article: '', body: sentence, sentence, noteId: 5, at: section.texto.indexOf(sentence), key: term, score: 0 });

  it('when its sentence names the section\'s heading, or the week comes back to the term', () => {
    expect(aboutItsSection(idea('punto de fuga', 'La perspectiva lineal organiza el espacio del cuadro alrededor de un punto de fuga.'), section, [section])).toBe(true);
    expect(aboutItsSection(idea('perspectiva lineal', 'Los pintores estudiaron la perspectiva lineal con reglas de geometría.'), section, [section])).toBe(true);
  });

  it('a word of the heading\'s family counts («romántico» in «Rasgos del romanticismo»)', () => {
    const rasgos = note(7, 'El héroe romántico suele ser un rebelde marcado por un destino trágico.', '3. Rasgos del romanticismo');
    const hero: KeyIdea = { kind: 'termino', term: 'héroe romántico', article: '', body: rasgos.texto, sentence: rasgos.texto, noteId: 7, at: 0, key: 'héro romant', score: 0 };
    expect(aboutItsSection(hero, rasgos, [rasgos])).toBe(true);
  });

  it('not on a detail its section passes through once, away from its centre', () => {
    expect(aboutItsSection(idea('Flandes', 'El óleo llegó desde Flandes hacia 1475 con un comerciante veneciano.'), section, [section])).toBe(false);
  });
});

describe('the wording faults of the last judged sample', () => {
  it('a compound takes its first noun\'s article («la elasticidad-precio»)', () => {
    expect(articleFor('elasticidad-precio de la demanda')).toBe('la');
    expect(articleFor('método del punto medio')).toBe('el');
  });

  it('«…, que ya observó …» asks no «¿Qué ya …?»', () => {
    const n = note(6, 'Es la **paradoja de la abundancia**, que ya observó a finales del siglo XVII el inglés Gregory King.', '5. Elasticidad e ingreso total');
    const asked = keyIdeasOfNote(n, [n], isWord, n.tema).map((i) => `${i.kind} ${i.verb ?? ''}`);
    expect(asked.join('\n')).not.toMatch(/definicion ya/u);
  });

  it('a blank never takes an adverb and its «de» («Fuera de Florencia», «dentro de los normales»)', () => {
    const s = 'Fuera de Florencia el nuevo estilo se difundió por las cortes del norte de Italia.';
    expect(clozeProblem(s, 'Fuera de Florencia', 0)).toBe('sin_termino');
    expect(clozeProblem(s, 'cortes', s.indexOf('cortes'))).toBeUndefined();
  });

  it('a date whose verb takes a «que» clause is asked with that clause, so the question is whole', () => {
    const n = note(9, 'El estadístico alemán Ernst Engel observó en 1857 que, al aumentar la renta de una familia, la proporción que gasta en alimentación disminuye: la alimentación es un bien de primera necesidad.', '6. La elasticidad-renta');
    const date = cardsForNote(n, [n], [], weekOf, { isWord }).cards.find((c) => c.tipo === 'fecha');
    expect(date?.pregunta).toMatch(/¿En qué año observó el estadístico alemán Ernst Engel que, al aumentar la renta de una familia, la proporción que gasta en alimentación disminuye\?$/u);
    expect(date?.respuesta).toBe('1857');
  });

  it('a sentence opened by «Más tarde» leans on the one before', () => {
    expect(leansOnBefore('Más tarde Ghiberti hizo las terceras puertas del Baptisterio.')).toBe(true);
  });
});
