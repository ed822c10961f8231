/**
 * End to end (issue 13, item 2 and 7): everyday messages through the real bot, the emulator and the
 * real agent service with the offline planner. Greetings, thanks, small talk, note questions and
 * bare command words get one bubble each with no run and no usage row; an unclear request gets
 * week buttons that start the right run; a text too long for a request — or the parts of one
 * paste — is answered once, with an offer to save it as a note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsFor } from '../../src/strings/chat.js';

/** The single owner's commands (the class-mode ones are listed only in class mode). */
const COMMANDS = commandsFor('dueño');
import type { ChatClient } from '../support/telegram.js';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, real, until } from './steps.js';

let stack: Stack;
let owner: ChatClient;
beforeAll(async () => {
  stack = await startStack(real);
  owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
});
afterAll(async () => stack?.close());

/** Says `text` and waits for exactly one new bot message; returns its text. */
async function oneBubble(text: string): Promise<string> {
  const before = (await owner.messages()).length;
  await owner.say(text);
  const msgs = await owner.waitFor(`an answer to «${text}»`, (m) => m.length > before && m);
  // Anything else this message caused (a run's status, a second bubble) would follow the first at once.
  await owner.say('ok');
  const after = await owner.waitFor('the answer to «ok»', (m) => m.length > before + 1 && m);
  expect(after.length, `«${text}» got more than one bubble`).toBe(before + 2);
  return msgs[before]!.text;
}

