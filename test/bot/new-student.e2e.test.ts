/**
 * A new student who brings their own course (issue 46, the walk's findings): the demo's example
 * notes are no invisible state — their first note is number 1 and «borra la nota 1» finds it; «hola»
 * suggests what fits their notebook (sending material while no week has notes, then a week that has
 * some); the week picker names each week by its title. Real bot in the local chat.
 */
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { COURSE_BUTTONS } from '../../src/strings/course-chat.js';
import { buttonsOf, waitForMessage } from '../main/chat-harness.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const fromBot = (m: Message) => m.from?.is_bot === true;
async function say(c: LocalChat, text: string, pick: (m: Message) => boolean = () => true): Promise<Message> {
  const sent = c.tg.server.sendUserText(text);
  return waitForMessage(c.tg, `the answer to «${text.slice(0, 40)}»`, (ms) => ms.find((m) => m.message_id > sent.message_id && fromBot(m) && pick(m)));
}
async function press(c: LocalChat, m: Message, data: string): Promise<Message> {
  const last = Math.max(...c.tg.server.history().map((x) => x.message_id));
  c.tg.server.pressButton(m.message_id, data);
  return waitForMessage(c.tg, `the answer to ${data}`, (ms) => ms.find((x) => x.message_id > last && fromBot(x)));
}
const data = (m: Message, label: string | RegExp) => {
  const b = buttonsOf(m).find((x) => (typeof label === 'string' ? x.text === label : label.test(x.text)));
  if (!b?.callback_data) throw new Error(`no button ${String(label)} on «${m.text}»: ${JSON.stringify(buttonsOf(m))}`);
  return b.callback_data;
};

const TOPICS = ['La Revolución Francesa', 'Napoleón y el Imperio', 'La Revolución Industrial', 'Los nacionalismos'];
/** A fresh notebook whose student pasted their own course and accepted it. */
async function ownCourse(prefix: string): Promise<LocalChat> {
  const c = await startLocalChat(prefix);
  const proposal = await say(c, `Historia Contemporánea:\n${TOPICS.join('\n')}`);
  await press(c, proposal, data(proposal, COURSE_BUTTONS.use));
  return c;
}
const NOTE = '/nota napoleón: Napoleón y el Imperio: Napoleón Bonaparte se coronó emperador en 1804 y extendió el Imperio por Europa.';

describe('a new student with their own course', () => {
  it('their first note is number 1 and «borra la nota 1» finds it (the examples are no invisible state)', async () => {
    chat = await ownCourse('cv-nuevo-num-');
    expect(await chat.notebook.notes.list()).toEqual([]);
    expect((await say(chat, NOTE)).text).toMatch(/^Nota 1 guardada/);
    const ask = await say(chat, 'borra la nota 1');
    expect(ask.text).toMatch(/^¿Borrar la nota 1 \(«Napoleón/);
  });

  it('«hola» suggests sending material while no week has notes, then a week that has some', async () => {
    chat = await ownCourse('cv-nuevo-hola-');
    const hello = await say(chat, 'hola');
    expect(hello.text).not.toMatch(/prepara la semana/);
    expect(hello.text).toMatch(/mándame tus apuntes/);
    await say(chat, NOTE);
    expect((await chat.notebook.notes.list())[0]!.semana).toBe(2);
    expect((await say(chat, 'hola')).text).toMatch(/«prepara la semana 2»/);
  });

  it('the week picker under /start names each week by its title', async () => {
    chat = await ownCourse('cv-nuevo-semanas-');
    const start = await say(chat, '/start');
    const picker = await press(chat, start, data(start, /semana/i));
    expect(buttonsOf(picker).map((b) => b.text)).toEqual(TOPICS.map((t, i) => `${i + 1} · ${t}`));
  });

  it('/notas marks the shipped example notes as examples, never the student\'s own', async () => {
    chat = await startLocalChat('cv-nuevo-ejemplos-');
    await say(chat, '/nota apuntes: Mi primera nota escrita por mí en el chat, para ver cómo queda en la lista.');
    const list = await say(chat, '/notas', (m) => (m.text ?? '').startsWith('📒'));
    const lines = (list.text ?? '').split('\n').filter((l) => /^\d+ · /.test(l));
    expect(lines.filter((l) => !l.endsWith(' 📘'))).toEqual(['13 · Apuntes']); // only the student's own
    expect(lines.filter((l) => l.endsWith(' 📘')).length).toBe(lines.length - 1);
    expect(list.text).toContain('📘: nota de ejemplo.');
  });
});
