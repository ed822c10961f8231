/**
 * The rules of issue 45's second round (a judged sample had 8 of 20 good), on examples written for
 * these tests: distractors from the question's subject by TF-IDF cosine, never another subject's;
 * of the same kind as the answer (a formula of another quantity, never one of the same quantity;
 * a year near the answer's; a person the document names); a question that gives its answer away
 * (a word of the answer, the initials of a formula's left side) is not asked; humanities ideas
 * (people, works, dates, movements) make questions; a prepared card of the same idea is found.
 */
import { describe, expect, it } from 'vitest';
import { buildQuiz, distractorsFor, questionOf, readsWell } from '../../../src/domain/quiz/build.js';
import { workQuestions } from '../../../src/domain/quiz/made-verb.js';
import { formulaCues, sameLeftSide } from '../../../src/domain/quiz/formula-cues.js';
import { ideasOfNotes, type QuizIdea, type SourceNote } from '../../../src/domain/quiz/ideas.js';
import { mentionsOf, peopleIn } from '../../../src/domain/quiz/mentions.js';
import { tableRows } from '../../../src/domain/quiz/tables.js';
import { problemOf } from '../../../src/tools/quiz-proposed.js';
import { sameIdea } from '../../../src/domain/quiz/service.js';
import { subjectTest } from '../../../src/domain/quiz/subject.js';
import { loadWordCheck } from '../../../src/domain/study/reading.js';

const isWord = await loadWordCheck();
const note = (id: number, archivo: string, semana: number, texto: string): SourceNote => ({ id, tema: archivo, texto, semana, archivo });
const seeds = Array.from({ length: 8 }, (_, s) => s);
const random = (s: number) => {
  let x = (s * 7919 + 13) % 1000;
  return () => ((x = (x * 48271 + 11) % 1000) + 0.5) / 1000;
};
const poolOf = (notes: readonly SourceNote[]) => [...ideasOfNotes(notes, isWord), ...mentionsOf(notes, isWord)];
const weekIn = (notes: readonly SourceNote[]) => (id: number) => notes.find((n) => n.id === id)?.semana;

const electricity = note(1, 'electricidad-1.md', 1, [
  'La intensidad es la magnitud que mide la carga eléctrica que atraviesa un conductor por unidad de tiempo.',
  'La resistencia es la magnitud que mide la oposición de un conductor al paso de la corriente eléctrica.',
].join(' '));
const electricityLater = note(2, 'electricidad-2.md', 2, [
  'La tensión es la magnitud que mide la energía que la corriente eléctrica entrega por unidad de carga en un conductor.',
  'La potencia eléctrica es la magnitud que mide la energía que consume un aparato conectado a la corriente por unidad de tiempo.',
].join(' '));
const economy = note(3, 'economia-1.md', 3, [
  'La inflación es la magnitud que mide la subida general de los precios de los bienes de consumo en un año.',
  'La renta per cápita es la magnitud que mide el ingreso medio de los habitantes de un país en un año.',
  'El paro es la magnitud que mide la parte de la población activa de un país que no encuentra empleo.',
].join(' '));

describe('distractors from the question\'s subject', () => {
  const notes = [electricity, electricityLater, economy];
  const pool = poolOf(notes);
  const intensity = pool.find((i) => i.term === 'Intensidad')!;

  it('another week of the same subject gives options; a subject that merely shares «magnitud» and «mide» does not', () => {
    const same = subjectTest(new Map(notes.map((n) => [n.archivo!, n.texto])));
    expect(same('electricidad-1.md', 'electricidad-2.md')).toBe(true);
    expect(same('electricidad-1.md', 'economia-1.md')).toBe(false);
    for (const s of seeds) expect(new Set(distractorsFor(intensity, pool, random(s), weekIn(notes)))).toEqual(new Set(['Resistencia', 'Tensión', 'Potencia eléctrica']));
  });

  it('too few in the subject: no question, never padded with another subject\'s options', () => {
    const alone = [electricity, economy];
    for (const s of seeds) expect(distractorsFor(poolOf(alone).find((i) => i.term === 'Intensidad')!, poolOf(alone), random(s), weekIn(alone))).toBeUndefined();
  });
});