describe('everyday messages', () => {
  it('greetings, thanks and small talk: one bubble each, no run, no usage logged', async () => {
    expect(await oneBubble('buenos días, ¿qué tal?')).toMatch(/^¡Hola, Ana!/);
    expect(await oneBubble('gracias')).toMatch(/De nada/);
    expect(await oneBubble('¿quién eres?')).toMatch(/prepara lo de esta semana/);
    expect(await stack.notebook.usage.list()).toEqual([]);
    expect(await stack.notebook.audit.list()).toEqual([]);
  });

  it('note questions are answered with the passages that say it, quoted with their source', async () => {
    const hit = await oneBubble('¿qué tengo sobre el impresionismo?');
    expect(hit).toMatch(/^Esto dicen tus notas sobre «impresionismo»:\n\n«El impresionismo pintó la luz al aire libre[^»]*»\n— tu nota 8 · Historia del arte \(semana 3\)$/);
    const music = await oneBubble('¿qué notas tengo de musica?');
    expect(music.match(/— tu nota 1[012] · Música \(semana 4\)/g)).toHaveLength(3);
    // A question the reading cannot place is tried on the notes before it is asked back.
    expect(await oneBubble('¿y el metrónomo?')).toMatch(/^Esto dicen tus notas sobre «y el metrónomo»:\n\n«Practicar la guitarra cada día con un metrónomo[^»]*»\n— tu nota 12 · Música \(semana 4\)$/);
    const none = await oneBubble('busca notas sobre el enlace covalente');
    expect(none).toMatch(/^No tengo nada sobre «enlace covalente» en tus notas\. Tus temas son estadística, python, historia del arte y música\./);
    expect(await stack.notebook.usage.list()).toEqual([]);
  });

  it('a command written without the slash runs the command', async () => {
    expect(await oneBubble('ayuda')).toMatch(/^Ejemplos:/);
    expect(await oneBubble('estado')).toMatch(/^No hay nada en marcha\./);
  });

  it('the phrases of issue 28 get the answer meant, not the «¿Qué quieres hacer?» menu, and start no run', async () => {
    const rows = (await stack.notebook.usage.list()).length;
    expect(await oneBubble('qué sé del barroco?')).toMatch(/«barroco»/);
    expect(await oneBubble('cuánto llevo gastado este mes')).toMatch(/^📅 Gasto de este mes/);
    // Understood means done: the review itself starts (nothing due says so), not «escribe /repasar».
    expect(await oneBubble('repasemos un poco')).toMatch(/^No tienes tarjetas para repasar ahora/);
    // Understood means done (issue 46): on Telegram the first reminder asks the zone, one tap sets it.
    expect(await oneBubble('recuérdame repasar cada día a las 9')).toMatch(/^Te recordaré repasar cada día a las 09:00\. ¿En qué zona horaria estás\?/);
    expect(await oneBubble('borra mis datos')).toMatch(/¿Borrar todos tus datos\?/);
    expect((await owner.messages()).some((m) => /¿Qué quieres hacer\?/.test(m.text))).toBe(false);
    expect(await stack.notebook.usage.list()).toHaveLength(rows);
  });

  it('an unclear request gets week buttons instead of «No he entendido»; a tap starts that run', async () => {
    await owner.say('rehaga la portada, la de ayer no me gustó');
    const q = await owner.waitText(/^¿De qué semana quieres la portada\?/);
    expect(q.buttons.map((b) => b.text)).toEqual(['1 · Estadística', '2 · Python', '3 · Historia del arte', '4 · Música']);
    await owner.press(q.messageId, q.buttons[1]!.data);
    await owner.waitFor('the question closed', (m) => m.some((x) => x.messageId === q.messageId && x.buttons.length === 0 && /→ rehaz la portada de la semana 2/.test(x.text)));
    const { report, approvals } = await answerUntilReport(owner, () => 'Rechazar');
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.text).toMatch(/portada/);
    expect(report.text).toMatch(/no lo aprobaste/);
    // Nothing was made, no cards, and the only stage was the bookkeeping: no buttons at all (a chart
    // of «Registrar uso» alone says nothing to a student).
    expect(report.buttons.map((b) => b.text)).toEqual([]);
    expect(stack.h.uploads.filter((u) => u.chatId === OWNER)).toEqual([]);
    expect((await owner.messages()).some((m) => /No he entendido/.test(m.text))).toBe(false);
  });

  it('a text too long for a request is material: answered once with the import proposal, saved as notes after one approval', async () => {
    const long = 'El barroco usó el claroscuro para dramatizar la escena. '.repeat(30).trim();
    const before = await stack.notebook.notes.list();
    const proposalText = await oneBubble(long);
    // Named by its own first sentence, not «Texto pegado», and never as a file («….txt»): the student made none.
    expect(proposalText).toMatch(/^De «El barroco usó el claroscuro para dramatizar la escena»: \d+ notas? /);
    const proposal = (await owner.messages()).find((m) => m.text === proposalText)!;
    // Prose only: no [📅 Es un temario] under it, which could only be a wrong turn.
    expect(proposal.buttons.map((b) => b.text)).toEqual(['✅ Guardar', '📅 Cambiar semana', '❌ Descartar']);
    await owner.press(proposal.messageId, proposal.buttons[0]!.data);
    await owner.waitText(/^Guardado/);
    const added = (await stack.notebook.notes.list()).slice(before.length);
    expect(added.length).toBeGreaterThan(0);
    expect(added.map((n) => n.texto).join(' ').replace(/\s+/g, ' ')).toBe(long);
    // Quoted in an answer, its source line names it by that title too — once, as it is also the note's topic.
    expect(await oneBubble('¿qué tengo sobre el claroscuro?')).toMatch(/\n— El barroco usó el claroscuro para dramatizar la escena$/);
  });

  it('a long paste that may have been cut by the sender\'s app is offered once and kept as material', async () => {
    const para = 'La fuga desarrolla un sujeto en varias voces que entran una tras otra. ';
    const before = (await owner.messages()).length;
    await owner.say(para.repeat(57).trim());
    const offer = await owner.waitText(/^Me llegó un texto largo \(/);
    expect((await owner.messages()).slice(before).filter((m) => m.text.length > 0 && m.messageId > offer.messageId)).toEqual([]);
    await owner.press(offer.messageId, offer.buttons[0]!.data);
    const proposal = await owner.waitFor('the import proposal', (ms) => ms.find((m) => m.messageId > offer.messageId && /^De «La fuga desarrolla un sujeto en varias voces que entran una…»/.test(m.text)));
    expect(proposal.buttons.map((b) => b.text)).toContain('✅ Guardar');
  });

  it('the parts of one long paste arriving together get one answer', async () => {
    const before = (await owner.messages()).length;
    const rows = (await stack.notebook.usage.list()).length;
    const para = 'La fuga desarrolla un sujeto en varias voces que entran una tras otra. ';
    await owner.say(para.repeat(57).trim()); // 4,046 characters: a part cut by the sender's app
    await owner.say('Y termina con una coda.');
    const offer = await owner.waitText(/^Me llegó un texto largo en 2 partes \(4069 caracteres en total\)/);
    const after = await owner.messages();
    expect(after.slice(before).map((m) => m.messageId)).toEqual([offer.messageId]);
    expect(await stack.notebook.usage.list()).toHaveLength(rows);
  });

  it('every command the bot understands is in /ayuda and in the command menu, one line each', async () => {
    const help = await oneBubble('/ayuda');
    for (const c of COMMANDS) {
      expect(help.split('\n').filter((l) => l.startsWith(`/${c.command} `) || l === `/${c.command}`), c.command).toHaveLength(1);
    }
    expect(stack.h.myCommands.at(-1)).toEqual(COMMANDS.map(({ command, description }) => ({ command, description })));
    // And each one is understood: none gets «No conozco esa orden».
    for (const c of COMMANDS.filter((x) => x.command !== 'cronograma')) {
      const answer = await oneBubble(`/${c.command}`);
      expect(answer, c.command).not.toMatch(/No conozco esa orden/);
    }
    // The last run (the week-2 cover asked from a button) was rejected: its chart comes on request.
    const photos = () => stack.h.uploads.filter((u) => u.chatId === OWNER && u.method === 'sendPhoto').length;
    const before = photos();
    await owner.say('/cronograma');
    await until(async () => photos() === before + 1);
  });
});
