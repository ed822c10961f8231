/**
 * A quiz of one lecture (a new student's first week): where a term has no three wrong terms of its
 * sort, it is asked the other way round — «¿Cuál es la definición de «Foco»?» among the lecture's
 * other definitions (domain/quiz/reverse.ts) — under the rules of every question: one kind of
 * option, none alike, none naming the asked term, no word shared only by the question and the right
 * option, every option whole within Telegram's 100 characters. Its card answers with the definition.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { splitIntoNotes } from '../../../src/domain/material/split.js';
import { buildQuiz, QUIZ_LIMITS } from '../../../src/domain/quiz/build.js';
import { ideasOfNotes, type SourceNote } from '../../../src/domain/quiz/ideas.js';
import { mentionsOf } from '../../../src/domain/quiz/mentions.js';
import { carriesTell, tellTales } from '../../../src/domain/quiz/kinds.js';
import { optionOfStatement } from '../../../src/domain/quiz/reverse.js';
import { createQuizService } from '../../../src/domain/quiz/service.js';
import { createReviewService } from '../../../src/domain/review/service.js';
import { loadWordCheck } from '../../../src/domain/study/reading.js';
import { fold } from '../../../src/lib/fold.js';
import { openNotebook } from '../../../src/store/index.js';

const isWord = await loadWordCheck();
const FILE = 'termodinamica-tema5.md';
const text = await readFile(path.join(import.meta.dirname, '../../fixtures/lectures', FILE), 'utf8');
const notes = splitIntoNotes(text, { fileName: FILE, semana: 5 }).map((n, i) => ({ ...n, id: i + 1, archivo: FILE })) as SourceNote[];
const ideas = ideasOfNotes(notes, isWord);
const pool = [...ideas, ...mentionsOf(notes, isWord)];
const weekOf = (id: number) => notes.find((n) => n.id === id)?.semana;

describe('a quiz of one lecture', () => {
  const quiz = buildQuiz(ideas, pool, 20, 'una-leccion', weekOf);
  const reverse = quiz.filter((q) => q.reverse);

  it('asks a term its lecture has no three wrong terms for the other way round, among the lecture\'s definitions', () => {
    const asked = reverse.find((q) => q.idea.term === 'Rendimiento de la máquina');
    expect(asked?.question).toBe('¿Cuál es la definición de «Rendimiento de la máquina»?');
    expect(asked?.options[asked.correct]).toBe('La fracción del calor absorbido que se convierte en trabajo');
    expect(quiz.length).toBeGreaterThan(quiz.filter((q) => !q.reverse).length);
  });

  it('keeps every rule of a question: one kind, none alike, none naming the term, no tell-tale word, whole options', () => {
    expect(reverse.length).toBeGreaterThanOrEqual(2);
    const definitions = new Set(ideas.filter((i) => i.kind === 'definicion' || i.kind === 'termino').map((i) => optionOfStatement(i.statement)));
    for (const q of reverse) {
      const right = q.options[q.correct]!;
      expect(right).toBe(optionOfStatement(q.idea.statement));
      expect(new Set(q.options.map(fold)).size).toBe(4);
      const tells = tellTales(q.idea.term, right);
      for (const o of q.options) {
        expect(definitions.has(o), o).toBe(true);
        expect(Array.from(o).length).toBeLessThanOrEqual(QUIZ_LIMITS.option);
        expect(o.endsWith('…'), o).toBe(false);
        expect(fold(o)).not.toContain(fold(q.idea.term));
        for (const t of tells) expect(carriesTell(o, t), `${o} / ${t}`).toBe(true);
      }
      // One question never names another one's answer.
      for (const other of quiz.filter((x) => x !== q)) expect(fold(other.question)).not.toContain(fold(right));
    }
  });
});

describe('the quiz service, one lecture in the notebook', () => {
  let tmp: string | undefined;
  afterEach(async () => { if (tmp) await rm(tmp, { recursive: true, force: true }); tmp = undefined; });

  it('ties a question asked the other way round to a card that answers with the definition', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'quiz-one-lecture-'));
    const notebook = await openNotebook(tmp);
    await notebook.notes.addMany(notes.map((n) => ({ tema: n.tema, texto: n.texto, semana: 5 })));
    const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, retention: 0.9, newPerDay: 20, timeZone: 'Europe/Madrid' });
    const quizzes = createQuizService({ dataDir: tmp, notes: notebook.notes, cards: notebook.cards, review, readAnswers: async () => [] });
    const made = await quizzes.make({ chat: 5, user: 5, week: 5, count: 20 });
    if (made.kind !== 'made') throw new Error(made.kind);
    const asked = made.quiz.questions.find((q) => q.question.startsWith('¿Cuál es la definición de'));
    expect(asked).toBeDefined();
    const card = (await notebook.cards.list()).find((c) => c.id === asked!.cardId);
    expect(card).toMatchObject({ pregunta: asked!.question, respuesta: asked!.options[asked!.correct] });
  });
});
