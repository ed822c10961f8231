/** A week's key ideas, and one card per idea by kind, on two small lectures of our own (physics, art history). */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardsForNote, checkProposedCards } from '../../src/domain/cards/build.js';
import { BLANK, clozeSentence } from '../../src/domain/study/idea-cards.js';
import { keyIdeasOfWeek } from '../../src/domain/study/key-ideas.js';
import { languageOf, loadWordCheck, readProblem, sentencesOf, type WordCheck } from '../../src/domain/study/reading.js';
import { DETERMINERS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS, VERBS } from '../../src/domain/cards/lexicon.js';
import type { Card, NewCard } from '../../src/store/index.js';
import type { Note } from '../../src/domain/notebook.js';
import { BARROCO, ELECTRICIDAD } from './examples.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

/** The week's cards as crear_tarjetas makes them, note after note against the growing deck. */
function weekCards(notes: readonly Note[], deleted: readonly Card[] = []): Card[] {
  const deck: Card[] = [];
  for (const n of notes) {
    let made: NewCard[] = [];
    try {
      made = cardsForNote(n, notes, deck, undefined, { isWord, deleted }).cards;
    } catch {
      continue;
    }
    for (const c of made) if (!deck.some((d) => d.pregunta === c.pregunta)) deck.push({ ...c, id: deck.length + 1, creada: '2027-01-01T00:00:00.000Z' });
  }
  return deck;
}

describe('key ideas of a week', () => {
  it('finds statements, definitions, formulas with their meaning, and dates, in the order of the material', () => {
    const ideas = keyIdeasOfWeek(ELECTRICIDAD, ELECTRICIDAD, isWord);
    const strong = ideas.filter((i) => i.kind !== 'termino').map((i) => [i.kind, i.term]);
    expect(strong).toEqual([
      ['definicion', 'intensidad de corriente'],
      ['formula', 'intensidad de corriente'],
      ['enunciado', 'ley de Ohm'],
      ['definicion', 'constante de proporcionalidad'],
      ['formula', 'constante de proporcionalidad'],
      ['definicion', 'potencia eléctrica'],
      ['formula', 'potencia eléctrica'],
    ]);
    expect(ideas.find((i) => i.kind === 'enunciado')!.body).toBe('la intensidad que recorre un conductor es proporcional a la diferencia de potencial entre sus extremos');
    expect(ideas.find((i) => i.kind === 'formula')!.formula!.spoken).toBe('I es Q entre t');
    const art = keyIdeasOfWeek(BARROCO.filter((n) => n.semana === 7), BARROCO, isWord);
    expect(art.filter((i) => i.kind === 'fecha').map((i) => i.year)).toEqual(['1599', '1656']);
    expect(art.filter((i) => i.kind === 'definicion').map((i) => i.term)).toEqual(['Barroco', 'tenebrismo', 'perspectiva aérea', 'pintura flamenca', 'claroscuro']);
    // People with their dates, and works by their title.
    expect(art.filter((i) => i.kind === 'persona').map((i) => [i.term, i.body])).toEqual([['Diego Velázquez', 'el pintor de cámara de Felipe IV'], ['Pedro Pablo Rubens', 'el gran pintor del Barroco flamenco']]);
    // «Su cuadro «El descendimiento de la cruz» …» never says whose it is: a cloze on it could be anyone's work.
    expect(art.filter((i) => i.kind === 'obra').map((i) => i.term)).toEqual([]);
  });

  it('takes nothing from a page band or a sentence cut at the end of a page', () => {
    const ideas = keyIdeasOfWeek(ELECTRICIDAD, ELECTRICIDAD, isWord);
    for (const i of ideas) expect(i.sentence).not.toMatch(/Apuntes de clase|Grado en|calien$/);
    expect(ideas.some((i) => i.noteId === 1)).toBe(false);
  });
});

