/**
 * The rules of issue 45's third round (more questions per lecture, the same quality), on examples
 * written for these tests: a person's dated deed is asked by its year, and a date question whose
 * course names too few years gets years made near the answer; a lecture's only formula is asked
 * with wrong operations of itself; a formula of a one-word quantity is asked; a circular
 * definition is not; a definition's second claim is left out of its question.
 */
import { describe, expect, it } from 'vitest';
import { buildQuiz, distractorsFor, questionOf, readsWell } from '../../../src/domain/quiz/build.js';
import { sameLeftSide } from '../../../src/domain/quiz/formula-cues.js';
import { sortOf } from '../../../src/domain/quiz/kinds.js';
import { wrongFormulas } from '../../../src/domain/quiz/formula-variants.js';
import { definingClause, ideasOfNotes, type QuizIdea, type SourceNote } from '../../../src/domain/quiz/ideas.js';
import { mentionsOf } from '../../../src/domain/quiz/mentions.js';
import { madeYears, personYear } from '../../../src/domain/quiz/years.js';
import { loadWordCheck } from '../../../src/domain/study/reading.js';

const isWord = await loadWordCheck();
const note = (id: number, archivo: string, semana: number, texto: string): SourceNote => ({ id, tema: archivo, texto, semana, archivo });
const seeds = Array.from({ length: 8 }, (_, s) => s);
const random = (s: number) => {
  let x = (s * 7919 + 13) % 1000;
  return () => ((x = (x * 48271 + 11) % 1000) + 0.5) / 1000;
};
const poolOf = (notes: readonly SourceNote[]) => [...ideasOfNotes(notes, isWord), ...mentionsOf(notes, isWord)];
const person = (term: string, statement: string, passage: string): QuizIdea => ({ kind: 'persona', term, statement, passage, source: { noteId: 1 } });

describe('dates', () => {
  it('a person\'s dated deed is asked by its year, the event without its date', () => {
    const asked = personYear(person('Karl Pearson', 'fundó en 1911 el primer departamento de estadística', 'Karl Pearson fundó en 1911 el primer departamento de estadística'))!;
    expect(asked).toMatchObject({ kind: 'fecha', term: '1911', statement: 'Karl Pearson fundó el primer departamento de estadística' });
    // A year the sentence goes on to speak of, or two years: which would be asked?
    expect(personYear(person('Rosalía de Castro', 'publicó Cantares gallegos en 1863, fecha que marca el Rexurdimento', 'Rosalía de Castro publicó Cantares gallegos en 1863, fecha que marca el Rexurdimento'))).toBeUndefined();
    expect(personYear(person('Ronald Fisher', 'trabajó en Rothamsted de 1919 a 1933', 'Ronald Fisher trabajó en Rothamsted de 1919 a 1933'))).toBeUndefined();
  });

  it('made years lie near the answer, never one already said, never after the course\'s latest', () => {
    for (const s of seeds) {
      const made = madeYears(1911, 3, new Set([1911, 1925]), 1915, random(s)).map(Number);
      expect(made).toHaveLength(3);
      expect(new Set(made).size).toBe(3);
      for (const y of made) {
        expect(Math.abs(y - 1911)).toBeGreaterThanOrEqual(2);
        expect(Math.abs(y - 1911)).toBeLessThanOrEqual(12);
        expect(y).toBeLessThanOrEqual(1915);
      }
    }
  });

  it('a lecture naming two years still asks its dates, with the other year first', () => {
    const notes = [note(1, 'estadistica.md', 4, 'Karl Pearson fundó en 1911 el primer departamento universitario de estadística. Ronald Fisher publicó en 1925 un manual de métodos estadísticos.')];
    const pool = poolOf(notes);
    const year = pool.find((i) => i.kind === 'fecha' && i.term === '1911' && !i.mention)!;
    const [q] = buildQuiz([year], pool, 1, 'fechas');
    expect(q!.question).toBe('¿En qué año Karl Pearson fundó el primer departamento universitario de estadística?');
    expect(q!.options[q!.correct]).toBe('1911');
    expect(q!.options).toContain('1925');
    expect(new Set(q!.options).size).toBe(4);
    expect(q!.explanation).toContain('1911');
  });
});

