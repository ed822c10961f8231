/**
 * The first minute through the real bot and the Bot API stand-in: /start is a short greeting (at
 * most six lines) with three buttons — bring one's course, send material, prepare a week (today's
 * week by its own name once the student's course dates it) — while /ayuda keeps every command;
 * «hola» and «buenas tardes» get one line. Each button answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { localDay } from '../../src/domain/course/course.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { button, real } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const DAY_MS = 86_400_000;

describe('the first minute', () => {
  it('/start: six lines at most and three buttons; greetings one line; /ayuda keeps the whole list', async () => {
    stack = await startStack(real);
    const ana = stack.h.client({ userId: OWNER, firstName: 'Ana' });

    await ana.say('/start');
    const hello = await ana.waitText(/^Hola, Ana\./);
    expect(hello.text.split('\n').length).toBeLessThanOrEqual(6);
    expect(hello.text).not.toMatch(/\/borrar_mis_datos|\/suspender/);
    expect(hello.text).toMatch(/menú/);
    expect(hello.buttons.map((b) => b.text)).toEqual(['📚 Poner mi curso', '📎 Mandar apuntes', '🗓 Preparar una semana']);

    await ana.say('/ayuda');
    const help = await ana.waitText(/^Ejemplos:/);
    expect(help.text).toMatch(/\/borrar_mis_datos/);

    for (const hi of ['hola', 'buenas tardes']) {
      const before = (await ana.messages()).length;
      await ana.say(hi);
      const reply = await ana.waitFor(`the answer to «${hi}»`, (ms) => ms.length > before && ms.at(-1));
      expect(reply.text).toMatch(/^¡Hola, Ana!/);
      expect(reply.text).not.toContain('\n');
      // On the example course, the one line says where the student's own course is set.
      expect(reply.text).toMatch(/escribe \/start para poner tu propio curso\.$/);
    }

    await ana.press(hello.messageId, button(hello, /Mandar apuntes/));
    expect((await ana.waitText(/^Mándame tus apuntes/)).text).toMatch(/PDF, Word o texto/);
    await ana.press(hello.messageId, button(hello, /Preparar una semana/));
    const which = await ana.waitText(/^¿Qué semana preparo\?/);
    expect(which.buttons.map((b) => b.data)).toContain('qr:p:1');
    await ana.press(hello.messageId, button(hello, /Poner mi curso/));
    // The sample course by what it is (walk item 11), not by the product's name: «Cuaderno Vivo — 4 semanas (el curso de ejemplo)».
    const shown = await ana.waitText(/^📚 /);
    expect(shown.text.split('\n')[0]).toBe('📚 Curso de ejemplo — 4 semanas');
  });

  it('with the student\'s own course dated today, the third button is this week by its own name and prepares it', async () => {
    stack = await startStack(real);
    const ana = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    const day = (offset: number) => localDay(new Date(Date.now() + offset * DAY_MS), stack!.config.review.timeZone);
    await stack.notebook.course.write({
      titulo: 'Historia contemporánea',
      semanas: [
        { numero: 1, titulo: 'La Revolución francesa', inicio: day(-9), terminos: [] },
        { numero: 2, titulo: 'Napoleón', inicio: day(-2), terminos: [] },
        { numero: 3, titulo: 'La Revolución industrial', inicio: day(5), terminos: [] },
      ],
    });
    await ana.say('/start');
    const hello = await ana.waitText(/^Hola, Ana\./);
    expect(hello.text).not.toMatch(/curso de ejemplo/);
    expect(hello.buttons.map((b) => b.text)).toEqual(['📚 Mi curso', '📎 Mandar apuntes', '🗓 Semana 2 · Napoleón']);
    await ana.press(hello.messageId, button(hello, /Semana 2/));
    await ana.waitFor('the answer about week 2', (ms) => ms.find((m) => m.messageId !== hello.messageId && /[Ss]emana 2/.test(m.text)));
  });
});
