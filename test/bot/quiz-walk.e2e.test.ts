/**
 * «Quiz me» after a student works on their own lecture (issue 45's walk): the lecture PDF sent in
 * the chat and saved into week 5, one note moved to another week, one corrected, one deleted — then
 * «hazme un test de la semana 5» asks about the week's lecture, as the same PDF quizzed directly does.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { QUIZ_DIR, QUIZ_FILE } from '../../src/domain/quiz/store.js';
import { sendUserFile } from '../../src/webchat/user-files.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { textPdf } from '../support/material-fixtures.js';
import { markdownText } from '../../scripts/build-lecture-pdfs.js';
import { after, button, isProposal } from './material-support.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const fromBot = (m: Message) => m.from?.is_bot === true;
const text = (m: Message) => m.text ?? '';
const COURSE = { titulo: 'Física', semanas: ['Medida', 'Cinemática', 'Dinámica', 'Primer principio', 'Segundo principio de la termodinámica', 'Ondas'].map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) };

/** The lecture as a student's PDF: a page a section, drawn in the standard font (signs it cannot draw become «?»). */
async function lecturePdf(file: string): Promise<Buffer> {
  const md = await readFile(new URL(`../fixtures/lectures/${file}`, import.meta.url), 'utf8');
  const pages = md.split(/\n(?=## )/).map((section) => markdownText(section).split('\n').map((l) => l.trim()).filter(Boolean).map((l) => l.replace(/[^\u0020-\u00ff«»–—…’“”]/gu, '?')));
  return Buffer.from(await textPdf(pages));
}

describe('a quiz of a week the student has worked on', () => {
  it('the lecture saved in week 5, a note moved, one corrected, one deleted: «hazme un test de la semana 5» still asks about it', async () => {
    chat = await startLocalChat('cv-quiz-walk-');
    const c = chat;
    const t = c.tg.server;
    await c.notebook.course.write(COURSE);
    await c.notebook.notes.removeMany((await c.notebook.notes.list()).map((n) => n.id));
    const sent = await sendUserFile(t, await lecturePdf('termodinamica-tema5.md'), 'Tema5-termodinamica.pdf', 'document');
    const proposal = await waitForMessage(c.tg, 'the proposal', after(sent.message_id, isProposal));
    t.pressButton(proposal.message_id, button(proposal, /Guardar/));
    await waitForMessage(c.tg, 'saved', after(proposal.message_id, (m) => /^Guardado/.test(text(m))));
    let mark = t.history().at(-1)!.message_id;
    t.sendUserText('prepara la semana 5');
    // The preparation makes the week's cards («¿Qué es el rendimiento de la máquina?» → its definition), then waits for the cover's approval.
    await waitForMessage(c.tg, 'the week prepared', after(mark, (m) => /^⏸ «prepara la semana 5»/.test(text(m))));
    const prepared = new Set((await c.notebook.cards.list()).filter((k) => k.semana === 5).map((k) => k.id));
    expect(prepared.size).toBeGreaterThan(5);
    const lecture = (await c.notebook.notes.list()).filter((n) => n.semana === 5);
    expect(lecture.length).toBeGreaterThan(5);
    const [moved, fixed, gone] = [lecture[1]!, lecture[3]!, lecture.at(-1)!];

    mark = t.history().at(-1)!.message_id;
    t.sendUserText(`mueve la nota ${moved.id} a la semana 4`);
    await waitForMessage(c.tg, 'moved', after(mark, (m) => /movida a la semana 4/.test(text(m))));
    mark = t.history().at(-1)!.message_id;
    t.sendUserText(`corrige la nota ${fixed.id}`);
    const ask = await waitForMessage(c.tg, 'the correction question', after(mark, (m) => /texto corregido/.test(text(m))));
    mark = t.history().at(-1)!.message_id;
    t.sendUserText(`${fixed.texto} Lo repasamos en clase.`, undefined, { replyTo: ask.message_id });
    await waitForMessage(c.tg, 'corrected', after(mark, (m) => /corregida/.test(text(m))));
    mark = t.history().at(-1)!.message_id;
    t.sendUserText(`borra la nota ${gone.id}`);
    const sure = await waitForMessage(c.tg, 'the question', after(mark, (m) => buttonsOf(m).some((b) => /Sí, borra/.test(b.text))));
    t.pressButton(sure.message_id, button(sure, /Sí, borra/));
    await waitForMessage(c.tg, 'deleted', () => t.history().find((m) => m.message_id === sure.message_id && /borrada/.test(text(m))));

    mark = t.history().at(-1)!.message_id;
    t.sendUserText('hazme un test de la semana 5');
    const answer = await waitForMessage(c.tg, 'the quiz', after(mark, (m) => fromBot(m) && (/^Test de la semana 5/.test(text(m)) || /No encuentro/.test(text(m)))));
    expect(text(answer)).toMatch(/^Test de la semana 5/);
    const n = Number(/(\d+) preguntas?/.exec(text(answer))![1]);
    expect(n).toBeGreaterThanOrEqual(3);
    await c.tg.server.waitForRequest('sendPoll', () => t.history().filter((m) => m.poll).length >= n, 20_000);
    // Each question is tied to a card of the week: the prepared card of the same idea where there is one.
    const stored = JSON.parse(await readFile(path.join(c.dataDir, QUIZ_DIR, QUIZ_FILE), 'utf8')) as { quizzes: Array<{ questions: Array<{ cardId: number }> }> };
    const deck = await c.notebook.cards.list();
    const tied = stored.quizzes[0]!.questions.map((q) => deck.find((k) => k.id === q.cardId));
    expect(tied.every((k) => k !== undefined)).toBe(true);
    expect(tied.some((k) => prepared.has(k!.id))).toBe(true);
  }, 90_000);
});
