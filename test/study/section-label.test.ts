/**
 * A line opened by a generic label («Conclusión: …», «Aplicaciones: …», «Enunciado: …») is asked of
 * its section (study/section-label.ts), and a sentence in which the teacher speaks to the class about
 * its work states no idea (study/class-talk.ts). Sentences written for these tests, not taken from a fixture.
 */
import { describe, expect, it } from 'vitest';
import { sectionLabel } from '../../src/domain/study/section-label.js';
import { talksToClass } from '../../src/domain/study/class-talk.js';
import { keyIdeasOfNote } from '../../src/domain/study/key-ideas.js';
import { cardOfIdea } from '../../src/domain/study/idea-cards.js';
import { articleFor } from '../../src/domain/study/article.js';
import type { Note } from '../../src/domain/notebook.js';

const note = (id: number, texto: string, tema?: string): Note => ({ id, texto, ...(tema ? { tema } : {}), semana: 2 } as Note);
const anyWord = () => true;

describe('a labelled line', () => {
  it('«Enunciado: …» under a law is that law stated', () => {
    expect(sectionLabel('Enunciado (Robert Hooke, 1678): el alargamiento de un muelle es proporcional a la fuerza que lo estira.', 'Ley de Hooke'))
      .toMatchObject({ kind: 'enunciado', term: 'ley de Hooke', article: 'la', body: 'el alargamiento de un muelle es proporcional a la fuerza que lo estira' });
  });
  it('any other label is asked of its section, singular or plural', () => {
    expect(sectionLabel('Aplicación principal: el gato hidráulico del taller.', 'Principio de Pascal'))
      .toMatchObject({ question: '¿Cuál es la aplicación principal del principio de Pascal?', body: 'el gato hidráulico del taller' });
    expect(sectionLabel('Ventajas: no necesita electricidad y dura décadas.', 'Molinos de agua'))
      .toMatchObject({ question: '¿Cuáles son las ventajas de los molinos de agua?', said: 'Las ventajas de los molinos de agua son no necesita electricidad y dura décadas.' });
  });
  it('makes no idea when the section gives no short name, and leaves unlabelled lines to the other rules', () => {
    expect(sectionLabel('Conclusión: el aire pesa más de lo que parece.', 'Barómetros y experimento de Torricelli')).toBeNull();
    expect(sectionLabel('Enunciado: la energía se conserva en un sistema aislado.', 'Trabajo y energía')).toBeNull();
    expect(sectionLabel('Mitosis: división de una célula en dos células hijas iguales.', 'División celular')).toBeUndefined();
  });
  it('in a note, no card asks «¿Qué es la conclusión?»', () => {
    const n = note(1, '## Vasos comunicantes\n\nSi varios recipientes abiertos están unidos por la base, el líquido alcanza la misma altura en todos ellos.\n\nAplicaciones: el nivel de los albañiles, los depósitos colocados en alto, las esclusas de los canales.', 'vasos comunicantes');
    const questions = keyIdeasOfNote(n, [n], anyWord, n.tema).map((i) => cardOfIdea(i)?.pregunta);
    expect(questions).toContain('¿Cuáles son las aplicaciones de los vasos comunicantes?');
    expect(questions.filter((q) => q && /qué (?:es|son) (?:la|las|los) aplicaci/iu.test(q))).toEqual([]);
  });
});

describe('the article of a plural', () => {
  it('reads the ending of a plural noun', () => {
    expect(['vasos comunicantes', 'aplicaciones', 'problemas', 'esclusas', 'propiedades'].map(articleFor)).toEqual(['los', 'las', 'los', 'las', 'las']);
  });
});

describe('the teacher speaking to the class', () => {
  it('names the course’s own assignments and days, or an exam while addressing the class', () => {
    expect(talksToClass('No basta con la teoría: haced la relación 4 antes de la clase del martes.')).toBe(true);
    expect(talksToClass('Para el viernes, ejercicios 3 a 9 del libro.')).toBe(true);
    expect(talksToClass('Repasad los signos: en el parcial muchos los confundisteis.')).toBe(true);
  });
  it('leaves the subject alone, even when it mentions an exam', () => {
    expect(talksToClass('Para el examen, recuerda que la entropía de un sistema aislado nunca disminuye.')).toBe(false);
    expect(talksToClass('La ciudad creció con 3 mercados y 12 iglesias en el siglo XIII.')).toBe(false);
    expect(talksToClass('El examen de conciencia era una práctica de la confesión medieval.')).toBe(false);
  });
  it('states no idea in a note', () => {
    const n = note(1, 'La presión es la fuerza perpendicular que actúa sobre una superficie por unidad de área. Haced la relación 7 antes de la clase del jueves, que la corregiremos en la pizarra.');
    expect(keyIdeasOfNote(n, [n], anyWord).map((i) => i.sentence).filter((s) => /jueves/u.test(s))).toEqual([]);
  });
});