describe('options of the same kind as the answer', () => {
  const formulas = note(4, 'mercado.md', 4, [
    'La elasticidad precio de la demanda se calcula así:', '', 'Eₚ = (ΔQ / Q) / (ΔP / P)', '',
    'Con el método del punto medio se calcula así:', '', 'Eₚ = (ΔQ / Qm) / (ΔP / Pm)', '',
    'La elasticidad renta se calcula así:', '', 'Eᵣ = (ΔQ / Q) / (ΔR / R)', '',
    'La elasticidad cruzada se calcula así:', '', 'Eₓᵧ = (ΔQₓ / Qₓ) / (ΔPᵧ / Pᵧ)', '',
    'El ingreso total se calcula así:', '', 'IT = P × Q', '',
  ].join('\n'));

  it('a formula of the same quantity is a second right answer, never a distractor; the initials of the words asked must be on every option', () => {
    expect(sameLeftSide('Eₚ = (ΔQ / Q) / (ΔP / P)', 'Eₚ = (ΔQ / Qm) / (ΔP / Pm)')).toBe(true);
    expect(formulaCues('la elasticidad renta', 'Eᵣ = (ΔQ / Q) / (ΔR / R)')).toEqual(['e', 'r']);
    expect(formulaCues('el ingreso total', 'IT = P × Q')).toEqual(['i', 't']);
    expect(formulaCues('el rendimiento de la máquina', 'η = W / Q₁')).toEqual([]);
    const ideas = ideasOfNotes([formulas], isWord);
    const f = (t: string) => ideas.find((i) => i.kind === 'formula' && i.term.startsWith(t));
    for (const s of seeds) {
      // «renta» beside the one option with an r: not asked; nor «ingreso total» beside the one IT.
      if (f('Eᵣ')) expect(distractorsFor(f('Eᵣ')!, ideas, random(s))).toBeUndefined();
      if (f('IT')) expect(distractorsFor(f('IT')!, ideas, random(s))).toBeUndefined();
    }
    for (const q of buildQuiz(ideas, ideas, 10, 'mercado')) {
      const sides = q.options.map((o) => o.split('=')[0]!.trim());
      expect(new Set(sides).size).toBe(4);
    }
  });

  it('a year among years near it, from the same document; a person among the people it names', () => {
    const art = note(5, 'pintura.md', 5, [
      'En 1830 se fundó la escuela de Barbizon, cerca del bosque de Fontainebleau.',
      'La primera muestra del grupo se celebró en 1874 en el estudio del fotógrafo Nadar.',
      'La segunda muestra se celebró en 1876, y la última en 1886.',
      'Allí se vio el lienzo *Olympia* de Édouard Manet, que escandalizó a la crítica.',
      'También expusieron Claude Monet, Edgar Degas y Camille Pissarro, y más tarde Paul Cézanne.',
      'El cuadro *Los comedores de patatas* de Vincent van Gogh se pintó en 1885 en Nuenen.',
    ].join(' '));
    const pool = poolOf([art]);
    const year = pool.find((i) => i.kind === 'fecha' && i.term === '1874' && !i.mention)!;
    expect(year.statement).not.toMatch(/1874/);
    for (const s of seeds) {
      const options = distractorsFor(year, pool, random(s))!;
      expect(options).toHaveLength(3);
      for (const o of options) expect(Math.abs(Number(o) - 1874)).toBeLessThanOrEqual(50);
    }
    const gogh = pool.find((i) => i.kind === 'persona' && i.term === 'Vincent van Gogh' && !i.mention)!;
    const [q] = buildQuiz([gogh], pool, 1, 'arte');
    expect(q!.question).toBe('¿Quién pintó «Los comedores de patatas»?');
    expect(q!.options.filter((o) => o !== 'Vincent van Gogh').every((o) => ['Claude Monet', 'Edgar Degas', 'Camille Pissarro', 'Paul Cézanne', 'Édouard Manet'].includes(o))).toBe(true);
  });

  it('a table of authors and works asks who made each work and, dated, in which year', () => {
    const table = note(7, 'barroco.md', 7, [
      'Los pintores del Barroco y sus obras:', '',
      '| Pintor | Obra | Rasgo |', '|---|---|---|',
      '| Diego Velázquez | *Las meninas* (1656) | el espacio y la luz |',
      '| Bartolomé Esteban Murillo | *La Inmaculada de Soult* (1678) | la dulzura |',
      '| Francisco de Zurbarán | *San Hugo en el refectorio* (1655) | el silencio |',
      '| José de Ribera | *El sueño de Jacob* (1639) | el claroscuro |',
    ].join('\n'));
    expect(tableRows('| a | b | | c | d |')).toEqual([['a', 'b'], ['c', 'd']]);
    const pool = poolOf([table]);
    const quiz = buildQuiz(pool, pool, 20, 'barroco');
    const who = quiz.find((q) => q.question === '¿Quién pintó «Las meninas»?')!;
    expect(who.options[who.correct]).toBe('Diego Velázquez');
    expect(new Set(who.options)).toEqual(new Set(['Diego Velázquez', 'Bartolomé Esteban Murillo', 'Francisco de Zurbarán', 'José de Ribera']));
    // Asked alone (in one quiz, a question naming another's answer, Velázquez, is left out).
    const [year] = buildQuiz(pool.filter((i) => i.kind === 'fecha' && i.term === '1656' && !i.mention), pool, 1, 'barroco');
    expect(year!.question).toBe('¿En qué año pintó Diego Velázquez «Las meninas»?');
    expect(year!.options[year!.correct]).toBe('1656');
  });

  it('a work whose lecture does not say how it was made is asked of the work itself', () => {
    const asked = workQuestions('El contrato social', 'Jean-Jacques Rousseau', undefined);
    const idea = (kind: QuizIdea['kind'], term: string, statement: string): QuizIdea => ({ kind, term, statement, passage: '', source: { noteId: 1 } });
    expect(questionOf(idea('persona', 'Jean-Jacques Rousseau', asked.who))).toBe('¿De quién es «El contrato social»?');
    expect(questionOf(idea('fecha', '1762', asked.when))).toBe('¿De qué año es «El contrato social», de Jean-Jacques Rousseau?');
    expect(questionOf(idea('persona', 'Diego Velázquez', workQuestions('Las meninas', 'Diego Velázquez', 'pintó').who))).toBe('¿Quién pintó «Las meninas»?');
  });

  it('people are names no dictionary has and the text never writes in lower case', () => {
    const text = 'Tras la Exposición Universal de 1867, Claude Monet y Berthe Morisot visitaron la Academia de Bellas Artes. La exposición cerró pronto.';
    expect(peopleIn(text, isWord)).toEqual(['Claude Monet', 'Berthe Morisot']);
  });
});

