/**
 * What the walk of «Historia del Arte: el Románico» found in the quiz: a quiz of one question, on «el
 * material preferido» («¿Cómo se llama la piedra sillar, bien escuadrada?»), and a topic the student
 * typed echoed without its accents («la boveda de arista»). A quiz has at least MIN_QUESTIONS
 * questions — a topic's completed with what its notes say around it — or a clear message; a role is
 * no term; the topic is echoed as the notes write it. A real notebook in a temp dir; the notes cut
 * from a pasted lecture as the import cuts them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../../src/store/index.js';
import { createReviewService } from '../../../src/domain/review/service.js';
import { createQuizService } from '../../../src/domain/quiz/service.js';
import { MIN_QUESTIONS } from '../../../src/domain/quiz/build.js';
import { ideaOfSentence } from '../../../src/domain/quiz/ideas.js';
import { noteDrafts } from '../../../src/domain/material/split.js';
import { loadWordCheck } from '../../../src/domain/study/reading.js';
import { QUIZ } from '../../../src/strings/quiz.js';

const isWord = await loadWordCheck();

const PORTADA = 'El tímpano es el espacio semicircular que queda sobre la puerta, bajo el arco. El parteluz es la columna que divide en dos el vano de una puerta.';
const LECTURE = [
  'Historia del Arte: el Románico',
  '',
  'La arquitectura',
  'El contrafuerte es un machón adosado al muro que refuerza los puntos donde descargan los empujes. La girola es el pasillo semicircular que rodea el altar mayor por detrás. La bóveda de arista es la bóveda que resulta del cruce perpendicular de dos bóvedas de cañón.',
  '',
  'La escultura',
  `${PORTADA} El capitel historiado es el capitel decorado con escenas que cuentan una historia sagrada.`,
].join('\n');

let tmp: string | undefined;
afterEach(async () => { if (tmp) await rm(tmp, { recursive: true, force: true }); tmp = undefined; });

async function quizzesOf(text: string) {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'quiz-walk-'));
  const notebook = await openNotebook(tmp);
  await notebook.notes.addMany(noteDrafts(text, { fileName: 'El Románico.txt' }).map((d) => ({ tema: d.tema, texto: d.texto, semana: 9 })));
  const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, retention: 0.9, newPerDay: 20, timeZone: 'Europe/Madrid' });
  return { notebook, quizzes: createQuizService({ dataDir: tmp, notes: notebook.notes, cards: notebook.cards, review, readAnswers: async () => [], wordCheck: async () => isWord }) };
}

describe('a quiz of the Románico', () => {
  it('«El material preferido es la piedra sillar» names a role, not a term: no question asks for it', () => {
    const note = { id: 1, tema: 'la arquitectura', texto: '' };
    expect(ideaOfSentence('El material preferido es la piedra sillar, bien escuadrada.', note, isWord)).toBeUndefined();
    expect(ideaOfSentence('El tímpano es el espacio semicircular que queda sobre la puerta, bajo el arco.', note, isWord)).toMatchObject({ kind: 'definicion', term: 'Tímpano' });
  });

  it('on a typed topic with one question of its own is completed to three from its notes, the topic as the notes write it', async () => {
    const { quizzes } = await quizzesOf(LECTURE);
    const made = await quizzes.make({ chat: 5, user: 5, topic: 'el timpano' });
    if (made.kind !== 'made') throw new Error(made.kind);
    expect(made.quiz.questions).toHaveLength(MIN_QUESTIONS);
    // The topic first, then its own note's other ideas, then its week's.
    expect(made.quiz.questions.map((q) => q.idea.term)).toEqual(['Tímpano', 'Parteluz', expect.stringMatching(/^(?:Contrafuerte|Girola)$/u)]);
    expect(made.quiz.topic).toBe('el tímpano');
    expect(made.onTopic).toEqual({ questions: 1, around: 'semana' });
    expect(QUIZ.intro(3, undefined, made.quiz.topic)).toMatch(/^Test sobre «el tímpano»: 3 preguntas\./u);
    expect(QUIZ.around(1, 2, 'semana')).toBe('Sobre ese tema tus notas dan para 1 pregunta; las otras 2 son de lo que estudias esa misma semana.');
  });

  it('a topic none of whose ideas can be asked is said so, as the notes write it, with no quiz of other things', async () => {
    const { quizzes } = await quizzesOf(LECTURE);
    const made = await quizzes.make({ chat: 5, user: 5, topic: 'la boveda de arista' });
    expect(made).toMatchObject({ kind: 'no_ideas', topic: 'la bóveda de arista' });
    expect(QUIZ.noIdeas(undefined, 'la bóveda de arista', 1)).toMatch(/^En tus notas sobre «la bóveda de arista» hay una idea/u);
  });

  it('too few questions for a quiz: a clear message, no quiz and no card made; one the student asked that short is made', async () => {
    // Two definitions name another one's answer: of four ideas, two questions.
    const { quizzes, notebook } = await quizzesOf(['La portada', '', 'El tímpano es el espacio semicircular que queda sobre la puerta, bajo el arco. El parteluz es la columna que sostiene el tímpano y divide en dos el vano de una puerta. La arquivolta es la moldura en arco que rodea el tímpano y el parteluz de la portada. El capitel historiado es el capitel decorado con escenas que cuentan una historia sagrada.'].join('\n'));
    const cards = (await notebook.cards.list()).length;
    expect(await quizzes.make({ chat: 5, user: 5, week: 9 })).toEqual({ kind: 'too_few', questions: 2 });
    expect((await notebook.cards.list()).length).toBe(cards);
    expect(await quizzes.store.read().then((f) => f.quizzes)).toEqual([]);
    expect(QUIZ.tooFew(2, 9)).toBe('En tus notas de la semana 9 solo hay ideas para 2 preguntas, y un test tan corto no te dice mucho: con más apuntes te hago uno de verdad. Mientras, repasa tus tarjetas con /repasar.');
    const asked = await quizzes.make({ chat: 5, user: 5, week: 9, count: 2 });
    expect(asked.kind === 'made' && asked.quiz.questions.length).toBe(2);
  });
});