describe('formulas', () => {
  it('wrong operations of a formula: one operation away, the same quantity, never the formula itself', () => {
    expect(wrongFormulas('η = 1 − T₂ / T₁')).toEqual(['η = 1 − T₁ / T₂', 'η = 1 − T₂ · T₁', 'η = 1 + T₂ / T₁', 'η = 1 − T₂ / T₁²']);
    expect(wrongFormulas('ΔS = Q / T')).toEqual(['ΔS = T / Q', 'ΔS = Q · T', 'ΔS = Q / T²']);
    expect(wrongFormulas('s² = Σx / n')).toEqual(['s² = n / Σx', 's² = Σx · n', 's² = Σx / n²']);
    for (const f of wrongFormulas('Eₚ = (ΔQ / Q) / (ΔP / P)')) {
      expect(sameLeftSide(f, 'Eₚ = (ΔQ / Q) / (ΔP / P)')).toBe(true);
      expect(f.replace(/\s/gu, '')).not.toBe('Eₚ=(ΔQ/Q)/(ΔP/P)');
    }
  });

  it('a lecture\'s only formula is asked with its wrong operations; a one-word quantity is asked', () => {
    const notes = [note(1, 'fisica.md', 2, ['La potencia es la energía transferida por unidad de tiempo.', '', 'La potencia se calcula así:', '', 'P = W / t', '', 'La masa es la cantidad de materia de un cuerpo.'].join('\n'))];
    const pool = poolOf(notes);
    const formula = pool.find((i) => i.kind === 'formula')!;
    expect(formula.statement).toBe('la potencia');
    const [q] = buildQuiz([formula], pool, 1, 'potencia');
    expect(q!.question).toBe('¿Qué fórmula da la potencia?');
    expect(q!.options[q!.correct]).toBe('P = W / t');
    expect(new Set(q!.options)).toEqual(new Set(['P = W / t', 'P = t / W', 'P = W · t', 'P = W / t²']));
    expect(q!.options.every((o) => sameLeftSide(o, 'P = W / t'))).toBe(true);
  });

  it('too few wrong operations: no question', () => {
    const notes = [note(1, 'economia.md', 2, ['El ingreso total se calcula así:', '', 'IT = P × Q'].join('\n'))];
    const pool = poolOf(notes);
    const formula = pool.find((i) => i.kind === 'formula')!;
    expect(wrongFormulas(formula.term)).toEqual(['IT = P / Q', 'IT = P × Q²']);
    for (const s of seeds) expect(distractorsFor(formula, pool, random(s))).toBeUndefined();
  });
});

describe('definitions', () => {
  it('a definition that says its own term is circular: no question', () => {
    const ideas = ideasOfNotes([note(1, 'quimica.md', 7, 'Los átomos se unen porque el conjunto que forman tiene menos energía que los átomos separados.')], isWord);
    expect(ideas.filter((i) => i.kind === 'definicion' && /___/u.test(i.statement))).toEqual([]);
  });

  it('a definition\'s second claim («…, y se expresa…», «…, y permite…») is not asked', () => {
    expect(definingClause('la raíz cuadrada de la varianza, y se expresa en las mismas unidades que los datos')).toBe('la raíz cuadrada de la varianza');
    expect(definingClause('el cociente entre la desviación típica y la media, y permite comparar la dispersión')).toBe('el cociente entre la desviación típica y la media');
    expect(definingClause('el vector que une la posición inicial con la final, y no depende del camino seguido')).toBe('el vector que une la posición inicial con la final');
    // «y» between two parts of the definition itself stays.
    expect(definingClause('el cociente entre la desviación típica y la media')).toBe('el cociente entre la desviación típica y la media');
  });
});

