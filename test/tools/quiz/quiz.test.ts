/**
 * The quiz's pure parts and its service on a real notebook in a temp dir (issue 45): ideas read
 * from sentences, distractors of the same kind and never a paraphrase, the same quiz id giving the
 * same shuffles, Telegram's limits; an answer counts only from the quiz's person and is rated once,
 * also when the process died between writing the answer and rating it.
 */
import { mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../../src/store/index.js';
import { createReviewService } from '../../../src/domain/review/service.js';
import { buildQuiz, distractorsFor, QUIZ_LIMITS, sameTerm } from '../../../src/domain/quiz/build.js';
import { QUIZ } from '../../../src/strings/quiz.js';
import { sortOf } from '../../../src/domain/quiz/kinds.js';
import { ideasOfNotes, ideaOfSentence } from '../../../src/domain/quiz/ideas.js';
import { loadWordCheck } from '../../../src/domain/study/reading.js';
import { createQuizService } from '../../../src/domain/quiz/service.js';
import { QuizFileError, QuizStore, type StoredQuestion, type StoredQuiz } from '../../../src/domain/quiz/store.js';
import { scoreOf } from '../../../src/bot/quiz.js';
import type { QuizIdea } from '../../../src/domain/quiz/ideas.js';
import fixture from '../../fixtures/quiz/termodinamica.json' with { type: 'json' };

/** The study side's dictionary check, which reads the sentences the ideas come from. */
const isWord = await loadWordCheck();
const notes = fixture.notas.map((n, i) => ({ id: i + 1, ...n }));
const note = { id: 7, tema: 't', texto: '' };

describe('ideas', () => {
  it.each([
    ['La entropía es una magnitud que mide el desorden de un sistema.', 'definicion', 'Entropía'],
    ['Se llama ciclo de Carnot al ciclo reversible formado por dos isotermas y dos adiabáticas.', 'definicion', 'Ciclo de Carnot'],
    ['El enunciado de Clausius dice que no es posible un proceso cuyo único resultado sea transferir calor.', 'enunciado', 'Enunciado de Clausius'],
    ['La ley de Boyle dice que a temperatura constante la presión es inversamente proporcional al volumen.', 'enunciado', 'Ley de Boyle'],
    ['El rendimiento de una máquina de Carnot es η = 1 − Tc/Th.', 'formula', 'η = 1 − Tc/Th'],
    ['En 1824, Sadi Carnot publicó sus Reflexiones sobre la potencia motriz del fuego.', 'fecha', '1824'],
  ])('«%s» → %s «%s»', (sentence, kind, term) => {
    expect(ideaOfSentence(sentence, note, isWord)).toMatchObject({ kind, term, source: { noteId: 7 } });
  });

  it.each(['Esto es muy importante para el examen.', 'El calor es importante.', 'Hoy no hay clase de termodinámica.'])('«%s» gives no idea', (sentence) => {
    expect(ideaOfSentence(sentence, note, isWord)).toBeUndefined();
  });

  it('the question never holds its own answer', () => {
    for (const i of ideasOfNotes(notes, isWord)) expect(i.statement.toLowerCase()).not.toContain(i.term.toLowerCase());
  });
});

describe('building a quiz', () => {
  const pool = ideasOfNotes(notes, isWord);
  const week4 = ideasOfNotes(notes.filter((n) => n.semana === 4), isWord, notes);

  it('three distractors of the same kind, none a paraphrase nor alike; the limits hold', () => {
    const quiz = buildQuiz(week4, pool, 20, 'seed-a');
    expect(quiz.length).toBeGreaterThanOrEqual(5);
    for (const q of quiz) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options).size).toBe(4);
      expect(q.options[q.correct]).toBe(q.idea.term);
      const family = (k: string) => (k === 'definicion' || k === 'termino' ? 'termino' : k);
      for (const o of q.options.filter((_, i) => i !== q.correct)) {
        const other = pool.find((p) => p.term === o)!;
        expect(family(other.kind)).toBe(family(q.idea.kind));
        expect(sortOf(other)).toBe(sortOf(q.idea));
        expect(sameTerm(o, q.idea.term)).toBe(false);
      }
      expect(Array.from(q.question).length).toBeLessThanOrEqual(QUIZ_LIMITS.question);
      expect(Array.from(q.explanation).length).toBeLessThanOrEqual(QUIZ_LIMITS.explanation);
      expect(q.options.every((o) => Array.from(o).length <= QUIZ_LIMITS.option)).toBe(true);
    }
  });

  it('the same quiz id gives the same quiz; another id shuffles otherwise', () => {
    expect(buildQuiz(week4, pool, 5, 'seed-a')).toEqual(buildQuiz(week4, pool, 5, 'seed-a'));
    const a = buildQuiz(week4, pool, 5, 'seed-a').map((q) => q.options.join('|'));
    const b = buildQuiz(week4, pool, 5, 'seed-b').map((q) => q.options.join('|'));
    expect(a).not.toEqual(b);
  });

  it('a paraphrase of the right term is never a distractor; too few of a kind: no question', () => {
    const calor = pool.find((i) => i.term === 'Calor')!;
    const twin = { ...calor, term: 'El calor', statement: 'otra cosa distinta que se dice aquí', source: { noteId: 99 } };
    for (let s = 0; s < 20; s++) expect(distractorsFor(calor, [...pool, twin], () => (s + 0.5) / 21)).not.toContain('El calor');
    const onlyTwoFormulas = pool.filter((i) => i.kind !== 'formula' || i.term.startsWith('η') || i.term.startsWith('ΔU'));
    expect(distractorsFor(pool.find((i) => i.term.startsWith('η'))!, onlyTwoFormulas, Math.random)).toBeUndefined();
  });

  it('a passage too long for 200 characters is cut with «…» and keeps its source', () => {
    // Read from the note of heat and work, so its distractors come from the same note.
    const long = ideaOfSentence(`La entropía es una magnitud que mide ${'muchísimo '.repeat(40)}el desorden.`, { ...note, id: 1 }, isWord)!;
    const [q] = buildQuiz([long], [...pool, long], 1, 'x');
    expect(q!.explanation).toMatch(/…» \(nota 1\)$/);
    expect(Array.from(q!.explanation).length).toBeLessThanOrEqual(200);
  });
});

