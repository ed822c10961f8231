/**
 * /ayuda and /start through the real bot: /ayuda's examples name the owner's own weeks and key terms
 * once a course of theirs is in `curso.json`, never the demo's topics; without one, the demo's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { S } from '../../src/strings/chat.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { real } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const HISTORY = {
  titulo: 'Historia contemporánea',
  semanas: [
    { numero: 1, titulo: 'La Revolución francesa', inicio: '2026-11-16', terminos: ['revolución francesa'] },
    { numero: 2, titulo: 'Napoleón y el Congreso de Viena', inicio: '2026-11-23', terminos: ['napoleón', 'congreso de viena'] },
    { numero: 3, titulo: 'La Revolución industrial', inicio: '2026-11-30', terminos: ['revolución industrial', 'máquina de vapor', 'ferrocarril'] },
    { numero: 4, titulo: 'Liberalismo y nacionalismo', inicio: '2026-12-07', terminos: ['liberalismo'] },
    { numero: 5, titulo: 'La unificación de Italia y de Alemania', inicio: '2026-12-14', terminos: [] },
  ],
};

describe('the help speaks of the owner\'s course', () => {
  it('/ayuda gives examples from the owner\'s weeks and terms, without a course the demo\'s; /start says which course it is', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });

    await owner.say('/ayuda');
    const demo = await owner.waitText(/^Ejemplos:/);
    expect(demo.text).toBe(S.help());
    // On the example course, /start says so, with the button that brings one's own.
    await owner.say('/start');
    const first = await owner.waitText(/^Hola, Ana\./);
    expect(first.text).toMatch(/curso de ejemplo/);
    expect(first.buttons.map((b) => b.text)).toContain('📚 Poner mi curso');

    await stack.notebook.course.write(HISTORY);
    await owner.say('/ayuda');
    const own = await owner.waitFor('the help for the owner\'s course', (ms) => ms.find((m) => m.messageId !== demo.messageId && m.text.startsWith('Ejemplos:')));
    expect(own.text.split('\n\n')[0]).toBe([
      'Ejemplos:',
      '• prepara la semana 3',
      '• solo tarjetas de la nota sobre máquina de vapor',
      '• rehaz la portada de la semana 2, la de ayer no me gustó',
      '• narra la semana 4',
      '• ¿qué tengo sobre revolución industrial?',
    ].join('\n'));
    expect(own.text).not.toMatch(/cubismo|impresionismo/);

    await owner.say('/start');
    const hello = await owner.waitFor('/start for the owner\'s course', (ms) => ms.filter((m) => /^Hola, Ana\./.test(m.text)).at(1));
    expect(hello.text).not.toMatch(/cubismo|impresionismo|curso de ejemplo/);
    await owner.say('hola');
    const greeting = await owner.waitText(/^¡Hola, Ana!/);
    expect(greeting.text).not.toMatch(/curso de ejemplo/);
  });

  it('a course of one week without terms still gives plain examples of that week', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await stack.notebook.course.write({ titulo: 'Un tema', semanas: [{ numero: 1, titulo: 'Termodinámica', inicio: null, terminos: [] }] });
    await owner.say('/ayuda');
    const help = await owner.waitText(/^Ejemplos:/);
    expect(help.text.split('\n\n')[0]).toBe([
      'Ejemplos:',
      '• prepara la semana 1',
      '• rehaz la portada de la semana 1, la de ayer no me gustó',
      '• narra la semana 1',
    ].join('\n'));
  });
});