describe('terms of an unknown sort', () => {
  it('take the terms their own document defines in their shape once its other unknown ones run out, never another document\'s', () => {
    const kinematics = note(1, 'cinematica.md', 2, [
      'La trayectoria es la línea que describe un cuerpo al moverse.',
      'El desplazamiento es el vector que une la posición inicial con la posición final.',
      'La velocidad media es el cociente entre el desplazamiento y el tiempo empleado.',
      'La aceleración es la variación de la velocidad por unidad de tiempo.',
      'La rapidez es el cociente entre la distancia recorrida y el tiempo.',
    ].join(' '));
    const other = note(2, 'dinamica.md', 2, 'La fuerza es la magnitud que mide la interacción entre dos cuerpos. La masa es la cantidad de materia de un cuerpo.');
    const pool = poolOf([kinematics, other]);
    const line = pool.find((i) => i.term === 'Trayectoria')!;
    for (const s of seeds) {
      const options = distractorsFor(line, pool, random(s), () => 2)!;
      // One word in the singular beside «Trayectoria»: «Velocidad media» is of another shape.
      expect(new Set(options)).toEqual(new Set(['Desplazamiento', 'Aceleración', 'Rapidez']));
    }
  });
});

describe('people', () => {
  it('a symbol at a line\'s end and a capital at the next line\'s start are no person', () => {
    const notes = [note(1, 'fisica.md', 2, 'La aceleración media es:\n\na = Δv / Δt\n\nEn el movimiento uniforme la velocidad es constante. Isaac Newton explicó la caída de los cuerpos.')];
    expect(mentionsOf(notes, isWord).filter((m) => m.kind === 'persona').map((m) => m.term)).toEqual(['Isaac Newton']);
  });
});

describe('wording', () => {
  const idea = (term: string, statement: string, passage: string): QuizIdea => ({ kind: 'definicion', term, statement, passage, source: { noteId: 1 } });
  it('a plural definition is asked in the plural', () => {
    expect(questionOf(idea('Costes fijos', 'los que no dependen de la cantidad producida', 'Los costes fijos son los que no dependen de la cantidad producida'))).toBe('¿Cómo se llaman los que no dependen de la cantidad producida?');
    expect(questionOf(idea('Moda', 'el valor que más se repite', 'La moda es el valor que más se repite'))).toBe('¿Cómo se llama el valor que más se repite?');
  });

  it('a term its passage opens with as a setting is asked «¿En qué …?»', () => {
    expect(questionOf(idea('Enlace covalente', 'dos no metales comparten pares de electrones', 'En el enlace covalente dos no metales comparten pares de electrones'))).toBe('¿En qué enlace dos no metales comparten pares de electrones?');
    expect(readsWell(idea('Enlace covalente', 'dos no metales comparten pares de electrones', 'En el enlace covalente dos no metales comparten pares de electrones'))).toBe(true);
    expect(readsWell(idea('Enlace covalente', 'dos no metales comparten pares de electrones', 'Dos no metales comparten pares de electrones'))).toBe(false);
  });

  it('asked «¿En qué enlace…?», every option is one: two of that head are too few', () => {
    const of = (term: string, statement: string, passage: string): QuizIdea => ({ ...idea(term, statement, passage), source: { noteId: 1, file: 'quimica.md' } });
    const pool = [
      of('Enlace covalente', 'dos no metales comparten pares de electrones', 'En el enlace covalente dos no metales comparten pares de electrones'),
      of('Enlace iónico', 'la unión entre iones de carga opuesta', 'El enlace iónico es la unión entre iones de carga opuesta'),
      of('Enlace metálico', 'la unión de cationes por un mar de electrones', 'El enlace metálico es la unión de cationes por un mar de electrones'),
      of('Electronegatividad', 'la medida de la atracción de un átomo sobre un par', 'La electronegatividad es la medida de la atracción de un átomo sobre un par'),
      of('Valencia', 'la capacidad de un átomo para combinarse', 'La valencia es la capacidad de un átomo para combinarse'),
    ];
    const covalent = pool[0]!;
    for (const s of seeds) expect(distractorsFor(covalent, pool, random(s))).toBeUndefined();
    // A third of that head, and it is asked with the three.
    const more = [...pool, of('Enlace de hidrógeno', 'la atracción entre un hidrógeno y un átomo muy electronegativo', 'El enlace de hidrógeno es la atracción entre un hidrógeno y un átomo muy electronegativo')];
    for (const s of seeds) expect(new Set(distractorsFor(covalent, more, random(s)))).toEqual(new Set(['Enlace iónico', 'Enlace metálico', 'Enlace de hidrógeno']));
  });
});

