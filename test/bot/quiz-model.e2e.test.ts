/**
 * Issue 45 item 5 end to end, with a model configured: /quiz 4 through the embedded Bot API asks the
 * model for the week's questions (one forced strict-tool call to a local server speaking the
 * Messages API) and sends the polls it proposed once the quiz's rules accept them; when the model
 * proposes a question whose answer the notes do not hold, or too few questions for a quiz, the same
 * command sends the offline quiz.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from 'grammy/types';
import { QUIZ_TOOL } from '../../src/tools/quiz-proposed.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { reply, startMessagesApiServer, type MessagesApiServer } from '../support/messages-api-server.js';
import fixture from '../fixtures/quiz/termodinamica.json' with { type: 'json' };

let chat: LocalChat | undefined;
let api: MessagesApiServer | undefined;
afterEach(async () => {
  await chat?.close();
  await api?.close();
  chat = undefined;
  api = undefined;
});

const polls = (c: LocalChat): Message[] => c.tg.server.history().filter((m) => m.poll);

/** The model's proposal for the quiz's tool; any other call (reading a message) fails, and the bot goes on without it. */
function answering(preguntas: (noteOf: (words: string) => number) => unknown[]) {
  return (body: Record<string, unknown>) => {
    const choice = body.tool_choice as { name?: string } | undefined;
    if (choice?.name !== QUIZ_TOOL) return reply.error(500, 'api_error', 'solo el test');
    const text = JSON.stringify(body.messages);
    const noteOf = (words: string) => Number(new RegExp(`\\[nota (\\d+)\\] [^\\[]*?${words}`).exec(text)![1]);
    return reply.message([reply.toolUse('toolu_1', QUIZ_TOOL, { preguntas: preguntas(noteOf) })], 'tool_use');
  };
}

const calor = (id: number, correcta = 'Calor') => ({
  id_nota: id,
  pregunta: '¿Cómo se llama la energía que pasa de un cuerpo a otro por una diferencia de temperatura?',
  correcta,
  distractores: ['Trabajo', 'Entropía', 'Potencia'],
  pasaje: 'El calor es la energía que se transfiere entre dos cuerpos por una diferencia de temperatura.',
});
const trabajo = (id: number) => ({
  id_nota: id,
  pregunta: '¿Cómo se llama la energía que se transfiere cuando una fuerza mueve su punto de aplicación?',
  correcta: 'Trabajo',
  distractores: ['Calor', 'Entropía', 'Potencia'],
  pasaje: 'El trabajo es la energía transferida cuando una fuerza desplaza su punto de aplicación.',
});

async function quizOfWeek4(preguntas: (noteOf: (words: string) => number) => unknown[]): Promise<Message[]> {
  api = await startMessagesApiServer({ replies: Array.from({ length: 6 }, () => answering(preguntas)) });
  chat = await startLocalChat('cuaderno-quiz-model-', 1, { CUADERNO_MODELO: 'claude-sonnet-5-5', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: api.url });
  await chat.notebook.notes.addMany(fixture.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: n.semana })));
  chat.tg.server.sendUserText('/quiz 4');
  await chat.tg.server.waitForRequest('sendMessage', (r) => /^Test de la semana 4/.test(String(r.params.text)), 20_000);
  const n = Number(/(\d+) preguntas?/.exec(chat.tg.server.history().find((m) => m.text?.startsWith('Test de la semana 4'))!.text!)![1]);
  await chat.tg.server.waitForRequest('sendPoll', () => polls(chat!).length >= n, 20_000);
  return polls(chat);
}

const entropia = (id: number) => ({
  id_nota: id,
  pregunta: '¿Cómo se llama la magnitud que mide el desorden de un sistema?',
  correcta: 'Entropía',
  distractores: ['Calor', 'Trabajo', 'Potencia'],
  pasaje: 'La entropía es una magnitud que mide el desorden de un sistema.',
});

describe('a quiz the model proposes, in the chat', () => {
  it('the model\'s questions, checked, are the polls sent', async () => {
    const sent = await quizOfWeek4((noteOf) => [calor(noteOf('El calor es')), trabajo(noteOf('El calor es')), entropia(noteOf('El calor es'))]);
    expect(sent.map((m) => m.poll!.question)).toEqual([calor(0).pregunta, trabajo(0).pregunta, entropia(0).pregunta]);
    for (const m of sent.slice(0, 2)) expect(m.poll!.explanation).toMatch(/^«El (?:calor|trabajo) es la energía.+» \(nota \d+\)$/);
    expect(api!.messageRequests().filter((r) => (r.body.tool_choice as { name?: string } | undefined)?.name === QUIZ_TOOL)).toHaveLength(1);
  });

  it('a proposal too short for a quiz (two questions): the offline quiz, of three or more', async () => {
    const sent = await quizOfWeek4((noteOf) => [calor(noteOf('El calor es')), trabajo(noteOf('El calor es'))]);
    expect(sent.length).toBeGreaterThanOrEqual(3);
  });

  it('a proposal that breaks a rule: the offline quiz', async () => {
    const sent = await quizOfWeek4((noteOf) => [calor(noteOf('El calor es'), 'Calórico')]);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.map((m) => m.poll!.question)).not.toContain(calor(0).pregunta);
  });
});
