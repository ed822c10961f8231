/**
 * A note in long prose: the names its heading lists and the name it comes back to are its key terms
 * (study/note-names.ts); a date «a. C.» ends a long sentence when a capital follows it; «le» after a
 * name leans on the sentence before; an everyday word is never a blank alone. Sentences written for these
 * tests, not taken from a fixture.
 */
import { describe, expect, it } from 'vitest';
import { headingNames, lifeOf, namesOfNote } from '../../src/domain/study/note-names.js';
import { namedTerms } from '../../src/domain/study/named-term.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { cardOfIdea } from '../../src/domain/study/idea-cards.js';
import { sentencesOf } from '../../src/domain/study/reading.js';
import { clozeProblem, leansOnBefore } from '../../src/domain/study/cloze-quality.js';
import type { Note } from '../../src/domain/notebook.js';

const note = (id: number, texto: string, tema?: string): Note => ({ id, texto, ...(tema ? { tema } : {}), semana: 2 } as Note);
const anyWord = () => true;
const proper = (w: string) => /^\p{Lu}/u.test(w) && !['Los', 'Tres'].includes(w);

describe('the names a note is about', () => {
  it('reads the names a heading lists, in the notes’ capitals', () => {
    expect(headingNames('cicerón, césar y catón', proper)).toEqual(['Cicerón', 'César', 'Catón']);
    expect(headingNames('los tres oradores', proper)).toEqual([]);
  });
  it('prefers a name the note comes back to over a setting the whole course writes', () => {
    const text = 'En Roma vivió Varrón. Más tarde Varrón escribió sobre la lengua, y en Roma lo leyeron todos.';
    const notesWriting = (n: string) => (n === 'Roma' ? 9 : 1);
    expect(namesOfNote(text, new Set(['Roma', 'Varrón']), notesWriting, 10)).toEqual(['Varrón']);
  });
  it('asks who they were by what they did, or by their life when what they did points back', () => {
    expect(lifeOf('Plauto, que vivió entre el 254 y el 184 a. C., escribió comedias de enredo para el público de los juegos.', 'Plauto'))
      .toMatchObject({ verb: 'escribió', body: 'comedias de enredo para el público de los juegos' });
    expect(lifeOf('Terencio, que nació en Cartago y que llegó a Roma como esclavo, es el segundo de ellos.', 'Terencio'))
      .toMatchObject({ verb: 'nació', body: 'en Cartago y llegó a Roma como esclavo' });
  });
  it('in a note of plain prose, each name of the heading gets its card', () => {
    const text = 'Los dos autores cómicos que conservamos escribieron en el siglo II a. C. Plauto, que vivió entre el 254 y el 184 a. C., escribió comedias de enredo para el público de los juegos. Terencio, que nació en Cartago y que llegó a Roma como esclavo, es el segundo de ellos.';
    const n = note(1, text, 'plauto y terencio');
    const cards = keyIdeasOfNote(n, [n], anyWord, n.tema).map((i) => cardOfIdea(i)).filter(Boolean);
    expect(cards).toContainEqual(expect.objectContaining({ pregunta: '¿Quién escribió comedias de enredo para el público de los juegos?', respuesta: 'Plauto' }));
    expect(cards).toContainEqual(expect.objectContaining({ pregunta: '¿Quién nació en Cartago y llegó a Roma como esclavo?', respuesta: 'Terencio' }));
  });
});

describe('reading around a date and a pronoun', () => {
  it('ends a long sentence at «a. C.» when a capital follows, not a date that opens one', () => {
    expect(sentencesOf('Las dos comedias que conservamos de aquel teatro se escribieron en el siglo II a. C. Plauto fue el primero.').map((s) => s.text))
      .toEqual(['Las dos comedias que conservamos de aquel teatro se escribieron en el siglo II a. C.', 'Plauto fue el primero.']);
    expect(sentencesOf('Hacia el 240 a. C. Livio Andronico tradujo la Odisea.').length).toBe(1);
  });
  it('hears «le» after a name or «se le» as someone named before', () => {
    expect(leansOnBefore('Cicerón le dedicó el tratado sobre la amistad.')).toBe(true);
    expect(leansOnBefore('Se le atribuye la primera comedia latina.')).toBe(true);
    expect(leansOnBefore('Cicerón dedicó a Ático el tratado sobre la amistad.')).toBe(false);
  });
  it('never blanks an everyday word alone', () => {
    const s = 'Una rueda a dos bares está, en realidad, a unos tres bares de presión absoluta.';
    expect(clozeProblem(s, 'realidad', s.indexOf('realidad'))).toBe('comun');
    const t = 'El manómetro de la rueda mide la diferencia con la presión atmosférica.';
    expect(clozeProblem(t, 'manómetro', t.indexOf('manómetro'))).toBeUndefined();
  });
});

describe('a term a sentence names by a naming verb', () => {
  it('finds it after the verb or before «, que es como se llamaba», never an action', () => {
    expect(namedTerms('Los reyes recompensaban a los fieles con tierras en usufructo, lo que en los documentos se denominaba beneficio (beneficium), porque no eran suyas.')).toEqual(['beneficio']);
    expect(namedTerms('Quien rompía sus compromisos incurría en felonía, que es como se llamaba la traición a la fe jurada.')).toEqual(['felonía']);
    expect(namedTerms('Anotar una cantidad en el Debe se llama cargar la cuenta.')).toEqual([]);
  });
  it('cards it as a cloze in a note', () => {
    const n = note(1, 'Quien rompía sus compromisos con el señor incurría en felonía, que es como se llamaba la traición a la fe jurada.');
    const cards = keyIdeasOfNote(n, [n], anyWord).map((i) => cardOfIdea(i)).filter(Boolean);
    expect(cards).toContainEqual(expect.objectContaining({ tipo: 'cloze', respuesta: 'felonía' }));
  });
});