describe('a lecture\'s own vocabulary', () => {
  const text = [
    '# El enlace químico', '', 'Apuntes de clase.', '',
    '## El enlace iónico', '', 'El enlace iónico es la unión entre iones de carga opuesta que se forma cuando un metal cede electrones a un no metal.', '',
    '## El enlace covalente', '', 'El enlace covalente es la unión de dos no metales que comparten pares de electrones. Si los átomos son iguales, el enlace es apolar.', '',
    '## El enlace metálico', '', 'Los metales se mantienen unidos por un mar de electrones.', '',
    '## Ejemplo resuelto', '', 'La diferencia entre el sodio y el cloro es grande.',
  ].join('\n');
  const notes = text.split(/\n(?=## )/u).map((t, i) => note(i + 1, 'enlace.md', 7, t)).map((n, i) => ({ ...n, tema: ['el enlace químico', 'el enlace iónico', 'el enlace covalente', 'el enlace metálico', 'ejemplo resuelto'][i]! }));

  it('a section\'s title is an option beside an answer of its head only; the lecture\'s title never', () => {
    const headings = mentionsOf(notes, isWord).filter((m) => m.heading).map((m) => m.term);
    expect(headings).toEqual(['Enlace iónico', 'Enlace covalente', 'Enlace metálico', 'Ejemplo resuelto']);
    const pool = poolOf(notes);
    const ionic = pool.find((i) => i.term === 'Enlace iónico' && !i.mention)!;
    for (const s of seeds) {
      const options = distractorsFor(ionic, pool, random(s)) ?? [];
      expect(options).not.toContain('Ejemplo resuelto');
      expect(options).not.toContain('Enlace químico');
    }
  });

  it('a term defined under a condition is no distractor of a question of its own section, and one of another', () => {
    const of = (noteId: number, term: string, statement: string): QuizIdea => ({ kind: 'definicion', term, statement, passage: `${term}: ${statement}`, source: { noteId, file: 'enlace.md' } });
    const pool = [
      of(1, 'Enlace iónico', 'la unión entre iones de carga opuesta'),
      of(2, 'Enlace covalente', 'la unión de dos no metales que comparten pares de electrones'),
      of(2, 'Enlace apolar', 'si los átomos son iguales'),
      of(2, 'Enlace polar', 'si uno atrae más los electrones'),
      of(3, 'Enlace metálico', 'la unión de cationes por un mar de electrones'),
      of(4, 'Enlace de hidrógeno', 'la atracción entre un hidrógeno y un átomo muy electronegativo'),
    ];
    for (const s of seeds) {
      // «Si los átomos son iguales, el enlace es apolar»: a case of the covalent bond, a second right answer beside it.
      expect(distractorsFor(pool[1]!, pool, random(s))).toEqual(expect.not.arrayContaining(['Enlace apolar']));
      expect(distractorsFor(pool[1]!, pool, random(s))).toEqual(expect.not.arrayContaining(['Enlace polar']));
    }
    // Beside the ionic bond it is plainly wrong: an option.
    expect(seeds.some((s) => (distractorsFor(pool[0]!, pool, random(s)) ?? []).some((o) => /polar/u.test(o)))).toBe(true);
  });

  it('«la parte de la física que…» is no physicist; «el paso de sustancias…» is a process', () => {
    expect(sortOf({ kind: 'definicion', term: 'Cinemática', statement: 'la parte de la física que estudia el movimiento' })).not.toBe('persona');
    expect(sortOf({ kind: 'definicion', term: 'Transporte activo', statement: 'el paso de sustancias en contra de su gradiente' })).toBe('proceso');
  });
});
