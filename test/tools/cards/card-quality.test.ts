// Card quality over the 12 demo notes, judged against a hand-labelled fixture of acceptable key terms
// (committed before the card builder changed): every answer is in its note, a cloze's answer and a
// definition's term are in the fixture, and a
// note's cards (up to three; the demo notes are one sentence each, so one cloze each) ask about
// different terms.
import { weekOfNote } from '../../../src/domain/course/course.js';
import { DEMO_COURSE } from '../../../src/domain/course/demo.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_NOTES_FILE } from '../../../src/store/index.js';
import type { Note } from '../../../src/store/index.js';

import { BLANK, CARDS_PER_NOTE, buildCards } from '../../../src/domain/cards/build.js';
import { clozeSentence } from '../../../src/domain/study/idea-cards.js';

/** The demo notes' weeks in the demo course (the cards' tag). */
const ofDemo = (n: Parameters<typeof weekOfNote>[1]) => weekOfNote(DEMO_COURSE, n);

const notes = JSON.parse(readFileSync(SEED_NOTES_FILE, 'utf8')) as Note[];
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/terminos-clave.json', import.meta.url), 'utf8')) as Record<string, string[]>;

describe('cards of the 12 demo notes', () => {
  it.each(notes.map((n) => [n.id, n] as const))('note %i: answers are key terms of the note, different ones, at most three', (id, note) => {
    const cards = buildCards(note, notes, ofDemo);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(CARDS_PER_NOTE);
    for (const c of cards) {
      expect(note.texto).toContain(c.respuesta);
      // A cloze asks for a key term; a definition answers with what the note says the term is or does.
      if (c.tipo === 'cloze') expect(fixture[String(id)]).toContain(c.respuesta);
      else expect(fixture[String(id)]!.some((t) => c.pregunta.includes(t))).toBe(true);
      expect(c.id_nota).toBe(id);
      expect(c.semana).toBe({ estadística: 1, python: 2, 'historia del arte': 3, música: 4 }[note.tema]);
    }
    expect(new Set(cards.map((c) => c.respuesta.toLowerCase())).size).toBe(cards.length);
  });

  it('the old weak answers are gone and the prompt says tú', () => {
    const answers = notes.flatMap((n) => buildCards(n, notes, ofDemo).map((c) => `${n.id}:${c.respuesta}`));
    for (const weak of ['11:varias', '9:rompió', '9:mostró', '5:archivo']) expect(answers).not.toContain(weak);
    const questions = notes.flatMap((n) => buildCards(n, notes, ofDemo).map((c) => c.pregunta));
    expect(questions.join('\n')).not.toContain('Complete la frase');
  });

  it('a cloze gives back the note’s sentence when the blank is filled with the answer', () => {
    for (const note of notes) {
      for (const c of buildCards(note, notes, ofDemo).filter((c) => c.tipo === 'cloze')) {
        const sentence = clozeSentence(c.pregunta)!;
        expect(note.texto).toContain(sentence.replace(BLANK, c.respuesta));
      }
    }
  });

  it('a note that says what a term does gets a definition card asking what it does, answered by the note', () => {
    const note2 = notes.find((n) => n.id === 2)!;
    const def = buildCards(note2, notes, ofDemo).find((c) => c.tipo === 'definicion');
    expect(def).toEqual({
      id_nota: 2, semana: 1, tipo: 'definicion',
      pregunta: '¿Qué mide la desviación estándar?', respuesta: 'cuánto se alejan los datos de la media',
    });
  });
});