describe('the question never gives its answer away', () => {
  it('a word of the answer in the question (folded and stemmed): not asked — «japonés» for «Japonismo»', () => {
    const n = note(6, 'estampa.md', 6, 'Se llama japonismo a la moda por el arte japonés en la Europa del siglo XIX. El impresionismo, el puntillismo y el fauvismo la conocieron.');
    const pool = poolOf([n]);
    const japonismo = pool.find((i) => i.term === 'Japonismo' && !i.mention);
    if (japonismo) for (const s of seeds) expect(distractorsFor(japonismo, pool, random(s))).toBeUndefined();
  });

  it('a definition by what the term does reads as a question only with a verb after «lo que»', () => {
    const idea = (statement: string): QuizIdea => ({ kind: 'definicion', term: 'X', statement, passage: '', source: { noteId: 1 } });
    expect(readsWell(idea('mide la presión del aire'))).toBe(true);
    expect(readsWell(idea('procesos sin intercambio de calor'))).toBe(false);
    expect(readsWell(idea('dos isotermas y dos adiabáticas'))).toBe(false);
  });
});

describe('a model\'s proposal is held to the same rules', () => {
  const notes: SourceNote[] = [note(9, 'mercado.md', 4, 'La elasticidad renta se calcula como Eᵣ = (ΔQ / Q) / (ΔR / R).')];
  const ask = (distractores: string[]) => problemOf({ id_nota: 9, pregunta: '¿Qué fórmula da la elasticidad renta?', correcta: 'Eᵣ = (ΔQ / Q) / (ΔR / R)', distractores, pasaje: 'La elasticidad renta se calcula como Eᵣ = (ΔQ / Q) / (ΔR / R)' }, notes);
  it('no two formulas of one quantity; the initials the question says on every option', () => {
    expect(ask(['Eᵣ = ΔQ / ΔR', 'Eₚ = (ΔQ / Q) / (ΔP / P)', 'Eₛ = (ΔQₛ / Qₛ) / (ΔP / P)'])).toBe('repetida');
    expect(ask(['Eₚ = (ΔQ / Q) / (ΔP / P)', 'Eₛ = (ΔQₛ / Qₛ) / (ΔP / P)', 'Eₓᵧ = (ΔQₓ / Qₓ) / (ΔPᵧ / Pᵧ)'])).toBe('pista');
    expect(ask(['Eᵣₓ = (ΔQ / Q) / (ΔP / P)', 'Eᵣₛ = (ΔQₛ / Qₛ) / (ΔP / P)', 'Eᵣᵧ = (ΔQ / Q) / (ΔPᵧ / Pᵧ)'])).toBeUndefined();
  });
});

