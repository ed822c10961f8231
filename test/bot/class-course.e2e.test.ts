/**
 * The class's course (issue 25 §4), class mode end to end: the teacher accepts a pasted syllabus and
 * publishes it; the students in the class get a copy, each adapts week 2 their own way, and both
 * asking «prepara la semana 2» at once get their own week; a republish asks each of them — one keeps
 * theirs, one takes the new one — and a student who joins later gets the copy at join.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COURSE_BUTTONS, COURSE_CHAT } from '../../src/strings/course-chat.js';
import type { BotMessage, ChatClient } from '../support/telegram.js';
import { invite, startClassStack, TEACHER, type ClassStack } from './class-stack.js';
import { nextApproval } from './steps.js';

const ANA = 311;
const BOB = 312;
const CARLA = 313;

let stack: ClassStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function join(s: ClassStack, userId: number, firstName: string, code: string): Promise<ChatClient> {
  const c = s.h.client({ userId, firstName });
  await c.say(`/start ${code}`);
  await c.waitText(/Ya estás en la clase/);
  return c;
}
/** Says `text` and returns the first new bot message `pick` accepts. */
async function answer(c: ChatClient, text: string, pick: (m: BotMessage) => boolean = () => true): Promise<BotMessage> {
  const before = (await c.messages()).length;
  await c.say(text);
  return c.waitFor(`the answer to «${text.slice(0, 30)}»`, (ms) => ms.slice(before).find(pick));
}
async function tap(c: ChatClient, m: BotMessage, label: string, pick: (m: BotMessage) => boolean = () => true): Promise<BotMessage> {
  const before = (await c.messages()).length;
  await c.press(m.messageId, m.buttons.find((b) => b.text === label)!.data);
  return c.waitFor(`the answer to ${label}`, (ms) => ms.slice(before).find(pick));
}
const courseOf = async (s: ClassStack, id: number) => JSON.parse(await readFile(path.join(s.dirOf(id), 'curso.json'), 'utf8')) as { titulo: string; semanas: { numero: number; titulo: string }[] };
const titles = async (s: ClassStack, id: number) => (await courseOf(s, id)).semanas.map((w) => w.titulo);

describe('the class course', () => {
  it('publish gives each student a copy; their own edits, their own week 2; a republish asks each; a late joiner gets it at join', async () => {
    stack = await startClassStack();
    const s = stack;
    const code = (await invite(s)).code;
    const ana = await join(s, ANA, 'Ana', code);
    const bob = await join(s, BOB, 'Bob', code);
    const teacher = s.h.client({ userId: TEACHER, firstName: 'Profe' });

    expect((await answer(teacher, '/curso publicar')).text).toBe(COURSE_CHAT.publishDemo());
    const proposal = await answer(teacher, 'Genética\nSemana 1: Mendel\nSemana 2: Ligamiento\nSemana 3: Mutaciones', (m) => /He leído un temario/.test(m.text));
    // The teacher's notebook holds only the demo's example notes: they go with the demo course, nothing to ask.
    const accepted = await tap(teacher, proposal, COURSE_BUTTONS.use, (m) => m.text.startsWith(COURSE_CHAT.accepted('Genética', 3)));
    expect(accepted.text).toBe(`${COURSE_CHAT.accepted('Genética', 3)}\n${COURSE_CHAT.examplesRemoved(12, 0)}`);

    expect((await answer(teacher, '/curso publicar')).text).toBe(COURSE_CHAT.published('Genética', 2, 0));
    await ana.waitText(/^📚 Tu curso es «Genética», con 3 semanas/);
    await bob.waitText(/^📚 Tu curso es «Genética», con 3 semanas/);
    expect(await titles(s, ANA)).toEqual(['Mendel', 'Ligamiento', 'Mutaciones']);
    // Only the teacher publishes.
    expect((await answer(ana, '/curso publicar')).text).toBe(COURSE_CHAT.publishTeacherOnly());

    // Each adapts week 2 their own way: by command, and in plain words.
    expect((await answer(ana, '/curso semana 2 Ligamiento y mapas')).text).toBe(COURSE_CHAT.renamed(2, 'Ligamiento y mapas'));
    expect((await answer(bob, 'cambia el título de la semana 2 a Recombinación')).text).toBe(COURSE_CHAT.renamed(2, 'Recombinación'));
    expect(await titles(s, TEACHER)).toEqual(['Mendel', 'Ligamiento', 'Mutaciones']);

    // Both at once: each run makes the student's own week 2's cover (the one part that needs no
    // notes: their notebooks hold none of this course's weeks yet).
    await Promise.all([ana.say('haz la portada de la semana 2'), bob.say('haz la portada de la semana 2')]);
    const [anaCover, bobCover] = await Promise.all([nextApproval(ana, new Set()), nextApproval(bob, new Set())]);
    expect(anaCover.text).toMatch(/Semana 2 \(ligamiento y mapas\)/);
    expect(bobCover.text).toMatch(/Semana 2 \(recombinación\)/);
    expect(anaCover.text).not.toMatch(/recombinación/i);
    expect(bobCover.text).not.toMatch(/mapas/);
    await answer(ana, '/cancelar', (m) => m.text.startsWith('📋 Informe'));
    await answer(bob, '/cancelar', (m) => m.text.startsWith('📋 Informe'));

    // A republish asks each student; Ana keeps hers, Bob takes the new one.
    await answer(teacher, '/curso semana 3 Mutaciones y reparación');
    expect((await answer(teacher, '/curso publicar')).text).toBe(COURSE_CHAT.published('Genética', 0, 2));
    const offerAna = await ana.waitText(/^📚 Hay una versión nueva del curso de la clase/);
    const offerBob = await bob.waitText(/^📚 Hay una versión nueva del curso de la clase/);
    expect(offerAna.buttons.map((b) => b.text)).toEqual([COURSE_BUTTONS.useNew, COURSE_BUTTONS.keepMine]);
    expect((await tap(ana, offerAna, COURSE_BUTTONS.keepMine)).text).toBe(COURSE_CHAT.keptMine());
    expect((await tap(bob, offerBob, COURSE_BUTTONS.useNew)).text).toBe(COURSE_CHAT.accepted('Genética', 3));
    expect(await titles(s, ANA)).toEqual(['Mendel', 'Ligamiento y mapas', 'Mutaciones']);
    expect(await titles(s, BOB)).toEqual(['Mendel', 'Ligamiento', 'Mutaciones y reparación']);

    // A student who joins later gets the published course at join.
    const carla = await join(s, CARLA, 'Carla', code);
    await carla.waitText(/^📚 Tu curso es «Genética», con 3 semanas/);
    // …so her welcome does not send her to bring a course of her own; Ana's (none published yet) did.
    expect((await carla.waitText(/Ya estás en la clase/)).text).not.toMatch(/curso de ejemplo/);
    expect((await ana.waitText(/Ya estás en la clase/)).text).toMatch(/Ahora tienes un curso de ejemplo; pon el tuyo cuando quieras\./);
    expect(await courseOf(s, CARLA)).toEqual(await courseOf(s, TEACHER));
  }, 120_000);
});
