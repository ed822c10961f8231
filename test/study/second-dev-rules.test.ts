/**
 * The rules written against the second development set (history, biology): a list's stages named
 * bare, a bold term's apposition, a sentence opened by its full date, a bold work's year and past
 * verb; a list's stated items past the per-note cap; secondary ideas never outnumbering the stated
 * ones; an episode that says the main ideas and stated lists before people, works and dates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { boldApposition, inWhich, listItem } from '../../src/domain/study/idea-rules.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { CARDS_PER_NOTE, cardsForNote } from '../../src/domain/cards/build.js';
import { buildNarrationScript, definedItem, itemClause } from '../../src/domain/media/script.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import type { Card } from '../../src/store/index.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => {
  isWord = await loadWordCheck();
});

const note = (id: number, texto: string, tema: string, semana = 4): Note => ({ id, texto, tema, semana } as Note);

const STAGES = [
  '- Leptoteno: los cromosomas empiezan a condensarse como hilos largos y finos.',
  '- Cigoteno: los cromosomas homólogos se aparean a lo largo de toda su longitud.',
  '- Paquiteno: los homólogos intercambian fragmentos en el sobrecruzamiento.',
  '- Diploteno: los homólogos se separan pero siguen unidos por los quiasmas.',
  '- Diacinesis: los cromosomas alcanzan su máxima condensación antes de la metafase.',
].join('\n');

describe('a list item named bare', () => {
  it('«- Profase: …» defines its stage; a label of several words does not', () => {
    expect(listItem('- Profase: los cromosomas se condensan y se forma el huso mitótico.')).toMatchObject({ kind: 'definicion', term: 'Profase', body: 'los cromosomas se condensan y se forma el huso mitótico', item: true });
    expect(listItem('- Temas de la vida moderna: bulevares, estaciones y cafés.')).toBeUndefined();
    expect(listItem('- Por ejemplo: el agua y el aire.')).toBeUndefined();
  });
});

describe('a bold term and its apposition', () => {
  it('is defined by what the apposition says, with the article the note gives it', () => {
    expect(boldApposition('Si el ADN está dañado, la célula muere por **apoptosis**, la muerte celular programada.')).toMatchObject({ kind: 'definicion', term: 'apoptosis', body: 'la muerte celular programada' });
    expect(boldApposition('Luis XVI convocó los **Estados Generales**, la asamblea de los tres estamentos, que no se reunía.')).toMatchObject({ term: 'Estados Generales', article: 'los', body: 'la asamblea de los tres estamentos' });
  });
  it('needs bold marks and a noun after the article', () => {
    expect(boldApposition('La célula muere por apoptosis, la muerte celular programada.')).toBeUndefined();
    expect(boldApposition('Lo explica la **regla**, la que todos conocen bien.')).toBeUndefined();
  });
});

describe('a sentence opened by its full date', () => {
  it('is asked «¿Cuándo …?» with its first claim, answered by the whole date', () => {
    const n = note(1, 'El 9 de noviembre de 1989 los berlineses derribaron el muro de Berlín, símbolo de la Guerra Fría.', 'La caída del muro');
    const idea = keyIdeasOfNote(n, [n], isWord, n.tema).find((i) => i.kind === 'fecha');
    expect(idea).toMatchObject({ year: 'el 9 de noviembre de 1989', when: 'los berlineses derribaron el muro de Berlín' });
  });
});

describe('a bold term whose year follows it and what it did', () => {
  it('is asked by its past verb, up to its second claim', () => {
    const n = note(1, 'Su obra más duradera fue el **Código Civil** de 1804, que recogió la igualdad ante la ley y sirvió de modelo a muchos países.', 'Napoleón');
    expect(keyIdeasOfNote(n, [n], isWord, n.tema).find((i) => i.term === 'Código Civil')).toMatchObject({ kind: 'definicion', verb: 'recogió', body: 'la igualdad ante la ley' });
  });
});

describe('a list whose items each state an idea', () => {
  it('gets one card per item past the per-note cap', () => {
    const n = note(1, `La profase I de la meiosis tiene cinco etapas:\n\n${STAGES}`, 'Profase I');
    const cards = cardsForNote(n, [n], [], undefined, { isWord }).cards;
    expect(cards.length).toBeGreaterThan(CARDS_PER_NOTE);
    expect(cards.map((c) => c.respuesta)).toContain('los cromosomas alcanzan su máxima condensación antes de la metafase');
  });
});

describe('the secondary ideas of a week', () => {
  it('table rows never outnumber the stated ideas of the week', () => {
    const table = note(2, [
      '| Orgánulo | Función |', '|---|---|',
      '| Mitocondria | respiración celular y energía |', '| Cloroplasto | fotosíntesis en las plantas |',
      '| Ribosoma | síntesis de las proteínas |', '| Lisosoma | digestión de moléculas |',
    ].join('\n'), 'Orgánulos');
    const week = [note(1, 'La célula es la unidad básica de la vida, la más pequeña capaz de funcionar por sí sola.', 'La célula'), table];
    const deck: Card[] = [];
    for (const n of week) {
      for (const c of cardsForNote(n, week, deck, undefined, { isWord }).cards) deck.push({ ...c, id: deck.length + 1, creada: '2027-01-01T00:00:00.000Z' });
    }
    expect(deck.filter((c) => c.id_nota === 1)).toHaveLength(1);
    expect(deck.filter((c) => c.id_nota === 2)).toHaveLength(1);
    // Alone in its week (nothing stated), the table keeps its rows.
    expect(cardsForNote(table, [table], [], undefined, { isWord }).cards.length).toBeGreaterThan(1);
  });
});

describe('the episode says the main ideas first', () => {
  it('a stated list is said with what each item says, an enumeration whole', () => {
    expect(definedItem('Profase: los cromosomas se condensan, desaparece la envoltura nuclear y se forma el huso mitótico.')).toBe('Profase: los cromosomas se condensan, desaparece la envoltura nuclear y se forma el huso mitótico');
    expect(itemClause('La división de poderes en legislativo, ejecutivo y judicial, tal como la había defendido Montesquieu')).toBe('La división de poderes en legislativo, ejecutivo y judicial');
    const n = note(1, `La profase I de la meiosis tiene cinco etapas:\n\n${STAGES}`, 'Profase I');
    expect(buildNarrationScript(4, 'la meiosis', [n], isWord).text).toContain('diacinesis: los cromosomas alcanzan su máxima condensación');
  });
  it('a definition late in the week is said before the dates and people that fill the time', () => {
    // Short dated lines fill the budget; the definition, longer than any of them, fits only if chosen first.
    const people = Array.from({ length: 40 }, (_, k) => note(10 + k, `En ${1800 + k}, un naturalista describió una especie nueva de escarabajo en los bosques del norte.`, `Expedición ${k + 1}`));
    const last = note(99, 'La biodiversidad es la variedad de seres vivos que habitan un lugar determinado, con la diversidad de sus genes, de sus especies y de los ecosistemas que forman juntos en la naturaleza.', 'La biodiversidad');
    const { text } = buildNarrationScript(4, 'la biodiversidad', [...people, last], isWord);
    expect(text).toContain('la variedad de seres vivos que habitan un lugar');
  });
  it('with the main ideas at the target, a date of a note already said competes by centrality and is left out', () => {
    const words = ['ecosistema', 'población', 'comunidad', 'biotopo', 'biocenosis', 'hábitat', 'nicho', 'productor', 'consumidor', 'descomponedor', 'cadena', 'red', 'pirámide', 'biomasa', 'sucesión', 'clímax', 'bioma', 'especie', 'plaga'];
    const notes = words.map((w, k) => note(k + 1, `El ${w} es un concepto de la ecología que describe una parte del medio natural y sus relaciones con los seres vivos que lo habitan cada día.`, `Tema ${w}`));
    notes[notes.length - 1]!.texto += ' En 1866, Ernst Haeckel acuñó la palabra ecología para nombrar el estudio de los seres vivos.';
    const { text } = buildNarrationScript(4, 'la ecología', notes, isWord);
    expect(text).toContain('plaga es un concepto de la ecología');
    expect(text).not.toContain('Haeckel');
  });
});

describe('a stage named with what happens in it', () => {
  it('is asked «¿Qué ocurre en …?» with its clause', () => {
    expect(inWhich('Tiene dos grandes fases: la interfase, en la que la célula crece y duplica su ADN, y la fase M o de división.')).toMatchObject({ term: 'interfase', body: 'la célula crece y duplica su ADN', question: '¿Qué ocurre en la interfase?' });
    expect(inWhich('Vivía en la casa, en la que nació.')).toBeUndefined();
  });
});
