/**
 * A glossary line without a bullet — how a lecture's PDF lists its terms, one paragraph each
 * («Presa: especie cuya población crece …») — is a definition of its head, as «X es …» is; a line
 * opened by a label («Ejemplo: …»), a verb («Tiene dos fases: …») or a number is not. Found when a new
 * student's own lecture gave «no dice ninguna definición» for a note of three such lines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardsForNote } from '../../src/domain/cards/build.js';
import { listItem } from '../../src/domain/study/idea-rules.js';
import { loadWordCheck, type WordCheck } from '../../src/domain/study/reading.js';
import type { Note } from '../../src/domain/notebook.js';

let isWord: WordCheck;
beforeAll(async () => { isWord = await loadWordCheck(); });

describe('a glossary line', () => {
  it('«Término: lo que es.» defines its head', () => {
    expect(listItem('Depredador: especie que se alimenta de otra y cuya población decrece sin ella.')).toMatchObject({ kind: 'definicion', term: 'Depredador' });
    expect(listItem('Punto de equilibrio: estado en el que las dos poblaciones no cambian con el tiempo.')).toMatchObject({ kind: 'definicion', term: 'Punto de equilibrio' });
  });

  it('a label, a verb, a number or a line without a sentence\'s end is no term', () => {
    for (const line of [
      'Ejemplo: una población de conejos sin zorros crece sin límite.',
      'Tiene dos grandes fases: la interfase, en la que la célula crece, y la fase M.',
      'Tema 2: las ecuaciones de Lotka y Volterra y sus soluciones.',
      'Depredador: especie que se alimenta de otra',
      'Los autores: publicaron sus obras en la misma década.',
      'Pasamos a voltios: la diferencia de potencial entre los bornes.',
    ]) expect(listItem(line), line).toBeUndefined();
  });

  it('a note of three such lines gives a card for each term', () => {
    const n = {
      id: 2, semana: 2, tema: '2. definiciones',
      texto: 'Presa: especie cuya población crece de forma exponencial en ausencia del depredador.\n\nDepredador: especie que se alimenta de la presa y cuya población decrece sin ella.\n\nPunto de equilibrio: estado en el que las dos poblaciones no cambian con el tiempo.',
    } as Note;
    const cards = cardsForNote(n, [n], [], (x) => x.semana ?? null, { isWord }).cards;
    const asked = cards.map((c) => `${c.pregunta} ${c.respuesta}`).join('\n');
    for (const term of ['presa', 'depredador', 'punto de equilibrio']) expect(asked).toContain(term);
  });

  it('the question asks the head in lower case, as a word, unless the course writes it as a name', () => {
    const n = {
      id: 2, semana: 2, tema: '2. definiciones',
      texto: 'Presa: especie cuya población crece de forma exponencial en ausencia del depredador.\n\nBarroco: estilo artístico europeo que va aproximadamente de 1600 a 1750.\n\nEl arte del Barroco busca conmover a quien lo mira.',
    } as Note;
    const asked = cardsForNote(n, [n], [], (x) => x.semana ?? null, { isWord }).cards.map((c) => c.pregunta);
    expect(asked.some((q) => /¿Qué es la presa\?$/u.test(q)), asked.join('\n')).toBe(true);
    expect(asked.some((q) => /¿Qué es el Barroco\?$/u.test(q)), asked.join('\n')).toBe(true);
  });
});