describe('cards by kind', () => {
  it('asks a definition, a statement, a formula (said in words) and a date, each answered by the notes', () => {
    const cards = weekCards(ELECTRICIDAD);
    const qa = cards.map((c) => [c.tipo, c.pregunta, c.respuesta]);
    expect(qa).toContainEqual(['definicion', '¿Qué es la intensidad de corriente?', 'la cantidad de carga que atraviesa una sección del conductor por unidad de tiempo']);
    expect(qa).toContainEqual(['enunciado', 'Enuncia la ley de Ohm.', 'la intensidad que recorre un conductor es proporcional a la diferencia de potencial entre sus extremos']);
    expect(qa).toContainEqual(['formula', '¿Cuál es la fórmula de la intensidad de corriente?', 'I = Q / t (se lee: I es Q entre t)']);
    const art = weekCards(BARROCO);
    expect(art.map((c) => [c.tipo, c.pregunta, c.respuesta])).toContainEqual(['fecha', '¿En qué año Caravaggio pintó La vocación de san Mateo para la capilla Contarelli de Roma?', '1599']);
    // A one-word term is asked with its section as a context cue.
    expect(art.map((c) => c.pregunta)).toContain('(Caravaggio) ¿Qué es el tenebrismo?');
    expect(art.map((c) => [c.pregunta, c.respuesta])).toContainEqual(['¿Quién fue el gran pintor del Barroco flamenco?', 'Pedro Pablo Rubens']);
    expect(art.map((c) => [c.pregunta, c.respuesta])).toContainEqual(['¿Por qué se caracteriza la pintura flamenca?', 'el detalle minucioso de las telas y los objetos']);
  });

  it('never blanks a verb, a function word or a number, and every card comes from a sentence read well', () => {
    for (const notes of [ELECTRICIDAD, BARROCO]) {
      for (const c of weekCards(notes)) {
        const note = notes.find((n) => n.id === c.id_nota)!;
        const language = languageOf(note.texto);
        const source = c.tipo === 'cloze' ? clozeSentence(c.pregunta)!.replace(BLANK, c.respuesta) : c.tipo === 'formula' ? c.respuesta.replace(/\s*\(.*\)$/u, '') : c.tipo === 'fecha' ? c.respuesta : c.respuesta;
        expect(note.texto.replace(/\*\*/g, '')).toContain(source);
        if (c.tipo !== 'formula') {
          const sentence = sentencesOf(note.texto.replace(/\*\*/g, '')).find((s) => s.text.includes(source))!;
          expect(readProblem(sentence.text, language, isWord), sentence.text).toBeUndefined();
        }
        if (c.tipo !== 'cloze') continue;
        const words = c.respuesta.toLocaleLowerCase('es').split(/\s+/);
        expect(/\d/.test(c.respuesta)).toBe(false);
        for (const w of [words[0]!, words.at(-1)!]) {
          for (const closed of [VERBS, DETERMINERS, PREPOSITIONS, QUANTIFIERS, FUNCTION_WORDS]) expect(closed.has(w), `${c.pregunta} → ${c.respuesta}`).toBe(false);
        }
        expect(c.respuesta).not.toMatch(/(?:amos|emos|imos|aron|ieron)$/u);
      }
    }
  });

  it('covers every idea once before any second card, and never twice from one sentence', () => {
    const cards = weekCards(ELECTRICIDAD);
    expect(new Set(cards.map((c) => c.pregunta)).size).toBe(cards.length);
    expect(new Set(cards.map((c) => c.respuesta.toLocaleLowerCase('es'))).size).toBe(cards.length);
    for (const c of cards) for (const o of cards) if (o !== c) expect(c.pregunta.toLocaleLowerCase('es')).not.toContain(o.respuesta.toLocaleLowerCase('es'));
  });

  it('does not make again a card the student deleted', () => {
    const first = weekCards(ELECTRICIDAD);
    const gone = { ...first.find((c) => c.tipo === 'enunciado')!, borrada: true as const };
    const again = weekCards(ELECTRICIDAD, [gone]);
    expect(again.some((c) => c.pregunta === gone.pregunta || c.respuesta === gone.respuesta)).toBe(false);
    expect(again.length).toBeGreaterThan(0);
  });
});

describe('a model\'s cards, checked by the same rules', () => {
  const note = ELECTRICIDAD.find((n) => n.id === 2)!;
  const check = (tarjetas: Parameters<typeof checkProposedCards>[2]) => checkProposedCards(note, ELECTRICIDAD, tarjetas, [], 0, undefined, isWord);

  it('accepts a definition answered with what the note says', () => {
    const { cards, problems } = check([{ tipo: 'pregunta', pregunta: '¿Qué es la intensidad de corriente?', respuesta: 'la cantidad de carga que atraviesa una sección del conductor por unidad de tiempo' }]);
    expect(problems).toEqual([]);
    expect(cards).toHaveLength(1);
  });

  it('refuses a blank on a verb or a number, and a cloze from a cut sentence', () => {
    expect(check([{ tipo: 'cloze', pregunta: 'Se _____ en amperios con un aparato llamado amperímetro, que se conecta en serie con el circuito.', respuesta: 'mide' }]).problems[0]?.problem.kind).toBe('no_es_termino');
    const cut = ELECTRICIDAD.find((n) => n.id === 4)!;
    const r = checkProposedCards(cut, ELECTRICIDAD, [{ tipo: 'cloze', pregunta: 'Una resis tencia del _____ se calien', respuesta: 'circuito' }], [], 0, undefined, isWord);
    expect(r.problems.map((p) => p.problem.kind)).toEqual(['frase_mal_leida']);
  });
});

describe('a lecture table read as rows «celda · celda · celda»', () => {
  it('gives no formula made of a row’s cells', () => {
    const texto = 'El ciclo de Carnot está formado por dos isotermas y dos adiabáticas, todas reversibles, recorridas por un gas ideal en el orden siguiente:\n\nEtapa · Proceso · Temperatura · Calor Trabajo\n1 → 2 · Expansión isoterma · T₁ constante · absorbe Q₁ del foco el gas realiza trabajo caliente\n2 → 3 · Expansión adiabática · baja de T₁ a T₂ · Q = 0 el gas realiza trabajo\n3 → 4 · Compresión isoterma · T₂ constante · cede Q₂ al foco frío se realiza trabajo sobre el gas\n4 → 1 · Compresión adiabática · sube de T₂ a T₁ · Q = 0 se realiza trabajo sobre el gas\nCiclo completo · Vuelve al estado 1 · — · Q₁ − Q₂ W = Q₁ − Q₂\n\nEl rendimiento del ciclo de Carnot es η = 1 − T₂/T₁, donde T₁ es la temperatura del foco caliente.';
    const note: Note = { id: 9, semana: 5, tema: '6. El ciclo de Carnot', texto };
    const formulas = keyIdeasOfWeek([note], [note], isWord).filter((i) => i.kind === 'formula').map((i) => i.body);
    expect(formulas.some((b) => b.includes('·') || b.includes('Q₁ − Q₂ W'))).toBe(false);
  });
});