describe('a card of the same idea', () => {
  const idea: QuizIdea = { kind: 'definicion', term: 'Rendimiento de la máquina', statement: 'la fracción del calor absorbido que se convierte en trabajo', passage: 'El rendimiento de la máquina es la fracción del calor absorbido que se convierte en trabajo', source: { noteId: 3 } };
  it('is the card answered with the term, or the prepared card asked the other way round; not a card of another idea', () => {
    expect(sameIdea({ pregunta: '¿Cómo se llama la fracción…?', respuesta: 'Rendimiento de la máquina' }, idea)).toBe(true);
    expect(sameIdea({ pregunta: '¿Qué es el rendimiento de la máquina?', respuesta: 'la fracción del calor absorbido que se convierte en trabajo' }, idea)).toBe(true);
    expect(sameIdea({ pregunta: '¿Qué limita el rendimiento de la máquina?', respuesta: 'la temperatura de los focos' }, idea)).toBe(false);
  });
});

describe('a formula card of the same idea', () => {
  const idea: QuizIdea = { kind: 'formula', term: 'η = W / Q₁ = 1 − Q₂ / Q₁', statement: 'el rendimiento de la máquina', passage: 'El rendimiento de la máquina es η = W / Q₁ = 1 − Q₂ / Q₁', source: { noteId: 3 } };
  it('is the card whose answer holds the same formula, however spaced and with how it is read', () => {
    expect(sameIdea({ pregunta: '¿Cuál es la fórmula del rendimiento de la máquina?', respuesta: 'η = W / Q₁ = 1 − Q₂ / Q₁ (se lee: eta es W entre Q uno, es decir, uno menos Q dos entre Q uno)' }, idea)).toBe(true);
    expect(sameIdea({ pregunta: '¿Cuál es la fórmula del rendimiento?', respuesta: 'η=W/Q₁ = 1−Q₂/Q₁' }, idea)).toBe(true);
    expect(sameIdea({ pregunta: '¿Cuál es la fórmula del rendimiento de Carnot?', respuesta: 'η = 1 − T₂ / T₁ (se lee: eta es uno menos T dos entre T uno)' }, idea)).toBe(false);
  });
});

describe('a word of the question inside the answer', () => {
  it('is a tell: «partiendo del impresionismo» beside «Postimpresionismo»', async () => {
    const { tellTales, carriesTell } = await import('../../../src/domain/quiz/kinds.js');
    const tells = tellTales('el conjunto de tendencias que, partiendo del impresionismo, devolvieron el volumen', 'Postimpresionismo');
    expect(tells.length).toBeGreaterThan(0);
    // Only options that carry it too keep the question fair.
    expect(tells.every((t) => carriesTell('Neoimpresionismo', t))).toBe(true);
    expect(tells.every((t) => carriesTell('Expresionismo', t))).toBe(false);
  });
});
