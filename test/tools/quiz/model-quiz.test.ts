/**
 * Issue 45 item 5, with a model configured: the model proposes a quiz's questions and distractors
 * through one strict tool; the offline quiz's rules check them (the right answer in a passage of
 * the notes, three distractors of the same kind, Telegram's limits) and a proposal that breaks one,
 * or a failed call, gives the offline quiz instead. The model is a local server speaking the
 * Messages API (the real SDK end to end); the notebook is a real one in a temp dir.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicModel } from '../../../src/agent/model/anthropic.js';
import { createQuizProposer, QUIZ_TASK } from '../../../src/agent/quiz-proposer.js';
import { openNotebook, type Notebook } from '../../../src/store/index.js';
import { createReviewService } from '../../../src/domain/review/service.js';
import { QUIZ_TOOL } from '../../../src/tools/quiz-proposed.js';
import { createQuizService } from '../../../src/domain/quiz/service.js';
import { reply, startMessagesApiServer, type MessagesApiServer } from '../../support/messages-api-server.js';
import fixture from '../../fixtures/quiz/termodinamica.json' with { type: 'json' };

let tmp: string | undefined;
let api: MessagesApiServer | undefined;
afterEach(async () => {
  await api?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
  tmp = undefined;
  api = undefined;
});

const proposal = (preguntas: unknown[]) => reply.message([reply.toolUse('toolu_1', QUIZ_TOOL, { preguntas })], 'tool_use', { input_tokens: 900, output_tokens: 300 });

async function quizWith(replies: Parameters<typeof startMessagesApiServer>[0]['replies']) {
  api = await startMessagesApiServer({ replies });
  tmp = await mkdtemp(path.join(os.tmpdir(), 'quiz-model-'));
  const notebook: Notebook = await openNotebook(tmp);
  await notebook.notes.addMany(fixture.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: n.semana })));
  const model = new AnthropicModel({ id: 'claude-sonnet-5-5', apiKey: 'sk-test', baseURL: api.url });
  const logged: string[] = [];
  const review = createReviewService({ deck: notebook.cards, store: notebook.reviews, retention: 0.9, newPerDay: 20, timeZone: 'Europe/Madrid' });
  const propose = createQuizProposer({ model: async () => model, usage: notebook.usage, log: (m) => logged.push(m) });
  const quizzes = createQuizService({ dataDir: tmp, notes: notebook.notes, cards: notebook.cards, review, propose: async (ask) => propose(ask).catch(() => undefined) });
  const notes = await notebook.notes.list();
  const noteOf = (words: string) => notes.find((n) => n.texto.includes(words))!.id;
  return { quizzes, notebook, logged, noteOf };
}

const calor = (id: number) => ({
  id_nota: id,
  pregunta: '¿Cómo se llama la energía que pasa de un cuerpo a otro por una diferencia de temperatura?',
  correcta: 'Calor',
  distractores: ['Trabajo', 'Entropía', 'Potencia'],
  pasaje: 'El calor es la energía que se transfiere entre dos cuerpos por una diferencia de temperatura.',
});
const boyle = (id: number) => ({
  id_nota: id,
  pregunta: '¿Qué ley dice que, a temperatura constante, la presión de un gas es inversamente proporcional a su volumen?',
  correcta: 'Ley de Boyle',
  distractores: ['Ley de Charles', 'Ley de Gay-Lussac', 'Ley de Avogadro'],
  pasaje: 'La ley de Boyle dice que a temperatura constante la presión de un gas es inversamente proporcional a su volumen.',
});

describe('a quiz the model proposes', () => {
  it('kept when every question keeps to the rules: the model\'s questions, tied to cards, quoting the note', async () => {
    const { quizzes, notebook, noteOf } = await quizWith([(body) => {
      expect(body.tool_choice).toEqual({ type: 'tool', name: QUIZ_TOOL });
      expect(JSON.stringify(body.messages)).toContain('El calor es la energía');
      return proposal([calor(noteOf('El calor es')), boyle(noteOf('La ley de Boyle'))]);
    }]);
    const made = await quizzes.make({ chat: 1, user: 1, count: 2 });
    if (made.kind !== 'made') throw new Error(made.kind);
    expect(made.quiz.questions.map((q) => q.question)).toEqual([calor(0).pregunta, boyle(0).pregunta]);
    for (const q of made.quiz.questions) {
      expect(q.options).toHaveLength(4);
      expect(q.explanation).toMatch(/^«.+» \(nota \d+\)$/);
    }
    expect(made.quiz.questions[0]!.options[made.quiz.questions[0]!.correct]).toBe('Calor');
    const deck = await notebook.cards.list();
    expect(made.quiz.questions.map((q) => deck.find((c) => c.id === q.cardId)?.respuesta)).toEqual(['Calor', 'Ley de Boyle']);
    expect(await notebook.usage.list()).toEqual([expect.objectContaining({ tarea: QUIZ_TASK, origen: 'facturado', tokens_entrada: 900, tokens_salida: 300 })]);
  });

  it.each([
    ['an answer the notes do not hold', 'respuesta_ajena', (id: number) => ({ ...calor(id), correcta: 'Calórico' })],
    ['a passage the note does not say', 'pasaje_ajeno', (id: number) => ({ ...calor(id), pasaje: 'El calor es una forma de energía que fluye sola.' })],
    ['a distractor of another kind', 'otra_clase', (id: number) => ({ ...calor(id), distractores: ['Trabajo', 'Entropía', 'Proceso adiabático'] })],
    ['a formula among terms', 'otra_clase', (id: number) => ({ ...calor(id), distractores: ['Trabajo', 'Entropía', 'P = W/t'] })],
    ['a paraphrase of the right answer', 'repetida', (id: number) => ({ ...calor(id), distractores: ['Trabajo', 'Entropía', 'El calor'] })],
    ['an option over Telegram\'s 100 characters', 'limites', (id: number) => ({ ...calor(id), distractores: ['Trabajo', 'Entropía', `Energía ${'muy '.repeat(30)}interna`] })],
    ['a question that names its answer', 'se_delata', (id: number) => ({ ...calor(id), pregunta: '¿Cómo se llama el calor que pasa de un cuerpo a otro?' })],
    ['two distractors only', 'tres_distractores', (id: number) => ({ ...calor(id), distractores: ['Trabajo', 'Entropía'] })],
  ])('refused for %s (%s): the offline quiz instead', async (_what, problem, broken) => {
    const { quizzes, logged, noteOf } = await quizWith([(_body) => proposal([boyle(noteOf('La ley de Boyle')), broken(noteOf('El calor es'))])]);
    const made = await quizzes.make({ chat: 1, user: 1, count: 3 });
    if (made.kind !== 'made') throw new Error(made.kind);
    expect(made.quiz.questions.map((q) => q.question)).not.toContain(boyle(0).pregunta);
    expect(made.quiz.questions.length).toBeGreaterThan(0);
    for (const q of made.quiz.questions) expect(q.question).toMatch(/^¿(?:Cómo se llama|Qué|Cuál)/);
    expect(logged).toEqual([`el test que propuso el modelo no cumple las reglas (2: ${problem}); se hace sin modelo`]);
  });

  it('a failed call: the offline quiz', async () => {
    const { quizzes, notebook } = await quizWith([reply.error(529, 'overloaded_error', 'sobrecargado')]);
    const made = await quizzes.make({ chat: 1, user: 1, week: 4, count: 3 });
    expect(made.kind).toBe('made');
    expect(await notebook.usage.list()).toEqual([]);
  });
});