describe('the quiz service on a real notebook', () => {
  let tmp: string | undefined;
  afterEach(async () => { if (tmp) await rm(tmp, { recursive: true, force: true }); tmp = undefined; });

  it('one lecture\'s two definitions are ideas without three wrong options of their kind: said as such, not as «no definitions»', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'quiz-service-'));
    const notebook = await openNotebook(tmp);
    await notebook.notes.addMany([
      { tema: 'Definiciones', texto: 'La presa es la especie cuya población crece sin límite cuando no hay depredadores.', semana: 2 },
      { tema: 'Definiciones', texto: 'El depredador es la especie que se alimenta de la presa y cuya población decrece sin ella.', semana: 2 },
    ]);
    const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, retention: 0.9, newPerDay: 20, timeZone: 'Europe/Madrid' });
    const quizzes = createQuizService({ dataDir: tmp, notes: notebook.notes, cards: notebook.cards, review, readAnswers: async () => [] });
    const made = await quizzes.make({ chat: 5, user: 5, week: 2, count: 3 });
    expect(made).toEqual({ kind: 'no_ideas', ideas: 2 });
    expect(QUIZ.noIdeas(2, undefined, 2)).toMatch(/^En tus notas de la semana 2 hay 2 ideas que preguntar, pero aún no bastantes del mismo tipo/);
    expect(QUIZ.noIdeas(2)).not.toMatch(/respuestas falsas/);
  });

  it('an answer counts only from the quiz\'s person, once, also after a crash between the answer and its rating', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'quiz-service-'));
    const notebook = await openNotebook(tmp);
    await notebook.notes.addMany(fixture.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: n.semana })));
    const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, retention: 0.9, newPerDay: 20, timeZone: 'Europe/Madrid' });
    const readAnswers = async (id: number) => (await notebook.reviews.read()).registro.filter((e) => e.id_tarjeta === id);
    const quizzes = createQuizService({ dataDir: tmp, notes: notebook.notes, cards: notebook.cards, review, readAnswers });
    const made = await quizzes.make({ chat: 5, user: 5, week: 4, count: 3 });
    if (made.kind !== 'made') throw new Error(made.kind);
    const q = made.quiz;
    expect(q.questions).toHaveLength(3);
    // Tied to cards of the deck, made under the deck's rules.
    const deck = await notebook.cards.list();
    for (const x of q.questions) expect(deck.find((c) => c.id === x.cardId)?.respuesta).toBe(x.idea.term);
    for (const i of q.questions.keys()) await quizzes.sent(q.id, i, `p${i}`, 10 + i);

    const at = new Date('2030-01-02T10:00:00Z');
    expect(await quizzes.answer('p0', 6, 0, at)).toEqual({ kind: 'not_theirs' });
    expect((await quizzes.answer('p0', 5, q.questions[0]!.correct, at)).kind).toBe('rated');
    expect(await quizzes.answer('p0', 5, 1, at)).toEqual({ kind: 'seen' });
    expect(await quizzes.answer('nope', 5, 0, at)).toEqual({ kind: 'unknown' });

    // The process dies after rating p1 but before marking it rated: the file says «answered, not rated».
    const before = JSON.parse(await readFile(quizzes.store.file, 'utf8'));
    const rated = await quizzes.answer('p1', 5, (q.questions[1]!.correct + 1) % 4, new Date('2030-01-02T10:01:00Z'));
    expect(rated.kind).toBe('rated');
    before.quizzes[0].questions[1].answer = { option: (q.questions[1]!.correct + 1) % 4, right: false, at: '2030-01-02T10:01:00.000Z' };
    await writeFile(quizzes.store.file, JSON.stringify(before));
    const again = createQuizService({ dataDir: tmp, notes: notebook.notes, cards: notebook.cards, review, readAnswers });
    expect((await again.answer('p1', 5, 0, new Date('2030-01-02T10:05:00Z'))).kind).toBe('rated');

    const log = (await notebook.reviews.read()).registro;
    expect(log.map((e) => [e.id_tarjeta, e.calificacion])).toEqual([[q.questions[0]!.cardId, 3], [q.questions[1]!.cardId, 1]]);
  });
});

describe('the quiz file', () => {
  let tmp: string | undefined;
  afterEach(async () => { if (tmp) await rm(tmp, { recursive: true, force: true }); tmp = undefined; });

  it('a version-1 file keeps loading; an unknown version or a cut file is refused, never reset', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'quiz-file-'));
    const store = new QuizStore(tmp);
    await mkdir(path.dirname(store.file), { recursive: true });
    const frozen = await readFile(new URL('../../fixtures/quiz/tests-v1.json', import.meta.url), 'utf8');
    await writeFile(store.file, frozen);
    const f = await store.read();
    expect(f.quizzes[0]!.questions[0]!.answer).toEqual({ option: 1, right: true, at: '2030-01-01T10:01:00.000Z', entry: 1 });
    await writeFile(store.file, frozen.replace('"version": 1', '"version": 2'));
    await expect(store.read()).rejects.toThrow(QuizFileError);
    await writeFile(store.file, frozen.slice(0, 100));
    await expect(store.update(() => undefined)).rejects.toThrow(/dañado/);
    expect(await readFile(store.file, 'utf8')).toBe(frozen.slice(0, 100));
  });
});

describe('the score message', () => {
  it('lists what to review as Spanish does, «a, b y c»', () => {
    expect(QUIZ.score(3, 5, ['la fórmula η = W / Q₁ = 1 − Q₂ / Q₁', 'el enunciado de Clausius'])).toBe('3 de 5; repasa la fórmula η = W / Q₁ = 1 − Q₂ / Q₁ y el enunciado de Clausius.');
    expect(QUIZ.score(2, 5, ['la entropía', 'el rendimiento', 'el ciclo de Carnot'])).toBe('2 de 5; repasa la entropía, el rendimiento y el ciclo de Carnot.');
    expect(QUIZ.score(4, 5, ['la entropía'])).toBe('4 de 5; repasa la entropía.');
    expect(QUIZ.score(5, 5, [])).toBe('5 de 5. ¡Todo bien!');
  });

  it('names what was missed as the cards name it: a name keeps its capitals, a term its article and its case (walk: «repasa … john Tuzo Wilson»)', () => {
    const asked = (kind: QuizIdea['kind'], term: string, passage: string, right = false, article?: string): StoredQuestion => ({
      idea: { kind, term, statement: 'x', passage, source: { noteId: 1 }, ...(article ? { article } : {}) },
      question: '¿…?', options: [term, 'b', 'c', 'd'], correct: 0, explanation: '', cardId: 1, answer: { option: right ? 0 : 1, right, at: '2027-01-01T00:00:00.000Z' },
    });
    const quiz: StoredQuiz = { id: 'q', chat: 1, user: 1, created: '2027-01-01T00:00:00.000Z', questions: [
      asked('persona', 'Inge Lehmann', 'La geóloga Inge Lehmann descubrió en 1936 el núcleo interno de la Tierra'),
      asked('definicion', 'Erosión', 'La erosión es el desgaste de las rocas por el agua, el viento o el hielo'),
      asked('definicion', 'Corrientes de convección', 'Las corrientes de convección son los movimientos del manto que arrastran las placas', false, 'las'),
      asked('definicion', 'Pangea', 'Según Wegener todos los continentes formaban Pangea, un único supercontinente'),
      asked('fecha', '1936', 'En 1936 Inge Lehmann descubrió el núcleo interno', true),
    ] };
    expect(scoreOf(quiz)).toBe('1 de 5; repasa Inge Lehmann, la erosión, las corrientes de convección y la Pangea.');
  });
});
